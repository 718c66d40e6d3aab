#pragma once
/// \file
/// Explicit splitting schemes for φ̈ = f(φ): Störmer–Verlet (leap-frog) and the two symplectic
/// Euler methods. Source: Cieśliński & Ratkiewicz, eqs. (13), (20), (21). Each is a
/// composition of a kick p += c·f(φ) and a drift φ += c·v(p), so it needs only the force: it also
/// runs on odeint's symplectic system form (see stepper/newton_equation_stepper.hpp). The
/// velocity v(p) = ∂T/∂p is p for the paper's H = p²/2 + V(φ); a system that has a member
/// `velocity(p)` (odeint's pair form, dq/dt = f(p)) supplies its own, and the same compositions
/// are then Störmer–Verlet and symplectic Euler for any separable H = T(p) + V(q) (Hairer,
/// Lubich, Wanner, *Geometric Numerical Integration*, §I.1.4 and Theorem VI.3.4).
///
/// Scheme interface (shared by every scheme in scheme/newton_equation/, concept
/// `newton_equation_scheme` of scheme/traits.hpp):
/// - the trait vocabulary (`name`, `source`, `order`, `symplectic` — the map preserves dφ∧dp —,
///   `symmetric`, `energy_preserving`, `momentum_preserving`, the stability limit);
/// - `needs_potential` (false: the force alone is enough), `multi_dof` (also defined for q ∈ ℝⁿ,
///   H = |p|²/2 + V(q): `step` then takes `vector<T>` q, p and a `separable_system`), `implicit`;
/// - `step(sys, phi, p, h, options)` advances (φ, p) by one step h (the paper's ε) in place, for
///   `U` = T or dual<T> (differentiating a whole step, analysis/one_step_map.hpp); h may be
///   negative (the inverse-time map, for reversibility checks).
///
/// The three splitting schemes are written once for both: kick and drift are the same
/// expressions on scalars and on Eigen vectors.

#include "geomint/scheme/traits.hpp"
#include "geomint/solver/newton_raphson.hpp"

namespace geomint::scheme {

namespace detail {
template <class System, class U, class T>
void kick(const System& sys, const U& phi, U& p, const T& c) {
    p += sys.force(phi) * c;
}
template <class System, class U, class T>
void drift(const System& sys, U& phi, const U& p, const T& c) {
    if constexpr (requires { sys.velocity(p); }) phi += sys.velocity(p) * c;
    else phi += p * c;
}
}  // namespace detail

/// Störmer–Verlet / leap-frog (13): half kick, drift, half kick. Order 2, symplectic, symmetric.
struct leapfrog
    : geomint::scheme_claims<2, symplectic_map | time_symmetric | momentum_conserving>, geomint::stable_below_two {
    static constexpr const char* name = "leapfrog";
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    static constexpr bool implicit = false;  ///< solves an equation (takes newton_raphson_options)
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (13)";
    static constexpr bool first_same_as_last = true;
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const newton_raphson_options&) {
        const T half = h / 2;
        detail::kick(sys, phi, p, half);
        detail::drift(sys, phi, p, h);
        detail::kick(sys, phi, p, half);
    }
    /// The same step given the force f = f(φ_n), returning f(φ_{n+1}) in it: one force
    /// evaluation per step along a trajectory (first same as last); the same arithmetic as `step`.
    template <class System, class U, class T>
    static void step_with_force(const System& sys, U& phi, U& p, const T& h, U& f) {
        const T half = h / 2;
        p += f * half;
        detail::drift(sys, phi, p, h);
        f = sys.force(phi);
        p += f * half;
    }
};

/// Symplectic Euler (20): p_{n+1} = p_n + ε f(φ_n), φ_{n+1} = φ_n + ε p_{n+1}. Order 1, symplectic.
struct symplectic_euler
    : geomint::scheme_claims<1, symplectic_map | momentum_conserving>, geomint::stable_below_two {
    static constexpr const char* name = "symplectic_euler";
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    static constexpr bool implicit = false;  ///< solves an equation (takes newton_raphson_options)
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (20)";
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const newton_raphson_options&) {
        detail::kick(sys, phi, p, h);
        detail::drift(sys, phi, p, h);
    }
};

/// Symplectic Euler, the other form (21): φ_{n+1} = φ_n + ε p_n, p_{n+1} = p_n + ε f(φ_{n+1}).
/// Order 1, symplectic; the adjoint of (20).
struct symplectic_euler_adjoint
    : geomint::scheme_claims<1, symplectic_map | momentum_conserving>, geomint::stable_below_two {
    static constexpr const char* name = "symplectic_euler_adjoint";
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    static constexpr bool implicit = false;  ///< solves an equation (takes newton_raphson_options)
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (21)";
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const newton_raphson_options&) {
        detail::drift(sys, phi, p, h);
        detail::kick(sys, phi, p, h);
    }
};

/// Whether `Scheme` has the first-same-as-last form `step_with_force` (`Scheme::first_same_as_last`).
template <class Scheme>
constexpr bool first_same_as_last() {
    if constexpr (requires { Scheme::first_same_as_last; })
        return Scheme::first_same_as_last;
    else
        return false;
}

}  // namespace geomint::scheme
