#pragma once
/// \file
/// Relative equilibria of symmetric trusses in closed form: rigid rotation at constant angular
/// velocity ω₀ about the centre of mass, which drifts with v_c ∥ ω₀.
/// Source: Graham & Jelenić, (2.6)–(2.8) and (4.9) with λ_r = λ_t = 1:
///   R(t) = R_c(t) + exp(tΩ₀) R̄₀,   P(t) = M (V_c + exp(tΩ₀) V̄₀),   V̄₀ = Ω₀ R̄₀,
/// with Ω₀ = diag(ω̂₀) and 𝓕₀R̄₀ + Ω₀MV̄₀ = 0 fixing |ω₀| from the bar forces.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"

#include <Eigen/Geometry>  // cross products
#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint {

/// A rigid motion of a set of nodes: rotation at constant ω about the centre of mass r_c(t) =
/// r_c + t v_c. Lengths as the truss's, ω in rad per time unit.
template <class T>
struct rigid_motion {
    /// A row 3-vector (x, y, z).
    using row3 = Eigen::Matrix<T, 1, 3>;
    row3 r_c;        ///< centre of mass at t = 0
    row3 v_c;        ///< its velocity
    row3 omega;      ///< angular velocity ω₀
    nodal<T> Rbar0;  ///< positions relative to the centre of mass at t = 0 (N × 3)
    vector<T> mass;  ///< lumped masses (N)

    /// Rows of R̄ rotated by the angle |ω| t about ω (Rodrigues' formula for exp(tω̂)).
    nodal<T> rotated(const nodal<T>& Rbar, const T& t) const {
        using std::cos;
        using std::sin;
        const T w = omega.norm();
        if (w == T(0)) return Rbar;
        const row3 k = omega / w;
        const T c = cos(w * t), s = sin(w * t);
        nodal<T> out(Rbar.rows(), 3);
        for (Eigen::Index i = 0; i < Rbar.rows(); ++i) {
            const row3 r = Rbar.row(i);
            out.row(i) = r * c + k.cross(r) * s + k * (k.dot(r) * (T(1) - c));
        }
        return out;
    }

    /// The exact state (R(t), P(t)) of (4.9) with λ_r = λ_t = 1.
    std::pair<nodal<T>, nodal<T>> state(const T& t) const {
        const nodal<T> Rbar = rotated(Rbar0, t);
        nodal<T> R(Rbar.rows(), 3), P(Rbar.rows(), 3);
        for (Eigen::Index i = 0; i < Rbar.rows(); ++i) {
            R.row(i) = r_c + v_c * t + Rbar.row(i);
            P.row(i) = (v_c + omega.cross(Rbar.row(i))) * mass[i];
        }
        return {std::move(R), std::move(P)};
    }
};

/// A truss with initial conditions on a relative equilibrium, and that motion.
template <class T, class StrainEnergy>
struct relative_equilibrium_problem {
    /// The truss, its nodes placed for the relative equilibrium.
    truss<T, StrainEnergy> sys;
    /// The rigid motion the truss follows exactly.
    rigid_motion<T> motion;
};

namespace detail {
template <class T>
void require_stretched(const T& length, const T& rest_length, const T& f, const char* who) {
    if (!(length > T(0)) || !(rest_length > T(0)) || !(f > T(0)))
        throw std::invalid_argument(std::string(who) + ": bar length " + geomint::to_string(length) + ", rest length " +
                                    geomint::to_string(rest_length) + ", bar coefficient f = phi'(l)/l = " + geomint::to_string(f) +
                                    " (precondition: the bars in tension, f > 0, so that they supply the "
                                    "centripetal force)");
}
}  // namespace detail

/// Equilateral triangle of side a (three bars of rest length L, nodes of mass m) spinning about
/// its normal (z) through the centroid, drifting along z at `axial_velocity`.
/// (2.6): m ω² a/√3 = √3 f(a) a, so ω² = 3 f(a)/m with f = φ'(a)/a (linear spring: 3k(a − L)/(m a)).
/// \throws std::invalid_argument unless a, L, m > 0 and f(a) > 0.
template <class T, class StrainEnergy = linear_spring<T>>
relative_equilibrium_problem<T, StrainEnergy> spinning_triangle(const T& side, const T& rest_length, const T& mass,
                                                                StrainEnergy energy = {}, const T& axial_velocity = T(0)) {
    using std::cos;
    using std::sin;
    using std::sqrt;
    relative_equilibrium_problem<T, StrainEnergy> p;
    const T rho = side / sqrt(T(3));
    const T pi = boost::math::constants::pi<T>();
    for (int i = 0; i < 3; ++i) p.sys.add_node({rho * cos(2 * pi * i / 3), rho * sin(2 * pi * i / 3), T(0)}, mass);
    for (std::size_t i = 0; i < 3; ++i) p.sys.add_bar(i, (i + 1) % 3, rest_length, energy);
    const T f = p.sys.bar_coefficient(p.sys.bars()[0], side);
    detail::require_stretched(side, rest_length, f, "spinning_triangle");
    p.motion.r_c << T(0), T(0), T(0);
    p.motion.v_c << T(0), T(0), axial_velocity;
    p.motion.omega << T(0), T(0), sqrt(3 * f / mass);
    p.motion.Rbar0 = p.sys.positions();
    p.motion.mass = p.sys.mass_vector();
    return p;
}

/// Two masses m₁, m₂ at distance a on one bar of rest length L, spinning about z through their
/// centre of mass, drifting along z at `axial_velocity`. (2.6): μ ω² a = f(a) a with
/// μ = m₁m₂/(m₁ + m₂), so ω² = f(a)/μ (linear spring: k(a − L)/(μ a)).
/// \throws std::invalid_argument unless a, L, m₁, m₂ > 0 and f(a) > 0.
template <class T, class StrainEnergy = linear_spring<T>>
relative_equilibrium_problem<T, StrainEnergy> spinning_dimer(const T& m1, const T& m2, const T& distance,
                                                             const T& rest_length, StrainEnergy energy = {},
                                                             const T& axial_velocity = T(0)) {
    using std::sqrt;
    relative_equilibrium_problem<T, StrainEnergy> p;
    const T total = m1 + m2;
    p.sys.add_node({-distance * m2 / total, T(0), T(0)}, m1);
    p.sys.add_node({distance * m1 / total, T(0), T(0)}, m2);
    p.sys.add_bar(0, 1, rest_length, energy);
    const T f = p.sys.bar_coefficient(p.sys.bars()[0], distance);
    detail::require_stretched(distance, rest_length, f, "spinning_dimer");
    p.motion.r_c << T(0), T(0), T(0);
    p.motion.v_c << T(0), T(0), axial_velocity;
    p.motion.omega << T(0), T(0), sqrt(f * total / (m1 * m2));
    p.motion.Rbar0 = p.sys.positions();
    p.motion.mass = p.sys.mass_vector();
    return p;
}

}  // namespace geomint
