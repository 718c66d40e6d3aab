// Time-transformed splittings (stepper/time_transformed_stepper.hpp) on Kepler's problem, whose
// exact solution comes from Kepler's equation (problems/kepler.hpp) at any precision:
// - the logarithmic Hamiltonian's leapfrog keeps the energy of an e = 0.99 orbit to round-off at
//   20 force evaluations an orbit (Mikkola & Tanikawa 1999: the orbit is exactly an ellipse);
// - orders 2, 4, 6, 8 at a fixed physical time at 50 digits (the run ends on it exactly);
// - N steps forward and N back return the initial state to round-off (time symmetry);
// - odeint's integrate_const observes at physical times without changing a step, and
//   integrate_adaptive ends exactly on the end time;
// - Kepler e = 0.99 over 10⁴ orbits at 360 force evaluations an orbit: |ΔE/E| <= 1e-11 and no
//   drift (the last tenth's maximum at most 4× the first's; a linear drift gives 10×);
// - two bodies under n_body_gravity follow Kepler's solution in their relative coordinate, with
//   the total momentum kept;
// - bad input named.
#include "test_common.hpp"

#include <geomint/problems/kepler.hpp>
#include <geomint/problems/n_body.hpp>
#include <geomint/stepper/time_transformed_stepper.hpp>

#include <boost/numeric/odeint.hpp>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;

template <class T>
using kepler_model = problems::kepler<T>;

template <class T>
std::pair<vector<T>, vector<T>> start(const kepler_model<T>& k) {
    return {vector<T>(k.q0()), vector<T>(k.p0())};
}

template <class T>
T relative_energy_error(const kepler_model<T>& k, const std::pair<vector<T>, vector<T>>& x) {
    using std::abs;
    const T h0 = k.hamiltonian(k.q0(), k.p0());
    return abs((k.hamiltonian(x.first, x.second) - h0) / h0);
}

// On Kepler with a = 1 the logarithmic transformation gives ds = dt/r = dE (eccentric anomaly):
// s advances 2π an orbit, so Δs = 2π/N is N steps an orbit whatever e.
template <class T>
T steps_per_orbit(int n) {
    return boost::math::constants::two_pi<T>() / T(n);
}

TEST(TimeTransformed, LogarithmicLeapfrogKeepsTheEnergyOfAnEccentricOrbit) {
    const kepler_model<double> k(0.99);
    time_transformed_stepper<kepler_model<double>> st(k, steps_per_orbit<double>(20));
    auto x = start(k);
    st.initialize(x, 0.0, 1.0);
    const int orbits = 1000;
    double worst = 0;
    for (int j = 0; j < 20 * orbits; ++j) {
        st.do_step(k);
        worst = std::max(worst, relative_energy_error(k, st.current_state()));
    }
    std::cout << "e = 0.99, 20 steps an orbit, " << orbits << " orbits: max |dE/E| = " << worst
              << ", physical time " << st.current_time() / k.period() << " periods, force evaluations "
              << st.force_evaluations() << "\n";
    EXPECT_LE(worst, 1e-11);
    // 20 000 steps of the same Δs in s: the physical time is 1000 periods up to the phase error
    EXPECT_NEAR(st.current_time() / k.period(), double(orbits), 1.0);
    EXPECT_EQ(st.steps(), 20 * orbits);
    EXPECT_EQ(st.force_evaluations(), std::uintmax_t(20 * orbits + 1)) << "one kick a step, one step computed ahead";
}

TEST(TimeTransformed, TenThousandOrbitsWithoutEnergyDrift) {
    const kepler_model<double> k(0.99);
    time_transformed_stepper<kepler_model<double>> st(k, steps_per_orbit<double>(360));
    st.initialize(start(k), 0.0, 1.0);
    const int orbits = 10000;
    const double t1 = orbits * k.period();
    std::vector<double> decile(10, 0.0);
    while (st.current_time() + st.current_time_step() <= t1) {
        st.do_step(k);
        const auto d = std::size_t(std::min(9.0, 10 * st.current_time() / t1));
        decile[d] = std::max(decile[d], relative_energy_error(k, st.current_state()));
    }
    const double worst = *std::max_element(decile.begin(), decile.end());
    std::cout << "e = 0.99, 360 force evaluations an orbit, 10^4 orbits: max |dE/E| = " << worst << " (first tenth "
              << decile.front() << ", last " << decile.back() << "), " << double(st.force_evaluations()) / orbits
              << " force evaluations an orbit\n";
    EXPECT_LE(worst, 1e-11);
    EXPECT_LE(decile.back(), 4 * decile.front());
    EXPECT_LE(double(st.force_evaluations()) / orbits, 360.01);
}

