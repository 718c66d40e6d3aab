// Google Benchmark harness: a free rigid body near the separatrix (I = (1, 2, 3), k² = 0.998787,
// period P = 65.7), 100 periods at double, time to a given accuracy (issue 47):
// - geomint: the splitting into exact rotations (order 2) and its kahan_li6 and kahan_li8
//   compositions, on the rotation matrix;
// - odeint: runge_kutta4 and runge_kutta_fehlberg78 at fixed steps on the quaternion form
//   (model/rigid_body_ode.hpp).
// The error is max(max |R − R_exact|, |Π − Π_exact|/|Π₀|) at t = 100 P, against the exact solution
// in long double (problems/free_rigid_body.hpp: Π by Jacobi's elliptic functions, R by Landau's
// quadrature). For each method and target the steps are searched on the ladder
// ⌈100 · 2^(k/4)⌉, k < 60 (up to 3.3·10⁶ steps, untimed); the timed run integrates with them. Counters: steps, error, and the
// relative changes of the Casimir |Π|² and of the energy at the end (the splittings keep them to
// round-off; the Runge–Kutta methods let them drift). Equal run time: read the time column at
// equal error, or the error at the rows whose times match.
//
//   build/bench/bench_rigid_body --benchmark_min_time=0.2
#include "time_to_accuracy.hpp"

#include <geomint/model/rigid_body_ode.hpp>
#include <geomint/problems/free_rigid_body.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <array>
#include <cmath>
#include <string>

namespace {
namespace odeint = boost::numeric::odeint;
using A9 = std::array<double, 9>;
using A3 = std::array<double, 3>;
using A7 = std::array<double, 7>;
using M3 = geomint::so3::matrix3<double>;
using V3 = geomint::vector<double, 3>;

enum class method { splitting, kahan_li6, kahan_li8, rk4, rkf78 };
constexpr int periods = 100;

// the problem and its exact end state, computed once in long double
struct problem {
    V3 moments{1, 2, 3}, pi0;
    double t1 = 0;
    M3 R1;
    V3 pi1;
    problem() {
        using L = long double;
        const L k2 = L(998787) / L(1000000), c = std::sqrt(k2 / (L(3) + k2));
        const geomint::vector<L, 3> p0(c, L(0), std::sqrt(L(1) - c * c));
        const geomint::problems::free_rigid_body<L> exact(geomint::vector<L, 3>(L(1), L(2), L(3)), p0);
        const L end = L(periods) * exact.period();
        pi0 = p0.cast<double>();
        t1 = double(end);
        R1 = exact.attitude(end).cast<double>();
        pi1 = exact.pi(end).cast<double>();
    }
};
const problem& the_problem() {
    static const problem p;
    return p;
}

struct outcome {
    double error = 0, casimir = 0, energy = 0;
};

outcome score(const M3& R, const V3& pi) {
    const problem& p = the_problem();
    const geomint::rigid_body<double> body(p.moments);
    if (!R.allFinite() || !pi.allFinite()) return {HUGE_VAL, HUGE_VAL, HUGE_VAL};  // blown up: not reached
    return {std::max(geomint::max_abs(M3(R - p.R1)), (pi - p.pi1).norm() / p.pi0.norm()),
            std::abs(pi.squaredNorm() / p.pi0.squaredNorm() - 1), std::abs(body.kinetic_energy(pi) / body.kinetic_energy(p.pi0) - 1)};
}

template <class Stepper>
outcome geomint_run(int steps) {
    const problem& p = the_problem();
    const geomint::rigid_body<double> body(p.moments);
    auto x = std::make_pair(A9{1, 0, 0, 0, 1, 0, 0, 0, 1}, A3{p.pi0(0), p.pi0(1), p.pi0(2)});
    Stepper st;
    const double h = p.t1 / steps;
    for (int n = 0; n < steps; ++n) st.do_step(body, x, n * h, h);
    M3 R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x.first[std::size_t(i)];
    return score(R, V3(x.second[0], x.second[1], x.second[2]));
}

template <class Stepper>
outcome odeint_run(int steps) {
    const problem& p = the_problem();
    const geomint::rigid_body<double> body(p.moments);
    const geomint::rigid_body_ode<double> rates(body);
    A7 y{1, 0, 0, 0, p.pi0(0), p.pi0(1), p.pi0(2)};
    Stepper st;
    const double h = p.t1 / steps;
    for (int n = 0; n < steps; ++n) st.do_step(rates, y, n * h, h);
    const geomint::vector<double, 4> q(y[0], y[1], y[2], y[3]);
    return score(geomint::so3::rotation_of(geomint::vector<double, 4>(q / q.norm())), V3(y[4], y[5], y[6]));
}

outcome run(method m, int steps) {
    switch (m) {
        case method::splitting: return geomint_run<geomint::rigid_body_stepper<A9, A3>>(steps);
        case method::kahan_li6: return geomint_run<geomint::composed_rigid_body_stepper<A9, A3, geomint::scheme::kahan_li6>>(steps);
        case method::kahan_li8: return geomint_run<geomint::composed_rigid_body_stepper<A9, A3, geomint::scheme::kahan_li8>>(steps);
        case method::rk4: return odeint_run<odeint::runge_kutta4<A7>>(steps);
        case method::rkf78: return odeint_run<odeint::runge_kutta_fehlberg78<A7>>(steps);
    }
    return {};
}

void to_accuracy(benchmark::State& s, method m, double target) {
    const int steps = geomint_bench::ladder_steps(int(m), target, [&](int n) { return run(m, n).error; }, 60);
    outcome last;
    geomint_bench::time_runs(s, steps, [&](int n) {
        last = run(m, n);
        return last.error;
    });
    if (steps > 0) {
        s.counters["steps_per_period"] = double(steps) / periods;
        s.counters["casimir"] = last.casimir;
        s.counters["energy"] = last.energy;
    }
}

void register_all() {
    const std::pair<method, const char*> methods[] = {{method::splitting, "geomint_splitting"},
                                                      {method::kahan_li6, "geomint_kahan_li6"},
                                                      {method::kahan_li8, "geomint_kahan_li8"},
                                                      {method::rk4, "odeint_runge_kutta4"},
                                                      {method::rkf78, "odeint_runge_kutta_fehlberg78"}};
    for (double target : {1e-4, 1e-6, 1e-8})
        for (const auto& [m, name] : methods)
            benchmark::RegisterBenchmark((std::string("separatrix_100_periods/") + name + "/target:" + std::to_string(target)).c_str(),
                                         [m = m, target](benchmark::State& s) { to_accuracy(s, m, target); })
                ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
