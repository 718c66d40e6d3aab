#pragma once
/// \file
/// Implicit midpoint rule for φ̈ = f(φ). Source: Cieśliński & Ratkiewicz, eq. (23):
///   φ_{n+1} = φ_n + ε (p_n + p_{n+1})/2,  p_{n+1} = p_n + ε f((φ_n + φ_{n+1})/2).
/// Solved for the midpoint m = (φ_n + φ_{n+1})/2 of  m − φ_n − (ε/2) p_n − (ε²/4) f(m) = 0
/// by Newton (solver/newton.hpp). Order 2, symplectic (Lemma 1), symmetric.

#include "geomint/scheme/newton/splitting.hpp"

namespace geomint::scheme {

struct implicit_midpoint {
    static constexpr const char* name = "implicit_midpoint";
    static constexpr unsigned order = 2;
    static constexpr bool symplectic = true;
    static constexpr bool needs_potential = true;

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
};

}  // namespace geomint::scheme
