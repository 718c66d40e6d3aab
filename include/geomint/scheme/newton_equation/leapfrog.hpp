#pragma once
/// \file
/// The explicit schemes of the Newton-equation family, φ̈ = f(φ): Störmer–Verlet (leap-frog) and
/// the two symplectic Euler methods. Source: Cieśliński & Ratkiewicz, eqs. (13), (20), (21). Each is a
/// composition of a kick p += c·f(φ) and a drift φ += c·v(p), so it needs only the force: it also
/// runs on odeint's symplectic system form (see stepper/newton_equation_stepper.hpp). The
/// velocity v(p) = ∂T/∂p is p for the paper's H = p²/2 + V(φ); a system that has a member
/// `velocity(p)` (odeint's pair form, dq/dt = f(p)) supplies its own, and the same compositions
/// are then Störmer–Verlet and symplectic Euler for any separable H = T(p) + V(q) (Hairer,
/// Lubich, Wanner, *Geometric Numerical Integration*, §I.1.4 and Theorem VI.3.4).
///
/// Scheme interface (shared by every scheme in scheme/newton_equation/, concept
/// `newton_equation_scheme` of scheme/newton_equation/newton_equation_scheme.hpp):
/// - the trait vocabulary (`name`, `source`, `order`, `symplectic` — the map preserves dφ∧dp —,
///   `symmetric`, `energy_preserving`, `momentum_preserving`, the stability limit);
/// - `needs_potential` (false: the force alone is enough), `multi_dof` (also defined for q ∈ ℝⁿ,
///   H = |p|²/2 + V(q): `step` then takes `vector<T>` q, p and a `separable_system`), `implicit`;
/// - `step(sys, phi, p, h)` (explicit schemes) or `step(sys, phi, p, h, options)` (implicit ones)
///   advances (φ, p) by one step h (the paper's ε) in place, for `U` = T or dual<T>
///   (differentiating a whole step, analysis/one_step_map.hpp); h may be negative (the
///   inverse-time map, for reversibility checks). `newton_equation_step` calls either.
///
/// The three splitting schemes are coefficient tables run by `splitting_sweep`
/// (scheme/splitting_sweep.hpp), written once for scalars and Eigen vectors: kick and drift are
/// the same expressions on both.

#include "geomint/scheme/splitting_sweep.hpp"
#include "geomint/scheme/traits.hpp"

#include <array>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// How a splitting adds its increments to (φ, p): in place, x += d (the default), or through a
/// stepper's summation (`newton_equation_stepper` with `compensated_summation`), which supplies
/// its own `add_position(φ, d)` and `add_momentum(p, d)`.
struct add_in_place {
    /// x += d.
    template <class X, class D>
    void add_position(X& x, const D& d) const {
        x += d;
    }
    /// x += d.
    template <class X, class D>
    void add_momentum(X& x, const D& d) const {
        x += d;
    }
};

namespace detail {
template <class System, class U, class T, class Add>
void kick(const System& sys, const U& phi, U& p, const T& c, Add& add) {
    add.add_momentum(p, sys.force(phi) * c);
}
template <class System, class U, class T, class Add>
void drift(const System& sys, U& phi, const U& p, const T& c, Add& add) {
    if constexpr (requires { sys.velocity(p); }) add.add_position(phi, sys.velocity(p) * c);
    else add.add_position(phi, p * c);
}
}  // namespace detail

/// Base of the explicit splittings of the Newton equation: the substeps of `Method::drift` and
/// `Method::kick` (rational coefficients (numerator, denominator), computed in T) run by
/// `splitting_sweep`, the loop the catalogue's compositions run too.
template <class Method>
struct newton_splitting {
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = false;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = true;
    /// Whether a step solves a nonlinear equation.
    static constexpr bool implicit = false;

    /// The drift and kick coefficients in T.
    template <class T>
    static const std::pair<std::vector<T>, std::vector<T>>& coefficients() {
        static const std::pair<std::vector<T>, std::vector<T>> c = [] {
            std::pair<std::vector<T>, std::vector<T>> out;
            for (const auto& [n, d] : Method::drift) out.first.push_back(T(n) / T(d));
            for (const auto& [n, d] : Method::kick) out.second.push_back(T(n) / T(d));
            return out;
        }();
        return c;
    }

