#pragma once
/// \file
/// Explicit splitting schemes for φ̈ = f(φ): Störmer–Verlet (leap-frog) and the two symplectic
/// Euler methods. Source: Cieśliński & Ratkiewicz, eqs. (13), (20), (21). Each is a
/// composition of a kick p += c·f(φ) and a drift φ += c·p, so it needs only the force: it also
/// runs on odeint's symplectic system form (see stepper/newton_stepper.hpp).
///
/// Scheme interface (shared by every scheme in scheme/newton/):
/// - `name`, `order` (of accuracy), `symplectic` (the map preserves dφ∧dp), `needs_potential`
///   (false: the force alone is enough), `multi_dof` (also defined for q ∈ ℝⁿ, H = |p|²/2 + V(q):
///   `step` then takes `vector<T>` q, p and a `separable_system`);
/// - `step(sys, phi, p, eps, options)` advances (φ, p) by one step ε in place, for
///   `U` = T or dual<T> (differentiating a whole step, analysis/one_step_map.hpp); ε may be
///   negative (the inverse-time map, for reversibility checks).
///
/// The three splitting schemes are written once for both: kick and drift are the same
/// expressions on scalars and on Eigen vectors.

#include "geomint/solver/newton.hpp"

namespace geomint::scheme {

namespace detail {
template <class System, class U, class T>
void kick(const System& sys, const U& phi, U& p, const T& c) {
    p += sys.force(phi) * c;
}
template <class U, class T>
void drift(U& phi, const U& p, const T& c) {
    phi += p * c;
}
}  // namespace detail

/// Störmer–Verlet / leap-frog (13): half kick, drift, half kick. Order 2, symplectic, symmetric.
struct leapfrog {
    static constexpr const char* name = "leapfrog";
    static constexpr unsigned order = 2;
    static constexpr bool symplectic = true;
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& eps, const newton_options&) {
        const T half = eps / 2;
        detail::kick(sys, phi, p, half);
        detail::drift(phi, p, eps);
        detail::kick(sys, phi, p, half);
    }
};

/// Symplectic Euler (20): p_{n+1} = p_n + ε f(φ_n), φ_{n+1} = φ_n + ε p_{n+1}. Order 1, symplectic.
struct symplectic_euler {
    static constexpr const char* name = "symplectic_euler";
    static constexpr unsigned order = 1;
    static constexpr bool symplectic = true;
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& eps, const newton_options&) {
        detail::kick(sys, phi, p, eps);
        detail::drift(phi, p, eps);
    }
};

/// Symplectic Euler, the other form (21): φ_{n+1} = φ_n + ε p_n, p_{n+1} = p_n + ε f(φ_{n+1}).
/// Order 1, symplectic; the adjoint of (20).
struct symplectic_euler_adjoint {
    static constexpr const char* name = "symplectic_euler_adjoint";
    static constexpr unsigned order = 1;
    static constexpr bool symplectic = true;
    static constexpr bool needs_potential = false;
    static constexpr bool multi_dof = true;
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& eps, const newton_options&) {
        detail::drift(phi, p, eps);
        detail::kick(sys, phi, p, eps);
    }
};

}  // namespace geomint::scheme
