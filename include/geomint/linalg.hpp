#pragma once
/// \file
/// Eigen's decompositions over every geomint scalar: symmetry and definiteness checks, and the
/// linear solve (full-pivoting LU) behind the implicit schemes.
///
/// `<boost/multiprecision/eigen.hpp>` (Boost >= 1.81) supplies `Eigen::NumTraits` for every
/// Boost.Multiprecision number, so Eigen's decompositions run at quad, mp<D>, mpfr<D> and,
/// where no square root is needed (LU, LDLT), exactly with `geomint::rational`;
/// geomint/autodiff.hpp supplies those of `dual<T>`.

#include "geomint/autodiff.hpp"
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

namespace detail {
/// True when every pivot d_i of the pivoted LDLᵀ factorization of the symmetric matrix `a`
/// passes `accept(d_i)`; false for an empty `a` or a failed factorization.
template <class Derived, class Accept>
bool ldlt_pivots_all(const Eigen::MatrixBase<Derived>& a, Accept accept) {
    using T = typename Derived::Scalar;
    if (a.rows() == 0) return false;
    Eigen::LDLT<matrix<T>> ldlt{matrix<T>(a)};  // dynamic size: one instantiation per scalar type
    if (ldlt.info() != Eigen::Success) return false;
    const auto d = ldlt.vectorD();
    for (Eigen::Index i = 0; i < d.size(); ++i)
        if (!accept(d(i))) return false;
    return true;
}
}  // namespace detail

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
    using T = typename Derived::Scalar;
    const T tol = scalar_traits<T>::tolerance(16 * static_cast<unsigned>(a.rows())) * max_abs(a);
    return detail::ldlt_pivots_all(a, [&tol](const T& d) { return !(d < -tol); });
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
