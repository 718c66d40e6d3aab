// Dense output and events at 50 digits (issue 25 acceptance): the continuous output has the
// stepper's order p (±0.3) at a time strictly inside a step, every family, on Kepler (e = 0.6,
// exact by Kepler's equation), the nonlinear pendulum (exact by Jacobi elliptic functions) and,
// for the linear family, M q'' + K q = 0 (exact by modal superposition); events on the harmonic
// oscillator located to 1e-45 and within the scheme's own error of the exact times.
#include <geomint/geomint.hpp>
#include <geomint/exact/modal_solution.hpp>
#include <geomint/exact/pendulum_solution.hpp>
#include <geomint/problems/kepler.hpp>

#include <boost/math/constants/constants.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <iostream>
#include <vector>

namespace {
using namespace geomint;
using T = mp<50>;
using V1 = std::array<T, 1>;
using V2 = std::array<T, 2>;

/// Error of the continuous output at t = 1 + h/3 (inside a step for every h = 1/N) against
/// `exact(t)` = (q, p), for N in Ns; returns the order fitted from the last two N (doubling).
template <class Stepper, class System, class State, class Exact>
double continuous_order(const char* label, const Stepper& stepper, const System& sys, const State& x0, Exact exact,
                        std::vector<int> Ns) {
    std::vector<T> errors;
    for (int N : Ns) {
        const T h = T(1) / N, t = 1 + h / 3;
        auto dense = make_dense_output(stepper);
        dense.initialize(x0, T(0), h);
        while (dense.current_time() < t) dense.do_step(sys);
        EXPECT_LT(dense.previous_time(), t);
        State y = x0;
        dense.calc_state(t, y);
        const auto [q, p] = exact(t);
        T err = 0;
        for (Eigen::Index i = 0; i < state_size(y.first); ++i) {
            using std::abs;
            err = (std::max)(err, T(abs(T(as_eigen(y.first)[i] - q[i]))));
            err = (std::max)(err, T(abs(T(as_eigen(y.second)[i] - p[i]))));
        }
        errors.push_back(err);
    }
    const double order = static_cast<double>(log2(errors[errors.size() - 2] / errors.back()));
    std::cout << label << ": continuous-output errors";
    for (const T& e : errors) std::cout << ' ' << static_cast<double>(e);
    std::cout << " -> order " << order << " (stepper order " << stepper.order() << ")\n";
    return order;
}

const problems::kepler<T> kepler06(T(3) / 5);
std::pair<V2, V2> kepler_start() {
    const auto q = kepler06.q0(), p = kepler06.p0();
    return {V2{q[0], q[1]}, V2{p[0], p[1]}};
}
auto kepler_exact = [](const T& t) { return kepler06.exact(t); };

// pendulum φ'' = −sin φ from φ = 0 with p0 = 3/2 (amplitude ≈ 97°)
const T pendulum_p0 = T(3) / 2;
const pendulum_solution<T> pendulum_exact_solution(pendulum_p0);
auto pendulum_exact = [](const T& t) {
    return std::make_pair(std::array<T, 1>{pendulum_exact_solution(t)}, std::array<T, 1>{pendulum_exact_solution.velocity(t)});
};
const auto pendulum_pair = std::make_pair([](const V1& p, V1& dq) { dq = p; },
                                          [](const V1& q, V1& dp) {
                                              using std::sin;
                                              dp[0] = -sin(q[0]);
                                          });
const std::pair<V1, V1> pendulum_start{V1{T(0)}, V1{pendulum_p0}};

/// `Stepper<V>` for V = V2 (Kepler) and V1 (the pendulum in odeint's pair form).
template <template <class> class Stepper>
void expect_order_on_kepler_and_pendulum(const char* name, std::vector<int> Ns) {
    const double p = Stepper<V2>::order();
    EXPECT_NEAR(continuous_order((std::string(name) + " kepler").c_str(), Stepper<V2>(), kepler06.system(),
                                 kepler_start(), kepler_exact, Ns),
                p, 0.3);
    EXPECT_NEAR(continuous_order((std::string(name) + " pendulum").c_str(), Stepper<V1>(), pendulum_pair,
                                 pendulum_start, pendulum_exact, Ns),
                p, 0.3);
}
template <class V>
using yoshida4 = yoshida4_stepper<V>;
template <class V>
using yoshida6 = yoshida6_stepper<V>;
template <class V>
using galerkin2 = galerkin_vi_stepper<V, 2>;
template <class V>
using galerkin3 = galerkin_vi_stepper<V, 3>;

TEST(DenseOutputMp50, SplittingContinuousOutputHasTheSteppersOrder) {
    expect_order_on_kepler_and_pendulum<yoshida4>("yoshida4", {64, 128, 256});
    expect_order_on_kepler_and_pendulum<yoshida6>("yoshida6", {64, 128, 256});
}

TEST(DenseOutputMp50, GalerkinContinuousOutputHasTheSteppersOrder) {
    expect_order_on_kepler_and_pendulum<galerkin2>("galerkin_vi_2", {32, 64, 128});
    expect_order_on_kepler_and_pendulum<galerkin3>("galerkin_vi_3", {32, 64, 128});
}

TEST(DenseOutputMp50, NewtonEquationContinuousOutputHasTheSteppersOrder) {
    EXPECT_NEAR(continuous_order("leapfrog kepler", leapfrog_stepper<V2>(), kepler06.system(), kepler_start(),
                                 kepler_exact, {64, 128, 256}),
                2, 0.3);
    // the pendulum model (scalar states), implicit schemes included
    const auto pendulum = make_simple_pendulum<T>();
    const std::pair<T, T> start{T(0), pendulum_p0};
    auto exact = [](const T& t) {
        return std::make_pair(std::array<T, 1>{pendulum_exact_solution(t)},
                              std::array<T, 1>{pendulum_exact_solution.velocity(t)});
    };
    auto order_of = [&](const char* label, const auto& stepper) {
        return continuous_order(label, stepper, pendulum, start, exact, {64, 128, 256});
    };
    EXPECT_NEAR(order_of("leapfrog pendulum", leapfrog_stepper<T>()), 2, 0.3);
    EXPECT_NEAR(order_of("implicit_midpoint pendulum", implicit_midpoint_stepper<T>()), 2, 0.3);
    EXPECT_NEAR(order_of("discrete_gradient pendulum", discrete_gradient_stepper<T>()), 2, 0.3);
}

TEST(DenseOutputMp50, LinearContinuousOutputHasTheSteppersOrder) {
    // the linear double pendulum's matrices (M, K symmetric positive definite), exact modal solution
    matrix<T> M(2, 2), K(2, 2);
    M << 2, 1, 1, 1;
    K << 2, 0, 0, 1;
    const quadratic_lagrangian<matrix<T>> model(M, K);
    using VX = std::vector<T>;
    const std::pair<VX, VX> start{VX{T(1) / 10, T(0)}, VX{T(0), T(0)}};
    const modal_solution<matrix<T>> exact_solution(model, as_eigen(start.first), as_eigen(start.second));
    auto exact = [&](const T& t) { return std::make_pair(exact_solution.q(t), exact_solution.p(t)); };
    EXPECT_NEAR(continuous_order("simpson linear", simpson_stepper<VX>(), model, start, exact, {32, 64, 128}), 4, 0.3);
    EXPECT_NEAR(continuous_order("newmark linear", newmark_stepper<VX>(), model, start, exact, {32, 64, 128}), 2, 0.3);
}

// Events on the harmonic oscillator q = cos t at 50 digits: the zeros π/2 + kπ. Each located time
// makes the continuous output vanish to 1e-45 (the root finding), and lies within the scheme's
// own error of the exact time: |t_k − t_exact| ≤ 1.5 |q_h(t_exact)| + 1e-45 (|q'| = 1 there).
TEST(FindEventsMp50, HarmonicOscillatorZerosToTheSchemesOwnError) {
    const auto g = [](const V1& q, V1& dp) { dp[0] = -q[0]; };
    const T h = T(1) / 4, pi = boost::math::constants::pi<T>();
    const auto zero = [](const T&, const V1& q, const V1&) { return q[0]; };
    auto dense = make_dense_output(yoshida4_stepper<V1>());
    std::pair<V1, V1> x{V1{T(1)}, V1{T(0)}};
    const auto events = find_events(dense, g, x, T(0), T(20), h, zero, event_direction::both);
    ASSERT_EQ(events.size(), 6u);
    for (std::size_t k = 0; k < events.size(); ++k) {
        using std::abs;
        const T t_exact = pi / 2 + pi * k;
        EXPECT_LE(abs(events[k].state.first[0]), T(1e-45)) << "event " << k;
        // the scheme's own error at t_exact: the continuous output there
        auto probe = make_dense_output(yoshida4_stepper<V1>());
        probe.initialize(std::pair<V1, V1>{V1{T(1)}, V1{T(0)}}, T(0), h);
        while (probe.current_time() < t_exact) probe.do_step(g);
        std::pair<V1, V1> y;
        probe.calc_state(t_exact, y);
        const T scheme_error = abs(y.first[0]);
        EXPECT_LE(abs(events[k].t - t_exact), 1.5 * scheme_error + T(1e-45)) << "event " << k;
        EXPECT_GT(scheme_error, T(1e-12));  // the test sees the scheme's error, not rounding
        std::cout << "event " << k << ": |t - t_exact| = " << static_cast<double>(abs(events[k].t - t_exact))
                  << ", scheme error " << static_cast<double>(scheme_error) << '\n';
    }
    // q = cos(1/10) is crossed near 2π − 1/10 and 2π + 1/10: with h = 1/2 one step [6, 6.5] holds both
    x = {V1{T(1)}, V1{T(0)}};
    using std::cos;
    const T c = cos(T(1) / 10);
    const auto top = find_events(dense, g, x, T(0), T(7), T(1) / 2,
                                 [&](const T&, const V1& q, const V1&) { return q[0] - c; }, event_direction::both);
    ASSERT_EQ(top.size(), 3u);
    EXPECT_EQ(floor(top[1].t * 2), 12);
    EXPECT_EQ(floor(top[2].t * 2), 12);
    using std::abs;
    // yoshida4 at h = 1/2 has a phase error of ~0.03 by t = 2π (the scheme's, not the search's)
    EXPECT_LE(abs(top[1].t - (2 * pi - T(1) / 10)), T(5e-2));
    EXPECT_LE(abs(top[2].t - (2 * pi + T(1) / 10)), T(5e-2));
    EXPECT_LE(abs(top[1].state.first[0] - c), T(1e-45));
    EXPECT_LE(abs(top[2].state.first[0] - c), T(1e-45));
}

}  // namespace
