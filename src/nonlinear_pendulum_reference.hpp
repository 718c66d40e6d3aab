#pragma once
// The reference trajectory of the Simpson paper's nonlinear double pendulum shared by the
// experiments on it (galerkin.cpp, constrained_pendulum.cpp): its angle form's Hamiltonian
// equations (double_pendulum::nonlinear_rates) by odeint's runge_kutta_fehlberg78 (order 8).
#include <geomint/problems/double_pendulum.hpp>

#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <array>
#include <cstddef>
#include <vector>

namespace geomint::cli {

/// x = (θ1, θ2, p_θ1, p_θ2) at t = k·dt_sample, k = 0 … samples, from (q0, p0), with `per_sample`
/// fixed rkf78 steps between samples, computed in the scalar R (double or quad).
template <class R, class V>
std::vector<std::array<double, 4>> nonlinear_pendulum_reference(const V& q0, const V& p0, double dt_sample,
                                                                 std::size_t samples, std::size_t per_sample) {
    using X = std::array<R, 4>;
    const problems::double_pendulum<R> dp;
    X x{R(q0[0]), R(q0[1]), R(p0[0]), R(p0[1])};
    boost::numeric::odeint::runge_kutta_fehlberg78<X, R, X, R> rk;
    const auto rates = [&](const X& y, X& dy, const R&) { dp.nonlinear_rates(y, dy); };
    const R dt = R(dt_sample) / R(static_cast<double>(per_sample));
    std::vector<std::array<double, 4>> out{{double(x[0]), double(x[1]), double(x[2]), double(x[3])}};
    for (std::size_t k = 1; k <= samples; ++k) {
        for (std::size_t j = 0; j < per_sample; ++j) rk.do_step(rates, x, R(0), dt);
        out.push_back({double(x[0]), double(x[1]), double(x[2]), double(x[3])});
    }
    return out;
}

}  // namespace geomint::cli
