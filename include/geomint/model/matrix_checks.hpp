#pragma once
/// \file
/// The checks every linear model runs on its matrices (quadratic_lagrangian's M and K,
/// structural_system's M, C and K), dense or sparse, with the errors that name the model, the
/// matrix and the violated condition.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"

#include <stdexcept>
#include <string>

namespace geomint::detail {

/// What a model requires of one of its matrices.
enum class definiteness {
    positive_definite,     ///< every LDLᵀ pivot > 0 (a mass matrix; quadratic_lagrangian's K)
    positive_semidefinite  ///< no eigenvalue below −16 n ε max|a_ij| (a damping matrix, a free-free K)
};

/// Checks that `a` is finite, square with n >= 1, symmetric within 16 ε max|a_ij| and of the
/// required definiteness (dense: linalg.hpp; sparse: sparse.hpp).
/// \throws std::invalid_argument "<model>: <name> ..." naming the failed condition.
template <class Matrix>
void require_model_matrix(const std::string& model, const std::string& name, const Matrix& a, definiteness d) {
    using T = typename Matrix::Scalar;
    const std::string what = model + ": " + name;
    require_finite(a, what);
    if (a.rows() != a.cols() || a.rows() == 0)
        throw std::invalid_argument(what + " is " + std::to_string(a.rows()) + "x" + std::to_string(a.cols()) +
                                    " (precondition: square, n >= 1)");
    if (!is_symmetric(a))
        throw std::invalid_argument(what + " is not symmetric: max |a - a^T| = " + geomint::to_string(max_asymmetry(a)) +
                                    " > 16 eps max|a| = " +
                                    geomint::to_string(scalar_traits<T>::tolerance(16) * max_abs(a)));
    if (d == definiteness::positive_definite && !is_positive_definite(a))
        throw std::invalid_argument(what + " is not positive definite (an LDL^T pivot is <= 0)");
    if (d == definiteness::positive_semidefinite && !is_positive_semidefinite(a))
        throw std::invalid_argument(what + " is not positive semidefinite (tolerance 16 n eps max|a|)");
}

}  // namespace geomint::detail
