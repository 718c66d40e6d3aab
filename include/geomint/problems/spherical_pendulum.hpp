#pragma once
/// \file
/// The spherical pendulum in Cartesian coordinates: a point mass m on a massless rod of length ℓ
/// under gravity g, q ∈ ℝ³ with |q| = ℓ — the smallest system that needs a constraint (no global
/// chart of the sphere is free of singular points). HLW, GNI §VII.1, Example 1.3.
///
/// H = |p|²/(2m) + m g q₃ on g_c(q) = (|q|² − ℓ²)/2 = 0; M = m I (kg), q in m, p in kg m/s.
/// In spherical angles (θ from the downward vertical, φ the azimuth),
///     q = ℓ (sin θ cos φ, sin θ sin φ, −cos θ),
///     θ̈ = sin θ cos θ φ̇² − (g/ℓ) sin θ,   φ̈ = −2 (cos θ / sin θ) θ̇ φ̇,
/// the equations the tests integrate by odeint's rkf78 as the independent reference (valid while
/// sin θ ≠ 0: start off the poles with φ̇ ≠ 0). Every constant is computed in `T`.

#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/state.hpp"

#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace geomint::problems {

/// The spherical pendulum as a point in ℝ³ constrained to |q| = length.
template <class T>
struct spherical_pendulum {
    /// Mass of the bob.
    T mass = T(1);
    /// Length of the rod.
    T length = T(1);
    /// Gravity, 9.81 length/time².
    T gravity = T(981) / T(100);

    /// g_c(q) = (|q|² − ℓ²)/2, one constraint.
    auto constraints() const {
        return make_holonomic_constraints<T>(1, [l = length](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            return std::vector<U>{(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - l * l) / 2};
        });
    }

    /// odeint's pair form with the constraint, on states of type `Coor` (3 entries).
    template <class Coor>
    auto system() const {
        auto f = [m = mass](const Coor& p, Coor& dq) {
            for (int i = 0; i < 3; ++i) dq[i] = p[i] / m;
        };
        auto g = [w = mass * gravity](const Coor&, Coor& dp) {
            dp[0] = T(0);
            dp[1] = T(0);
            dp[2] = -w;
        };
        return constrained(std::make_pair(f, g), constraints());
    }

    /// (q, p) at the angles (θ, φ) and their rates (θ̇, φ̇).
    std::pair<vector<T, 3>, vector<T, 3>> cartesian_state(const T& theta, const T& theta_rate, const T& phi,
                                                          const T& phi_rate) const {
        using std::cos;
        using std::sin;
        const T st = sin(theta), ct = cos(theta), sp = sin(phi), cp = cos(phi);
        vector<T, 3> q, v;
        q << length * st * cp, length * st * sp, -length * ct;
        v << length * (ct * cp * theta_rate - st * sp * phi_rate), length * (ct * sp * theta_rate + st * cp * phi_rate),
            length * st * theta_rate;
        return {q, vector<T, 3>(mass * v)};
    }

    /// The angle equations as a first-order odeint system on y = (θ, θ̇, φ, φ̇).
    void operator()(const std::array<T, 4>& y, std::array<T, 4>& dy, const T& /*t*/) const {
        using std::cos;
        using std::sin;
        const T st = sin(y[0]), ct = cos(y[0]);
        dy[0] = y[1];
        dy[1] = st * ct * y[3] * y[3] - gravity / length * st;
        dy[2] = y[3];
        dy[3] = -T(2) * ct / st * y[1] * y[3];
    }

    /// H(q, p) = |p|²/(2m) + m g q₃ (J).
    template <class Q, class P>
    T energy(const Q& q, const P& p) const {
        const auto pv = as_eigen(p);
        return pv.squaredNorm() / (T(2) * mass) + mass * gravity * as_eigen(q)(2);
    }
};

}  // namespace geomint::problems
