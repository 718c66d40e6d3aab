#pragma once
/// \file
/// Kepler's problem q̈ = −q/|q|³ in the plane (μ = 1, semi-major axis a = 1, period 2π), started at
/// pericentre, with its exact solution from Kepler's equation, in any precision.
///
/// H(q, p) = |p|²/2 − 1/|q|; q(0) = (1 − e, 0), p(0) = (0, √((1 + e)/(1 − e))).
/// Exact solution (mean anomaly M = t): E − e sin E = M (solved by Boost.Math's Newton
/// iteration to the scalar's full precision), q = (cos E − e, √(1 − e²) sin E),
/// p = (−sin E, √(1 − e²) cos E)/(1 − e cos E).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/problems/unit_mass_rate.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::problems {

/// Kepler's problem with eccentricity e (0 <= e < 1).
template <class T>
struct kepler {
    /// \throws std::invalid_argument unless 0 <= e < 1.
    explicit kepler(T eccentricity) : e(std::move(eccentricity)) {
        if (!(e >= T(0) && e < T(1)))
            throw std::invalid_argument("kepler: eccentricity e = " + geomint::to_string(e) +
                                        " violates the precondition 0 <= e < 1");
    }

    /// Eccentricity e, 0 ≤ e < 1.
    T e;

    /// dq/dt = p (problems/unit_mass_rate.hpp).
    using coordinate_rate = unit_mass_rate;
    /// dp/dt = −q/|q|³.
    struct momentum_rate {
        /// Writes dp/dt = −q/|q|³.
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            using std::sqrt;
            const auto r2 = q[0] * q[0] + q[1] * q[1];
            const auto r3 = r2 * sqrt(r2);
            dpdt[0] = -q[0] / r3;
            dpdt[1] = -q[1] / r3;
        }
    };
    /// odeint's symplectic pair form (f, g).
    std::pair<coordinate_rate, momentum_rate> system() const { return {}; }

    /// The state at time t (exact), (q, p) of length 2.
    std::pair<vector<T, 2>, vector<T, 2>> exact(const T& t) const {
        using std::cos;
        using std::sin;
        using std::sqrt;
        const T E = eccentric_anomaly(t);
        const T b = sqrt(T(1) - e * e), d = T(1) - e * cos(E);
        vector<T, 2> q, p;
        q << cos(E) - e, b * sin(E);
        p << -sin(E) / d, b * cos(E) / d;
        return {q, p};
    }
    /// Initial position: the pericentre (1 − e, 0).
    vector<T, 2> q0() const { return exact(T(0)).first; }
    /// Initial momentum at the pericentre.
    vector<T, 2> p0() const { return exact(T(0)).second; }
    /// The period 2π.
    T period() const { return boost::math::constants::two_pi<T>(); }

    /// H = |p|²/2 − 1/|q| (= −1/2 on the exact orbit).
    template <class Q, class P>
    static T hamiltonian(const Q& q, const P& p) {
        using std::sqrt;
        return (p[0] * p[0] + p[1] * p[1]) / 2 - T(1) / sqrt(q[0] * q[0] + q[1] * q[1]);
    }
    /// Scalar type (the `separable_hamiltonian` view: model/time_transformation.hpp).
    using value_type = T;
    /// Degrees of freedom: 2.
    static constexpr Eigen::Index dof() { return 2; }
    /// T(p) = |p|²/2.
    static T kinetic_energy(const vector<T>& p) { return p.squaredNorm() / 2; }
    /// V(q) = −1/|q|.
    static T potential_energy(const vector<T>& q) { return T(-1) / q.norm(); }
    /// ∂T/∂p = p.
    static void velocity(const vector<T>& p, vector<T>& out) { out = p; }
    /// −∂V/∂q = −q/|q|³.
    static void force(const vector<T>& q, vector<T>& out) {
        const T r = q.norm();
        out = -q / (r * r * r);
    }

    /// Angular momentum q × p (= √(1 − e²) on the exact orbit).
    template <class Q, class P>
    static T angular_momentum(const Q& q, const P& p) {
        return q[0] * p[1] - q[1] * p[0];
    }

    /// E with E − e sin E = t (Newton's method, bracket [t − e, t + e]).
    T eccentric_anomaly(const T& t) const {
        using std::cos;
        using std::sin;
        const auto f = [&](const T& E) { return std::make_pair(E - e * sin(E) - t, T(1) - e * cos(E)); };
        std::uintmax_t iterations = 200;
        return boost::math::tools::newton_raphson_iterate(f, t, T(t - e), T(t + e), std::numeric_limits<T>::digits,
                                                          iterations);
    }
};

