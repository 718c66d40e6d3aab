#pragma once
/// \file
/// The Simpson paper's nonlinear double pendulum (problems/double_pendulum.hpp: m1 = m2 = 1 kg,
/// l1 = l2 = l = g/ω0², g = 9.81 m/s², ω0 = 2π rad/s) in Cartesian coordinates of the plane:
/// q = (x1, y1, x2, y2) (m), M = diag(m1, m1, m2, m2), V = g (m1 y1 + m2 y2), on the two rod
/// constraints g_c(q) = ((x1² + y1² − l²)/2, ((x2 − x1)² + (y2 − y1)² − l²)/2) — the system that
/// geomint's angle-coordinate pendulum describes with q = (θ1, θ2) (absolute angles from the
/// downward vertical), x1 = l sin θ1, y1 = −l cos θ1, x2 = x1 + l sin θ2, y2 = y1 − l cos θ2.
///
/// The independent reference of the tests is the angle form's Hamiltonian equations
/// (`double_pendulum::nonlinear_rates` on (θ1, θ2, p_θ1, p_θ2)) integrated by odeint's rkf78, mapped
/// here by `cartesian_state`. Every constant is computed in `T`.

#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/problems/double_pendulum.hpp"
#include "geomint/state.hpp"

#include <cmath>
#include <utility>
#include <vector>

namespace geomint::problems {

/// The planar double pendulum in Cartesian coordinates (4 coordinates, 2 rod constraints): the constrained form of problems/double_pendulum.hpp, for the RATTLE family.
template <class T>
struct cartesian_double_pendulum {
    double_pendulum<T> angles;  ///< the same pendulum's constants (m1, m2, g, l)

    /// The two rod constraints.
    auto constraints() const {
        return make_holonomic_constraints<T>(2, [l = angles.l](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            const U dx = q[2] - q[0], dy = q[3] - q[1];
            return std::vector<U>{(q[0] * q[0] + q[1] * q[1] - l * l) / 2, (dx * dx + dy * dy - l * l) / 2};
        });
    }

    /// odeint's pair form with the constraints, on states of type `Coor` (4 entries).
    template <class Coor>
    auto system() const {
        auto f = [m1 = angles.m1, m2 = angles.m2](const Coor& p, Coor& dq) {
            dq[0] = p[0] / m1;
            dq[1] = p[1] / m1;
            dq[2] = p[2] / m2;
            dq[3] = p[3] / m2;
        };
        auto g = [w1 = angles.m1 * angles.g, w2 = angles.m2 * angles.g](const Coor&, Coor& dp) {
            dp[0] = T(0);
            dp[1] = -w1;
            dp[2] = T(0);
            dp[3] = -w2;
        };
        return constrained(std::make_pair(f, g), constraints());
    }

    /// (q, p) at the angles θ1, θ2 and their rates.
    std::pair<vector<T, 4>, vector<T, 4>> cartesian_state(const T& theta1, const T& rate1, const T& theta2,
                                                          const T& rate2) const {
        using std::cos;
        using std::sin;
        const T l = angles.l;
        vector<T, 4> q, v;
        q << l * sin(theta1), -l * cos(theta1), l * sin(theta1) + l * sin(theta2), -l * cos(theta1) - l * cos(theta2);
        v << l * cos(theta1) * rate1, l * sin(theta1) * rate1, l * cos(theta1) * rate1 + l * cos(theta2) * rate2,
            l * sin(theta1) * rate1 + l * sin(theta2) * rate2;
        vector<T, 4> p;
        p << angles.m1 * v(0), angles.m1 * v(1), angles.m2 * v(2), angles.m2 * v(3);
        return {q, p};
    }

    /// (q, p) at the angle form's state x = (θ1, θ2, p_θ1, p_θ2) (the rates θ̇ = M(θ)⁻¹ p_θ from
    /// `double_pendulum::nonlinear_rates`).
    template <class X>
    std::pair<vector<T, 4>, vector<T, 4>> cartesian_state(const X& x) const {
        X rates = x;
        angles.nonlinear_rates(x, rates);
        return cartesian_state(T(x[0]), T(rates[0]), T(x[1]), T(rates[1]));
    }

    /// H(q, p) = |p_1|²/(2m1) + |p_2|²/(2m2) + g (m1 y1 + m2 y2) (J).
    template <class Q, class P>
    T energy(const Q& q, const P& p) const {
        const auto qv = as_eigen(q);
        const auto pv = as_eigen(p);
        return (pv(0) * pv(0) + pv(1) * pv(1)) / (T(2) * angles.m1) + (pv(2) * pv(2) + pv(3) * pv(3)) / (T(2) * angles.m2) +
               angles.g * (angles.m1 * qv(1) + angles.m2 * qv(3));
    }
};

}  // namespace geomint::problems
