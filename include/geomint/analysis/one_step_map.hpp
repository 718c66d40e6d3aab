#pragma once
/// \file
/// Structure of a one-step map (φ_n, p_n) ↦ (φ_{n+1}, p_{n+1}) of the Newton-equation schemes:
/// its Jacobian by forward-mode autodiff through the whole step (Newton solves included, see
/// solver/newton_raphson.hpp), the symplecticity defect |det J − 1| (a map of the plane is symplectic
/// iff det J = 1, eq. (7)), and the time-reversibility defect |Φ_{−ε}(Φ_ε(x)) − x|.

#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/newton_equation/newton_equation_scheme.hpp"
#include "geomint/solver/options.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace geomint {

/// J = ∂(φ_{n+1}, p_{n+1}) / ∂(φ_n, p_n) of one step of `Scheme` with step ε (2 × 2, columns
/// ∂/∂φ_n and ∂/∂p_n), exact up to rounding and the Newton tolerance.
template <class Scheme, class System, class T>
Eigen::Matrix<T, 2, 2> one_step_jacobian(const System& sys, const T& phi, const T& p, const T& h,
                                         const iteration_options& opt = {}) {
    Eigen::Matrix<T, 2, 2> J;
    std::array<dual<T>, 2> x{dual<T>(phi), dual<T>(p)};
    for_each_partial(x, unit_tangent<T>(), [&](std::ptrdiff_t j, const std::array<dual<T>, 2>& start) {
        dual<T> a = start[0], b = start[1];
        newton_equation_step<Scheme>(sys, a, b, h, opt);
        J(0, j) = tangent_of(a);
        J(1, j) = tangent_of(b);
    });
    return J;
}

/// det J − 1 for one step: the symplecticity defect of a map of the plane (0 iff symplectic).
/// (Not `symplecticity_defect(Phi)` of analysis/symplecticity.hpp, max|ΦᵀJΦ − J| of a matrix.)
template <class Scheme, class System, class T>
T determinant_defect(const System& sys, const T& phi, const T& p, const T& h, const iteration_options& opt = {}) {
    const Eigen::Matrix<T, 2, 2> J = one_step_jacobian<Scheme>(sys, phi, p, h, opt);
    return J(0, 0) * J(1, 1) - J(0, 1) * J(1, 0) - 1;
}

/// max(|φ' − φ|, |p' − p|) where (φ', p') = Φ_{−ε}(Φ_ε(φ, p)): 0 for a symmetric scheme.
template <class Scheme, class System, class T>
T reversibility_defect(const System& sys, const T& phi, const T& p, const T& h, const iteration_options& opt = {}) {
    using std::abs;
    T a = phi, b = p;
    newton_equation_step<Scheme>(sys, a, b, h, opt);
    newton_equation_step<Scheme>(sys, a, b, T(-h), opt);
    return (std::max)(T(abs(a - phi)), T(abs(b - p)));
}

}  // namespace geomint
