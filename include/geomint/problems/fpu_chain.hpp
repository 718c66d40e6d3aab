#pragma once
/// \file
/// The Fermi–Pasta–Ulam–Tsingou α chain: n unit masses between fixed walls (q₀ = q_{n+1} = 0),
/// V = Σ_{i=0}^{n} [ (q_{i+1} − q_i)²/2 + α (q_{i+1} − q_i)³/3 ], in odeint's pair form, any
/// precision and any n (the force costs O(n)). Source: Fermi, Pasta, Ulam (1955); the α
/// model as in Dauxois, Physics Today 61 (2008).

#include "geomint/problems/unit_mass_rate.hpp"

#include <cstddef>
#include <type_traits>
#include <utility>
namespace geomint::problems {

/// α-FPU chain; `alpha` is a scalar (T or int) multiplying the cubic term.
template <class T>
struct fpu_chain {
    /// Cubic coefficient α.
    T alpha;

    /// dq/dt = p (problems/unit_mass_rate.hpp).
    using coordinate_rate = unit_mass_rate;
    /// dp_i/dt = φ'(q_{i+1} − q_i) − φ'(q_i − q_{i−1}), φ'(r) = r + α r².
    struct momentum_rate {
        /// Cubic coefficient α.
        T alpha;
        /// Writes dp/dt.
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            const std::size_t n = std::size_t(q.size());
            using E = std::remove_cvref_t<decltype(q[0])>;
            const auto spring = [this](const E& r) { return E(r + alpha * r * r); };
            E left = spring(E(q[0]));  // wall at 0
            for (std::size_t i = 0; i < n; ++i) {
                const E right = spring(E((i + 1 < n ? E(q[i + 1]) : E(0)) - q[i]));
                dpdt[i] = right - left;
                left = right;
            }
        }
    };
    /// The pair (dq/dt, dp/dt) for odeint.
    std::pair<coordinate_rate, momentum_rate> system() const { return {{}, {alpha}}; }
};

}  // namespace geomint::problems
