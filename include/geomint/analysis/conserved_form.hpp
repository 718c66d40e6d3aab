#pragma once
/// \file
/// The quadratic form conserved by Newmark's and Simpson's schemes (Proposition 7).
///
/// Source: Rojas-Quintero et al. (2024), Proposition 7, eq. (42), and §6.3 (ξ_s, ζ_s):
/// φ(p, q) = ½ pᵀ ξ p + ½ qᵀ ζ q with ξ = (X + Y)⁻¹, ζ = (X⁻¹ + Y⁻¹)⁻¹.
/// For Simpson: ξ_s = [(2/h)M + (h/3)KL⁻¹]⁻¹ (§6.3). The form depends on h.

#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/scheme/linear/newmark.hpp"
#include "geomint/scheme/linear/simpson.hpp"

namespace geomint {

/// ξ, ζ (n × n) of the form conserved by `Scheme` at step size h; call the result as φ(p, q).
/// `scheme::simpson_variant1` has the same form as variant 2 (same Φ at the nodes).
/// \throws std::invalid_argument if h <= 0; geomint::singular_step_error if X + Y or L is singular.
template <class Scheme, class Matrix>
auto conserved_quadratic_form(const quadratic_lagrangian<Matrix>& sys, const typename Matrix::Scalar& h) {
    using T = typename Matrix::Scalar;
    using blocks_scheme = std::conditional_t<std::is_same_v<Scheme, scheme::simpson_variant1>, scheme::simpson, Scheme>;
    return scheme::partitioned_conserved_form(
        blocks_scheme::blocks(matrix<T>(sys.mass()), matrix<T>(sys.stiffness()), h));
}

}  // namespace geomint
