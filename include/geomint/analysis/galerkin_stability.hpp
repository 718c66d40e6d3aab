#pragma once
/// \file
/// The stability limit of the Galerkin variational integrator of degree r (the Lobatto
/// IIIA–IIIB pair) on undamped linear vibrations: the first x* = ω h > 0 at which its transfer
/// matrix on the oscillator q̈ = −ω² q stops being power-bounded. Like Simpson's scheme
/// (analysis/stability.hpp), the scheme decouples mode by mode on M q̈ + K q = 0, so an n-DOF
/// model is stable at h when ω_max h < x* (and unstable just above).
///
/// Φ(x) is the 2 × 2 map of one step of the linear-stage solver (scheme/galerkin/linear_stages.hpp)
/// on M = 1, K = 1 at h = x; det Φ = 1 (symplectic), so Φ is power-bounded while |tr Φ| < 2. Its
/// eigenvalues e^{±iθ(x)}, θ ≈ x, meet at −1 where tr Φ first comes down to −2: r = 1 and 2 go
/// unstable there for good (x* = 2, Störmer–Verlet; x* = 2√2, Simpson's rule, Rojas-Quintero et
/// al. 2024), higher degrees enter a narrow gap of instability near x = π and are stable again
/// beyond it (measured widths: under 1 % of x* for r = 3 and 4, below double's resolution from
/// r = 5 on, where tr Φ only touches −2). x* is that first meeting: the first x on a scan of
/// spacing 1/64 where tr Φ + 2 <= 0, refined by Boost.Math's toms748; or, where tr Φ turns up
/// first, its minimum by Brent's method (boost::math::tools::brent_find_minima), x* being the
/// root before it when the minimum is below −2 and the minimum itself when it is not (a touch,
/// counted as the limit: conservative). |tr Φ| < 2 on (0, x*) is checked on a finer scan in the
/// tests.

#include "geomint/error.hpp"
#include "geomint/model/structural_system.hpp"
#include "geomint/scheme/galerkin/linear_stages.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"

#include <boost/math/tools/minima.hpp>
#include <boost/math/tools/toms748_solve.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

namespace geomint {

namespace detail {
/// tr Φ(x) from the Lobatto pair `c` of degree `degree` (built once by the caller).
template <class Pair, class T>
T galerkin_transfer_trace_of(const Pair& c, int degree, const T& x) {
    const matrix<T> one = matrix<T>::Identity(1, 1), zero = matrix<T>::Zero(1, 1);
    const structural_system<matrix<T>> oscillator(one, zero, one);
    const scheme::galerkin_stage_solver<T, matrix<T>> stages(c, one, zero, one, x, oscillator.rayleigh());
    if (!stages.invertible())
        throw singular_step_error("galerkin_transfer_trace: the stage equations of degree " + std::to_string(degree) +
                                  " are singular at x = " + geomint::to_string(x));
    vector<T> dq, dp;
    const vector<T> unit = vector<T>::Ones(1), none = vector<T>::Zero(1);
    scheme::galerkin_linear_step(c, oscillator, stages, unit, none, T(0), x, dq, dp);
    const T phi_qq = T(1) + dq(0);
    scheme::galerkin_linear_step(c, oscillator, stages, none, unit, T(0), x, dq, dp);
    const T phi_pp = T(1) + dp(0);
    return phi_qq + phi_pp;
}
}  // namespace detail

/// tr Φ(x) of the Galerkin VI of degree `degree` (1 ≤ degree ≤ 12) on q̈ = −q at h = x > 0.
/// \throws geomint::singular_step_error when the stage equations are singular at x.
template <class T>
T galerkin_transfer_trace(int degree, const T& x) {
    return detail::galerkin_transfer_trace_of(scheme::lobatto_iiia_iiib<T>(degree), degree, x);
}

/// x* = (ω h)_max of the Galerkin VI of degree `degree` on undamped vibrations (see the file's
/// comment). \throws std::invalid_argument when degree is outside 1..12; std::runtime_error
/// when tr Φ does not come down to −2 below x = 64.
template <class T>
T galerkin_stability_limit(int degree) {
    if (degree < 1 || degree > 12)
        throw std::invalid_argument("galerkin_stability_limit: degree = " + std::to_string(degree) +
                                    " (precondition: 1 <= degree <= 12)");
    const auto pair = scheme::lobatto_iiia_iiib<T>(degree);  // once: every trial x shares it
    const auto trace = [&](const T& x) { return detail::galerkin_transfer_trace_of(pair, degree, x); };
    const auto above = [&](const T& x) { return trace(x) + T(2); };  // tr Φ + 2
    const auto root = [&](T lo, T hi, T f_lo, T f_hi) {
        std::uintmax_t iterations = 200;
        const auto bracket = boost::math::tools::toms748_solve(
            above, lo, hi, f_lo, f_hi, boost::math::tools::eps_tolerance<T>(std::numeric_limits<T>::digits - 3),
            iterations);
        return (bracket.first + bracket.second) / T(2);
    };
    const T spacing = T(1) / T(64);
    T before = T(0), lo = spacing, f_lo = above(lo);
    for (int k = 2; k <= 64 * 64; ++k) {
        const T hi = T(k) * spacing, f_hi = above(hi);
        if (f_hi <= T(0)) return f_hi == T(0) ? hi : root(lo, hi, f_lo, f_hi);
        if (f_hi > f_lo) {  // tr Φ turned up in (before, hi): its minimum there, a gap or a touch
            const auto [x_min, f_min] =
                boost::math::tools::brent_find_minima(above, before, hi, std::numeric_limits<T>::digits / 2);
            return f_min < T(0) ? root(before, x_min, above(before), f_min) : x_min;
        }
        before = lo;
        lo = hi;
        f_lo = f_hi;
    }
    throw std::runtime_error("galerkin_stability_limit: tr Phi of degree " + std::to_string(degree) +
                             " does not come down to -2 below x = 64");
}

}  // namespace geomint