// Two bodies, m = (1/4, 3/4), G = 1: the relative coordinate r = q₂ − q₁ obeys Kepler's problem
// with μ = 1 (e = 0.9 from the pericentre, barycentre at rest), order 8 against Kepler's equation.
TEST(TimeTransformed, TwoBodiesFollowKeplersSolution) {
    using T = mp<50>;
    const kepler_model<T> k(T(9) / T(10));
    const T m1 = T(1) / T(4), m2 = T(3) / T(4);
    const problems::n_body_gravity<T> bodies({m1, m2}, 2);
    vector<T> q(4), p(4);
    q << -m2 * k.q0(), m1 * k.q0();
    p << -m1 * m2 * k.p0(), m1 * m2 * k.p0();
    time_transformed_stepper<problems::n_body_gravity<T>, scheme::kahan_li8> st(bodies, steps_per_orbit<T>(400) * m1 * m2);
    auto x = std::make_pair(q, p);
    const T t1 = 3 * k.period();
    odeint::integrate_adaptive(std::ref(st), bodies, x, T(0), t1, T(1));
    const vector<T> r = x.second.tail(2) / (m1 * m2);  // relative velocity: p₂ = m₁m₂ v
    const auto exact = k.exact(t1);
    const T err = (std::max)((vector<T>(x.first.tail(2) - x.first.head(2)) - exact.first).cwiseAbs().maxCoeff(),
                             (r - exact.second).cwiseAbs().maxCoeff());
    std::cout << "two bodies, 3 orbits, kahan_li8: error " << to_d(err) << ", total momentum "
              << to_d(bodies.total_momentum(x.second).cwiseAbs().maxCoeff()) << ", force evaluations "
              << bodies.force_evaluations() << "\n";
    EXPECT_LE(to_d(err), 1e-16);  // 2.3e-18 for Kepler itself at 400 steps an orbit
    EXPECT_LE(to_d(bodies.total_momentum(x.second).cwiseAbs().maxCoeff()), 100 * to_d(eps<T>()));
}

// kepler_flow from any bound state: from the pericentre it is Kepler's equation; from any node of
// that orbit it continues it (the group property, here at 50 digits over 10³ periods); its
// circular orbit is a rotation; bad input is named.
TEST(TimeTransformed, KeplerFlowFromAnyBoundState) {
    using T = mp<50>;
    using std::cos;
    using std::sin;
    const kepler_model<T> k(T(99) / T(100));
    const T tol = 1e4 * eps<T>();
    const auto diff = [](const std::pair<vector<T, 2>, vector<T, 2>>& a, const std::pair<vector<T, 2>, vector<T, 2>>& b) {
        return to_d((std::max)((a.first - b.first).cwiseAbs().maxCoeff(), (a.second - b.second).cwiseAbs().maxCoeff()));
    };
    for (const T t : {T(1) / T(3), T(-2), T(7), T(1000) * k.period() + T(1) / T(7)}) {
        // both sides lose the digits of t's size (sin and cos of large arguments) times the speed
        const double bound = to_d(tol) * 100 * (1 + std::abs(to_d(t)));
        EXPECT_LE(diff(problems::kepler_flow<T>(k.q0(), k.p0(), t), k.exact(t)), bound) << to_d(t);
        const auto mid = k.exact(T(5) / T(2));
        EXPECT_LE(diff(problems::kepler_flow<T>(mid.first, mid.second, t), k.exact(T(5) / T(2) + t)), bound) << to_d(t);
    }
    // a circular orbit of μ = 4 and radius 1: angular velocity 2
    vector<T, 2> q0, p0;
    q0 << T(1), T(0);
    p0 << T(0), T(2);
    const T t = T(3) / T(10);
    const auto x = problems::kepler_flow<T>(q0, p0, t, T(4));
    vector<T, 2> q1;
    q1 << cos(2 * t), sin(2 * t);
    EXPECT_LE(to_d((x.first - q1).cwiseAbs().maxCoeff()), to_d(tol));
    p0 << T(0), T(3);  // |p|²/2 − μ/r = 4.5 − 4 > 0: unbound
    expect_throw_with<std::invalid_argument>([&] { problems::kepler_flow<T>(q0, p0, t, T(4)); }, "energy < 0");
}

