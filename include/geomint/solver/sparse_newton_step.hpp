#pragma once
/// \file
/// The Newton step J⁻¹g of `solve_vector` (solver/newton_raphson.hpp) for a sparse Jacobian:
/// Eigen's SparseLU with COLAMD ordering. Kept apart so that <Eigen/Sparse> is compiled only by
/// the schemes with sparse Jacobians (the truss's bar-assembled solve, the constrained family's
/// banded multiplier solves).

#include "geomint/linalg.hpp"
#include "geomint/solver/newton_raphson.hpp"

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
}  // namespace detail
}  // namespace geomint
