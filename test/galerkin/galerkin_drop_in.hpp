#pragma once
// The drop-in check of the Galerkin VI, shared by the double (test_galerkin) and the quad/mp50
// (galerkin_mp50) executables: the very same std::make_pair(f, g) object goes to odeint's
// symplectic_rkn_sb3a_m4_mclachlan and to galerkin_vi_stepper, through integrate_const,
// integrate_n_steps and integrate_times, for std::array, std::vector and Eigen states.
#include "galerkin_order.hpp"
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>
#include <geomint/problems/kepler.hpp>

namespace geomint_test {

template <class State>
State make_state(const vector<typename State::value_type, 2>& v) {
    State s{};
    if constexpr (requires { s.resize(2); }) s.resize(2);
    s[0] = v[0];
    s[1] = v[1];
    return s;
}

/// Kepler e = 0.6 over t ∈ [0, 1] (through pericentre), h = 1/200: each stepper lands within its
/// own error bound of the exact solution (sb3a_m4: order 4; Degree 3: order 6), the three
/// integrate functions give the same state as a hand-written do_step loop, bit for bit.
template <class T, class State>
void drop_in_case() {
    namespace odeint = boost::numeric::odeint;
    const problems::kepler<T> k(T(3) / 5);
    // callables written for the concrete state type, as a user of odeint writes them
    auto f = [](const State& p, State& dqdt) {
        dqdt[0] = p[0];
        dqdt[1] = p[1];
    };
    auto g = [](const State& q, State& dpdt) {
        using std::sqrt;
        const T r2 = q[0] * q[0] + q[1] * q[1];
        const T r3 = r2 * sqrt(r2);
        dpdt[0] = -q[0] / r3;
        dpdt[1] = -q[1] / r3;
    };
    const auto sys = std::make_pair(f, g);
    const T t1(1), dt = T(1) / 200;
    const auto start = std::make_pair(make_state<State>(k.q0()), make_state<State>(k.p0()));
    const auto exact = k.exact(t1);
    const auto error = [&](const std::pair<State, State>& x) {
        return (std::max)({T(abs(x.first[0] - exact.first[0])), T(abs(x.first[1] - exact.first[1])),
                           T(abs(x.second[0] - exact.second[0])), T(abs(x.second[1] - exact.second[1]))});
    };
    using std::abs;

    auto by_hand = start;
    galerkin_vi_stepper<State, 3> manual;
    for (int j = 0; j < 200; ++j) manual.do_step(sys, by_hand, T(j) * dt, dt);

    auto x_rkn = start, x_gvi = start;
    odeint::integrate_const(odeint::symplectic_rkn_sb3a_m4_mclachlan<State, State, T>(), sys, x_rkn, T(0), t1, dt);
    odeint::integrate_const(galerkin_vi_stepper<State, 3>(), sys, x_gvi, T(0), t1, dt);
    const T e_rkn = error(x_rkn), e_gvi = error(x_gvi);
    EXPECT_LT(to_d(e_rkn), 1e-4) << scalar_traits<T>::name();
    EXPECT_LT(to_d(e_gvi), 1e-8) << scalar_traits<T>::name();
    EXPECT_LT(to_d(e_gvi), to_d(e_rkn) / 100);
    EXPECT_TRUE(x_gvi == by_hand) << "integrate_const differs from the do_step loop";

    auto y = start;
    odeint::integrate_n_steps(galerkin_vi_stepper<State, 3>(), sys, y, T(0), dt, 200);
    EXPECT_TRUE(y == by_hand) << "integrate_n_steps differs from the do_step loop";

    std::vector<T> times{T(0), T(1) / 4, T(1) / 2, t1};
    std::vector<std::pair<State, State>> seen;
    auto z = start;
    odeint::integrate_times(galerkin_vi_stepper<State, 3>(), sys, z, times.begin(), times.end(), dt,
                            [&](const std::pair<State, State>& x, const T&) { seen.push_back(x); });
    ASSERT_EQ(seen.size(), times.size());
    for (std::size_t i = 0; i < times.size(); ++i) {
        const auto e = k.exact(times[i]);
        EXPECT_LT(to_d(abs(seen[i].first[0] - e.first[0])), 1e-8) << "t = " << to_d(times[i]);
        EXPECT_LT(to_d(abs(seen[i].second[1] - e.second[1])), 1e-8) << "t = " << to_d(times[i]);
    }
    // integrate_times accumulates t and may end with a shortened step: equal to rounding
    EXPECT_LE(to_d(state_distance(seen.back(), by_hand)), 1000 * to_d(eps<T>())) << "integrate_times";
}

template <class T>
void drop_in_all_states() {
    drop_in_case<T, std::array<T, 2>>();
    drop_in_case<T, std::vector<T>>();
    drop_in_case<T, Eigen::Matrix<T, 2, 1>>();
}

}  // namespace geomint_test