// Position error at t1 = 3 periods (e = 0.9) against Kepler's equation, N steps an orbit: the
// run ends exactly on t1 through odeint's integrate_adaptive.
template <class Method, class T>
T error_at(int n, const kepler_model<T>& k, const T& t1) {
    time_transformed_stepper<kepler_model<T>, Method> st(k, steps_per_orbit<T>(n));
    auto x = start(k);
    T last(-1);
    odeint::integrate_adaptive(std::ref(st), k, x, T(0), t1, T(1) / T(10), [&](const auto&, const T& t) { last = t; });
    EXPECT_EQ(last, t1) << "the run ends exactly on t1";
    EXPECT_EQ(st.current_time(), t1);
    const auto exact = k.exact(t1);
    return (std::max)((x.first - exact.first).cwiseAbs().maxCoeff(), (x.second - exact.second).cwiseAbs().maxCoeff());
}

template <class Method>
void expect_order(std::initializer_list<int> ns) {
    using T = mp<50>;
    const kepler_model<T> k(T(9) / T(10));
    const T t1 = 3 * k.period();
    std::vector<double> h, err;
    for (int n : ns) {
        h.push_back(1.0 / n);
        err.push_back(to_d(error_at<Method>(n, k, t1)));
    }
    const double slope = std::log(err.front() / err.back()) / std::log(h.front() / h.back());
    std::cout << Method::name << ": errors";
    for (double e : err) std::cout << " " << e;
    std::cout << ", fitted order " << slope << "\n";
    EXPECT_NEAR(slope, double(Method::order), 0.2) << Method::name;
}

TEST(TimeTransformed, OrdersAtAFixedPhysicalTime) {
    expect_order<scheme::stormer_verlet>({200, 400, 800});
    expect_order<scheme::suzuki4>({100, 200, 400});
    expect_order<scheme::kahan_li6>({100, 200, 400});
    expect_order<scheme::kahan_li8>({100, 200, 400});
}

// N steps with Δs, then N with −Δs from where they ended: the initial state again, within 3×
// the forward run's own rounding error (its distance to the same steps at 50 digits).
template <class T, class W>
void expect_reversible(int steps) {
    const kepler_model<T> k(T(99) / T(100));
    const kepler_model<W> kw(W(99) / W(100));
    time_transformed_stepper<kepler_model<T>, scheme::yoshida4> st(k, steps_per_orbit<T>(100));
    time_transformed_stepper<kepler_model<W>, scheme::yoshida4> wide(kw, steps_per_orbit<W>(100));
    st.initialize(start(k), T(0), T(1));
    wide.initialize(start(kw), W(0), W(1));
    for (int j = 0; j < steps; ++j) {
        st.do_step(k);
        wide.do_step(kw);
    }
    T rounding(0);
    for (Eigen::Index i = 0; i < 2; ++i) {
        using std::abs;
        rounding = (std::max)(rounding, T(abs(W(st.current_state().first(i)) - wide.current_state().first(i))));
        rounding = (std::max)(rounding, T(abs(W(st.current_state().second(i)) - wide.current_state().second(i))));
    }
    const T t_end = st.current_time();
    st.initialize(st.current_state(), t_end, T(-1));
    for (int j = 0; j < steps; ++j) st.do_step(k);
    const auto x0 = start(k);
    const T back = (std::max)((st.current_state().first - x0.first).cwiseAbs().maxCoeff(),
                              (st.current_state().second - x0.second).cwiseAbs().maxCoeff());
    std::cout << steps << " steps forward and back: " << to_d(back) << " from the start; forward rounding "
              << to_d(rounding) << "; time " << to_d(st.current_time()) << "\n";
    EXPECT_LE(back, 3 * rounding + 16 * eps<T>());
    using std::abs;
    EXPECT_LE(abs(st.current_time()), 3 * rounding + 16 * eps<T>() * t_end);
}

TEST(TimeTransformed, ForwardThenBackwardReturnsToRoundOff) {
    expect_reversible<double, mp<50>>(100);
    expect_reversible<double, mp<50>>(10000);
    expect_reversible<mp<50>, mp<100>>(100);
    expect_reversible<mp<50>, mp<100>>(10000);
}

