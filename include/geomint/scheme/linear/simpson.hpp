#pragma once
/// \file
/// Simpson's variational scheme for M q̈ + K q = 0, both variants.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz (2024), §3. Discrete Lagrangian: q(t) is the
/// quadratic interpolant (13)–(14) through (q_ℓ, q_m, q_r) at t = 0, h/2, h; the action is
/// integrated by Simpson's rule (1) with the Gear derivatives (15):
///
/// \f[
///     L_h = \frac{h}{2}\Big[\tfrac16 g_\ell^{\mathsf T} M g_\ell + \tfrac23 g_m^{\mathsf T} M g_m + \tfrac16 g_r^{\mathsf T} M g_r\Big]
///         - \frac{h}{2}\Big[\tfrac16 q_\ell^{\mathsf T} K q_\ell + \tfrac23 q_m^{\mathsf T} K q_m + \tfrac16 q_r^{\mathsf T} K q_r\Big].
/// \f]
///
/// - Variant 1 (eqs. 26–29) keeps the internal node q_{j+1/2} and solves a 3n × 3n system
///   A_σ (q_{j+1/2}, p_{j+1}, q_{j+1}) = B_σ (p_j, q_j).
/// - Variant 2 (eqs. 30–32) eliminates it: the partitioned form (34) with
///   X_s = (2/h) M − (h/6) K and Y_s = (h/3)(K L⁻¹ + ½ K), L = I − (h²/8) M⁻¹K.
///   K L⁻¹ is formed as K (M − (h²/8) K)⁻¹ M, which needs no inverse of M or K.
///
/// Properties: order 4, symplectic when X_s, Y_s are positive definite (Propositions 3–6), which
/// holds exactly when \f$\omega_{\max} h < 2\sqrt{2}\f$; conserves φ(p, q) of Proposition 7, not H.

#include "geomint/error.hpp"
#include "geomint/scheme/linear/lagrange_dalembert.hpp"
#include "geomint/scheme/linear/partitioned_form.hpp"
#include "geomint/scheme/linear/matrix_free_factors.hpp"
#include "geomint/scheme/linear/sparse_factors.hpp"
#include "geomint/scheme/traits.hpp"

namespace geomint::scheme {

namespace detail {

/// What both variants share: the order, X_s and the stability test.
struct simpson_common : geomint::scheme_claims<4, symplectic_map | time_symmetric> {
    static constexpr const char* stability_text =
        "omega_max h < 2 sqrt(2) (Propositions 4-5; also stable for 2 sqrt(3) < omega h < 2 sqrt(6), "
        "analysis/stability.hpp)";
    /// 2√2, computed in T.
    template <class T>
    static T stability_limit() {
        using std::sqrt;
        return T(2) * sqrt(T(2));
    }

    /// X_s = (2/h) M − (h/6) K (eq. 31).
    template <class T>
    static matrix<T> x_block(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return M * (T(2) / h) - K * (h / T(6));
    }

    /// True when M − (h²/8) K is positive definite, i.e. ω_max h < 2√2: then L is invertible and
    /// X_s, Y_s are positive definite (Propositions 4–5), so the scheme is symplectic and stable.
    /// M, K dense or sparse. Exact for `rational`.
    template <class Matrix>
    static bool admissible(const Matrix& M, const Matrix& K, const typename Matrix::Scalar& h) {
        using T = typename Matrix::Scalar;
        return is_positive_definite(Matrix(M - Matrix(K * (h * h / T(8)))));
    }

    /// The step with damping and a load (discrete Lagrange–d'Alembert, eqs. (6)–(9) of
    /// scheme/linear/lagrange_dalembert.hpp); both variants.
    using lagrange_dalembert = simpson_lagrange_dalembert;

    /// Kick Y_s and drift W = 2 (X_s + Y_s)⁻¹ applied by sparse LDLᵀ solves with
    /// S = M − (h²/8) K, R = (2/h) M + (h/12) K and M (scheme/linear/sparse_factors.hpp); both
    /// variants have the same Φ. M, K: sparse n × n SPD; h > 0. `admissible()` of the result is
    /// the stability test (S positive definite).
    /// \throws std::invalid_argument if h <= 0; geomint::singular_step_error if S is singular.
    template <class T>
    static auto sparse_factors(const sparse_matrix<T>& M, const sparse_matrix<T>& K, const T& h) {
        require_step(h);
        return sparse_kick_drift_kick<T>::simpson(M, K, h);
    }

    /// The same kick and drift for a `matrix_free_system` (odeint's pair form applied as given:
    /// conjugate-gradient solves, scheme/linear/matrix_free_factors.hpp). `Coor`, `Momentum`: the
    /// containers the callables take; n degrees of freedom; h > 0; `ws` the stepper's buffers.
    template <class T, class Coor, class Momentum, class System>
    static auto matrix_free_factors(System& sys, Eigen::Index n, const T& h,
                                    detail::matrix_free_workspace<T, Coor, Momentum>& ws) {
        require_step(h);
        return matrix_free_kick_drift_kick<T, Coor, Momentum, System>::simpson(sys, n, h, ws);
    }

