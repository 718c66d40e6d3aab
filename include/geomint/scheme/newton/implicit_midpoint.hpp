#pragma once
/// \file
/// Implicit midpoint rule for φ̈ = f(φ). Source: Cieśliński & Ratkiewicz, eq. (23):
///   φ_{n+1} = φ_n + ε (p_n + p_{n+1})/2,  p_{n+1} = p_n + ε f((φ_n + φ_{n+1})/2).
/// Solved for the midpoint m = (φ_n + φ_{n+1})/2 of  m − φ_n − (ε/2) p_n − (ε²/4) f(m) = 0
/// by Newton (solver/newton.hpp). Order 2, symplectic (Lemma 1), symmetric.
/// For q ∈ ℝⁿ (a `separable_system`) the same equation is solved by Newton–Raphson with the
/// Jacobian I + (ε²/4)∇²V(m) (Hessian by autodiff).

#include "geomint/scheme/newton/splitting.hpp"

namespace geomint::scheme {

struct implicit_midpoint {
    static constexpr const char* name = "implicit_midpoint";
    static constexpr unsigned order = 2;
    static constexpr bool symplectic = true;
    static constexpr bool needs_potential = true;
    static constexpr bool multi_dof = true;

    /// \throws geomint::convergence_error if the Newton solve fails.
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& eps, const newton_options& opt) {
        using std::abs;
        const T e2 = eps * eps / 4;
        const auto residual = [&sys, eps, e2](const auto& m, const auto& phi0, const auto& p0) {
            return m - phi0 - p0 * (eps / 2) - sys.force(m) * e2;
        };
        const T guess = value_of(phi) + value_of(p) * (eps / 2);
        const T scale = abs(value_of(phi)) + abs(eps * value_of(p)) + e2 * abs(value_of(sys.force(value_of(phi))));
        const U m = geomint::detail::solve_scalar<U>(residual, guess, scale, opt, name, phi, p);
        p += sys.force(m) * eps;
        phi = m * 2 - phi;
    }

    /// n degrees of freedom: q, p of length sys.dof().
    /// \throws geomint::convergence_error if the Newton solve fails.
    template <class System, class T>
    static void step(const System& sys, vector<T>& q, vector<T>& p, const T& eps, const newton_options& opt) {
        using std::abs;
        const T e2 = eps * eps / 4;
        const vector<T> base = q + p * (eps / 2);
        const auto system = [&sys, &base, e2](const vector<T>& m) {
            const auto n = m.size();
            return std::make_pair(vector<T>(m - base - sys.force(m) * e2),
                                  matrix<T>(matrix<T>::Identity(n, n) + sys.d2V(m) * e2));
        };
        const T scale = max_abs(q) + abs(eps) * max_abs(p) + e2 * max_abs(sys.force(q));
        const vector<T> m = geomint::detail::solve_vector(system, base, scale, opt, name);
        p += sys.force(m) * eps;
        q = m * 2 - q;
    }
};

}  // namespace geomint::scheme