// integrate_const observing every 0.05 leaves the steps as they are: the node states equal those
// of a run observing nothing, bit for bit; observations land on the requested times.
TEST(TimeTransformed, ObservationsDoNotChangeTheSteps) {
    const kepler_model<double> k(0.9);
    using st_type = time_transformed_stepper<kepler_model<double>, scheme::yoshida6>;
    st_type observed(k, steps_per_orbit<double>(50)), plain(k, steps_per_orbit<double>(50));
    auto x = start(k);
    std::vector<double> times;
    std::vector<std::pair<vector<double>, vector<double>>> seen;
    odeint::integrate_const(std::ref(observed), k, x, 0.0, 2.0, 0.05, [&](const auto& y, double t) {
        times.push_back(t);
        seen.emplace_back(y.first, y.second);
    });
    ASSERT_EQ(times.size(), 41u);
    for (std::size_t i = 0; i < times.size(); ++i) {
        EXPECT_EQ(times[i], 0.05 * double(i));
        const auto exact = k.exact(times[i]);
        EXPECT_LE((seen[i].first - exact.first).cwiseAbs().maxCoeff(), 1e-6) << "t = " << times[i];
    }
    ASSERT_GT(observed.steps(), 10);
    plain.initialize(start(k), 0.0, 1.0);
    while (plain.current_time() < observed.previous_time()) plain.do_step(k);
    EXPECT_EQ(plain.current_time(), observed.previous_time());
    EXPECT_TRUE(plain.current_state().first == observed.previous_state().first) << "the same node, bit for bit";
}

// The extrapolation table of the logarithmic leapfrog: a macro step of column j has local error
// O(H^(2j+1)) — against column 12 of the same step, at 50 digits, Kepler e = 0.9 from the
// pericentre (the hardest point of the orbit).
TEST(TimeTransformed, ExtrapolationColumnsHaveTheirOrder) {
    using T = mp<50>;
    using model = kepler_model<T>;
    const model k(T(9) / T(10));
    const logarithmic_hamiltonian tr;
    const time_transformed_system<model, logarithmic_hamiltonian> sys{&k, &tr};
    std::pair<vector<T>, vector<T>> y0{vector<T>(3), vector<T>(3)};
    y0.first << k.q0()(0), k.q0()(1), T(0);
    y0.second << k.p0()(0), k.p0()(1), -model::hamiltonian(k.q0(), k.p0());
    const auto base = [&](const std::pair<vector<T>, vector<T>>& y, const T& h, int n) {
        splitting_stepper<vector<T>, scheme::stormer_verlet> st;
        auto z = y;
        for (int i = 0; i < n; ++i) st.do_step(sys.pair(), z, T(0), h);
        return z;
    };
    const auto local_error = [&](const T& H, int j) {
        const auto a = scheme::extrapolate(base, y0, H, j, j, 1.0, false);
        const auto b = scheme::extrapolate(base, y0, H, 12, 12, 1.0, false);
        EXPECT_EQ(a.column, j);
        return to_d((std::max)((a.state.first - b.state.first).cwiseAbs().maxCoeff(),
                               (a.state.second - b.state.second).cwiseAbs().maxCoeff()));
    };
    for (int j : {2, 3, 4}) {
        const double e1 = local_error(T(1) / T(5), j), e2 = local_error(T(1) / T(10), j);
        const double slope = std::log2(e1 / e2);
        std::cout << "column " << j << ": local errors " << e1 << ", " << e2 << ", slope " << slope << "\n";
        EXPECT_NEAR(slope, 2 * j + 1, 0.3) << "column " << j;
    }
}

