#pragma once
/// \file
/// Implicit midpoint rule for φ̈ = f(φ). Source: Cieśliński & Ratkiewicz, eq. (23):
///   φ_{n+1} = φ_n + ε (p_n + p_{n+1})/2,  p_{n+1} = p_n + ε f((φ_n + φ_{n+1})/2).
/// Solved for the midpoint m = (φ_n + φ_{n+1})/2 of  m − φ_n − (ε/2) p_n − (ε²/4) f(m) = 0
/// by Newton (solver/newton_raphson.hpp). Order 2, symplectic (Lemma 1), symmetric.
/// For q ∈ ℝⁿ (a `separable_system`) the same equation is solved by Newton–Raphson with the
/// Jacobian I + (ε²/4)∇²V(m) (Hessian by autodiff).

#include "geomint/scheme/newton_equation/leapfrog.hpp"
#include "geomint/solver/newton_raphson.hpp"

namespace geomint::scheme {

/// The implicit midpoint rule (Cieśliński & Ratkiewicz, eq. 23): symplectic, symmetric, order 2, one nonlinear solve per step.
struct implicit_midpoint
    : geomint::scheme_claims<2, symplectic_map | time_symmetric | momentum_conserving>, geomint::unconditionally_stable {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "implicit_midpoint";
    /// Whether the scheme needs V(q) itself, not only its gradient.
    static constexpr bool needs_potential = true;
    /// Whether the scheme applies to several degrees of freedom (else one).
    static constexpr bool multi_dof = true;
    static constexpr bool implicit = true;  ///< solves an equation (takes iteration_options)
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eq. (23)";
    /// \throws geomint::convergence_error if the Newton solve fails.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h, const iteration_options& opt) {
        using std::abs;
        const T e2 = h * h / 4;
        const auto residual = [&sys, h, e2](const auto& m, const auto& phi0, const auto& p0) {
            return m - phi0 - p0 * (h / 2) - sys.force(m) * e2;
        };
        const T guess = value_of(phi) + value_of(p) * (h / 2);
        const T scale = abs(value_of(phi)) + abs(h * value_of(p)) + e2 * abs(value_of(sys.force(value_of(phi))));
        const U m = geomint::detail::solve_scalar<U>(residual, guess, scale, opt, name, phi, p);
        p += sys.force(m) * h;
        phi = m * 2 - phi;
    }

    /// n degrees of freedom: q, p of length sys.dof().
    /// \throws geomint::convergence_error if the Newton solve fails.
    template <class System, class T>
    static void step(const System& sys, vector<T>& q, vector<T>& p, const T& h, const iteration_options& opt) {
        using std::abs;
        const T e2 = h * h / 4;
        const vector<T> base = q + p * (h / 2);
        const auto system = [&sys, &base, e2](const vector<T>& m) {
            const auto n = m.size();
            return std::make_pair(vector<T>(m - base - sys.force(m) * e2),
                                  matrix<T>(matrix<T>::Identity(n, n) + sys.d2V(m) * e2));
        };
        const T scale = max_abs(q) + abs(h) * max_abs(p) + e2 * max_abs(sys.force(q));
        const vector<T> m = geomint::detail::solve_vector(system, base, scale, opt, name);
        p += sys.force(m) * h;
        q = m * 2 - q;
    }
};

}  // namespace geomint::scheme