    template <class T>
    static void require_step(const T& h) {
        ::geomint::detail::require_positive_step(h, "simpson");
    }

    static singular_step_error singular_l() {
        return singular_step_error(
            "simpson: L = I - (h^2/8) M^-1 K is singular (omega_i h = 2 sqrt(2) for some mode)");
    }
};

}  // namespace detail

/// Simpson's scheme, variant 2 (eqs. 30–32): the internal node eliminated.
struct simpson : detail::simpson_common, partitioned_scheme<simpson> {
    /// Whether the scheme carries an internal node (Simpson variant 1: q at the half step).
    static constexpr bool has_internal_node = false;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "simpson";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Rojas-Quintero et al. (2024), eqs. (30)-(32)";

    /// X_s, Y_s of eq. (31). M, K: n × n; h > 0.
    /// \throws std::invalid_argument if h <= 0; geomint::singular_step_error if L is singular.
    template <class T>
    static partitioned_blocks<T> blocks(const matrix<T>& M, const matrix<T>& K, const T& h) {
        require_step(h);
        const Eigen::Index n = M.rows();
        matrix<T> S_inv_M(n, n);  // (M − h²K/8)⁻¹ M = L⁻¹
        if (!try_solve(matrix<T>(M - K * (h * h / T(8))), M, S_inv_M)) throw singular_l();
        const matrix<T> W = K * S_inv_M;  // K L⁻¹, symmetric (Proposition 3)
        return {x_block(M, K, h), matrix<T>((W + K / T(2)) * (h / T(3)))};
    }
};

/// Simpson's scheme, variant 1 (eqs. 26–29): keeps the internal node q_{j+1/2}.
struct simpson_variant1 : detail::simpson_common {
    /// Whether the scheme carries an internal node (Simpson variant 1: q at the half step).
    static constexpr bool has_internal_node = true;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "simpson_variant1";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Rojas-Quintero et al. (2024), eqs. (26)-(29)";

    /// A_σ⁻¹ B_σ of eq. (29): 3n × 2n, mapping (p_j, q_j) to (q_{j+1/2}, p_{j+1}, q_{j+1}).
    /// \throws std::invalid_argument if h <= 0; geomint::singular_step_error if A_σ is singular.
    template <class T>
    static matrix<T> internal_transfer_matrix(const matrix<T>& M,
                                                                          const matrix<T>& K, const T& h) {
        require_step(h);
        const Eigen::Index n = M.rows();
        const matrix<T> I = matrix<T>::Identity(n, n);
        const matrix<T> Z = matrix<T>::Zero(n, n);
        matrix<T> Minv_K(n, n);
        if (!try_solve(M, K, Minv_K)) throw singular_step_error("simpson_variant1: M is singular");
        const matrix<T> L = I - Minv_K * (h * h / T(8));
        const matrix<T> Xs = x_block(M, K, h);
        const matrix<T> K6 = K * (h / T(6));
        matrix<T> A(3 * n, 3 * n);  // eq. (28), unknowns (q_{j+1/2}, p_{j+1}, q_{j+1})
        A << L, Z, -I / T(2),
             Z, I, -Xs,
             K * (T(2) * h / T(3)), I, K6;
        matrix<T> B(3 * n, 2 * n);  // eq. (28), acting on (p_j, q_j)
        B << Z, I / T(2),
             -I, -Xs,
             I, -K6;
        matrix<T> psi(3 * n, 2 * n);
        if (!try_solve(A, B, psi)) throw singular_l();
        return psi;
    }

    /// The (p, q) rows of A_σ⁻¹ B_σ: the same Φ_s as variant 2 (2n × 2n).
    template <class T>
    static matrix<T> transfer_matrix(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return internal_transfer_matrix(M, K, h).bottomRows(2 * M.rows());
    }

    /// Kick–drift–kick coefficients read off variant 1's own Φ (not variant 2's blocks).
    template <class T>
    static kick_drift_kick<T> factors(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return factor_transfer_matrix(transfer_matrix(M, K, h));
    }

    /// `factors` and the internal node's rows (q_{j+1/2} from (p_j, q_j), n × 2n) from one
    /// computation of A_σ⁻¹ B_σ (what a stepper's cache miss needs).
    template <class T>
    static std::pair<kick_drift_kick<T>, matrix<T>> factors_with_internal_node(const matrix<T>& M, const matrix<T>& K,
                                                                               const T& h) {
        const matrix<T> psi = internal_transfer_matrix(M, K, h);
        const Eigen::Index n = M.rows();
        return {factor_transfer_matrix(matrix<T>(psi.bottomRows(2 * n))), matrix<T>(psi.topRows(n))};
    }
};

}  // namespace geomint::scheme
