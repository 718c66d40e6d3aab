#pragma once
/// \file
/// Transfer (amplification) matrices Φ(h) of the linear variational schemes for a
/// `quadratic_lagrangian` (their symplecticity: analysis/symplecticity.hpp).

#include "geomint/analysis/symplecticity.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/scheme/linear/newmark.hpp"
#include "geomint/scheme/linear/simpson.hpp"

namespace geomint {

/// Φ(h) of `Scheme` (`scheme::newmark`, `scheme::simpson`, `scheme::simpson_variant1`) for the
/// model `sys`: 2n × 2n (dynamic size), η = (p, q). Works exactly with `geomint::rational`.
/// \throws std::invalid_argument if h <= 0; geomint::singular_step_error if the scheme's
///         linear system is singular at this h.
template <class Scheme, class Matrix>
auto transfer_matrix(const quadratic_lagrangian<Matrix>& sys, const typename Matrix::Scalar& h) {
    using T = typename Matrix::Scalar;
    return Scheme::transfer_matrix(matrix<T>(sys.mass()), matrix<T>(sys.stiffness()), h);
}

}  // namespace geomint
