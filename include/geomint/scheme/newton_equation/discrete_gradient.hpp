#pragma once
/// \file
/// The discrete gradient scheme and its δ-modification for φ̈ = −V'(φ).
/// Source: Cieśliński & Ratkiewicz, eqs. (45)–(47) and (55)–(56):
///   (p_{n+1} + p_n)/2 = (φ_{n+1} − φ_n)/δ,   (p_{n+1} − p_n)/δ = −ΔV(φ_n, φ_{n+1}),
/// with ΔV the discrete gradient (V(b) − V(a))/(b − a) (`newton_system::discrete_gradient`),
/// δ = ε for the discrete gradient scheme and δ = (2/ω0) tan(εω0/2) for the modified one (55).
/// Both conserve H = p²/2 + V(φ) exactly (47): multiply the two equations.
/// Solved for d = φ_{n+1} − φ_n of  2d − 2δ p_n + δ² ΔV(φ_n, φ_n + d) = 0 by Newton; then
/// p_{n+1} = p_n − δ ΔV. Order 2, symmetric, not symplectic.

#include "geomint/error.hpp"
#include "geomint/scheme/newton_equation/leapfrog.hpp"
#include "geomint/solver/newton_raphson.hpp"

#include <boost/math/constants/constants.hpp>

#include <stdexcept>
#include <string>

namespace geomint::scheme {

namespace detail {
/// One step of (45) with step δ (the time advances by ε; only δ enters the equations).
template <class System, class U, class T>
void discrete_gradient_step(const System& sys, U& phi, U& p, const T& delta, const iteration_options& opt,
                            const char* who) {
    using std::abs;
    const T d2 = delta * delta;
    const auto residual = [&sys, delta, d2](const auto& d, const auto& phi0, const auto& p0) {
        return d * 2 - p0 * (2 * delta) + sys.discrete_gradient(phi0, phi0 + d) * d2;
    };
    const T f0 = value_of(sys.force(value_of(phi)));
    const T guess = delta * value_of(p) + d2 * f0 / 2;
    // iterate to the rounding of the residual's terms; accept up to the worst rounding of ΔV,
    // about ε(|V| + |φ V'|)/|d| in a direct quotient (the library's quotient is usually far better)
    const T phi0 = value_of(phi);
    const T terms = 2 * abs(delta * value_of(p)) + d2 * abs(f0) + 2 * abs(guess);
    const T worst = terms + d2 * (abs(sys.V(phi0)) + abs(phi0 * f0)) / (abs(guess) + T(1) / T(1 << 20));
    const U d = geomint::detail::solve_scalar<U>(residual, guess, geomint::detail::residual_scale<T>{terms, worst}, opt,
                                                 who, phi, p);
    p -= sys.discrete_gradient(phi, U(phi + d)) * delta;
    phi += d;
}
}  // namespace detail

/// Discrete gradient scheme (45): energy-preserving, order 2.
struct discrete_gradient
    : geomint::scheme_claims<2, time_symmetric | energy_conserving>, geomint::unconditionally_stable {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "discrete_gradient";
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = true;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = false;
    static constexpr bool implicit = true;  ///< solves an equation (takes iteration_options)
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eqs. (45)-(47)";
    /// \throws geomint::convergence_error if the Newton solve fails.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const iteration_options& opt) {
        detail::discrete_gradient_step(sys, phi, p, h, opt, name);
    }
};

/// Modified discrete gradient scheme (55)–(56): (45) with ε replaced by δ = (2/ω0) tan(εω0/2),
/// exact for the harmonic oscillator V = ω0² φ²/2 at every ε (|εω0| < π), order 2.
struct modified_discrete_gradient
    : geomint::scheme_claims<2, time_symmetric | energy_conserving>, geomint::unconditionally_stable {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "modified_discrete_gradient";
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = true;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = false;
    static constexpr bool implicit = true;  ///< solves an equation (takes iteration_options)
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eqs. (55)-(56)";
    /// Stability region on q̈ = −ω²q, in words.
    static constexpr const char* stability_text = "unconditionally stable for |h omega0| < pi, where delta (55) is defined";
    /// δ(ε) = (2/ω0) tan(εω0/2) (eq. 55).
    /// \throws std::domain_error if V''(0) ≤ 0 or |ε ω0| ≥ π (δ undefined or of the wrong sign).
    template <class System, class T>
    static T delta(const System& sys, const T& h) {
        using std::abs;
        using std::tan;
        const T w0 = sys.omega0();
        if (!(abs(h * w0) < boost::math::constants::pi<T>()))
            throw std::domain_error(std::string(name) + ": step h = " + geomint::to_string(h) + " gives |h omega0| = " +
                                    geomint::to_string(T(abs(h * w0))) +
                                    ", violating |h omega0| < pi (delta = (2/omega0) tan(h omega0/2), eq. 55)");
        return tan(h * w0 / 2) * 2 / w0;
    }

    /// \throws geomint::convergence_error if the Newton solve fails; std::domain_error as `delta`.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const iteration_options& opt) {
        detail::discrete_gradient_step(sys, phi, p, delta(sys, h), opt, name);
    }
};

}  // namespace geomint::scheme
