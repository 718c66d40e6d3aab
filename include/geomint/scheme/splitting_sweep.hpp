#pragma once
/// \file
/// The one loop of every splitting in drift and kick: Störmer–Verlet and the symplectic Euler
/// methods of the Newton-equation family (scheme/newton_equation/leapfrog.hpp) and the
/// compositions and splittings of the catalogue (scheme/composition/, `splitting_stepper`) run
/// their substeps through it, each with its own coefficients.
///
/// A splitting with coefficients (a_l, b_l), l = 0 … s−1 (odeint's `coef_a`, `coef_b`
/// convention), is the map: for each l, the drift q ← q + a_l h ∂T/∂p(p), then the kick
/// p ← p − b_l h ∇V(q); a zero coefficient skips its substep (Hairer, Lubich, Wanner, GNI §II.5,
/// §III.3; McLachlan & Quispel, Acta Numerica 11 (2002)).

#include <cstddef>
#include <type_traits>

namespace geomint::scheme {

/// Runs the substeps of the splitting (a, b) (equal-length ranges of coefficients):
/// `drift(a_l)` then `kick(b_l)` for l = 0 … s−1, skipping zero coefficients. The callables
/// scale by the step size and update the state.
template <class Coefficients, class Drift, class Kick>
void splitting_sweep(const Coefficients& a, const Coefficients& b, Drift&& drift, Kick&& kick) {
    using C = std::remove_cvref_t<decltype(a[0])>;
    for (std::size_t l = 0; l < a.size(); ++l) {
        if (a[l] != C(0)) drift(a[l]);
        if (b[l] != C(0)) kick(b[l]);
    }
}

}  // namespace geomint::scheme
