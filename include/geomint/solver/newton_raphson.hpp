#pragma once
/// \file
/// The Newton solves shared by every implicit scheme. Scalar unknowns: Boost.Math's
/// `newton_raphson_iterate`, with the derivative of the residual from autodiff. Vector unknowns:
/// Newton–Raphson with the caller's Jacobian, factorized by Eigen's partial-pivoting LU. Both
/// use a tolerance that follows the scalar type, an iteration cap, and
/// `geomint::convergence_error` on failure.
///
/// Residuals are generic callables `G(z, params...)`, evaluated with z and the parameters of
/// type T or dual<T>. Solving with dual parameters (to differentiate a whole step) solves the
/// value problem first and then takes one Newton update in dual arithmetic from the converged
/// root: that update gives the tangent of the root exactly (implicit function theorem),
/// z' = −(∂G/∂θ · θ') / (∂G/∂z).

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/solver/options.hpp"

#include <boost/math/tools/roots.hpp>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>

namespace geomint {

namespace detail {

/// How `solve_vector` computes the Newton step J⁻¹g for a Jacobian of type `Jacobian`: dense
/// matrices here (partial-pivoting LU); sparse ones in solver/sparse_newton_step.hpp, so
/// <Eigen/Sparse> is compiled only where a scheme includes it. A singular J gives a non-finite
/// step.
template <class Jacobian>
struct newton_step_solver;

template <class T>
struct newton_step_solver<matrix<T>> {
    static vector<T> solve(const matrix<T>& J, const vector<T>& g) { return J.partialPivLu().solve(g); }
};

/// J⁻¹g by the solver for J's type.
template <class Jacobian, class T>
vector<T> linear_solve(const Jacobian& J, const vector<T>& g) {
    return newton_step_solver<Jacobian>::solve(J, g);
}

/// Sizes a scalar Newton solve measures its residual against: it stops iterating when
/// |G| ≤ 2ε·`stop` and accepts the root when |G| ≤ 64ε·`accept`. `accept` may exceed `stop` when
/// G's evaluation can carry more rounding than its terms suggest (a difference quotient whose
/// worst case is ε|V|/|b − a|): Newton then still iterates to the rounding of the terms, and the
/// bound only decides whether to throw.
template <class T>
struct residual_scale {
    T stop;
    T accept;
};

/// Solve G(z, params...) = 0 for z, starting at `guess`.
///
/// Stops when |G| ≤ 2ε·scale (or when Boost's relative step test |Δz| ≤ 2^(1−digits)|z| is met)
/// and accepts the root if |G| ≤ 64ε·scale, where ε is T's machine epsilon and `scale` the
/// magnitude of the terms of G (so the tolerance follows the scalar type: ~1e-48 at mp<50>);
/// with a `residual_scale`, the two sizes are given separately.
/// \throws convergence_error (naming `who`, the iterations used and the residual) otherwise,
///         also when G is not finite or Boost reports that no root can be bracketed.
template <class U, class Residual, class... Params>
U solve_scalar(const Residual& G, const value_type_of_t<U>& guess, const value_type_of_t<U>& scale,
               const iteration_options& opt, const char* who, const Params&... params) {
    using T = value_type_of_t<U>;
    return solve_scalar<U>(G, guess, residual_scale<T>{scale, scale}, opt, who, params...);
}

template <class U, class Residual, class... Params>
U solve_scalar(const Residual& G, const value_type_of_t<U>& guess, const residual_scale<value_type_of_t<U>>& scale,
               const iteration_options& opt, const char* who, const Params&... params) {
    using T = value_type_of_t<U>;
    if constexpr (is_dual_v<U>) {
        const T z = solve_scalar<T>(G, guess, scale, opt, who, value_of(params)...);
        const T g_z = static_cast<T>(G(ad::make_fvar<T, 1>(z), value_of(params)...).derivative(1));
        const U r = G(U(z), params...);
        return make_dual(z, -tangent_of(r) / g_z);
    } else {
        using std::abs;
        const T eps = std::numeric_limits<T>::epsilon();
        // Boost iterates until |G| ≤ 2ε·accept-scale (it falls back to bisection over its bounds
        // when steps stop shrinking, so it must stop before the rounding noise of G); then plain
        // Newton steps polish the root while |G| > 2ε·stop-scale and keeps decreasing
        const T stop = 2 * eps * scale.stop, loose = 2 * eps * scale.accept, accept = 64 * eps * scale.accept;
        auto f = [&](const T& z) {
            const auto y = G(ad::make_fvar<T, 1>(z), params...);
            T r = static_cast<T>(y.derivative(0));
            if (!is_finite(r))
                throw convergence_error(std::string(who) + ": Newton residual is not finite (" + geomint::to_string(r) +
                                            ") at z = " + geomint::to_string(z),
                                        0, static_cast<long double>(r));
            if (abs(r) <= loose) r = T(0);  // Boost stops on 0
            return std::make_pair(r, static_cast<T>(y.derivative(1)));
        };
        std::uintmax_t iterations = static_cast<std::uintmax_t>(opt.max_iterations);
        T z;
        try {
            z = boost::math::tools::newton_raphson_iterate(f, guess, -(std::numeric_limits<T>::max)(),
                                                           (std::numeric_limits<T>::max)(),
                                                           std::numeric_limits<T>::digits, iterations);
        } catch (const boost::math::evaluation_error& e) {
            throw convergence_error(std::string(who) + ": Newton iteration failed: " + e.what(),
                                    static_cast<int>(iterations), std::numeric_limits<long double>::quiet_NaN());
        }
        auto y = G(ad::make_fvar<T, 1>(z), params...);
        T r = static_cast<T>(y.derivative(0));
        // polishing steps count against the iteration cap
        for (int polish = 0; polish < 3 && abs(r) > stop && iterations < static_cast<std::uintmax_t>(opt.max_iterations);
             ++polish, ++iterations) {
            const T slope = static_cast<T>(y.derivative(1));
            if (!(slope != T(0))) break;
            const T z1 = z - r / slope;
            const auto y1 = G(ad::make_fvar<T, 1>(z1), params...);
            const T r1 = static_cast<T>(y1.derivative(0));
            if (!(abs(r1) < abs(r))) break;
            z = z1;
            y = y1;
            r = r1;
        }
        if (!(abs(r) <= accept))
            throw convergence_error(std::string(who) + ": Newton iteration did not converge in " +
                                        std::to_string(iterations) + " iterations (cap " +
                                        std::to_string(opt.max_iterations) + "): residual " + geomint::to_string(r) +
                                        " > tolerance " + geomint::to_string(accept) + " at z = " + geomint::to_string(z),
                                    static_cast<int>(iterations), static_cast<long double>(r));
        return z;
    }
}

/// Solve G(z) = 0 for z ∈ ℝⁿ, starting at `guess`; `system(z)` returns the pair (G(z), ∂G/∂z)
/// (a `vector<T>` of length n and an n × n `matrix<T>`).
///
/// Stops when max|G_i| ≤ 2ε·scale, and accepts a root whose Newton step has reached the rounding
/// of z (|Δz|∞ ≤ ε|z|∞), whose last step did not decrease the residual (rounding noise is all that
/// is left), or at the iteration cap, if max|G_i| ≤ 64ε·scale — the tolerances of `solve_scalar`;
/// a residual that stops decreasing at max|G_i| ≤ 1024ε·scale is also accepted: there the
/// evaluation of G is noisier than its terms suggest (a difference quotient of nearly equal
/// energies; a truss at rest length), and quadratic convergence would otherwise have passed
/// below 64ε·scale in one step. Then takes
/// one more Newton step with the Jacobian at hand (no new evaluation), so the root is accurate
/// to the rounding of G rather than to the stopping tolerance (conserved quantities that hold
/// exactly at the root then drift only by rounding).
/// \throws convergence_error (naming `who`, the iterations used and the residual) after
///         `opt.max_iterations` steps, or when G or the Newton step is not finite (a singular
///         Jacobian).
template <class T, class System>
vector<T> solve_vector(const System& system, vector<T> z, const T& scale, const iteration_options& opt,
                       const char* who) {
    using std::abs;
    const T eps = std::numeric_limits<T>::epsilon();
    const T stop = 2 * eps * scale, accept = 64 * eps * scale, noise_floor = 1024 * eps * scale;
    bool stalled = false;
    T r_prev = std::numeric_limits<T>::infinity();
    for (int it = 0;; ++it) {
        const auto [g, jacobian] = system(z);
        if (const Eigen::Index bad = first_non_finite(g); bad >= 0)
            throw convergence_error(std::string(who) + ": Newton residual entry " + std::to_string(bad) +
                                        " is not finite (" + geomint::to_string(g[bad]) + ")",
                                    it, static_cast<long double>(g[bad]));
        const T r = max_abs(g);
        // stalled: the last step moved z by ≤ ε|z|, or did not decrease a residual already within
        // `accept` (rounding noise, not convergence, is left)
        const bool rose = r >= r_prev;
        stalled = stalled || rose;
        if (r <= stop || ((stalled || it >= opt.max_iterations) && r <= accept) || (rose && r <= noise_floor)) {
            // one last Newton step with the Jacobian at hand: the root to the rounding of G
            const vector<T> dz = linear_solve(jacobian, g);
            if (all_finite(dz)) z -= dz;
            return z;
        }
        if (it >= opt.max_iterations)
            throw convergence_error(std::string(who) + ": Newton iteration did not converge in " + std::to_string(it) +
                                        " iterations (cap " + std::to_string(opt.max_iterations) + "): residual " +
                                        geomint::to_string(r) + " > tolerance " + geomint::to_string(accept),
                                    it, static_cast<long double>(r));
        const vector<T> dz = linear_solve(jacobian, g);
        if (!all_finite(dz))
            throw convergence_error(std::string(who) + ": Newton step is not finite (singular Jacobian) at residual " +
                                        geomint::to_string(r),
                                    it, static_cast<long double>(r));
        stalled = max_abs(dz) <= eps * max_abs(z);
        r_prev = r;
        z -= dz;
    }
}
}  // namespace detail
}  // namespace geomint
