// geomint's adaptive splittings and REBOUND's IAS15 (15th-order Gauss–Radau, adaptive, not
// symplectic) on the same problems in one run, at double: Kepler e = 0.99 over many orbits and
// Burrau's Pythagorean three-body problem to t = 70. Counts force evaluations (REBOUND's through
// its additional_forces callback, called once per evaluation; geomint's through the stepper),
// and measures the energy error and the position error against a reference (the exact Kepler flow
// at 50 digits; for the three bodies a 50-digit geomint run, kahan_li8 at Δs = 1/200, which
// --check-reference compares with odeint's Bulirsch-Stoer at 50 digits in physical time).
//
// REBOUND is a peer, not a dependency: built only when GEOMINT_REBOUND_DIR names its source
// (REBOUND 5.0.0, GPL-3), never installed, packaged or run by CI. See bench/ias15/CMakeLists.txt.
//
//   build-rel/bench/ias15/ias15_side_by_side [orbits (10000)] [--no-pythagorean] [--check-reference]
#define restrict __restrict  // rebound.h is C99 (its headers use restrict)
extern "C" {
#include "rebound.h"
}
#undef restrict

#include <geomint/precision.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/problems/n_body.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/stepper/bulirsch_stoer.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {
long rebound_evaluations = 0;
void count(reb_simulation*) { ++rebound_evaluations; }

using W = geomint::mp<50>;
using clock_type = std::chrono::steady_clock;
double seconds_since(clock_type::time_point t0) { return std::chrono::duration<double>(clock_type::now() - t0).count(); }

struct row {
    std::string code;
    double evaluations, energy, position, seconds;
};
void print(const row& r) {
    std::printf("| %s | %.0f | %.2e | %.2e | %.2f |\n", r.code.c_str(), r.evaluations, r.energy, r.position, r.seconds);
}

// --- Kepler e = 0.99, a = 1, from the pericentre. Each code's reference is the exact flow from
// its own initial state (the doubles it starts from, converted exactly to 50 digits), so that
// neither is charged with the rounding of its initial condition: an energy off by ε|V| = 2e-14
// shifts the phase by 6e-8 in position at the pericentre after 10⁴ orbits.
geomint::vector<W, 2> widen(double x, double y) {
    geomint::vector<W, 2> v;
    v << W(x), W(y);
    return v;
}
geomint::vector<double> exact_from(const geomint::vector<W, 2>& q0, const geomint::vector<W, 2>& p0, double t, const W& mu) {
    const auto x = geomint::problems::kepler_flow<W>(q0, p0, W(t), mu);
    geomint::vector<double> q(2);
    q << static_cast<double>(x.first(0)), static_cast<double>(x.first(1));
    return q;
}

row kepler_ias15(double e, double orbits) {
    reb_simulation* r = reb_simulation_create();
    r->G = 1;
    reb_simulation_add_fmt(r, "m", 1.0);
    const double m = 1e-12;  // a near-test particle (a massless one carries no energy) at the pericentre
    reb_simulation_add_fmt(r, "m a e", m, 1.0, e);
    reb_simulation_move_to_com(r);
    reb_simulation_set_integrator(r, "ias15");
    rebound_evaluations = 0;
    r->additional_forces = count;
    const reb_particle* b = r->particles;
    // the relative orbit, from the particles' doubles, with G(M + m) = 1 + m exactly
    const geomint::vector<W, 2> q0 = widen(b[1].x, b[1].y) - widen(b[0].x, b[0].y);
    const geomint::vector<W, 2> v0 = widen(b[1].vx, b[1].vy) - widen(b[0].vx, b[0].vy);
    const double e0 = reb_simulation_energy(r), t1 = orbits * 2 * M_PI;
    double worst = 0;
    const auto t0 = clock_type::now();
    for (int k = 1; k <= 100; ++k) {
        reb_simulation_integrate(r, t1 * k / 100);
        worst = std::max(worst, std::abs((reb_simulation_energy(r) - e0) / e0));
    }
    const double secs = seconds_since(t0);
    const geomint::vector<double> exact = exact_from(q0, v0, r->t, W(1) + W(m));
    const geomint::vector<W, 2> rel = widen(b[1].x, b[1].y) - widen(b[0].x, b[0].y);
    const double dx = static_cast<double>(rel(0)) - exact(0), dy = static_cast<double>(rel(1)) - exact(1);
    row out{"IAS15 (REBOUND 5.0.0)", double(rebound_evaluations) / orbits, worst, std::hypot(dx, dy), secs};
    reb_simulation_free(r);
    return out;
}

