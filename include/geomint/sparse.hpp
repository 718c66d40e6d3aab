#pragma once
/// \file
/// Sparse matrices over geomint's scalar types: the checks `linalg.hpp` gives dense matrices
/// (finite entries, symmetry, positive definiteness) and the one factorization the sparse
/// linear schemes use, Eigen's simplicial LDLᵀ with AMD fill-reducing ordering.
///
/// Eigen's sparse module needs only `Eigen::NumTraits` of the scalar, so everything here runs
/// at double, quad and mp<D>. Not with `geomint::rational`: Eigen's simplicial LDLᵀ shares its
/// code with LLᵀ and so compiles a square root.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"

#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace geomint {

/// Compressed sparse column matrix of `T` (Eigen's default layout).
template <class T>
using sparse_matrix = Eigen::SparseMatrix<T>;

/// Whether `Matrix` is an `Eigen::SparseMatrix`.
template <class Matrix>
struct is_sparse_matrix : std::false_type {};
template <class T, int Options, class Index>
struct is_sparse_matrix<Eigen::SparseMatrix<T, Options, Index>> : std::true_type {};
/// Whether Matrix is an Eigen sparse matrix.
template <class Matrix>
inline constexpr bool is_sparse_matrix_v = is_sparse_matrix<Matrix>::value;

/// LDLᵀ of a symmetric sparse matrix (lower triangle read), AMD ordering; `solve` costs
/// O(nonzeros of L). Non-copyable (hold it in a shared_ptr to share it).
template <class T>
using sparse_ldlt = Eigen::SimplicialLDLT<sparse_matrix<T>, Eigen::Lower, Eigen::AMDOrdering<int>>;

/// Largest absolute stored entry (0 for an empty matrix).
template <class Derived>
typename Derived::Scalar max_abs(const Eigen::SparseMatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    T m(0);
    for (Eigen::Index j = 0; j < a.outerSize(); ++j)
        for (typename Derived::InnerIterator it(a.derived(), j); it; ++it) {
            using std::abs;
            const T v = abs(it.value());
            if (v > m) m = v;
        }
    return m;
}

/// max |a − aᵀ| over the stored entries of a − aᵀ.
template <class T, int Options, class Index>
T max_asymmetry(const Eigen::SparseMatrix<T, Options, Index>& a) {
    const Eigen::SparseMatrix<T, Options, Index> at = a.transpose();
    return max_abs(Eigen::SparseMatrix<T, Options, Index>(a - at));
}

/// True when `a` is square and max |a − aᵀ| <= 16 ε max |a| (exactly symmetric for exact types).
template <class T, int Options, class Index>
bool is_symmetric(const Eigen::SparseMatrix<T, Options, Index>& a) {
    if (a.rows() != a.cols()) return false;
    return max_asymmetry(a) <= scalar_traits<T>::tolerance(16) * max_abs(a);
}

/// The first pivot of the factorization `f` (of a symmetric P a Pᵀ) that is not strictly
/// positive, with its row of the factored matrix; `row` = −2 when the factorization failed
/// (Eigen's simplicial LDLᵀ stops at an exactly zero pivot).
template <class T>
pivot_failure<T> first_nonpositive_pivot(const sparse_ldlt<T>& f) {
    if (f.info() != Eigen::Success) return {-2, T(0)};
    const auto d = f.vectorD();
    for (Eigen::Index i = 0; i < d.size(); ++i)
        if (!(d(i) > T(0))) return {detail::unpermuted_row(f.permutationP(), i), d(i)};
    return {};
}

/// True when the LDLᵀ factorization `f` succeeded and every pivot is strictly positive, i.e.
/// (Sylvester's law of inertia) the factored symmetric matrix is positive definite.
template <class T>
bool has_positive_pivots(const sparse_ldlt<T>& f) {
    return first_nonpositive_pivot(f).row == -1;
}

/// The pivot that shows the symmetric sparse `a` is not positive definite (`row` = −1 when it
/// is; −2 for an empty matrix or an exactly zero pivot).
template <class T>
pivot_failure<T> definiteness_failure(const sparse_matrix<T>& a) {
    if (a.rows() == 0) return {-2, T(0)};
    const sparse_ldlt<T> f(a);
    return first_nonpositive_pivot(f);
}

/// True when the symmetric sparse matrix `a` is positive definite (every LDLᵀ pivot > 0).
template <class T>
bool is_positive_definite(const sparse_matrix<T>& a) {
    return definiteness_failure(a).row == -1;
}

/// The pivot that shows the symmetric sparse `a` is not positive semidefinite: a pivot <= 0 of
/// a + δ I, δ = 16 n ε max|a_ij| (a sparse LDLᵀ stops at an
/// exactly zero pivot, so the singular matrices this check is for, a free-free stiffness or a
/// zero damping, are shifted first); `row` = −1 when none is. A zero matrix passes.
template <class T>
pivot_failure<T> semidefiniteness_failure(const sparse_matrix<T>& a) {
    if (a.rows() == 0 || a.rows() != a.cols()) return {-2, T(0)};
    const T scale = max_abs(a);
    if (scale == T(0)) return {};
    const T delta = scalar_traits<T>::tolerance(16 * static_cast<unsigned>(a.rows())) * scale;
    sparse_matrix<T> identity(a.rows(), a.cols());
    identity.setIdentity();
    return definiteness_failure(sparse_matrix<T>(a + delta * identity));
}

