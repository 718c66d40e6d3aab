#pragma once
/// \file
/// Shared machinery of the linear variational schemes: the partitioned form of Proposition 1.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz (2024), Proposition 1, eq. (34), and
/// Proposition 7, eq. (42). A scheme of this form is A η_{j+1} = B η_j with η = (p, q),
/// \f[
///     A = \begin{pmatrix} I & -X \\ I & Y \end{pmatrix}, \qquad
///     B = \begin{pmatrix} -I & -X \\ I & -Y \end{pmatrix},
/// \f]
/// equivalently p_{j+1} + p_j = X (q_{j+1} − q_j) and p_{j+1} − p_j = −Y (q_{j+1} + q_j).
/// With Z = X + Y this gives q_{j+1} = Z⁻¹(2 p_j + (X − Y) q_j), p_{j+1} = X (q_{j+1} − q_j) − p_j,
/// so Φ = A⁻¹B is formed from one n × n solve. Newmark (11) and Simpson variant 2 (31) are
/// instances that differ only in X and Y.
///
/// Kick–drift–kick factorization (geomint's, used by the steppers): with W = 2 Z⁻¹,
///     p_½ = p_j − Y q_j,   q_{j+1} = q_j + W p_½,   p_{j+1} = p_½ − Y q_{j+1},
/// i.e. Φ = L(−Y) U(W) L(−Y) with shears L(R) = [[I, R], [0, I]] (p += R q) and
/// U(S) = [[I, 0], [S, I]] (q += S p) in η = (p, q). (Check: Z(q_{j+1} − q_j) = 2p_j − 2Y q_j and
/// p_{j+1} − p_j = −Y(q_j + q_{j+1}), which are eqs. (34).) Each shear is exactly symplectic for
/// any symmetric coefficient, so with Y, W rounded but exactly symmetric the computed map is an
/// exactly symplectic map O(ε) from Φ: its eigenvalues stay on the unit circle and invariants
/// drift only by the per-step rounding (a random walk, ~√N), not linearly as with a rounded Φ
/// (whose det differs from 1 by O(ε)). It also costs 3 n × n products instead of one 2n × 2n.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/traits.hpp"

namespace geomint::scheme {

/// The blocks X, Y (n × n) of a scheme in the partitioned form (34). Dynamic size: transfer
/// matrices are built once per step size, off the hot path.
template <class T>
struct partitioned_blocks {
    /// Block X (n × n).
    matrix<T> X;
    /// Block Y (n × n).
    matrix<T> Y;
};

/// Transfer (amplification) matrix Φ = A⁻¹B of the partitioned form, 2n × 2n, η = (p, q).
/// \throws geomint::singular_step_error if Z = X + Y is singular (then A is not invertible).
template <class T>
matrix<T> partitioned_transfer_matrix(const partitioned_blocks<T>& b) {
    const Eigen::Index n = b.X.rows();
    const matrix<T> I = matrix<T>::Identity(n, n);
    matrix<T> rhs(n, 2 * n);
    rhs << T(2) * I, b.X - b.Y;
    matrix<T> lower(n, 2 * n);  // (Φ_qp, Φ_qq) = Z⁻¹ (2I, X − Y)
    if (!try_solve(matrix<T>(b.X + b.Y), rhs, lower))
        throw singular_step_error("partitioned scheme: Z = X + Y is singular, A = [I -X; I Y] is not invertible");
    matrix<T> phi(2 * n, 2 * n);
    phi.bottomRows(n) = lower;
    phi.topLeftCorner(n, n).noalias() = b.X * lower.leftCols(n);
    phi.topLeftCorner(n, n) -= I;
    phi.topRightCorner(n, n).noalias() = b.X * (lower.rightCols(n) - I);
    return phi;
}

/// Symmetric coefficients (Y, W) of the kick–drift–kick factorization Φ = L(−Y) U(W) L(−Y).
template <class T>
struct kick_drift_kick {
    matrix<T> Y;  ///< kick: p −= Y q (n × n, symmetric)
    matrix<T> W;  ///< drift: q += W p (n × n, symmetric), W = 2 (X + Y)⁻¹
};

namespace detail {
/// (a + aᵀ)/2, exactly symmetric in floating point (entries (i, j) and (j, i) use the same sum).
template <class T>
matrix<T> symmetric_part(const matrix<T>& a) {
    return (a + a.transpose()) / T(2);
}
}  // namespace detail

/// Kick–drift–kick coefficients from the blocks X, Y.
/// \throws geomint::singular_step_error if Z = X + Y is singular.
template <class T>
kick_drift_kick<T> partitioned_factors(const partitioned_blocks<T>& b) {
    const Eigen::Index n = b.X.rows();
    matrix<T> W(n, n);
    if (!try_solve(matrix<T>(b.X + b.Y), matrix<T>(T(2) * matrix<T>::Identity(n, n)), W))
        throw singular_step_error("partitioned scheme: Z = X + Y is singular, A = [I -X; I Y] is not invertible");
    return {detail::symmetric_part(b.Y), detail::symmetric_part(W)};
}

/// Kick–drift–kick coefficients read off a transfer matrix of the partitioned form (2n × 2n,
/// η = (p, q)): W = Φ_qp, Y = W⁻¹ (I − Φ_qq).
/// \throws geomint::singular_step_error if Φ_qp is singular.
template <class T>
kick_drift_kick<T> factor_transfer_matrix(const matrix<T>& phi) {
    const Eigen::Index n = phi.rows() / 2;
    const matrix<T> W = phi.bottomLeftCorner(n, n);
    matrix<T> Y(n, n);
    if (!try_solve(W, matrix<T>(matrix<T>::Identity(n, n) - phi.bottomRightCorner(n, n)), Y))
        throw singular_step_error("kick-drift-kick factorization: the block dq'/dp of Phi is singular");
    return {detail::symmetric_part(Y), detail::symmetric_part(W)};
}

/// The quadratic form φ(p, q) = ½ pᵀ ξ p + ½ qᵀ ζ q conserved by the partitioned form
/// (Proposition 7): ξ = (X + Y)⁻¹, ζ = (X⁻¹ + Y⁻¹)⁻¹ = X ξ Y. Shapes n × n.
template <class T>
struct quadratic_form {
    /// ξ = (X + Y)⁻¹ (n × n).
    matrix<T> xi;
    /// ζ = X ξ Y (n × n).
    matrix<T> zeta;