template <class Method>
row kepler_geomint(double e, double orbits, int steps_per_orbit) {
    using model = geomint::problems::kepler<double>;
    const model k(e);
    geomint::time_transformed_stepper<model, Method> st(k, 2 * M_PI / steps_per_orbit);
    const double e0 = model::hamiltonian(k.q0(), k.p0()), t1 = orbits * k.period();
    st.initialize(std::make_pair(geomint::vector<double>(k.q0()), geomint::vector<double>(k.p0())), 0.0, 1.0);
    double worst = 0;
    const auto t0 = clock_type::now();
    while (st.current_time() + st.current_time_step() <= t1) {
        st.do_step(k);
        worst = std::max(worst, std::abs(model::hamiltonian(st.current_state().first, st.current_state().second) / e0 - 1));
    }
    st.initialize(st.current_state(), st.current_time(), t1 - st.current_time());
    st.do_step(k);
    const double secs = seconds_since(t0);
    const geomint::vector<double> exact = exact_from(widen(k.q0()(0), k.q0()(1)), widen(k.p0()(0), k.p0()(1)), t1, W(1));
    return {std::string("geomint ") + Method::name + ", logarithmic Hamiltonian, " + std::to_string(steps_per_orbit) +
                " steps an orbit",
            double(st.force_evaluations()) / orbits, worst, (st.current_state().first - exact).norm(), secs};
}

// --- Burrau's problem
using bodies = geomint::problems::n_body_gravity<double>;

geomint::vector<W> pythagorean_reference() {
    auto [m, q0, p0] = geomint::problems::n_body_gravity<W>::pythagorean();
    geomint::time_transformed_stepper<geomint::problems::n_body_gravity<W>, geomint::scheme::kahan_li8> st(m, W(1) / 200);
    auto x = std::make_pair(q0, p0);
    boost::numeric::odeint::integrate_adaptive(std::ref(st), m, x, W(0), W(70), W(1));
    return x.first;
}

// the reference checked by a different method in physical time: odeint's Bulirsch-Stoer at 50
// digits on dq/dt = p/m, dp/dt = F(q) (the state (q, p) in one vector), tolerance 1e-40
geomint::vector<W> pythagorean_bulirsch_stoer() {
    const auto [m, q0, p0] = geomint::problems::n_body_gravity<W>::pythagorean();
    using state = std::vector<W>;
    const Eigen::Index n = m.dof();
    state x(2 * n);
    for (Eigen::Index i = 0; i < n; ++i) x[i] = q0(i), x[n + i] = p0(i);
    const auto rhs = [&](const state& y, state& dy, const W&) {
        geomint::vector<W> q(n), p(n), v, f;
        for (Eigen::Index i = 0; i < n; ++i) q(i) = y[i], p(i) = y[n + i];
        m.velocity(p, v);
        m.force(q, f);
        for (Eigen::Index i = 0; i < n; ++i) dy[i] = v(i), dy[n + i] = f(i);
    };
    boost::numeric::odeint::bulirsch_stoer<state, W> bs(W(1e-40), W(1e-40));
    boost::numeric::odeint::integrate_adaptive(bs, rhs, x, W(0), W(70), W(1) / 1000);
    geomint::vector<W> q(n);
    for (Eigen::Index i = 0; i < n; ++i) q(i) = x[i];
    return q;
}

double distance(const geomint::vector<double>& q, const geomint::vector<W>& ref) {
    double worst = 0;
    for (Eigen::Index i = 0; i < q.size(); ++i) worst = std::max(worst, std::abs(q(i) - static_cast<double>(ref(i))));
    return worst;
}

row pythagorean_ias15(const geomint::vector<W>& ref) {
    reb_simulation* r = reb_simulation_create();
    r->G = 1;
    reb_simulation_add_fmt(r, "m x y", 3.0, 1.0, 3.0);
    reb_simulation_add_fmt(r, "m x y", 4.0, -2.0, -1.0);
    reb_simulation_add_fmt(r, "m x y", 5.0, 1.0, -1.0);
    reb_simulation_set_integrator(r, "ias15");
    rebound_evaluations = 0;
    r->additional_forces = count;
    const double e0 = reb_simulation_energy(r);
    double worst = 0;
    const auto t0 = clock_type::now();
    for (int k = 1; k <= 70; ++k) {
        reb_simulation_integrate(r, k);
        worst = std::max(worst, std::abs((reb_simulation_energy(r) - e0) / e0));
    }
    const double secs = seconds_since(t0);
    geomint::vector<double> q(6);
    for (int i = 0; i < 3; ++i) q.segment(2 * i, 2) << r->particles[i].x, r->particles[i].y;
    row out{"IAS15 (REBOUND 5.0.0)", double(rebound_evaluations), worst, distance(q, ref), secs};
    reb_simulation_free(r);
    return out;
}

