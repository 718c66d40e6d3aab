#pragma once
/// \file
/// The Hénon–Heiles system: H = |p|²/2 + (q₀² + q₁²)/2 + q₀²q₁ − q₁³/3 (Hénon & Heiles 1964;
/// GNI §I.3), in odeint's pair form, in any precision. Orbits with H < 1/6 started inside the
/// triangle of saddles stay bounded.

#include "geomint/problems/unit_mass_rate.hpp"

#include <utility>
namespace geomint::problems {

/// Hénon–Heiles: H = (p₁² + p₂²)/2 + (q₁² + q₂²)/2 + q₁²q₂ − q₂³/3.
struct henon_heiles {
    /// dq/dt = p (problems/unit_mass_rate.hpp).
    using coordinate_rate = unit_mass_rate;
    /// dp/dt = −∇V = (−q₀ − 2q₀q₁, −q₁ − q₀² + q₁²).
    struct momentum_rate {
        /// Writes dp/dt = −∇V(q).
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            dpdt[0] = -q[0] - 2 * q[0] * q[1];
            dpdt[1] = -q[1] - q[0] * q[0] + q[1] * q[1];
        }
    };
    /// The pair (dq/dt, dp/dt) for odeint.
    static std::pair<coordinate_rate, momentum_rate> system() { return {}; }

    /// The Hamiltonian H(q, p).
    template <class T, class Q, class P>
    static T hamiltonian(const Q& q, const P& p) {
        return (p[0] * p[0] + p[1] * p[1] + q[0] * q[0] + q[1] * q[1]) / 2 + q[0] * q[0] * q[1] - q[1] * q[1] * q[1] / 3;
    }
};

}  // namespace geomint::problems