    /// φ(p, q) for length-n Eigen vectors p, q.
    template <class P, class Q>
    T operator()(const Eigen::MatrixBase<P>& p, const Eigen::MatrixBase<Q>& q) const {
        return (p.dot(xi * p) + q.dot(zeta * q)) / T(2);
    }
};

/// ξ and ζ of Proposition 7 for the blocks X, Y.
/// \throws geomint::singular_step_error if X + Y is singular.
template <class T>
quadratic_form<T> partitioned_conserved_form(const partitioned_blocks<T>& b) {
    const Eigen::Index n = b.X.rows();
    quadratic_form<T> f{matrix<T>(n, n), matrix<T>(n, n)};
    if (!try_solve(matrix<T>(b.X + b.Y), matrix<T>::Identity(n, n), f.xi))
        throw singular_step_error("conserved quadratic form: X + Y is singular");
    f.zeta = b.X * f.xi * b.Y;
    return f;
}

/// Base of a scheme given by its blocks (X, Y) = `Derived::blocks(M, K, h)` (Newmark, Simpson
/// variant 2): its transfer matrix and its kick–drift–kick factors, both from the blocks.
template <class Derived>
struct partitioned_scheme {
    /// Φ = A⁻¹ B of the partitioned form (34), 2n × 2n, η = (p, q).
    template <class T>
    static matrix<T> transfer_matrix(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return partitioned_transfer_matrix(Derived::blocks(M, K, h));
    }

    /// Kick–drift–kick coefficients of Φ, used by the steppers.
    template <class T>
    static kick_drift_kick<T> factors(const matrix<T>& M, const matrix<T>& K, const T& h) {
        return partitioned_factors(Derived::blocks(M, K, h));
    }
};

}  // namespace geomint::scheme

namespace geomint {

/// A scheme for M q̈ + K q = 0 written in the partitioned (kick–drift–kick) form
/// (scheme/linear/partitioned_form.hpp): Newmark, Simpson.
template <class S>
concept linear_variational_scheme =
    scheme_description<S> && requires(const matrix<double>& M, const matrix<double>& K, const double& h) {
        S::factors(M, K, h);
        { S::transfer_matrix(M, K, h) } -> std::convertible_to<matrix<double>>;
        { S::admissible(M, K, h) } -> std::convertible_to<bool>;
        { S::has_internal_node } -> std::convertible_to<bool>;
    };

}  // namespace geomint
