#pragma once
/// \file
/// Structure of a one-step map (φ_n, p_n) ↦ (φ_{n+1}, p_{n+1}) of the Newton-equation schemes:
/// its Jacobian by forward-mode autodiff through the whole step (Newton solves included, see
/// solver/newton.hpp), the symplecticity defect |det J − 1| (a map of the plane is symplectic
/// iff det J = 1, eq. (7)), and the time-reversibility defect |Φ_{−ε}(Φ_ε(x)) − x|.

#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/solver/newton.hpp"

#include <algorithm>

namespace geomint {

/// J = ∂(φ_{n+1}, p_{n+1}) / ∂(φ_n, p_n) of one step of `Scheme` with step ε (2 × 2, columns
/// ∂/∂φ_n and ∂/∂p_n), exact up to rounding and the Newton tolerance.
template <class Scheme, class System, class T>
Eigen::Matrix<T, 2, 2> one_step_jacobian(const System& sys, const T& phi, const T& p, const T& eps,
                                         const newton_options& opt = {}) {
    Eigen::Matrix<T, 2, 2> J;
    for (int j = 0; j < 2; ++j) {
        dual<T> a = make_dual(phi, T(j == 0 ? 1 : 0)), b = make_dual(p, T(j == 1 ? 1 : 0));
        Scheme::step(sys, a, b, eps, opt);
        J(0, j) = tangent_of(a);
        J(1, j) = tangent_of(b);
    }
    return J;
}

/// det J − 1 for one step (0 for a symplectic map of the plane).
template <class Scheme, class System, class T>
T symplecticity_defect(const System& sys, const T& phi, const T& p, const T& eps, const newton_options& opt = {}) {
    const Eigen::Matrix<T, 2, 2> J = one_step_jacobian<Scheme>(sys, phi, p, eps, opt);
    return J(0, 0) * J(1, 1) - J(0, 1) * J(1, 0) - 1;
}

/// max(|φ' − φ|, |p' − p|) where (φ', p') = Φ_{−ε}(Φ_ε(φ, p)): 0 for a symmetric scheme.
template <class Scheme, class System, class T>
T reversibility_defect(const System& sys, const T& phi, const T& p, const T& eps, const newton_options& opt = {}) {
    using std::abs;
    T a = phi, b = p;
    Scheme::step(sys, a, b, eps, opt);
    Scheme::step(sys, a, b, T(-eps), opt);
    return (std::max)(T(abs(a - phi)), T(abs(b - p)));
}

}  // namespace geomint
