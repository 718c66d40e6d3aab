#pragma once
/// \file
/// A bound equatorial timelike geodesic of the Schwarzschild metric (mass M = 1, G = c = 1) as a
/// non-separable Hamiltonian system in proper time τ, with its exact periapsis advance.
///
/// With t and φ cyclic, p_t = −E and p_φ = L, the geodesic Hamiltonian H = ½ g^{μν} p_μ p_ν
/// reduces on the equator to two degrees of freedom q = (r, φ), p = (p_r, p_φ):
///     H(r, φ, p_r, p_φ) = ½ (−E²/(1 − 2/r) + (1 − 2/r) p_r² + p_φ²/r²),   H = −½ on the orbit,
/// not separable (the p_r² and p_φ² terms carry r). The orbit of semi-latus rectum p and
/// eccentricity e (periapsis r_p = p/(1 + e), apoapsis r_a = p/(1 − e)) has
///     E² = ((p − 2)² − 4e²)/(p (p − 3 − e²)),   L² = p²/(p − 3 − e²)
/// (Cutler, Kennefick & Poisson, Phys. Rev. D 50, 3816 (1994)), and φ advances
/// over one radial period (periapsis to periapsis) by 2π + Δφ with
///     Δφ = 4 K(m) √(p/(p − 6 + 2e)) − 2π,   m = 4e/(p − 6 + 2e),
/// K the complete elliptic integral of the first kind of parameter m (with u = 1/r,
/// (du/dφ)² = 2(u − u_a)(u_p − u)(u₃ − u), u_a + u_p + u₃ = ½). Bound, stable orbits need
/// 0 ≤ e < 1 and p > 6 + 2e.

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/hamiltonian_system.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/tools/roots.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <utility>

namespace geomint::problems {

/// The geodesic of semi-latus rectum p and eccentricity e (file comment), in T.
template <class T>
struct schwarzschild_geodesic {
    T p;  ///< semi-latus rectum (units of M)
    T e;  ///< eccentricity

    /// \throws std::invalid_argument unless 0 ≤ e < 1 and p > 6 + 2e (a bound, stable orbit).
    schwarzschild_geodesic(T semi_latus_rectum, T eccentricity) : p(std::move(semi_latus_rectum)), e(std::move(eccentricity)) {
        if (!(e >= T(0) && e < T(1)))
            throw std::invalid_argument("schwarzschild_geodesic: e = " + geomint::to_string(e) +
                                        " violates the precondition 0 <= e < 1 (a bound orbit)");
        if (!(p > 6 + 2 * e) || !is_finite(p))
            throw std::invalid_argument("schwarzschild_geodesic: p = " + geomint::to_string(p) + " with e = " +
                                        geomint::to_string(e) + " violates the precondition p > 6 + 2e (a stable bound orbit)");
    }

    /// The energy per unit mass E = −p_t.
    T energy() const {
        using std::sqrt;
        return sqrt(((p - 2) * (p - 2) - 4 * e * e) / (p * (p - 3 - e * e)));
    }
    /// The angular momentum per unit mass L = p_φ.
    T angular_momentum() const {
        using std::sqrt;
        return sqrt(p * p / (p - 3 - e * e));
    }
    /// r_p = p/(1 + e).
    T periapsis() const { return p / (1 + e); }
    /// r_a = p/(1 − e).
    T apoapsis() const { return p / (1 - e); }

    /// H(q, p) as a generic callable, q = (r, φ), p = (p_r, p_φ) (file comment).
    auto hamiltonian() const {
        return [E2 = T(energy() * energy())](const auto& q, const auto& pm) {
            const auto f = 1 - 2 / q[0];
            return (-E2 / f + f * pm[0] * pm[0] + pm[1] * pm[1] / (q[0] * q[0])) / 2;
        };
    }
    /// The model (two degrees of freedom).
    auto system() const { return make_hamiltonian_system<T>(2, hamiltonian()); }
    /// The state at periapsis, φ = 0: q = (r_p, 0), p = (0, L).
    std::pair<vector<T, 2>, vector<T, 2>> start() const {
        return {vector<T, 2>(periapsis(), T(0)), vector<T, 2>(T(0), angular_momentum())};
    }
    /// The exact periapsis advance per radial period, Δφ = 4 K(m) √(p/(p − 6 + 2e)) − 2π.
    T periapsis_advance() const {
        using std::sqrt;
        const T d = p - 6 + 2 * e;
        const T k = sqrt(4 * e / d);  // Boost's ellint_1 takes the modulus k = √m
        return 4 * boost::math::ellint_1(k) * sqrt(p / d) - 2 * boost::math::constants::pi<T>();
    }

    /// The advance per radial period measured by `stepper` (any geomint or odeint stepper on
    /// odeint's (q, p) pair of `vector<T, 2>`) with steps of h from periapsis over `periods` radial
    /// periods: φ at the periods-th following periapsis, divided by `periods`, minus 2π. Each
    /// periapsis (p_r rising through 0) is located inside its step by TOMS 748 (Boost.Math) on the
    /// step size θ ∈ (0, h] of a fresh copy of `stepper` stepping from the step's start, so the
    /// passage is as accurate as the scheme itself (no interpolation).
    /// \throws std::invalid_argument unless h > 0 and periods ≥ 1; std::runtime_error when TOMS
    ///         748 does not bracket the passage to T's precision in 200 iterations.
    template <class Stepper>
    T measured_periapsis_advance(const Stepper& stepper, const T& h, int periods) const {
        if (!(h > T(0)) || periods < 1)
            throw std::invalid_argument("schwarzschild_geodesic: h = " + geomint::to_string(h) + ", periods = " +
                                        std::to_string(periods) + " violate the precondition h > 0, periods >= 1");
        const auto sys = system();
        Stepper st = stepper;
        auto state = start();
        T t(0), phi_end(0);
        for (int found = 0; found < periods;) {
            const auto before = state;
            st.do_step(sys, state, t, h);
            if (before.second(0) < T(0) && !(state.second(0) < T(0))) {  // p_r rises through 0
                const auto stepped = [&](const T& theta) {
                    Stepper fresh = stepper;
                    auto s = before;
                    if (theta > T(0)) fresh.do_step(sys, s, t, theta);
                    return s;
                };
                std::uintmax_t iterations = 200;
                const auto bracket = boost::math::tools::toms748_solve(
                    [&](const T& theta) { return T(stepped(theta).second(0)); }, T(0), h, T(before.second(0)),
                    T(state.second(0)), boost::math::tools::eps_tolerance<T>(std::numeric_limits<T>::digits - 2), iterations);
                if (iterations >= 200)
                    throw std::runtime_error("schwarzschild_geodesic: the periapsis passage after t = " + geomint::to_string(t) +
                                             " was not bracketed to T's precision in 200 TOMS 748 iterations");
                phi_end = stepped((bracket.first + bracket.second) / 2).first(1);
                ++found;
            }
            t += h;
        }
        return phi_end / periods - 2 * boost::math::constants::pi<T>();
    }
};

}  // namespace geomint::problems
