#pragma once
/// \file
/// The checks every linear model runs on its matrices (quadratic_lagrangian's M and K,
/// structural_system's M, C and K), dense or sparse, with the errors that name the model, the
/// matrix and the violated condition.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"

#include <limits>
#include <stdexcept>
#include <string>

namespace geomint::detail {

/// What a model requires of one of its matrices.
enum class definiteness {
    positive_definite,     ///< every LDLᵀ pivot > 0 (a mass matrix; quadratic_lagrangian's K)
    positive_semidefinite  ///< no eigenvalue below −16 n ε max|a_ij| (a damping matrix, a free-free K)
};

/// The number of eigenvalues of the symmetric `a` below σ, by Sylvester's law of inertia: the
/// negative pivots of an LDLᵀ factorization of a − σ I (dense: pivoted; sparse: simplicial, AMD);
/// −1 when that factorization fails. Floating-point scalars.
template <class Matrix>
Eigen::Index eigenvalues_below(const Matrix& a, const typename Matrix::Scalar& sigma) {
    using T = typename Matrix::Scalar;
    const auto count = [](const auto& d) {
        Eigen::Index k = 0;
        for (Eigen::Index i = 0; i < d.size(); ++i) k += d(i) < T(0) ? 1 : 0;
        return k;
    };
    if constexpr (is_sparse_matrix_v<Matrix>) {
        sparse_matrix<T> identity(a.rows(), a.cols());
        identity.setIdentity();
        const sparse_ldlt<T> f(sparse_matrix<T>(a - sigma * identity));
        return f.info() == Eigen::Success ? count(f.vectorD()) : -1;
    } else {
        const matrix<T> shifted = matrix<T>(a) - sigma * matrix<T>::Identity(a.rows(), a.cols());
        const Eigen::LDLT<matrix<T>> f(shifted);
        return f.info() == Eigen::Success ? count(f.vectorD()) : -1;
    }
}

/// What a model's matrix is, for the hints of its error messages.
enum class matrix_role {
    mass,       ///< a mass matrix: singular means massless or under-integrated degrees of freedom
    stiffness,  ///< a stiffness: a pivot <= 0 may be a rigid-body mode
    other       ///< damping, inverse mass, ...
};

/// The error for a mass matrix that is positive semidefinite but singular: its rank deficiency
/// (eigenvalues below √ε max|m_ij|, counted by inertia), the likely causes and what to do.
template <class Matrix>
std::string singular_mass_message(const std::string& what, const Matrix& a) {
    using T = typename Matrix::Scalar;
    std::string deficiency = "it is singular";
    if constexpr (!is_exact_v<T>) {
        using std::sqrt;
        const T sigma = sqrt(std::numeric_limits<T>::epsilon()) * max_abs(a);
        const Eigen::Index k = eigenvalues_below(a, sigma);
        if (k > 0)
            deficiency = std::to_string(k) + " of its " + std::to_string(a.rows()) + " eigenvalues are below sqrt(eps) max|m_ij| = " +
                         geomint::to_string(sigma) + " (counted by Sylvester's inertia of M - sigma I): its rank is about " +
                         std::to_string(a.rows() - k) + " of " + std::to_string(a.rows());
    }
    return what + " is singular (positive semidefinite, not definite): " + deficiency +
           ". Likely causes: reduced-integration elements, whose consistent mass is integrated with too few points "
           "(CalculiX C3D20R, C3D8R), or degrees of freedom that carry no mass (a node no element uses, rotations "
           "without rotary inertia). What to do: write the mass with full-integration elements (C3D20, C3D8), use a "
           "lumped mass, or constrain the massless degrees of freedom";
}

/// Checks that `a` is finite, square with n >= 1, symmetric within 16 ε max|a_ij| and of the
/// required definiteness (dense: linalg.hpp; sparse: sparse.hpp).
/// \throws std::invalid_argument "<model>: <name> ..." naming the failed condition: the first
///         non-finite entry, the shape, the asymmetry against its tolerance, or the rejected LDLᵀ
///         pivot with its row and what to check; for a `matrix_role::mass` that is semidefinite
///         but singular, `singular_mass_message`.
template <class Matrix>
void require_model_matrix(const std::string& model, const std::string& name, const Matrix& a, definiteness d,
                          matrix_role role = matrix_role::other) {
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
    if (definite && role == matrix_role::mass && semidefiniteness_failure(a).row == -1)
        throw std::invalid_argument(singular_mass_message(what, a));
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
