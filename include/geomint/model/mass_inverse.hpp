#pragma once
/// \file
/// `mass_inverse<Matrix>`: M⁻¹ of a linear model's mass matrix, computed once at construction —
/// the dense inverse (by LDLᵀ, at dynamic size: one instantiation per scalar) for dense M, the
/// sparse LDLᵀ factorization (O(nonzeros) memory) for sparse M. Shared by quadratic_lagrangian
/// and structural_system.

#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"

#include <type_traits>

namespace geomint {

/// M⁻¹ of a symmetric positive definite mass matrix M, computed once (see the file comment).
template <class Matrix>
class mass_inverse {
public:
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Whether the matrix type is an Eigen sparse matrix.
    static constexpr bool is_sparse = is_sparse_matrix_v<Matrix>;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<value_type, Matrix::RowsAtCompileTime>;

    /// Precondition: M symmetric positive definite (checked by the models before), compressed
    /// when sparse.
    explicit mass_inverse(const Matrix& M) {
        if constexpr (is_sparse) {
            m_inverse.compute(M);
        } else {
            const matrix<value_type> Md = M;
            m_inverse = Eigen::LDLT<matrix<value_type>>(Md).solve(matrix<value_type>::Identity(Md.rows(), Md.cols()));
        }
    }

    /// M⁻¹ (dense models only).
    const Matrix& dense() const
        requires(!is_sparse)
    {
        return m_inverse;
    }

    /// M⁻¹ v for an Eigen vector v of length n (dense: a product; sparse: an LDLᵀ solve).
    template <class V>
    vector_type apply(const V& v) const {
        if constexpr (is_sparse) return m_inverse.solve(v);
        else return m_inverse * v;
    }

private:
    std::conditional_t<is_sparse, sparse_ldlt<value_type>, Matrix> m_inverse;
};

}  // namespace geomint
