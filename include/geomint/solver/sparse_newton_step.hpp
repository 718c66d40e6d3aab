#pragma once
/// \file
/// The Newton step J⁻¹g of `solve_vector` (solver/newton_raphson.hpp) for a sparse Jacobian:
/// Eigen's SparseLU with COLAMD ordering. Kept apart so that <Eigen/Sparse> is compiled only by
/// the schemes with sparse Jacobians (the truss's bar-assembled solve, the constrained family's
/// banded multiplier solves).

#include "geomint/linalg.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/sparse.hpp"

#include <Eigen/Sparse>

#include <limits>

namespace geomint {
namespace detail {
/// The Newton step J⁻¹g for a sparse Jacobian (Eigen's SparseLU, COLAMD ordering); a singular J
/// gives a non-finite step, as the dense solve does (solver/newton_raphson.hpp).
template <class T>
struct newton_step_solver<Eigen::SparseMatrix<T>> {
    static vector<T> solve(const Eigen::SparseMatrix<T>& J, const vector<T>& g) {
        Eigen::SparseLU<Eigen::SparseMatrix<T>, Eigen::COLAMDOrdering<int>> lu;
        lu.compute(J);
        if (lu.info() != Eigen::Success) return vector<T>::Constant(g.size(), std::numeric_limits<T>::quiet_NaN());
        return lu.solve(g);
    }
};
/// A Jacobian with the factorization object that solves it (a stepper's `reusable_lu`): the
/// Newton steps of `solve_vector` then reuse its sparse ordering and workspace.
template <class Matrix>
struct jacobian_factored_by {
    Matrix matrix;
    reusable_lu<Matrix>* lu;
};

/// The Newton step J⁻¹g through the Jacobian's own `reusable_lu`; a singular J gives a
/// non-finite step.
template <class Matrix>
struct newton_step_solver<jacobian_factored_by<Matrix>> {
    using T = typename Matrix::Scalar;
    static vector<T> solve(const jacobian_factored_by<Matrix>& J, const vector<T>& g) {
        if (!J.lu->factorize(J.matrix)) return vector<T>::Constant(g.size(), std::numeric_limits<T>::quiet_NaN());
        return J.lu->solve(g);
    }
};
}  // namespace detail
}  // namespace geomint