/// The exact flow of q̈ = −μ q/|q|³ in the plane from any bound state (q0, p0) over time t (either
/// sign), at the scalar's full precision: Lagrange's f and g functions of the eccentric-anomaly
/// increment x, which solves n t' = x + (σ₀/√a)(1 − cos x) − (1 − r₀/a) sin x with σ₀ = q0·p0/√μ
/// and t' = t minus whole periods (Newton's method within [n t' − 2, n t' + 2]; the right side's
/// derivative is r/a > 0). Circular orbits included (no pericentre direction is needed). Use: the
/// reference of a run from a state that is not the pericentre, or from a rounded initial state
/// (each code's own initial condition, converted exactly to a wider scalar).
/// \param q0 position (length 2).
/// \param p0 velocity (length 2).
/// \param t  time.
/// \param mu gravitational parameter μ = G(M + m) > 0.
/// \returns (q(t), p(t)).
/// \throws std::invalid_argument unless μ > 0, t is finite, and the energy |p0|²/2 − μ/|q0| < 0.
/// Source: Danby, Fundamentals of Celestial Mechanics (1988) §6.7 (f and g in the eccentric anomaly).
template <class T>
std::pair<vector<T, 2>, vector<T, 2>> kepler_flow(const vector<T, 2>& q0, const vector<T, 2>& p0, const T& t,
                                                  const T& mu = T(1)) {
    using std::abs;
    using std::cos;
    using std::floor;
    using std::sin;
    using std::sqrt;
    const T r0 = q0.norm(), v2 = p0.squaredNorm(), energy = v2 / 2 - mu / r0;
    if (!(mu > T(0)) || !is_finite(t) || !(r0 > T(0)) || !(energy < T(0)))
        throw std::invalid_argument("kepler_flow: mu = " + geomint::to_string(mu) + ", t = " + geomint::to_string(t) +
                                    ", |q0| = " + geomint::to_string(r0) + ", energy = " + geomint::to_string(energy) +
                                    " (preconditions: mu > 0, t finite, q0 != 0, energy < 0: a bound orbit)");
    const T a = -mu / (2 * energy), n = sqrt(mu / (a * a * a)), period = boost::math::constants::two_pi<T>() / n;
    const T tr = t - floor(t / period) * period;  // in [0, period)
    const T es = q0.dot(p0) / sqrt(mu * a), ec = T(1) - r0 / a;  // e sin E₀, e cos E₀
    const T target = n * tr;
    const auto f = [&](const T& x) {
        return std::make_pair(x + es * (T(1) - cos(x)) - ec * sin(x) - target, T(1) + es * sin(x) - ec * cos(x));
    };
    std::uintmax_t iterations = 200;
    const T x = boost::math::tools::newton_raphson_iterate(f, target, T(target - 2), T(target + 2),
                                                           std::numeric_limits<T>::digits, iterations);
    const T c = cos(x), s = sin(x);
    const T r = a + (r0 - a) * c + q0.dot(p0) * sqrt(a / mu) * s;
    const T ff = T(1) - a / r0 * (T(1) - c), gg = tr - (x - s) / n;
    const T fd = -sqrt(mu * a) / (r * r0) * s, gd = T(1) - a / r * (T(1) - c);
    return {vector<T, 2>(ff * q0 + gg * p0), vector<T, 2>(fd * q0 + gd * p0)};
}

}  // namespace geomint::problems
