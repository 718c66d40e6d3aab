#pragma once
/// \file
/// `forced_pair(f, g, F)`: odeint's symplectic pair form with a non-conservative force,
///     dq/dt = f(p),   dp/dt = g(q) + F(q, p, t),
/// for a separable Hamiltonian H = T(p) + V(q) (f = ∂T/∂p, g = −∇V) with damping, friction or a
/// load F (Lagrange–d'Alembert: Marsden & West, Acta Numerica 10 (2001) §3.2). The Galerkin VI
/// steps it by its fixed-point path, the force's virtual work by the same Gauss–Lobatto rule
/// (scheme/galerkin/fixed_point.hpp); the other steppers refuse it at compile time (they would
/// drop the force).
///
/// \code
///   auto f = [](const V& p, V& dqdt) { dqdt = p; };
///   auto g = [](const V& q, V& dpdt) { dpdt[0] = -q[0] - q[0] * q[0] * q[0]; };            // Duffing
///   auto F = [](const V& q, const V& p, double t, V& out) { out[0] = -0.2 * p[0] + 0.3 * std::cos(1.2 * t); };
///   geomint::galerkin_vi_stepper<V, 2> stepper;
///   boost::numeric::odeint::integrate_const(stepper, geomint::forced_pair(f, g, F), x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/model/system_form.hpp"

#include <utility>

namespace geomint {

/// The forced pair: f(p, dqdt), g(q, dpdt) as in odeint's pair form, and F(q, p, t, out) writing
/// the force (the containers of the state's types; `out` sized and zeroed before the call).
template <class F, class G, class Force>
struct forced_pair_system {
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::forced_pair;
    /// dq/dt = f(p), odeint's pair form.
    F coordinate_rate;
    /// dp/dt = g(q), odeint's pair form.
    G momentum_rate;
    /// The non-conservative force F(q, p, t), added to dp/dt.
    Force force;
};

/// The forced pair of f, g and the force F (each copied; pass std::ref to share one).
template <class F, class G, class Force>
forced_pair_system<F, G, Force> forced_pair(F f, G g, Force force) {
    return {std::move(f), std::move(g), std::move(force)};
}

/// A forced pair at T with `double_model`, the same forced pair on the containers at double
/// (`with_double_model`, as for odeint's pair in model/pair_with_double_model.hpp): the Galerkin
/// VI at a scalar wider than long double solves each step's stage equations on the copy first,
/// its stage rates and stage momenta the start of the Newton corrections in T.
template <class F, class G, class Force, class DoubleF, class DoubleG, class DoubleForce>
struct forced_pair_with_double_model : forced_pair_system<F, G, Force> {
    /// The same forced pair at double (f, g and F with the system's constants rounded to double;
    /// F takes its time as a double).
    forced_pair_system<DoubleF, DoubleG, DoubleForce> double_model;
};

/// The forced pair `system` with its double copy `double_model` attached (each copied). The copy
/// sets the cost, not the result. Precondition, not checked: both describe the same system.
template <class F, class G, class Force, class DoubleF, class DoubleG, class DoubleForce>
forced_pair_with_double_model<F, G, Force, DoubleF, DoubleG, DoubleForce> with_double_model(
    forced_pair_system<F, G, Force> system, forced_pair_system<DoubleF, DoubleG, DoubleForce> double_model) {
    return {std::move(system), std::move(double_model)};
}

}  // namespace geomint