    /// One step of size h (h < 0: the inverse-time map) on (φ, p) in place; `add` adds each
    /// substep's increment (`add_in_place`, or a stepper's summation).
    template <class System, class U, class T, class Add = add_in_place>
    static void step(const System& sys, U& phi, U& p, const T& h, Add&& add = Add{}) {
        const auto& [a, b] = coefficients<T>();
        splitting_sweep(
            a, b, [&](const T& c) { detail::drift(sys, phi, p, T(c * h), add); },
            [&](const T& c) { detail::kick(sys, phi, p, T(c * h), add); });
    }
};

/// Störmer–Verlet / leap-frog (13): half kick, drift, half kick. Order 2, symplectic, symmetric.
struct leapfrog : newton_splitting<leapfrog>,
                  geomint::scheme_claims<2, symplectic_map | time_symmetric | momentum_conserving>,
                  geomint::stable_below_two {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "leapfrog";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (13)";
    /// Drift weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 2> drift{{{0, 1}, {1, 1}}};
    /// Kick weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 2> kick{{{1, 2}, {1, 2}}};
    /// Whether the last stage of a step and the first of the next can be merged.
    static constexpr bool first_same_as_last = true;

    /// The same step given the force f = f(φ_n), returning f(φ_{n+1}) in it: one force
    /// evaluation per step along a trajectory (first same as last); the same substeps and
    /// arithmetic as `step`.
    template <class System, class U, class T, class Add = add_in_place>
    static void step_with_force(const System& sys, U& phi, U& p, const T& h, U& f, Add&& add = Add{}) {
        const auto& [a, b] = coefficients<T>();
        bool first = true;
        splitting_sweep(
            a, b, [&](const T& c) { detail::drift(sys, phi, p, T(c * h), add); },
            [&](const T& c) {
                if (!first) f = sys.force(phi);
                first = false;
                add.add_momentum(p, f * T(c * h));
            });
    }
};

/// Symplectic Euler (20): p_{n+1} = p_n + ε f(φ_n), φ_{n+1} = φ_n + ε p_{n+1}. Order 1, symplectic.
struct symplectic_euler : newton_splitting<symplectic_euler>,
                          geomint::scheme_claims<1, symplectic_map | momentum_conserving>,
                          geomint::stable_below_two {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "symplectic_euler";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (20)";
    /// Drift weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 2> drift{{{0, 1}, {1, 1}}};
    /// Kick weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 2> kick{{{1, 1}, {0, 1}}};
};

/// Symplectic Euler, the other form (21): φ_{n+1} = φ_n + ε p_n, p_{n+1} = p_n + ε f(φ_{n+1}).
/// Order 1, symplectic; the adjoint of (20).
struct symplectic_euler_adjoint : newton_splitting<symplectic_euler_adjoint>,
                                  geomint::scheme_claims<1, symplectic_map | momentum_conserving>,
                                  geomint::stable_below_two {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "symplectic_euler_adjoint";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (21)";
    /// Drift weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 1> drift{{{1, 1}}};
    /// Kick weights as exact fractions (numerator, denominator).
    static constexpr std::array<std::pair<int, int>, 1> kick{{{1, 1}}};
};

/// Whether `Scheme`'s step is a sequence of increments a stepper may sum (`newton_splitting`):
/// the schemes that take `compensated_summation`.
template <class Scheme>
constexpr bool adds_increments() {
    return std::is_base_of_v<newton_splitting<Scheme>, Scheme>;
}

/// Whether `Scheme` has the first-same-as-last form `step_with_force` (`Scheme::first_same_as_last`).
template <class Scheme>
constexpr bool first_same_as_last() {
    if constexpr (requires { Scheme::first_same_as_last; })
        return Scheme::first_same_as_last;
    else
        return false;
}

}  // namespace geomint::scheme
