#pragma once
/// \file
/// The symplecticity defect of a one-step map's Jacobian (any scheme, any stepper).
///
/// Source: Rojas-Quintero et al. (2024), eq. (33): a linear one-step map η_{j+1} = Φ η_j with
/// η = (p, q) is symplectic iff Φᵀ J Φ = J, J = [[0, −I], [I, 0]]; for a nonlinear map Φ is the
/// Jacobian of the step (Hairer, Lubich, Wanner, *Geometric Numerical Integration*, Def. VI.2.2).
/// The same J serves the ordering (q, p): swapping both halves maps J to −J and leaves the
/// defect unchanged.

#include "geomint/linalg.hpp"

#include <stdexcept>
#include <string>

namespace geomint {

/// The canonical matrix J = [[0, −I], [I, 0]] of size 2n (eq. 33).
template <class T, int N2 = Eigen::Dynamic>
matrix<T, N2> canonical_matrix(Eigen::Index two_n) {
    const Eigen::Index n = two_n / 2;
    matrix<T, N2> J = matrix<T, N2>::Zero(two_n, two_n);
    J.topRightCorner(n, n) = -matrix<T, Eigen::Dynamic>::Identity(n, n);
    J.bottomLeftCorner(n, n) = matrix<T, Eigen::Dynamic>::Identity(n, n);
    return J;
}

/// Symplecticity defect max_ij |(Φᵀ J Φ − J)_ij| of a 2n × 2n transfer matrix (eq. 33).
/// Zero exactly for a symplectic Φ over `rational`; O(ε‖Φ‖²) in floating point.
template <class Derived>
typename Derived::Scalar symplecticity_defect(const Eigen::MatrixBase<Derived>& phi) {
    using T = typename Derived::Scalar;
    if (phi.rows() != phi.cols() || phi.rows() % 2 != 0)
        throw std::invalid_argument("symplecticity_defect: Phi must be square of even size, got " +
                                    std::to_string(phi.rows()) + "x" + std::to_string(phi.cols()));
    const auto J = canonical_matrix<T, Derived::RowsAtCompileTime>(phi.rows());
    return max_abs(phi.transpose() * J * phi - J);
}

}  // namespace geomint
