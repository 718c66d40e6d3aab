#pragma once
/// \file
/// `constrained(pair, constraints)`: odeint's symplectic pair form with holonomic constraints,
///     dq/dt = f(p) = M⁻¹ p,   dp/dt = g(q) − G(q)ᵀ λ,   g_c(q) = 0,
/// H = ½ pᵀ M⁻¹ p + V(q) (g = −∇V) with M constant, symmetric positive definite (f linear: not
/// checked, as for odeint's pair) on the constraint manifold of `holonomic_constraints` (Hairer,
/// Lubich, Wanner, GNI §VII.1, eq. (1.9)). Stepped by `rattle_stepper` and its compositions
/// (stepper/rattle_stepper.hpp) and by `galerkin_vi_stepper` (the constrained Galerkin VIs);
/// `constrained(lagrangian, constraints)` (below) is the same for a Lagrangian model.
/// \code
///   auto f = [](const V& p, V& dqdt) { dqdt = p; };                          // M = I
///   auto g = [](const V& q, V& dpdt) { dpdt[2] = -9.81; };                     // gravity
///   auto sys = geomint::constrained(std::make_pair(f, g), constraints);       // |q| = 1
///   geomint::rattle_stepper<V> stepper;
///   boost::numeric::odeint::integrate_const(stepper, sys, x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/model/lagrangian_view.hpp"
#include "geomint/model/matrix_checks.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/sparse.hpp"

#include <type_traits>
#include <utility>

namespace geomint {

/// M⁻¹ is applied by the pair's f only (the default of `constrained_system`).
struct inverse_mass_from_f {};

/// The pair (f, g), the constraints and, optionally, M⁻¹ as a matrix.
template <class F, class G, class Constraints, class InverseMass = inverse_mass_from_f>
struct constrained_system {
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::constrained_pair;
    static_assert(is_holonomic_constraints<Constraints>::value,
                  "constrained(pair, constraints) takes a geomint::holonomic_constraints");
    /// True when M⁻¹ is given as a matrix (then M⁻¹ Gᵀ is a matrix product, not m calls of f).
    static constexpr bool has_inverse_mass = !std::is_same_v<InverseMass, inverse_mass_from_f>;
    static_assert(!Constraints::sparse_jacobian || is_sparse_matrix_v<InverseMass>,
                  "a sparse constraint Jacobian needs M^-1 as a sparse matrix: constrained(pair, constraints, "
                  "inverse_mass) (else M^-1 G^T would be n x m dense)");
    F coordinate_rate;         ///< f(p, dqdt): dq/dt = M⁻¹ p
    G momentum_rate;           ///< g(q, dpdt): dp/dt = −∇V(q) (without the constraint forces)
    Constraints constraints;   ///< g_c(q) = 0 and G(q)
    InverseMass inverse_mass{};  ///< M⁻¹ (n × n), when given
};

/// The pair (f, g) of odeint's symplectic form with holonomic constraints (each copied; pass
/// std::ref to share a callable).
template <class F, class G, class Constraints>
constrained_system<F, G, Constraints> constrained(std::pair<F, G> fg, Constraints constraints) {
    return {std::move(fg.first), std::move(fg.second), std::move(constraints)};
}

/// The same with M⁻¹ given as a dense or sparse matrix (n × n, symmetric positive definite, equal
/// to what f applies: that is not checked). Required with a sparse constraint Jacobian.
/// \throws std::invalid_argument naming the violated property of M⁻¹ (model/matrix_checks.hpp).
template <class F, class G, class Constraints, class InverseMass>
constrained_system<F, G, Constraints, InverseMass> constrained(std::pair<F, G> fg, Constraints constraints,
                                                                InverseMass inverse_mass) {
    detail::require_model_matrix("constrained", "inverse mass matrix M^-1", inverse_mass,
                                 detail::definiteness::positive_definite);
    return {std::move(fg.first), std::move(fg.second), std::move(constraints), std::move(inverse_mass)};
}

/// A Lagrangian model (`lagrangian_system`, or a dense `quadratic_lagrangian`: any model with a
/// Lagrangian view, model/lagrangian_view.hpp) with holonomic constraints: the Euler–Lagrange
/// equations d/dt ∂L/∂v = ∂L/∂q − G(q)ᵀλ on g_c(q) = 0, hidden constraint G(q) v = 0 (v the
/// velocity, p = ∂L/∂v). Stepped by `galerkin_vi_stepper` (the Lobatto IIIA–IIIB pair with
/// multipliers on the Newton path, scheme/galerkin/lagrangian_stages.hpp).
template <class Lagrangian, class Constraints>
struct constrained_lagrangian_system {
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::constrained_lagrangian;
    static_assert(is_holonomic_constraints<Constraints>::value,
                  "constrained(lagrangian, constraints) takes a geomint::holonomic_constraints");
    Lagrangian lagrangian;    ///< L(q, v) (and its force, if any)
    Constraints constraints;  ///< g_c(q) = 0 and G(q)
};

/// A Lagrangian model with holonomic constraints (both copied).
template <class Lagrangian, class Constraints>
    requires(has_lagrangian_view<Lagrangian>())
constrained_lagrangian_system<Lagrangian, Constraints> constrained(Lagrangian lagrangian, Constraints constraints) {
    return {std::move(lagrangian), std::move(constraints)};
}

}  // namespace geomint
