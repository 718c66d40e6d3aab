#pragma once
/// \file
/// What kind of system a stepper was given: the one classification every stepper, the linear
/// probes and the conformance kit dispatch on.
///
/// geomint's models declare their form as a member `static constexpr system_form form`
/// (quadratic_lagrangian, separable_system, newton_system, lagrangian_system, truss,
/// matrix_free_system, structural_system, hamiltonian_system, charged_particle, relativistic_charged_particle); anything else is one of odeint's two forms of a separable system:
/// a pair `std::make_pair(f, g)` (dq/dt = f(p), dp/dt = g(q)), or a momentum function g(q, dpdt)
/// alone (dq/dt = p). The `is_*` traits stand beside their models; this header needs none of
/// the models, so a stepper that only calls f and g compiles none of the model machinery
/// (autodiff Hessians, sparse factorizations, eigensolvers) it does not use.
///
/// A later view of a system (external forces, damping, loads, holonomic constraints) is added
/// as one more model form or one more member a model may have, and a stepper asks for it here.

#include "geomint/state.hpp"

#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <atomic>
#include <cstdint>
#include <type_traits>
#include <utility>

namespace geomint {

/// The forms of system geomint's steppers accept.
enum class system_form {
    odeint_pair,                  ///< std::pair (f, g): dq/dt = f(p), dp/dt = g(q) (odeint's symplectic form)
    momentum_function,            ///< a callable g(q, dpdt) alone: dq/dt = p
    matrix_free,                  ///< `matrix_free_system`: linear (f, g) applied as given
    matrix_free_structural,       ///< `matrix_free_system` with damping or a load: M q̈ + C q̇ + K q = f(t) as callables
    separable,                    ///< `separable_system`: H = |p|²/2 + V(q), n degrees of freedom
    newton,                       ///< `newton_system`: φ̈ = −V'(φ), one degree of freedom
    quadratic_lagrangian,         ///< dense `quadratic_lagrangian`: M q̈ + K q = 0
    sparse_quadratic_lagrangian,  ///< sparse `quadratic_lagrangian`
    lagrangian,                   ///< `lagrangian_system`: any regular L(q, v)
    truss,                        ///< `truss`: nodes, bars, strain energy (Algorithm MC)
    structural,                   ///< `structural_system`: M q̈ + C q̇ + K q = f(t)
    forced_pair,                  ///< `forced_pair(f, g, F)`: odeint's pair plus a force F(q, p, t) on dp/dt
    constrained_pair,             ///< `constrained(pair, constraints)`: odeint's pair on g(q) = 0
    constrained_lagrangian,       ///< `constrained(lagrangian, constraints)`: a Lagrangian model on g(q) = 0
    rigid_body,                   ///< `rigid_body`: attitude R ∈ SO(3) (or a unit quaternion), body angular momentum Π
    hamiltonian,                  ///< `hamiltonian_system`: any H(q, p) or H(q, p, t)
    charged_particle,             ///< `charged_particle`: dx/dt = v, dv/dt = (q/m)(E(x, t) + v × B(x, t))
    relativistic_charged_particle ///< `relativistic_charged_particle`: dx/dt = u/γ, du/dt = (q/m)(E + (u/γ) × B)
};

namespace detail {
/// A fresh identity for a model (shared by its copies, never by two models): steppers key their
/// per-step-size factorizations on it.
inline std::uint64_t next_model_id() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}
}  // namespace detail

/// No external load (the default of the models that take one: `truss`, whose work function is
/// then U = 0, and `structural_system`, whose load is then f(t) = 0).
struct no_load {};

/// A type that declares its form (geomint's models).
template <class S>
concept declares_system_form = requires {
    { S::form } -> std::convertible_to<system_form>;
};

/// The form of a system of type `S` (cv-qualifiers and std::ref / boost::ref wrappers removed).
template <class S>
constexpr system_form form_of() {
    using W = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<S>>::type>;
    if constexpr (declares_system_form<W>) return W::form;
    else if constexpr (is_std_pair<W>::value) return system_form::odeint_pair;
    else return system_form::momentum_function;
}

/// True when a system of type `S` is one of the separable forms whose rates (f, g) steppers can
/// call (`separable_rates`): the odeint forms, matrix_free, separable_system and (dense or
/// sparse) quadratic_lagrangian.
template <class S>
constexpr bool has_separable_rates() {
    constexpr system_form f = form_of<S>();
    return f == system_form::odeint_pair || f == system_form::momentum_function || f == system_form::matrix_free ||
           f == system_form::separable || f == system_form::quadratic_lagrangian ||
           f == system_form::sparse_quadratic_lagrangian;
}

}  // namespace geomint
