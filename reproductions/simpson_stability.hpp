#pragma once
/// \file
/// Reproduction code (not installed): the Simpson paper's sufficient stability condition,
/// Rojas-Quintero, Dubois, Cabrera-Díaz (2024), eq. (40): (k/μ) h² < 8 with k = λ_max(K) and
/// μ = λ_min(M). Since k/μ ≥ ω_max², it is never weaker than the sharp modal bound
/// ω_max h < 2√2 of `geomint::stability_report` (analysis/stability.hpp), and rejects step sizes
/// that are stable (test_stability).

#include "geomint/model/quadratic_lagrangian.hpp"

#include <Eigen/Eigenvalues>

namespace geomint::reproduction {

/// The left-hand side (k/μ) h² of eq. (40) and whether it is below 8.
template <class T>
struct paper_stability_condition {
    T lhs;
    bool holds;
};

/// Eq. (40) for `sys` at step size h (floating-point scalars: eigenvalues).
template <class Matrix>
paper_stability_condition<typename Matrix::Scalar> paper_condition(const quadratic_lagrangian<Matrix>& sys,
                                                                   const typename Matrix::Scalar& h) {
    using T = typename Matrix::Scalar;
    const matrix<T> M = sys.mass(), K = sys.stiffness();
    Eigen::SelfAdjointEigenSolver<matrix<T>> eK(K, Eigen::EigenvaluesOnly);
    Eigen::SelfAdjointEigenSolver<matrix<T>> eM(M, Eigen::EigenvaluesOnly);
    const T lhs = eK.eigenvalues().maxCoeff() / eM.eigenvalues().minCoeff() * h * h;
    return {lhs, lhs < T(8)};
}

}  // namespace geomint::reproduction
