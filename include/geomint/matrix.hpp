#pragma once
/// \file
/// Eigen's dense core as geomint uses it everywhere: the `matrix`/`vector` aliases, the value
/// parts of a matrix of duals, and the entry checks behind every "non-finite entry" error. Only
/// `<Eigen/Core>`: the decompositions, and Eigen's traits for Boost.Multiprecision scalars, are
/// in geomint/linalg.hpp (and geomint/precision.hpp).

#include "geomint/error.hpp"
#include "geomint/scalar.hpp"

#include <Eigen/Core>

#include <stdexcept>
#include <string>
#include <type_traits>

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

/// True when every entry of `a` (vector or matrix) is finite (always true for exact types). For
/// built-in floating types one vectorized sum: Σ 0·a_ij is 0 exactly when no entry is infinite
/// or NaN.
template <class Derived>
bool all_finite(const Eigen::MatrixBase<Derived>& a) {
    using S = typename Derived::Scalar;
    if constexpr (std::is_floating_point_v<S>) return (a.array() * S(0)).sum() == S(0);
    else return first_non_finite(a) < 0;
}

/// \throws std::invalid_argument naming `what` and the first non-finite entry of `a`.
template <class Derived>
void require_finite(const Eigen::MatrixBase<Derived>& a, const std::string& what) {
    const Eigen::Index k = first_non_finite(a);
    if (k < 0) return;
    const Eigen::Index i = k % a.rows(), j = k / a.rows();
    const std::string where = Derived::ColsAtCompileTime == 1 || Derived::RowsAtCompileTime == 1
                                  ? "[" + std::to_string(k) + "]"  // a vector: its index alone
                                  : "(" + std::to_string(i) + ", " + std::to_string(j) + ")";
    throw std::invalid_argument(what + " has a non-finite entry: " + where + " = " + geomint::to_string(a(i, j)) +
                                " (precondition: all entries finite)");
}

}  // namespace geomint
