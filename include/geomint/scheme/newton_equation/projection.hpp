#pragma once
/// \file
/// Projection of a one-step method onto the energy manifold g(x) = H(x) − energy = 0, x = (φ, p).
/// Source: Cieśliński & Ratkiewicz, §4: standard projection (25)–(30), symmetric projection (31)
/// (Hairer; Lubich & Wanner §IV.4), both applied to leap-frog in the paper (the default base).
///
/// The manifold is the level set through the step's input, energy = H(φ_n, p_n) (a stateless
/// stepper: over many steps H does a random walk of Newton residuals, not a drift). The
/// projection is orthogonal in (φ, p), ∇g = (V'(φ), p); for k = 1 this is the paper's (26)–(28).
/// λ is found by Newton with the exact derivative (the paper's (30) uses a simplified one; both
/// converge to the same root). Neither map is symplectic; the symmetric one is time-reversible.

#include "geomint/scheme/newton_equation/newton_equation_scheme.hpp"
#include "geomint/scheme/newton_equation/leapfrog.hpp"
#include "geomint/solver/newton_raphson.hpp"

namespace geomint::scheme {

namespace detail {
/// Scale of the rounding in H at (φ, p), for Newton tolerances: the terms of H, and V' times |φ|
/// (the rounding of a large angle φ moves V by about ε|φ V'(φ)|).
template <class System, class T>
T energy_scale(const System& sys, const T& phi, const T& p) {
    using std::abs;
    return (1 + abs(phi)) * (p * p / 2 + abs(sys.V(phi)) + abs(sys.dV(phi))) + T(1) / T(1 << 20);
}
}  // namespace detail

/// Standard projection (25)–(30): x̃ = Φ_ε(x_n), x_{n+1} = x̃ + λ∇g(x̃) with g(x_{n+1}) = 0.
template <class Base = leapfrog>
struct standard_projection
    : geomint::scheme_claims<Base::order, energy_conserving>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "standard_projection";
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = true;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = false;
    static constexpr bool implicit = true;  ///< solves an equation (takes iteration_options)
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eqs. (25)-(30)";
    /// \throws geomint::convergence_error if a Newton solve fails.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const iteration_options& opt) {
        const U energy = sys.hamiltonian(phi, p);
        newton_equation_step<Base>(sys, phi, p, h, opt);
        const U g_phi = sys.dV(phi);
        const auto residual = [&sys](const auto& lambda, const auto& phi_t, const auto& p_t, const auto& gphi,
                                     const auto& h0) {
            return sys.hamiltonian(phi_t + lambda * gphi, p_t + lambda * p_t) - h0;
        };
        const T scale = detail::energy_scale(sys, value_of(phi), value_of(p));
        const U lambda = geomint::detail::solve_scalar<U>(residual, T(0), scale, opt, name, phi, p, g_phi, energy);
        phi += lambda * g_phi;
        p += lambda * p;
    }
};

/// Symmetric projection (31): x̂ = x_n + λ∇g(x_n), x̃ = Φ_ε(x̂), x_{n+1} = x̃ + λ∇g(x_{n+1}),
/// with g(x_{n+1}) = 0 (one λ for both). x_{n+1} solves p = p̃/(1 − λ), φ = φ̃ + λV'(φ) (an inner
/// Newton solve for φ), and λ solves H(x_{n+1}(λ)) = energy (outer Newton solve, derivative by autodiff
/// through the inner one). Time-reversible when Φ_ε is (leap-frog).
template <class Base = leapfrog>
struct symmetric_projection
    : geomint::scheme_claims<Base::order, time_symmetric | energy_conserving>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "symmetric_projection";
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = true;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = false;
    static constexpr bool implicit = true;  ///< solves an equation (takes iteration_options)
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (31)";
    /// \throws geomint::convergence_error if a Newton solve fails.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const iteration_options& opt) {
        const U energy = sys.hamiltonian(phi, p);
        const T scale = detail::energy_scale(sys, value_of(phi), value_of(p));
        // x_{n+1}(λ) for λ, φ_n, p_n of one type W (T or dual<T>).
        const auto next = [&sys, h, &opt, scale](const auto& lambda, const auto& phi0, const auto& p0) {
            using W = std::decay_t<decltype(lambda * phi0)>;
            W phi_t = W(phi0) + lambda * sys.dV(phi0), p_t = W(p0) + lambda * p0;
            newton_equation_step<Base>(sys, phi_t, p_t, h, opt);
            const auto inner = [&sys](const auto& x, const auto& phi_tilde, const auto& lam) {
                return x - phi_tilde - lam * sys.dV(x);
            };
            const W x = geomint::detail::solve_scalar<W>(inner, value_of(phi_t + lambda * sys.dV(phi_t)),
                                                         scale, opt, name, phi_t, W(lambda));
            return std::make_pair(x, W(p_t / (1 - lambda)));
        };
        const auto residual = [&next, &sys](const auto& lambda, const auto& phi0, const auto& p0, const auto& h0) {
            const auto x = next(lambda, phi0, p0);
            return sys.hamiltonian(x.first, x.second) - h0;
        };
        const U lambda = geomint::detail::solve_scalar<U>(residual, T(0), scale, opt, name, phi, p, energy);
        const auto x = next(lambda, phi, p);
        phi = x.first;
        p = x.second;
    }
};

}  // namespace geomint::scheme