// Burrau's problem at double by the extrapolated logarithmic leapfrog (algorithmic
// regularization): no more force evaluations than REBOUND's IAS15 (120 159, measured by
// bench/ias15), the energy after the escape within 1e-10, and the positions at t = 70 at least as
// close to a 50-digit run (the same scheme at tolerance 1e-25, column 12; bench/ias15 checks it
// against odeint's Bulirsch–Stoer at 50 digits) as IAS15's 7.3e-3.
TEST(TimeTransformed, ExtrapolatedLeapfrogThroughThePythagoreanProblem) {
    using W = mp<50>;
    auto [mw, qw, pw] = problems::n_body_gravity<W>::pythagorean();
    scheme::gragg_bulirsch_stoer<12> fine;
    fine.tolerance = 1e-25;
    time_transformed_stepper<problems::n_body_gravity<W>, scheme::gragg_bulirsch_stoer<12>> ref(mw, W(1) / 10, fine);
    auto xw = std::make_pair(qw, pw);
    odeint::integrate_adaptive(std::ref(ref), mw, xw, W(0), W(70), W(1));

    using bodies = problems::n_body_gravity<double>;
    auto [m, q0, p0] = bodies::pythagorean();
    scheme::gragg_bulirsch_stoer<8> method;
    method.tolerance = 1e-13;
    time_transformed_stepper<bodies, scheme::gragg_bulirsch_stoer<8>> st(m, 0.1, method);
    auto x = std::make_pair(q0, p0);
    const double e0 = m.energy(q0, p0);
    odeint::integrate_const(std::ref(st), m, x, 0.0, 70.0, 1.0);
    double distance = 0;
    for (Eigen::Index i = 0; i < 6; ++i) distance = (std::max)(distance, std::abs(x.first(i) - to_d(xw.first(i))));
    const double energy = std::abs(m.energy(x.first, x.second) / e0 - 1);
    std::cout << "Pythagorean, extrapolated leapfrog at 1e-13: " << st.force_evaluations() << " force evaluations, "
              << st.steps() << " steps, " << st.rejected_steps() << " rejected, |dE/E| " << energy << ", position "
              << distance << " (reference: " << ref.force_evaluations() << " evaluations at 50 digits)\n";
    EXPECT_LE(st.force_evaluations(), 120159u);
    EXPECT_LE(energy, 1e-10);
    EXPECT_LE(distance, 7.3e-3);
    EXPECT_GE(st.current_time(), 70.0) << "integrate_const observes t = 70 within the last step";
    EXPECT_GT(st.rejected_steps(), 0) << "the error control works";
}

TEST(TimeTransformed, BadInputIsNamed) {
    const kepler_model<double> k(0.5);
    using st_type = time_transformed_stepper<kepler_model<double>>;
    expect_throw_with<std::invalid_argument>([&] { st_type(k, 0.0); }, "fictitious step ds = 0");
    expect_throw_with<std::invalid_argument>([&] { st_type(k, std::nan("")); }, "fictitious step ds = nan");
    st_type st(k, 0.1);
    expect_throw_with<std::logic_error>([&] { st.do_step(k); }, "called before initialize");
    expect_throw_with<std::invalid_argument>([&] { st.initialize(start(k), std::nan(""), 1.0); }, "initialize at t0 = nan");
    // an unbound state: H > 0 is fine, but the logarithmic Hamiltonian needs −V > 0; the origin
    // itself gives −V = inf
    auto origin = start(k);
    origin.first.setZero();
    expect_throw_with<std::domain_error>([&] { st.initialize(origin, 0.0, 1.0); }, "dt/ds = F'(-V(q)) = 0");
    // a step shorter than t's resolution never reaches an end time
    expect_throw_with<std::runtime_error>([&] { st.initialize(start(k), 1e20, 1.0); }, "the end time cannot be reached");
    // the extrapolation's parameters
    using gbs = scheme::gragg_bulirsch_stoer<8>;
    gbs bad;
    bad.tolerance = std::nan("");
    expect_throw_with<std::invalid_argument>(
        [&] { time_transformed_stepper<kepler_model<double>, gbs>(k, 0.1, bad); }, "tolerance = nan");
    bad.tolerance = 1e-12;
    bad.first_column = 9;
    expect_throw_with<std::invalid_argument>(
        [&] { time_transformed_stepper<kepler_model<double>, gbs>(k, 0.1, bad); }, "first_column = 9");
    st.initialize(start(k), 0.0, 1.0);
    std::pair<vector<double>, vector<double>> x;
    // before any step: odeint's integrate_const with dt equal to the whole span (odeint-v2 #249)
    expect_throw_with<std::out_of_range>([&] { st.calc_state(1.0, x); }, "dt equal to the whole span");
    st.do_step(k);
    expect_throw_with<std::out_of_range>([&] { st.calc_state(st.current_time() + 1, x); }, "outside the last step");
}

}  // namespace
