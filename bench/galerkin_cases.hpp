#pragma once
// The Galerkin benchmark problems at any scalar T, shared by bench_galerkin (Google Benchmark)
// and bench_step_instructions (instructions a step, bench/step_instructions.sh).
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>

#include <boost/math/constants/constants.hpp>

#include <array>
#include <cmath>
#include <utility>

namespace galerkin_cases {

/// The Newton path: the nonlinear double pendulum of the Simpson paper (`make_lagrangian_system`,
/// derivatives by forward jets), h = t̄/100, from (0, π/6) at rest; states of run-time size
/// (`geomint::vector<T>`), or `V` (`geomint::vector<T, 2>`: the path at compile-time sizes).
template <class T, unsigned Degree, class V = geomint::vector<T>>
struct newton_pendulum {
    geomint::problems::double_pendulum<T> dp{};
    decltype(std::declval<const geomint::problems::double_pendulum<T>&>().nonlinear_system()) sys = dp.nonlinear_system();
    geomint::galerkin_vi_stepper<V, Degree> stepper{};
    std::pair<V, V> x{V(dp.q0()), V(dp.p0())};
    T h = dp.tbar / 100;
    void step() { stepper.do_step(sys, x, T(0), h); }
};

/// Kepler's force −q/|q|³ counting its calls.
template <class T>
struct kepler_force {
    long* calls;
    void operator()(const std::array<T, 2>& q, std::array<T, 2>& dp) const {
        using std::sqrt;
        ++*calls;
        const T r2 = q[0] * q[0] + q[1] * q[1];
        const T r3 = r2 * sqrt(r2);
        dp[0] = -q[0] / r3;
        dp[1] = -q[1] / r3;
    }
};
template <class T>
struct kepler_velocity {
    void operator()(const std::array<T, 2>& p, std::array<T, 2>& dq) const { dq = p; }
};

template <class T>
std::pair<std::array<T, 2>, std::array<T, 2>> kepler_start() {
    using std::sqrt;
    const T e = T(3) / 5;
    return {{T(1) - e, T(0)}, {T(0), sqrt((T(1) + e) / (T(1) - e))}};
}
template <class T>
T kepler_step() {
    return boost::math::constants::two_pi<T>() / 200;
}

}  // namespace galerkin_cases
