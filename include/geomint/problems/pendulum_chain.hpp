#pragma once
/// \file
/// A chain of n pendula coupled by torsion springs of stiffness κ (free ends; the discrete
/// sine-Gordon / Frenkel–Kontorova chain): H = Σ p_i²/2 + Σ (1 − cos q_i) + (κ/2) Σ (q_{i+1} − q_i)²,
/// q̈_i = −sin q_i + κ (q_{i+1} − 2q_i + q_{i−1}) (the missing neighbours of the end pendula
/// dropped), in odeint's pair form, any precision and any n. Separable, nonlinear, no closed-form
/// solution. Source: e.g. Braun & Kivshar, *The Frenkel–Kontorova Model* (2004), eq. (1.1).

#include "geomint/problems/unit_mass_rate.hpp"

#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace geomint::problems {

/// A chain of n pendula coupled by torsion springs of stiffness κ, free ends (see the file comment).
template <class T>
struct pendulum_chain {
    /// Coupling stiffness κ.
    T kappa;

    /// dq/dt = p (problems/unit_mass_rate.hpp).
    using coordinate_rate = unit_mass_rate;
    /// dp_i/dt = −sin q_i + κ (q_{i+1} − q_i) − κ (q_i − q_{i−1}).
    struct momentum_rate {
        /// Coupling stiffness κ.
        T kappa;
        /// Writes dp/dt.
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            using std::sin;
            using E = std::remove_cvref_t<decltype(q[0])>;
            const std::size_t n = std::size_t(q.size());
            for (std::size_t i = 0; i < n; ++i) {
                E force = -sin(E(q[i]));
                if (i > 0) force -= E(kappa * (q[i] - q[i - 1]));
                if (i + 1 < n) force += E(kappa * (q[i + 1] - q[i]));
                dpdt[i] = force;
            }
        }
    };
    /// The pair (dq/dt, dp/dt) for odeint.
    std::pair<coordinate_rate, momentum_rate> system() const { return {{}, {kappa}}; }

    /// The Hamiltonian H(q, p).
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        using std::cos;
        T h(0);
        const std::size_t n = std::size_t(q.size());
        for (std::size_t i = 0; i < n; ++i) {
            h += T(p[i] * p[i]) / 2 + (T(1) - T(cos(T(q[i]))));
            if (i + 1 < n) h += kappa * T((q[i + 1] - q[i]) * (q[i + 1] - q[i])) / 2;
        }
        return h;
    }
};

}  // namespace geomint::problems
