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

}  // namespace geomint::problems
