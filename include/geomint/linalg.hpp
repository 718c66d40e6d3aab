#pragma once
/// \file
/// The one place that adapts Eigen to geomint's scalar types.
///
/// `<boost/multiprecision/eigen.hpp>` (Boost >= 1.81) supplies `Eigen::NumTraits` for every
/// Boost.Multiprecision number, so Eigen's decompositions run at quad, mp<D>, mpfr<D> and,
/// where no square root is needed (LU, LDLT), exactly with `geomint::rational`. Below, the
/// `Eigen::NumTraits` of `dual<T>` (Boost.Math autodiff, first order), so Eigen matrices of
/// duals carry one directional derivative through products and solves (Newton Jacobians).

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/scalar.hpp"

#include <Eigen/Cholesky>
#include <Eigen/Core>
#include <Eigen/LU>
#include <boost/multiprecision/eigen.hpp>

#include <algorithm>
#include <type_traits>
#include <stdexcept>
#include <string>

namespace Eigen {
/// `dual<T>` (value and one tangent over T) as an Eigen scalar: T's traits, with dual results.
template <class T>
struct NumTraits<boost::math::differentiation::detail::fvar<T, 1>> : NumTraits<T> {
    using Real = boost::math::differentiation::detail::fvar<T, 1>;
    using NonInteger = Real;
    using Literal = Real;
    using Nested = Real;
    enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 2, AddCost = 2, MulCost = 4 };
    static Real epsilon() { return Real(NumTraits<T>::epsilon()); }
    static Real dummy_precision() { return Real(NumTraits<T>::dummy_precision()); }
    static Real highest() { return Real(NumTraits<T>::highest()); }
    static Real lowest() { return Real(NumTraits<T>::lowest()); }
    static int digits10() { return NumTraits<T>::digits10(); }
};

namespace internal {
struct geomint_no_scalar_promotion {};

/// fvar converts from anything (an unconstrained constructor), so Eigen would take a matrix
/// operand of `A * B` for a scalar: refuse to promote Eigen expressions to `dual<T>`.
template <class T, class Other>
struct promote_scalar_arg<boost::math::differentiation::detail::fvar<T, 1>, Other, false>
    : std::conditional_t<std::is_base_of_v<EigenBase<Other>, Other>, geomint_no_scalar_promotion,
                         promote_scalar_arg_unsupported<boost::math::differentiation::detail::fvar<T, 1>, Other,
                                                        boost::math::differentiation::detail::fvar<T, 1>>> {};
}  // namespace internal
}  // namespace Eigen

namespace geomint {

/// Value parts of an Eigen matrix of U (`T` or `dual<T>`), as a matrix of the same shape of T.
template <class Derived>
auto values_of(const Eigen::MatrixBase<Derived>& m) {
    using U = typename Derived::Scalar;
    return m.unaryExpr([](const U& x) { return value_of(x); }).eval();
}


/// Square matrix of `T`, `N` rows (Eigen::Dynamic for a run-time size).
template <class T, int N = Eigen::Dynamic>
using matrix = Eigen::Matrix<T, N, N>;

/// Column vector of `T`, `N` rows.
template <class T, int N = Eigen::Dynamic>
using vector = Eigen::Matrix<T, N, 1>;

/// Twice a compile-time size, Dynamic staying Dynamic (the size of η = (p, q)).
constexpr int twice(int n) { return n == Eigen::Dynamic ? Eigen::Dynamic : 2 * n; }

/// Largest absolute entry, max |a_ij| (0 for an empty matrix).
template <class Derived>
typename Derived::Scalar max_abs(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    T m(0);
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        for (Eigen::Index i = 0; i < a.rows(); ++i) {
            using std::abs;
            T v = abs(a(i, j));
            if (v > m) m = v;
        }
    return m;
}

/// max |a − aᵀ| of a square matrix.
template <class Derived>
typename Derived::Scalar max_asymmetry(const Eigen::MatrixBase<Derived>& a) {
    return max_abs(a - a.transpose());
}

/// True when `a` is square and max |a - aᵀ| <= 16 ε max |a| (exactly symmetric for exact types).
template <class Derived>
bool is_symmetric(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    if (a.rows() != a.cols()) return false;
    const T tol = scalar_traits<T>::tolerance(16) * max_abs(a);
    return max_asymmetry(a) <= tol;
}

/// True when the symmetric matrix `a` is positive definite: every pivot of its LDLᵀ
/// (pivoted Cholesky) factorization is strictly positive. Exact for `rational`.
template <class Derived>
bool is_positive_definite(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    if (a.rows() == 0) return false;
    Eigen::LDLT<matrix<T>> ldlt{matrix<T>(a)};  // dynamic size: one instantiation per scalar type
    if (ldlt.info() != Eigen::Success) return false;
    const auto d = ldlt.vectorD();
    for (Eigen::Index i = 0; i < d.size(); ++i)
        if (!(d(i) > T(0))) return false;
    return true;
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

/// Linear (column-major) index of the first non-finite entry of `a`, or -1.
template <class Derived>
Eigen::Index first_non_finite(const Eigen::MatrixBase<Derived>& a) {
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        for (Eigen::Index i = 0; i < a.rows(); ++i)
            if (!is_finite(a(i, j))) return j * a.rows() + i;
    return -1;
}

/// The entries of a vector as "x0, x1, ..." (each with `geomint::to_string`), for error messages.
template <class Derived>
std::string entries_to_string(const Eigen::MatrixBase<Derived>& x) {
    std::string s;
    for (Eigen::Index i = 0; i < x.size(); ++i) s += (i ? ", " : "") + geomint::to_string(x(i));
    return s;
}

/// True when every entry of `a` (vector or matrix) is finite (always true for exact types).
template <class Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& a) {
    return first_non_finite(a) < 0;
}

/// \throws std::invalid_argument naming `what` and the first non-finite entry of `a`.
template <class Derived>
void require_finite(const Eigen::MatrixBase<Derived>& a, const std::string& what) {
    const Eigen::Index k = first_non_finite(a);
    if (k < 0) return;
    const Eigen::Index i = k % a.rows(), j = k / a.rows();
    throw std::invalid_argument(what + " has a non-finite entry: (" + std::to_string(i) + ", " +
                                std::to_string(j) + ") = " + geomint::to_string(a(i, j)) +
                                " (precondition: all entries finite)");
}

}  // namespace geomint
