#pragma once
/// \file
/// Eigen's decompositions over every geomint scalar: symmetry and definiteness checks, and the
/// linear solve (full-pivoting LU) behind the implicit schemes.
///
/// `<boost/multiprecision/eigen.hpp>` (Boost >= 1.81) supplies `Eigen::NumTraits` for every
/// Boost.Multiprecision number, so Eigen's decompositions run at quad, mp<D>, mpfr<D> and,
/// where no square root is needed (LU, LDLT), exactly with `geomint::rational`;
/// geomint/autodiff.hpp, which defines `dual<T>`, supplies those of `dual<T>`.

#include "geomint/matrix.hpp"

#include <Eigen/Cholesky>
#include <Eigen/LU>
#include <boost/multiprecision/eigen.hpp>

namespace geomint {

/// True when `a` is square and max |a - aᵀ| <= 16 ε max |a| (exactly symmetric for exact types).
template <class Derived>
bool is_symmetric(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    if (a.rows() != a.cols()) return false;
    const T tol = scalar_traits<T>::tolerance(16) * max_abs(a);
    return max_asymmetry(a) <= tol;
}

/// Where the pivoted LDLᵀ factorization of a symmetric matrix fails a definiteness test: the
/// row of the matrix (in its own numbering, the symmetric pivoting undone) whose pivot was
/// rejected and that pivot; `row` = −1 when every pivot passes, −2 when the matrix is empty or
/// the factorization failed.
template <class T>
struct pivot_failure {
    /// Row of the rejected pivot, −1 (none rejected) or −2 (empty matrix, failed factorization).
    Eigen::Index row = -1;
    /// The rejected pivot d_i (valid when row >= 0).
    T pivot = T(0);
};

namespace detail {
/// The row of a symmetric matrix a whose pivot is number i of the factorization of P a Pᵀ
/// (dense or sparse LDLᵀ): σ⁻¹(i), σ being the index map of the permutation P.
template <class Permutation>
Eigen::Index unpermuted_row(const Permutation& P, Eigen::Index i) {
    return Eigen::PermutationMatrix<Eigen::Dynamic>(Eigen::PermutationMatrix<Eigen::Dynamic>(P).inverse()).indices()(i);
}

/// The first pivot d_i of the pivoted LDLᵀ factorization P a Pᵀ = L D Lᵀ of the symmetric matrix
/// `a` that `accept(d_i)` rejects, with its row of `a`.
template <class Derived, class Accept>
pivot_failure<typename Derived::Scalar> first_rejected_pivot(const Eigen::MatrixBase<Derived>& a, Accept accept) {
    using T = typename Derived::Scalar;
    if (a.rows() == 0) return {-2, T(0)};
    Eigen::LDLT<matrix<T>> ldlt{matrix<T>(a)};  // dynamic size: one instantiation per scalar type
    if (ldlt.info() != Eigen::Success) return {-2, T(0)};
    const auto d = ldlt.vectorD();
    for (Eigen::Index i = 0; i < d.size(); ++i)
        if (!accept(d(i))) return {unpermuted_row(ldlt.transpositionsP(), i), d(i)};
    return {};
}

/// True when every pivot d_i of the pivoted LDLᵀ factorization of the symmetric matrix `a`
/// passes `accept(d_i)`; false for an empty `a` or a failed factorization.
template <class Derived, class Accept>
bool ldlt_pivots_all(const Eigen::MatrixBase<Derived>& a, Accept accept) {
    return first_rejected_pivot(a, accept).row == -1;
}
}  // namespace detail

/// The pivot that shows a symmetric `a` is not positive definite (`row` = −1 when it is).
template <class Derived>
pivot_failure<typename Derived::Scalar> definiteness_failure(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    return detail::first_rejected_pivot(a, [](const T& d) { return d > T(0); });
}

/// The pivot that shows a symmetric `a` is not positive semidefinite: below −16 n ε max|a_ij|
/// (below 0 for exact types; `row` = −1 when none is). Where the pivoted LDLᵀ of an exactly
/// singular `a` fails, the pivots of a + 16 n ε max|a_ij| I are judged (> 0), as for sparse
/// matrices.
template <class Derived>
pivot_failure<typename Derived::Scalar> semidefiniteness_failure(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    const T tol = scalar_traits<T>::tolerance(16 * static_cast<unsigned>(a.rows())) * max_abs(a);
    const auto failure = detail::first_rejected_pivot(a, [&tol](const T& d) { return !(d < -tol); });
    if (failure.row != -2 || a.rows() == 0 || tol == T(0)) return failure;
    // Eigen's LDLT gives up on some exactly singular matrices (a nonzero pivot after a zero one):
    // decide on a + tol I, as the sparse check does
    const matrix<T> shifted = matrix<T>(a) + tol * matrix<T>::Identity(a.rows(), a.cols());
    return detail::first_rejected_pivot(shifted, [](const T& d) { return d > T(0); });
}

/// True when the symmetric matrix `a` is positive definite: every pivot of its LDLᵀ
/// (pivoted Cholesky) factorization is strictly positive. Exact for `rational`.
template <class Derived>
bool is_positive_definite(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    return detail::ldlt_pivots_all(a, [](const T& d) { return d > T(0); });
}

/// True when the symmetric matrix `a` is positive semidefinite: every pivot of its pivoted LDLᵀ
/// factorization is >= −16 n ε max|a_ij| (>= 0 exactly for `rational`). A zero matrix passes.
template <class Derived>
bool is_positive_semidefinite(const Eigen::MatrixBase<Derived>& a) {
    return semidefiniteness_failure(a).row == -1;
}

/// How `try_solve` solves a x = b for the scalar `T`: full-pivoting LU (threshold 0 for exact
/// types). Specialized for symbolic scalars (geomint/symbolic/ginac.hpp: fraction-free
/// elimination, no pivot comparisons).
template <class T, class Enable = void>
struct linear_solver {
    /// x = a⁻¹b; false when `a` is singular at the working precision (exactly, for exact types).
    static bool solve(const matrix<T>& a, const matrix<T>& b, matrix<T>& x) {
        Eigen::FullPivLU<matrix<T>> lu{a};  // dynamic size: one instantiation per scalar type
        if constexpr (is_exact_v<T>) lu.setThreshold(T(0));
        if (!lu.isInvertible()) return false;
        x = lu.solve(b);
        return true;
    }
};

/// Solve `a x = b` (any shapes, converted to dynamic size) by `linear_solver<T>` (full-pivoting
/// LU); returns false (and leaves `x` unspecified) when `a` is singular at the working precision
/// (exactly singular for exact and symbolic types).
template <class MatA, class MatB, class MatX>
bool try_solve(const MatA& a, const MatB& b, MatX& x) {
    using T = typename MatA::Scalar;
    matrix<T> y;
    if (!linear_solver<T>::solve(matrix<T>(a), matrix<T>(b), y)) return false;
    x = y;
    return true;
}

}  // namespace geomint
