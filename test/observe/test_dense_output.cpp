// Dense output and events at double precision (issue 25): node states bit for bit the plain
// stepper's for every family, odeint's integrate functions on the dense stepper, the random-times
// energy experiment, events (two in one step, terminal, direction) and the documented errors.
#include "test_common.hpp"

#include <geomint/geomint.hpp>
#include <geomint/problems/kepler.hpp>

#include <boost/numeric/odeint.hpp>
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

namespace {
using namespace geomint;
using geomint_test::long_runs;
namespace odeint = boost::numeric::odeint;
using V2 = std::array<double, 2>;
using V1 = std::array<double, 1>;

const problems::kepler<double> kepler06(0.6);

std::pair<V2, V2> kepler_start() {
    const auto q = kepler06.q0(), p = kepler06.p0();
    return {V2{q[0], q[1]}, V2{p[0], p[1]}};
}

/// Runs `plain` and `make_dense_output(plain)` side by side for n steps of h, observing the
/// dense run between its nodes (three calc_state a step), and requires every node state to be
/// the plain stepper's bit for bit.
template <class Stepper, class System, class State>
void expect_same_nodes(Stepper plain, const System& sys, State x, double h, int n) {
    auto dense = make_dense_output(plain);
    dense.initialize(x, 0.0, h);
    State seen = x;
    for (int i = 0; i < n; ++i) {
        plain.do_step(sys, x, h * i, h);
        const auto [t0, t1] = dense.do_step(sys);
        EXPECT_EQ(t0, h * i);
        EXPECT_EQ(t1, h * (i + 1));
        for (double theta : {0.25, 0.5, 0.9}) dense.calc_state(t0 + theta * (t1 - t0), seen);
        ASSERT_TRUE(dense.current_state() == x) << detail::stepper_name<Stepper>() << ": node " << i + 1 << " differs";
    }
    dense.calc_state(dense.current_time(), seen);
    EXPECT_TRUE(seen == x);  // a node is handed back as it is
}

TEST(DenseOutput, NodesAreThePlainSteppersBitForBitEveryFamily) {
    const auto sys = kepler06.system();
    const auto x = kepler_start();
    const double h = kepler06.period() / 200;
    expect_same_nodes(yoshida4_stepper<V2>(), sys, x, h, 400);
    expect_same_nodes(kahan_li8_stepper<V2>(), sys, x, h, 200);
    expect_same_nodes(yoshida4_stepper<V2, V2, checked, plain_summation>(), sys, x, h, 200);
    expect_same_nodes(galerkin_vi_stepper<V2, 2>(), sys, x, h, 200);
    expect_same_nodes(galerkin_vi_stepper<V2, 3>(), sys, x, h, 100);
    expect_same_nodes(leapfrog_stepper<V2>(), sys, x, h, 400);
    expect_same_nodes(leapfrog_stepper<V2, V2, checked, compensated_summation>(), sys, x, h, 200);
    expect_same_nodes(symplectic_euler_stepper<V2>(), sys, x, h, 200);
    // Newton-equation schemes on the pendulum model, implicit ones included
    const auto pendulum = make_simple_pendulum<double>();
    const std::pair<double, double> swing{0.0, 1.5};
    expect_same_nodes(implicit_midpoint_stepper<double>(), pendulum, swing, 0.1, 200);
    expect_same_nodes(discrete_gradient_stepper<double>(), pendulum, swing, 0.1, 200);
    expect_same_nodes(suris2_stepper<double>(), pendulum, swing, 0.1, 200);
    // linear family: dense, sparse and matrix-free models of M q'' + K q = 0 (sparse and
    // matrix-free models take states of dynamic size)
    using VX = std::vector<double>;
    matrix<double> M(2, 2), K(2, 2);
    M << 2, 1, 1, 1;
    K << 3, -1, -1, 1;
    const quadratic_lagrangian<matrix<double>> dense_model(M, K);
    const quadratic_lagrangian<sparse_matrix<double>> sparse_model(M.sparseView(), K.sparseView());
    const auto mf = matrix_free([&](const VX& p, VX& dq) { as_eigen(dq) = dense_model.inverse_mass() * as_eigen(p); },
                                [&](const VX& q, VX& dp) { as_eigen(dp) = -K * as_eigen(q); }, 4.0L);
    const std::pair<V2, V2> y{V2{1.0, 0.0}, V2{0.0, 0.5}};
    const std::pair<VX, VX> yx{VX{1.0, 0.0}, VX{0.0, 0.5}};
    for (double h : {0.05, 0.3}) {
        expect_same_nodes(simpson_stepper<V2>(), dense_model, y, h, 200);
        expect_same_nodes(newmark_stepper<V2>(), dense_model, y, h, 200);
        expect_same_nodes(simpson_variant1_stepper<V2>(), dense_model, y, h, 100);
        expect_same_nodes(simpson_stepper<VX>(), sparse_model, yx, h, 100);
        expect_same_nodes(simpson_stepper<VX>(), mf, yx, h, 100);
        expect_same_nodes(simpson_stepper<V2, V2, checked, compensated_summation>(), dense_model, y, h, 100);
    }
    // odeint's own symplectic stepper gets dense output too
    expect_same_nodes(odeint::symplectic_rkn_sb3a_mclachlan<V2>(), sys, x, h, 200);
}

// odeint's integrate functions drive the dense stepper; observing never changes a step. odeint
// (Boost 1.81) re-initializes the stepper for a last step that ends exactly on the end time
// (dt' = t_end − t_n, here dt up to rounding): every node before it is the plain stepper's.
TEST(DenseOutput, OdeintIntegrateFunctionsKeepTheSteps) {
    const auto sys = kepler06.system();
    const double h = 0.01;
    std::vector<std::pair<V2, V2>> plain_nodes{kepler_start()};
    yoshida4_stepper<V2> plain;
    for (int i = 0; i < 300; ++i) {
        auto y = plain_nodes.back();
        plain.do_step(sys, y, h * i, h);
        plain_nodes.push_back(y);
    }
    const auto& plain_x = plain_nodes.back();
    auto near_plain_end = [&](const std::pair<V2, V2>& y) {
        for (int i = 0; i < 2; ++i) {
            EXPECT_NEAR(y.first[i], plain_x.first[i], 1e-13);
            EXPECT_NEAR(y.second[i], plain_x.second[i], 1e-13);
        }
    };

    // odeint's integrate functions take the stepper by value: std::ref keeps its final state
    auto dense = make_dense_output(yoshida4_stepper<V2>());
    // integrate_const: steps and observations every h (odeint initializes the stepper with dt)
    auto x = kepler_start();
    std::vector<double> seen;
    odeint::integrate_const(std::ref(dense), sys, x, 0.0, 3.0, h, [&](const auto&, double t) { seen.push_back(t); });
    EXPECT_EQ(seen.size(), 301u);
    EXPECT_NEAR(dense.current_time(), 3.0, 1e-12);
    EXPECT_TRUE(dense.previous_state() == plain_nodes[299]);
    near_plain_end(dense.current_state());

    // integrate_n_steps
    x = kepler_start();
    odeint::integrate_n_steps(std::ref(dense), sys, x, 0.0, h, 300);
    EXPECT_TRUE(dense.previous_state() == plain_nodes[299]);
    near_plain_end(dense.current_state());

    // integrate_adaptive observes every node: all but the last are the plain stepper's
    x = kepler_start();
    int observed = 0;
    odeint::integrate_adaptive(std::ref(dense), sys, x, 0.0, 3.0, h, [&](const std::pair<V2, V2>& y, double t) {
        const auto k = static_cast<std::size_t>(std::llround(t / h));
        if (k < 300) EXPECT_TRUE(y == plain_nodes[k]) << "node " << k;
        ++observed;
    });
    EXPECT_EQ(observed, 301);
    near_plain_end(x);

    // integrate_times at random times: every observation at its time, the steps unchanged
    std::mt19937 gen(7);
    std::uniform_real_distribution<double> u(0.0, 2.995);
    std::vector<double> times{0.0};
    for (int i = 0; i < 500; ++i) times.push_back(u(gen));
    std::sort(times.begin(), times.end());
    times.push_back(3.0);
    x = kepler_start();
    seen.clear();
    odeint::integrate_times(std::ref(dense), sys, x, times.begin(), times.end(), h,
                            [&](const auto&, double t) { seen.push_back(t); });
    EXPECT_EQ(seen, times);
    EXPECT_TRUE(dense.previous_state() == plain_nodes[299]);
    near_plain_end(dense.current_state());
}

// The experiment: Kepler e = 0.6, h = period/200, observed at random times through
// odeint's integrate_times, for yoshida4 and galerkin_vi_2. CI runs it scaled down (200 periods,
// 4·10⁴ times); GEOMINT_LONG_RUNS=1 runs the 2000 periods and 4·10⁵ times. Through the
// dense stepper the energy error at the observations equals the fixed-step run's; through the
// plain stepper (odeint shortens steps to hit each time) it grows.
template <class Stepper>
void random_times_experiment(const char* name) {
    const auto sys = kepler06.system();
    const std::size_t periods = long_runs() ? 2000 : 200, observations = long_runs() ? 400000 : 40000;
    const double P = kepler06.period(), h = P / 200, T_end = double(periods) * P;
    const double H0 = kepler06.hamiltonian(kepler06.q0(), kepler06.p0());
    auto energy = [&](const std::pair<V2, V2>& s) { return std::abs(kepler06.hamiltonian(s.first, s.second) - H0); };

    double fixed = 0;
    auto x = kepler_start();
    Stepper plain;
    for (std::size_t i = 0; i < 200 * periods; ++i) {
        plain.do_step(sys, x, h * double(i), h);
        fixed = std::max(fixed, energy(x));
    }

    std::mt19937 gen(11);
    std::uniform_real_distribution<double> u(0.0, T_end);
    std::vector<double> times{0.0};
    for (std::size_t i = 0; i < observations; ++i) times.push_back(u(gen));
    std::sort(times.begin(), times.end());
    auto late_max = [&](auto&& stepper, double& whole) {
        double late = 0;
        whole = 0;
        auto y = kepler_start();
        odeint::integrate_times(stepper, sys, y, times.begin(), times.end(), h, [&](const auto& s, double t) {
            whole = std::max(whole, energy(s));
            if (t > 0.9 * T_end) late = std::max(late, energy(s));
        });
        return late;
    };
    double dense_whole = 0, plain_whole = 0;
    const double dense_late = late_max(make_dense_output(Stepper()), dense_whole);
    const double plain_late = late_max(Stepper(), plain_whole);
    std::cout << name << ", " << periods << " periods, " << observations
              << " random times. Energy error: fixed steps at the nodes " << fixed << "; dense output " << dense_whole
              << " (last 10 %: " << dense_late << "); plain stepper through integrate_times " << plain_whole
              << " (last 10 %: " << plain_late << ")\n";
    EXPECT_LT(dense_whole, 1.2 * fixed) << name;
    EXPECT_GT(dense_whole, 0.5 * fixed) << name;
    // the contrast the issue reports (measured at 200 periods: 5.5x for yoshida4, 3.7x for galerkin_vi_2)
    EXPECT_GT(plain_whole, 2 * dense_whole) << name;
}

TEST(DenseOutput, RandomTimesKeepTheFixedStepEnergyError) {
    random_times_experiment<yoshida4_stepper<V2>>("yoshida4");
    random_times_experiment<galerkin_vi_stepper<V2, 2>>("galerkin_vi_2");
}

// Events on the harmonic oscillator q = cos t: zeros at π/2 + kπ, directions, two crossings in
// one step, a terminal event, and the state handed back (the last node's).
TEST(FindEvents, HarmonicOscillatorCrossings) {
    auto g = [](const V1& q, V1& dp) { dp[0] = -q[0]; };
    const double h = 0.5;
    auto dense = make_dense_output(kahan_li8_stepper<V1>());
    std::pair<V1, V1> x{V1{1.0}, V1{0.0}};
    const auto zero = [](double, const V1& q, const V1&) { return q[0]; };
    const auto all = find_events(dense, g, x, 0.0, 20.0, h, zero, event_direction::both);
    ASSERT_EQ(all.size(), 6u);  // π/2 + kπ < 20, k = 0 … 5
    for (std::size_t k = 0; k < all.size(); ++k) {
        EXPECT_NEAR(all[k].t, std::numbers::pi / 2 + std::numbers::pi * double(k), 1e-3);
        EXPECT_EQ(all[k].rising, k % 2 == 1);
        EXPECT_LE(std::abs(all[k].state.first[0]), 1e-14);
    }
    EXPECT_EQ(dense.current_time(), 20.0);  // the last node (20 = 40 h)
    EXPECT_EQ(x, dense.current_state());

    x = {V1{1.0}, V1{0.0}};
    const auto rising = find_events(dense, g, x, 0.0, 20.0, h, zero, event_direction::rising);
    ASSERT_EQ(rising.size(), 3u);
    EXPECT_NEAR(rising[0].t, 1.5 * std::numbers::pi, 1e-3);

    // q = cos 0.2 is crossed at 2π − 0.2 and 2π + 0.2: both inside the step [6, 6.5]
    x = {V1{1.0}, V1{0.0}};
    const double c = std::cos(0.2);
    const auto near_top = find_events(dense, g, x, 0.0, 7.0, h, [&](double, const V1& q, const V1&) { return q[0] - c; },
                                      event_direction::both);
    ASSERT_EQ(near_top.size(), 3u);
    EXPECT_NEAR(near_top[0].t, 0.2, 1e-4);
    EXPECT_NEAR(near_top[1].t, 2 * std::numbers::pi - 0.2, 1e-3);
    EXPECT_NEAR(near_top[2].t, 2 * std::numbers::pi + 0.2, 1e-3);
    EXPECT_EQ(std::floor(near_top[1].t / h), std::floor(near_top[2].t / h));  // one step holds both

    // terminal: stops at the end of the step of the first event
    x = {V1{1.0}, V1{0.0}};
    const auto first = find_events(dense, g, x, 0.0, 20.0, h, zero, event_direction::both, {.terminal = true});
    ASSERT_EQ(first.size(), 1u);
    EXPECT_EQ(dense.current_time(), 2.0);  // π/2 ∈ [1.5, 2]
    EXPECT_EQ(x, dense.current_state());

    // backward in time: from t = 0 to −20, the zeros at −π/2 − kπ, in time order of the run
    x = {V1{1.0}, V1{0.0}};
    const auto back = find_events(dense, g, x, 0.0, -5.0, -h, zero, event_direction::both);
    ASSERT_EQ(back.size(), 2u);
    EXPECT_NEAR(back[0].t, -std::numbers::pi / 2, 1e-3);
    EXPECT_NEAR(back[1].t, -1.5 * std::numbers::pi, 1e-3);
}

// Events on odeint's own dense-output stepper (a state that is not a (q, p) pair): g(t, x).
TEST(FindEvents, OdeintDenseOutputSteppers) {
    using S = std::vector<double>;
    auto rhs = [](const S& x, S& dx, double) {
        dx[0] = x[1];
        dx[1] = -x[0];
    };
    auto dopri = odeint::make_dense_output(1e-12, 1e-12, odeint::runge_kutta_dopri5<S>());
    S x{1.0, 0.0};
    const auto events = find_events(dopri, rhs, x, 0.0, 10.0, 0.1, [](double, const S& s) { return s[0]; },
                                    event_direction::falling);
    ASSERT_EQ(events.size(), 2u);
    EXPECT_NEAR(events[0].t, std::numbers::pi / 2, 1e-9);
    EXPECT_NEAR(events[1].t, 2.5 * std::numbers::pi, 1e-9);
}

TEST(DenseOutputErrors, NamedErrorsWithTheOffendingValue) {
    const auto sys = kepler06.system();
    auto dense = make_dense_output(galerkin_vi_stepper<V2, 2>());
    auto x = kepler_start();
    auto message = [](auto&& f) {
        try {
            f();
        } catch (const std::exception& e) {
            return std::string(e.what());
        }
        return std::string("no exception");
    };
    // before initialize
    EXPECT_THROW(dense.do_step(sys), std::logic_error);
    EXPECT_THROW(dense.calc_state(0.0, x), std::logic_error);
    EXPECT_NE(message([&] { dense.calc_state(0.0, x); }).find("before initialize"), std::string::npos);
    // bad initialize
    EXPECT_THROW(dense.initialize(x, std::numeric_limits<double>::quiet_NaN(), 0.1), std::invalid_argument);
    EXPECT_THROW(dense.initialize(x, 0.0, std::numeric_limits<double>::infinity()), std::invalid_argument);
    dense.initialize(x, 0.0, 0.0);
    EXPECT_THROW(dense.do_step(sys), std::invalid_argument);
    // calc_state outside [previous_time, current_time]
    dense.initialize(x, 1.0, 0.1);
    dense.do_step(sys);
    dense.do_step(sys);
    EXPECT_THROW(dense.calc_state(1.05, x), std::out_of_range);
    EXPECT_THROW(dense.calc_state(1.3, x), std::out_of_range);
    const std::string outside = message([&] { dense.calc_state(1.3, x); });
    EXPECT_NE(outside.find("t = 1.3"), std::string::npos) << outside;
    EXPECT_NE(outside.find("1.1"), std::string::npos) << outside;
    EXPECT_THROW(dense.calc_state(std::numeric_limits<double>::quiet_NaN(), x), std::out_of_range);
    EXPECT_NO_THROW(dense.calc_state(1.15, x));
    EXPECT_NO_THROW(dense.calc_state(1.2 + 1e-16, x));  // odeint's time tolerance
    // odeint's integrate_const with dt equal to the whole span observes the end before any step
    // (odeint-v2 issue #249): the message names the idiom and the alternatives
    x = kepler_start();
    const std::string whole_span = message([&] {
        boost::numeric::odeint::integrate_const(make_dense_output(galerkin_vi_stepper<V2, 2>()), sys, x, 0.0, 1.0, 1.0);
    });
    EXPECT_NE(whole_span.find("before any step"), std::string::npos) << whole_span;
    EXPECT_NE(whole_span.find("dt equal to the whole span"), std::string::npos) << whole_span;
    EXPECT_NE(whole_span.find("integrate_adaptive"), std::string::npos) << whole_span;
    x = kepler_start();  // the alternative it names: a dt below the span
    EXPECT_NO_THROW(
        boost::numeric::odeint::integrate_const(make_dense_output(galerkin_vi_stepper<V2, 2>()), sys, x, 0.0, 1.0, 0.5));

    // find_events
    const auto qp = [](double, const V2& q, const V2& p) { return q[0] * p[0] + q[1] * p[1]; };
    x = kepler_start();
    EXPECT_THROW(find_events(dense, sys, x, 0.0, -1.0, 0.1, qp, event_direction::both), std::invalid_argument);
    EXPECT_NE(message([&] { find_events(dense, sys, x, 0.0, -1.0, 0.1, qp, event_direction::both); }).find("t1 = -1"),
              std::string::npos);
    EXPECT_THROW(find_events(dense, sys, x, 0.0, 1.0, -0.1, qp, event_direction::both), std::invalid_argument);
    EXPECT_THROW(find_events(dense, sys, x, 0.0, 1.0, 0.0, qp, event_direction::both), std::invalid_argument);
    EXPECT_THROW(find_events(dense, sys, x, 0.0, 1.0, 0.1, qp, event_direction::both, {.samples_per_step = 0}),
                 std::invalid_argument);
    const auto nan_after = [](double t, const V2&, const V2&) {
        return t > 0.36 ? std::numeric_limits<double>::quiet_NaN() : 1.0;
    };
    const std::string nan = message([&] { find_events(dense, sys, x, 0.0, 1.0, 0.1, nan_after, event_direction::both); });
    EXPECT_NE(nan.find("nan"), std::string::npos) << nan;
    EXPECT_NE(nan.find("at t = 0.375"), std::string::npos) << nan;
    EXPECT_THROW(find_events(dense, sys, x, 0.0, 1.0, 0.1, nan_after, event_direction::both), std::domain_error);
}

}  // namespace
