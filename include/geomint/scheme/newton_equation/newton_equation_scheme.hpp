#pragma once
/// \file
/// The contract of the Newton-equation family (q̈ = −∇V(q); Cieśliński & Ratkiewicz) and the one
/// call that steps any of its schemes.
///
/// A scheme declares the trait vocabulary (scheme/traits.hpp) and `needs_potential` (false: the
/// force alone is enough, so odeint's system form works), `multi_dof` (also defined for q ∈ ℝⁿ
/// with a `separable_system`) and `implicit` (solves an equation). An explicit scheme has
/// `step(sys, phi, p, h)`; an implicit one `step(sys, phi, p, h, options)` with the settings of
/// its Newton solve (solver/options.hpp). `newton_equation_step` calls either.

#include "geomint/model/newton_system.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/solver/options.hpp"

#include <concepts>

namespace geomint {

/// A scheme for Newton's equation q̈ = −∇V(q) (scheme/newton_equation/), checked on the simple
/// pendulum at double.
template <class S>
concept newton_equation_scheme =
    scheme_description<S> &&
    requires {
        { S::needs_potential } -> std::convertible_to<bool>;
        { S::multi_dof } -> std::convertible_to<bool>;
        { S::implicit } -> std::convertible_to<bool>;
    } &&
    (S::implicit ? requires(const simple_pendulum<double>& sys, double& x, const iteration_options& opt) {
        S::step(sys, x, x, 0.1, opt);
    } : requires(const simple_pendulum<double>& sys, double& x) { S::step(sys, x, x, 0.1); });

/// One step of the Newton-equation scheme `Scheme` on (φ, p) in place; `options` reach the
/// Newton solve of implicit schemes only.
template <class Scheme, class System, class U, class T>
void newton_equation_step(const System& sys, U& phi, U& p, const T& h, const iteration_options& options = {}) {
    if constexpr (Scheme::implicit) Scheme::step(sys, phi, p, h, options);
    else Scheme::step(sys, phi, p, h);
}

}  // namespace geomint
