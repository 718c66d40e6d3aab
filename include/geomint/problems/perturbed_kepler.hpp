#pragma once
/// \file
/// Kepler's problem perturbed by the J2 term of an oblate central body, for an orbit in its
/// equatorial plane (μ = 1, δ = J2 R² in length², q in the plane):
///
///     H(q, p) = |p|²/2 − 1/r − δ/(2 r³),   r = |q|,
///
/// a problem on which the logarithmic time transformation is not exact (it is for δ = 0): the
/// time-transformed splittings then have an energy error of the scheme's order, bounded, instead of
/// round-off. The force is central, so the angular momentum L = q × p is conserved and the orbit
/// is a rosette between the turning radii r_p = 1 − e and r_a = 1 + e (the orbit is given by them,
/// as the Kepler orbit of semi-major axis 1 and eccentricity e for δ = 0).
///
/// The exact solution is known at the multiples of the radial period: started at the pericentre
/// q₀ = (r_p, 0), p₀ = (0, L/r_p), the state after k radial periods T_r is (R(kΔφ) q₀, R(kΔφ) p₀),
/// R the rotation by the apsidal angle Δφ per period. With F(r) = 2(E − V(r)) − L²/r²
/// = −2E (r − r_p)(r_a − r)(r − r₃)/r³ (the third root r₃ = −1/E − r_p − r_a by Vieta) and
/// r = c − d cos θ (c, d the mean and half-difference of r_p and r_a),
///
///     T_r = 2 ∫₀^π √(r³ / (−2E (r − r₃))) dθ,     Δφ = 2 L ∫₀^π dθ / √(−2E r (r − r₃)),
///
/// smooth even periodic integrands, integrated by Boost.Math's trapezoidal rule (exponentially
/// convergent for them) to the scalar's precision. L² and E solve F(r_p) = F(r_a) = 0, linear in
/// them: L² (1/r_p² − 1/r_a²) = 2(1/r_p − 1/r_a) + δ(1/r_p³ − 1/r_a³), 2E = L²/r_p² − 2/r_p − δ/r_p³.
/// For δ = 0, T_r = Δφ = 2π. Every constant is computed in T.
///
/// Source: the J2 potential, e.g. Vallado, Fundamentals of Astrodynamics and Applications (2013)
/// §8.7; the turning-point quadratures, Goldstein, Classical Mechanics §3.5 and §3.6 (eq. 3.36).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/problems/unit_mass_rate.hpp"
#include "geomint/scalar.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/quadrature/trapezoidal.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::problems {

/// The planar J2-perturbed Kepler problem (see the file's comment).
template <class T>
class perturbed_kepler {
public:
    /// Scalar type.
    using value_type = T;

    /// \param eccentricity e: the turning radii are 1 − e and 1 + e (0 < e < 1).
    /// \param delta δ = J2 R² ≥ 0 (length²).
    /// \throws std::invalid_argument naming the value unless 0 < e < 1, δ ≥ 0 finite, and the
    ///         orbit is a rosette with r_p its smallest radius (the third root r₃ < r_p).
    perturbed_kepler(T eccentricity, T delta) : m_e(std::move(eccentricity)), m_delta(std::move(delta)) {
        if (!(m_e > T(0) && m_e < T(1)))
            throw std::invalid_argument("perturbed_kepler: eccentricity e = " + geomint::to_string(m_e) +
                                        " (precondition: 0 < e < 1)");
        if (!is_finite(m_delta) || !(m_delta >= T(0)))
            throw std::invalid_argument("perturbed_kepler: delta = " + geomint::to_string(m_delta) +
                                        " (precondition: finite and >= 0)");
        m_rp = T(1) - m_e;
        m_ra = T(1) + m_e;
        const T ip = T(1) / m_rp, ia = T(1) / m_ra;
        m_L = sqrt_of((T(2) * (ip - ia) + m_delta * (ip * ip * ip - ia * ia * ia)) / (ip * ip - ia * ia));
        m_E = (m_L * m_L * ip * ip - T(2) * ip - m_delta * ip * ip * ip) / T(2);
        m_r3 = T(-1) / m_E - m_rp - m_ra;
        if (!(m_E < T(0)) || !(m_r3 < m_rp))
            throw std::invalid_argument("perturbed_kepler: delta = " + geomint::to_string(m_delta) + " with e = " +
                                        geomint::to_string(m_e) + " gives the third turning radius " +
                                        geomint::to_string(m_r3) + " >= r_p = " + geomint::to_string(m_rp) +
                                        " (precondition: a bound rosette between 1 - e and 1 + e: a smaller delta)");
        m_radial_period = T(2) * integral([&](const T& r) { return sqrt_of(r * r * r / (T(-2) * m_E * (r - m_r3))); });
        m_apsidal_angle = T(2) * m_L * integral([&](const T& r) { return T(1) / sqrt_of(T(-2) * m_E * r * (r - m_r3)); });
    }

