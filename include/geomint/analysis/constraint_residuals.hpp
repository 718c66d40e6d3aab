#pragma once
/// \file
/// The constraint residuals of a state of a `constrained_system`: |g(q)|∞ (the manifold) and
/// |G(q) M⁻¹ p|∞ (the hidden, velocity constraint) — what to observe along a constrained run.

#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"
#include "geomint/state.hpp"

#include <utility>

namespace geomint {

/// |g(q)|∞ and |G(q) M⁻¹ p|∞ of the state `x` = (q, p) (the user's containers) for `system` (a
/// `constrained_system`): how far a state is from the constrained phase space (observe a run
/// with it to see the constraint residuals along it).
template <class System, class Coor, class Momentum>
auto constraint_residuals(System& system, const std::pair<Coor, Momentum>& x) {
    using T = typename state_traits<Coor>::scalar;
    scheme::detail::constrained_workspace<Coor, Momentum> calls;
    const scheme::detail::constrained_model<T, Coor, Momentum, System> model(system, calls);
    return scheme::detail::constraint_residuals(model, vector<T>(as_eigen(x.first)), vector<T>(as_eigen(x.second)));
}

}  // namespace geomint
