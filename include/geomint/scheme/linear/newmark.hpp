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
#include "geomint/scheme/linear/lagrange_dalembert.hpp"
#include "geomint/scheme/linear/partitioned_form.hpp"
#include "geomint/scheme/linear/matrix_free_factors.hpp"
#include "geomint/scheme/linear/sparse_factors.hpp"
#include "geomint/scheme/traits.hpp"

namespace geomint::scheme {

/// Newmark's variational scheme (eqs. 9–12). Stateless policy used by the steppers and the
/// analysis functions.
struct newmark : geomint::scheme_claims<2, symplectic_map | time_symmetric>,
                 geomint::unconditionally_stable,
                 partitioned_scheme<newmark> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "newmark";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Rojas-Quintero et al. (2024), eqs. (9)-(12)";
    /// Whether the scheme carries an internal node (Simpson variant 1: q at the half step).
    static constexpr bool has_internal_node = false;
    /// X_n = (2/h) M, Y_n = (h/2) K (eq. 11). M, K: n × n; h > 0.
    /// \throws std::invalid_argument if h <= 0 or is not finite.
    template <class T>
    static partitioned_blocks<T> blocks(const matrix<T>& M, const matrix<T>& K, const T& h) {
        geomint::detail::require_positive_step(h, "newmark");
        return {matrix<T>(M * (T(2) / h)), matrix<T>(K * (h / T(2)))};
    }

    /// Kick Y = (h/2) K and drift W = 2 ((2/h) M + (h/2) K)⁻¹ applied by sparse solves
    /// (scheme/linear/sparse_factors.hpp). M, K: sparse n × n SPD; h > 0.
    /// \throws std::invalid_argument if h <= 0 or is not finite.
    template <class T>
    static auto sparse_factors(const sparse_matrix<T>& M, const sparse_matrix<T>& K, const T& h) {
        geomint::detail::require_positive_step(h, "newmark");
        return sparse_kick_drift_kick<T>::newmark(M, K, h);
    }

    /// The same kick and drift for a `matrix_free_system` (odeint's pair form applied as given:
    /// conjugate-gradient solves, scheme/linear/matrix_free_factors.hpp). `Coor`, `Momentum`: the
    /// containers the callables take; n degrees of freedom; h > 0; `ws` the stepper's buffers.
    template <class T, class Coor, class Momentum, class System>
    static auto matrix_free_factors(System& sys, Eigen::Index n, const T& h,
                                    detail::matrix_free_workspace<T, Coor, Momentum>& ws) {
        geomint::detail::require_positive_step(h, "newmark");
        return matrix_free_kick_drift_kick<T, Coor, Momentum, System>::newmark(sys, n, h, ws);
    }

    /// Newmark's scheme is unconditionally stable: every h > 0 is admissible (M, K dense or sparse).
    template <class Matrix>
    static bool admissible(const Matrix&, const Matrix&, const typename Matrix::Scalar&) {
        return true;
    }

    /// The step with damping and a load (discrete Lagrange–d'Alembert, eqs. (3)–(5) of
    /// scheme/linear/lagrange_dalembert.hpp).
    using lagrange_dalembert = newmark_lagrange_dalembert;
};

}  // namespace geomint::scheme