/// True when the symmetric sparse matrix `a` is positive semidefinite: no eigenvalue of `a` is
/// below −δ, δ = 16 n ε max|a_ij| (see `semidefiniteness_failure`). A zero matrix passes.
template <class T>
bool is_positive_semidefinite(const sparse_matrix<T>& a) {
    return semidefiniteness_failure(a).row == -1;
}

/// \throws std::invalid_argument naming `what` and the first non-finite stored entry of `a`.
template <class Derived>
void require_finite(const Eigen::SparseMatrixBase<Derived>& a, const std::string& what) {
    for (Eigen::Index j = 0; j < a.outerSize(); ++j)
        for (typename Derived::InnerIterator it(a.derived(), j); it; ++it)
            if (!is_finite(it.value()))
                throw std::invalid_argument(what + " has a non-finite entry: (" + std::to_string(it.row()) + ", " +
                                            std::to_string(it.col()) + ") = " + geomint::to_string(it.value()) +
                                            " (precondition: all entries finite)");
}

/// An LU factorization object kept between factorizations (owned by a stepper): for a sparse
/// matrix (`Eigen::SparseLU`, COLAMD ordering) the ordering and symbolic analysis are redone only
/// when the sparsity pattern changes, and the workspace is reused — the multiplier solves of a
/// constrained chain then cost O(n) per factorization (fresh SparseLU objects cost O(n) page
/// faults and memset each, measured 4.8 µs per rod at N = 3000 against 1.9 with reuse). Dense:
/// `Eigen::FullPivLU` recomputed.
template <class Matrix>
class reusable_lu {
public:
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Whether the matrix type is an Eigen sparse matrix.
    static constexpr bool is_sparse = is_sparse_matrix_v<Matrix>;

    reusable_lu() = default;
    /// A copy starts afresh (Eigen's sparse solvers are not copyable; the steppers holding this
    /// are): nothing factored, no pattern analysed.
    reusable_lu(const reusable_lu&) : reusable_lu() {}
    /// Assignment starts afresh, as the copy.
    reusable_lu& operator=(const reusable_lu&) {
        m_outer.clear();
        m_inner.clear();
        return *this;
    }

    /// Factors `a` (square); false when it is singular at the working precision.
    bool factorize(const Matrix& a) {
        if constexpr (is_sparse) {
            m_matrix = a;
            m_matrix.makeCompressed();
            const auto* outer = m_matrix.outerIndexPtr();
            const auto* inner = m_matrix.innerIndexPtr();
            const bool same = m_outer.size() == std::size_t(m_matrix.outerSize() + 1) &&
                              m_inner.size() == std::size_t(m_matrix.nonZeros()) &&
                              std::equal(m_outer.begin(), m_outer.end(), outer) &&
                              std::equal(m_inner.begin(), m_inner.end(), inner);
            if (!same) {
                m_lu.analyzePattern(m_matrix);
                m_outer.assign(outer, outer + m_matrix.outerSize() + 1);
                m_inner.assign(inner, inner + m_matrix.nonZeros());
            }
            m_lu.factorize(m_matrix);
            return m_lu.info() == Eigen::Success;
        } else {
            if constexpr (is_exact_v<value_type>) m_lu.setThreshold(value_type(0));
            m_lu.compute(a);
            return m_lu.isInvertible();
        }
    }

    /// a⁻¹ b for the last matrix factored. Precondition: factorize returned true.
    template <class V>
    vector<value_type> solve(const V& b) const {
        return m_lu.solve(b);
    }

private:
    std::conditional_t<is_sparse, Eigen::SparseLU<sparse_matrix<value_type>, Eigen::COLAMDOrdering<int>>,
                       Eigen::FullPivLU<matrix<value_type>>>
        m_lu;
    std::conditional_t<is_sparse, sparse_matrix<value_type>, int> m_matrix{};
    std::vector<int> m_outer, m_inner;  ///< the pattern analysed last
};

/// LU factorization of a square matrix, dense (`Eigen::FullPivLU`, threshold 0 for exact scalars)
/// or sparse (`Eigen::SparseLU`, COLAMD ordering), computed once and applied by `solve`: the
/// factorization behind the non-symmetric step operators (damped schemes, backward steps).
/// Non-copyable (hold it in a shared_ptr to share it).
template <class Matrix>
class lu_factorization {
public:
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Whether the matrix type is an Eigen sparse matrix.
    static constexpr bool is_sparse = is_sparse_matrix_v<Matrix>;

    /// Factors `a` (square).
    explicit lu_factorization(const Matrix& a) : m_invertible(m_lu.factorize(a)) {}
    lu_factorization(const lu_factorization&) = delete;
    lu_factorization& operator=(const lu_factorization&) = delete;

    /// False when `a` is singular at the working precision (a zero pivot for the sparse LU).
    bool invertible() const { return m_invertible; }

    /// a⁻¹ b for a length-n vector b. Precondition: invertible().
    template <class V>
    vector<value_type> solve(const V& b) const {
        return m_lu.solve(b);
    }

private:
    reusable_lu<Matrix> m_lu;
    bool m_invertible;
};

/// Dense copy of a dense or sparse matrix, at dynamic size (for O(n³) analyses of small models).
template <class Matrix>
matrix<typename Matrix::Scalar> dense_copy(const Matrix& a) {
    if constexpr (is_sparse_matrix_v<Matrix>) return matrix<typename Matrix::Scalar>(a.toDense());
    else return matrix<typename Matrix::Scalar>(a);
}

}  // namespace geomint