    /// Eccentricity e (turning radii 1 ∓ e).
    const T& eccentricity() const { return m_e; }
    /// δ = J2 R².
    const T& delta() const { return m_delta; }
    /// The energy E of the orbit.
    const T& orbit_energy() const { return m_E; }
    /// The angular momentum L of the orbit.
    const T& orbit_angular_momentum() const { return m_L; }
    /// The radial period T_r (pericentre to pericentre).
    const T& radial_period() const { return m_radial_period; }
    /// The angle Δφ the pericentre turns by in one radial period (2π for δ = 0).
    const T& apsidal_angle() const { return m_apsidal_angle; }

    /// Initial position: the pericentre (1 − e, 0).
    vector<T, 2> q0() const { return vector<T, 2>(m_rp, T(0)); }
    /// Initial momentum at the pericentre: (0, L/r_p).
    vector<T, 2> p0() const { return vector<T, 2>(T(0), m_L / m_rp); }

    /// The exact state after k radial periods: (R(kΔφ) q₀, R(kΔφ) p₀).
    std::pair<vector<T, 2>, vector<T, 2>> after_radial_periods(long long k) const {
        using std::cos;
        using std::sin;
        const T angle = T(k) * m_apsidal_angle, c = cos(angle), s = sin(angle);
        Eigen::Matrix<T, 2, 2> R;
        R << c, -s, s, c;
        return {vector<T, 2>(R * q0()), vector<T, 2>(R * p0())};
    }
    /// The exact state at t, known at the multiples of the radial period only.
    /// \throws std::domain_error naming t unless t = k T_r to 16 ε |t|.
    std::pair<vector<T, 2>, vector<T, 2>> exact(const T& t) const {
        using std::abs;
        using std::round;
        const T k = round(t / m_radial_period);
        if (abs(t - k * m_radial_period) > T(16) * std::numeric_limits<T>::epsilon() * (abs(t) + m_radial_period))
            throw std::domain_error("perturbed_kepler: the exact state is known at the multiples of the radial period " +
                                    geomint::to_string(m_radial_period) + " only, not at t = " + geomint::to_string(t));
        return after_radial_periods(static_cast<long long>(k));
    }

    /// dq/dt = p (problems/unit_mass_rate.hpp).
    using coordinate_rate = unit_mass_rate;
    /// dp/dt = −(1/r³ + 3δ/(2 r⁵)) q.
    struct momentum_rate {
        T delta;  ///< δ
        /// Writes dp/dt at q (any indexable q of 2 entries, T or dual<T>).
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            using std::sqrt;
            const auto r2 = q[0] * q[0] + q[1] * q[1];
            const auto r3 = r2 * sqrt(r2);
            const auto w = (decltype(r2)(1) + T(3) * delta / (T(2) * r2)) / r3;
            dpdt[0] = -w * q[0];
            dpdt[1] = -w * q[1];
        }
    };
    /// odeint's symplectic pair form (f, g).
    std::pair<coordinate_rate, momentum_rate> system() const { return {coordinate_rate{}, momentum_rate{m_delta}}; }

    /// H(q, p) = |p|²/2 − 1/r − δ/(2 r³).
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        using std::sqrt;
        const T r2 = q[0] * q[0] + q[1] * q[1], r = sqrt(r2);
        return (p[0] * p[0] + p[1] * p[1]) / 2 - T(1) / r - m_delta / (T(2) * r2 * r);
    }
    /// Angular momentum q × p.
    template <class Q, class P>
    static T angular_momentum(const Q& q, const P& p) {
        return q[0] * p[1] - q[1] * p[0];
    }

    /// Degrees of freedom: 2 (the `separable_hamiltonian` view: model/time_transformation.hpp).
    static constexpr Eigen::Index dof() { return 2; }
    /// T(p) = |p|²/2.
    static T kinetic_energy(const vector<T>& p) { return p.squaredNorm() / 2; }
    /// V(q) = −1/r − δ/(2 r³).
    T potential_energy(const vector<T>& q) const {
        const T r = q.norm();
        return T(-1) / r - m_delta / (T(2) * r * r * r);
    }
    /// ∂T/∂p = p.
    static void velocity(const vector<T>& p, vector<T>& out) { out = p; }
    /// −∂V/∂q.
    void force(const vector<T>& q, vector<T>& out) const {
        out.resize(2);
        momentum_rate{m_delta}(q, out);
    }

private:
    static T sqrt_of(const T& x) {
        using std::sqrt;
        return sqrt(x);
    }
    // ∫₀^π f(r(θ)) dθ, r = c − d cos θ, to the scalar's precision
    template <class F>
    T integral(F&& f) const {
        using std::cos;
        const T c = (m_rp + m_ra) / 2, d = (m_ra - m_rp) / 2;
        const T tolerance = T(64) * std::numeric_limits<T>::epsilon();
        return boost::math::quadrature::trapezoidal([&](const T& theta) { return f(T(c - d * cos(theta))); }, T(0),
                                                    boost::math::constants::pi<T>(), tolerance, 16);
    }

    T m_e, m_delta;
    T m_rp{}, m_ra{}, m_L{}, m_E{}, m_r3{};
    T m_radial_period{}, m_apsidal_angle{};
};

}  // namespace geomint::problems
