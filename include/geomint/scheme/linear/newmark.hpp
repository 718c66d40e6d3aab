#pragma once
/// \file
/// Newmark's variational scheme for M q̈ + K q = 0.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz (2024), §2, eqs. (7)–(12).
/// Discrete Lagrangian L_d(q_ℓ, q_r) = (h/2) ġᵀ M ġ − (h/2) q̄ᵀ K q̄ with ġ = (q_r − q_ℓ)/h,
/// q̄ = (q_ℓ + q_r)/2 (centred difference, midpoint quadrature). The discrete Euler–Lagrange
/// equations (9) are the partitioned form (34) with X_n = (2/h) M, Y_n = (h/2) K (eq. 11).
///
/// Properties: order 2, symplectic (Proposition 2), symmetric, unconditionally stable. For this
/// linear system eqs. (9) are the implicit midpoint rule, which conserves every quadratic
/// invariant, so H(p, q) is conserved exactly (§6.3, Figure 5) besides φ of Proposition 7.

#include "geomint/error.hpp"
#include "geomint/scheme/linear/partitioned_form.hpp"
#include "geomint/scheme/traits.hpp"

namespace geomint::scheme {

/// Newmark's variational scheme (eqs. 9–12). Stateless policy used by the steppers and the
/// analysis functions.
struct newmark {
    static constexpr const char* name = "newmark";
    static constexpr const char* source = "Rojas-Quintero et al. (2024), eqs. (9)-(12)";
    static constexpr unsigned order = 2;
    static constexpr bool symplectic = true;  ///< Proposition 2
    static constexpr bool symmetric = true;
    static constexpr bool energy_preserving = false;  ///< conserves a modified quadratic form
    static constexpr bool momentum_preserving = false;
    static constexpr bool has_internal_node = false;
    static constexpr const char* stability_text = "unconditionally stable";
    template <class T>
    static T stability_limit() {
        return geomint::detail::unconditionally_stable<T>();
    }

    /// X_n = (2/h) M, Y_n = (h/2) K (eq. 11). M, K: n × n; h > 0.
    /// \throws std::invalid_argument if h <= 0 or is not finite.
    template <class T>
    static partitioned_blocks<T> blocks(const matrix<T>& M, const matrix<T>& K, const T& h) {
        detail::require_positive_step(h, "newmark");
        return {matrix<T>(M * (T(2) / h)), matrix<T>(K * (h / T(2)))};
    }

    /// Φ_n = A_n⁻¹ B_n (eq. 12), 2n × 2n, η = (p, q).
    template <class T>
    static matrix<T> transfer_matrix(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return partitioned_transfer_matrix(blocks(M, K, h));
    }

    /// Kick–drift–kick coefficients of Φ_n (see partitioned_form.hpp), used by the steppers.
    template <class T>
    static kick_drift_kick<T> factors(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return partitioned_factors(blocks(M, K, h));
    }

    /// Newmark's scheme is unconditionally stable: every h > 0 is admissible.
    template <class T>
    static bool admissible(const matrix<T>&, const matrix<T>&, const T&) {
        return true;
    }
};

}  // namespace geomint::scheme
