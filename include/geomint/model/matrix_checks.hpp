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
/// \throws std::invalid_argument "<model>: <name> ..." naming the failed condition: the first
///         non-finite entry, the shape, the asymmetry against its tolerance, or the rejected LDLᵀ
///         pivot with its row and what to check.
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
    const bool definite = d == definiteness::positive_definite;
    const auto failure = definite ? definiteness_failure(a) : semidefiniteness_failure(a);
    if (failure.row == -1) return;
    const std::string n = std::to_string(a.rows());
    const std::string pivot =
        failure.row >= 0 ? "its LDL^T factorization (symmetric pivoting) has the pivot " + geomint::to_string(failure.pivot) +
                               " at row " + std::to_string(failure.row) + " of " + n
                         : std::string("its LDL^T factorization stopped at a zero pivot");
    if (definite)
        throw std::invalid_argument(what + " is not positive definite (it is symmetric): " + pivot +
                                    " (precondition: every pivot > 0). A pivot <= 0 means an eigenvalue <= 0: check "
                                    "the sign (the matrix itself, not its negative), the units, and, for a stiffness, "
                                    "that no degree of freedom moves freely (a rigid-body mode; structural_system "
                                    "accepts a semidefinite K)");
    throw std::invalid_argument(what + " is not positive semidefinite (it is symmetric): " + pivot +
                                (is_sparse_matrix_v<Matrix> ? " (of the matrix + 16 n eps max|a| I)" : "") +
                                " (precondition: no pivot below -16 n eps max|a| = -" +
                                geomint::to_string(scalar_traits<T>::tolerance(16 * static_cast<unsigned>(a.rows())) *
                                                   max_abs(a)) +
                                "). A negative pivot means a negative eigenvalue: check the sign (the matrix itself, "
                                "not its negative)");
}

}  // namespace geomint::detail