// the energy observed at t = 1, 2, …, 70 (integrate_const), as for IAS15
template <class Stepper>
row pythagorean_geomint(const geomint::vector<W>& ref, Stepper st, const std::string& label) {
    auto [m, q0, p0] = bodies::pythagorean();
    auto x = std::make_pair(q0, p0);
    const double e0 = m.energy(q0, p0);
    double worst = 0;
    const auto t0 = clock_type::now();
    boost::numeric::odeint::integrate_const(std::ref(st), m, x, 0.0, 70.0, 1.0, [&](const auto& y, double) {
        worst = std::max(worst, std::abs(m.energy(y.first, y.second) / e0 - 1));
    });
    const double secs = seconds_since(t0);
    return {label, double(st.force_evaluations()), worst, distance(x.first, ref), secs};
}
}  // namespace

int main(int argc, char** argv) {
    const double orbits = argc > 1 && argv[1][0] != '-' ? std::atof(argv[1]) : 10000;
    bool pythagorean = true, check_reference = false;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--no-pythagorean")) pythagorean = false;
        if (!std::strcmp(argv[i], "--check-reference")) check_reference = true;
    }
    if (!(orbits >= 1)) {
        std::fprintf(stderr, "ias15_side_by_side: orbits '%s' (precondition: a number >= 1)\n", argv[1]);
        return 2;
    }
    std::printf("Kepler e = 0.99, %.0f orbits (energy: max |dE/E| at 100 checkpoints for IAS15, every step for geomint;"
                " position: at the end against the exact flow from each code's own initial state, at 50 digits)\n\n",
                orbits);
    std::printf("| code | force evaluations an orbit | max |dE/E| | position error | seconds |\n|---|---|---|---|---|\n");
    print(kepler_ias15(0.99, orbits));
    print(kepler_geomint<geomint::scheme::stormer_verlet>(0.99, orbits, 360));
    print(kepler_geomint<geomint::scheme::kahan_li8>(0.99, orbits, 75));
    print(kepler_geomint<geomint::scheme::sofroniou_spaletta10>(0.99, orbits, 70));
    if (!pythagorean) return 0;
    if (check_reference) {
        std::printf("\nPythagorean reference: geomint kahan_li8 at 50 digits against odeint's Bulirsch-Stoer at 50 digits"
                    " (tolerance 1e-40) ...\n");
        std::fflush(stdout);
        const auto a = pythagorean_reference();
        const auto t0 = clock_type::now();
        const auto b = pythagorean_bulirsch_stoer();
        W d(0);
        for (Eigen::Index i = 0; i < a.size(); ++i) d = std::max(d, W(abs(a(i) - b(i))));
        std::printf("max |q difference| at t = 70: %.2e (Bulirsch-Stoer: %.0f s)\n", static_cast<double>(d), seconds_since(t0));
    }
    std::printf("\nPythagorean three-body problem to t = 70 (reference: geomint at 50 digits, computing ...)\n");
    std::fflush(stdout);
    const auto ref = pythagorean_reference();
    std::printf("\n| code | force evaluations | max |dE/E| at t = 1, 2, ..., 70 | position error at t = 70 | seconds |\n|---|---|---|---|---|\n");
    print(pythagorean_ias15(ref));
    const auto [m, q0, p0] = bodies::pythagorean();
    for (double ds : {0.1, 0.05})
        print(pythagorean_geomint(ref, geomint::time_transformed_stepper<bodies, geomint::scheme::kahan_li8>(m, ds),
                                  "geomint kahan_li8, logarithmic Hamiltonian, ds = " + std::to_string(ds)));
    using gbs = geomint::scheme::gragg_bulirsch_stoer<8>;
    for (double tol : {1e-12, 1e-13, 1e-14}) {
        gbs method;
        method.tolerance = tol;
        char label[160];
        std::snprintf(label, sizeof label, "geomint gragg_bulirsch_stoer<8> of the logarithmic leapfrog, tolerance %.0e", tol);
        print(pythagorean_geomint(ref, geomint::time_transformed_stepper<bodies, gbs>(m, 0.1, method), label));
    }
    return 0;
}
