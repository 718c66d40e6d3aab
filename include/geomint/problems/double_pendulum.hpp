#pragma once
/// \file
/// The linearized double pendulum of the Simpson paper (§5, Table 1), in any precision, and the
/// nonlinear pendulum it linearizes.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz (2024), eqs. (47)–(51) and Table 1:
/// m1 = m2 = 1 kg (μ_r = 1), l1 = l2 = l = g/ω0², ω0 = 2π rad/s, g = 9.81 m/s²,
/// q(0) = (0, π/6) rad, p(0) = 0. The time unit t̄ = 2π/ω0 = 1 s reproduces Table 2 (the text's
/// "t̄ = 1/ω0" does not; see shared/papers/README.md).
///
/// M = [[(m1+m2) l², m2 l²], [m2 l², m2 l²]] (kg m²), K = diag((m1+m2) g l, m2 g l) (kg m² s⁻²).

#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/scalar.hpp"

#include <boost/math/constants/constants.hpp>

namespace geomint::problems {

/// Table 1 of the Simpson paper, with the closed-form solution derived from (49)–(51).
/// Every constant is computed in `T` (g = 981/100, ω0 = 2π).
template <class T>
struct double_pendulum {
    /// Matrix type of M and K (an Eigen matrix: dense, or sparse where the model allows it).
    using matrix_type = matrix<T, 2>;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<T, 2>;

    T m1 = T(1);  ///< mass of the upper bob (kg)
    T m2 = T(1);  ///< mass of the lower bob (kg)
    /// Gravity g, 9.81 length/time².
    T g = T(981) / T(100);
    /// The reference frequency ω₀ = 2π (t̄ = 1).
    T omega0 = boost::math::constants::two_pi<T>();
    /// Rod length l = g/ω₀².
    T l = g / (omega0 * omega0);
    /// The time unit t̄ = 2π/ω0 (s) in which T and h are given.
    T tbar = boost::math::constants::two_pi<T>() / omega0;

    /// Mass matrix M (2 × 2) of the linearized double pendulum.
    matrix_type mass() const {
        matrix_type M;
        M << (m1 + m2) * l * l, m2 * l * l, m2 * l * l, m2 * l * l;
        return M;
    }
    /// Stiffness matrix K (2 × 2) of the linearized double pendulum.
    matrix_type stiffness() const {
        matrix_type K;
        K << (m1 + m2) * g * l, T(0), T(0), m2 * g * l;
        return K;
    }
    /// The model (M, K).
    quadratic_lagrangian<matrix_type> system() const { return {mass(), stiffness()}; }

    /// The full (nonlinear) Lagrangian of the same pendulum, generic in the element type (for
    /// `make_lagrangian_system`), in kg m² s⁻²:
    /// L = ½(m1+m2) l² v₀² + ½ m2 l² v₁² + m2 l² v₀v₁ cos(q₀ − q₁) + (m1+m2) g l cos q₀ + m2 g l cos q₁.
    /// Its expansion to second order about q = 0 is ½vᵀMv − ½qᵀKq + const (the paper's (47)).
    auto nonlinear_lagrangian() const {
        return [m1 = m1, m2 = m2, g = g, l = l](const auto& q, const auto& v) {
            using std::cos;
            const T ml2 = m2 * l * l;
            return (m1 + m2) * l * l * v[0] * v[0] / 2 + ml2 * v[1] * v[1] / 2 + ml2 * v[0] * v[1] * cos(q[0] - q[1]) +
                   (m1 + m2) * g * l * cos(q[0]) + m2 * g * l * cos(q[1]);
        };
    }
    /// The nonlinear pendulum as a `lagrangian_system`; for a scalar wider than long double, with
    /// the same pendulum at double attached (`with_double_model`: `in_double()`'s Lagrangian),
    /// which the Galerkin VI's Newton path starts from.
    auto nonlinear_system() const {
        auto sys = make_lagrangian_system<T>(2, nonlinear_lagrangian());
        if constexpr (mixed_precision_corrections<T>) return sys.with_double_model(in_double().nonlinear_system());
        else return sys;
    }

    /// The Hamiltonian of the nonlinear pendulum in angles and canonical momenta (the Legendre
    /// transform of `nonlinear_lagrangian`), generic in the element type (for
    /// `make_hamiltonian_system`), in kg m² s⁻²: with M(q) as in `nonlinear_rates`,
    /// H = ½ pᵀM(q)⁻¹p − (m1+m2) g l cos q₀ − m2 g l cos q₁
    ///   = (m2 l² p₀² − 2 m2 l² cos(q₀−q₁) p₀p₁ + (m1+m2) l² p₁²) / (2 det M(q)) − ….
    /// Not separable (odeint-v2 issue #88's system).
    auto nonlinear_hamiltonian() const {
        return [m1 = m1, m2 = m2, g = g, l = l](const auto& q, const auto& p) {
            using std::cos;
            const T a = (m1 + m2) * l * l, d = m2 * l * l;
            const auto b = d * cos(q[0] - q[1]);
            return (d * p[0] * p[0] - 2 * b * p[0] * p[1] + a * p[1] * p[1]) / (2 * (a * d - b * b)) -
                   (m1 + m2) * g * l * cos(q[0]) - m2 * g * l * cos(q[1]);
        };
    }
    /// The nonlinear pendulum as a `hamiltonian_system` in (q, p) (`gauss_collocation_stepper`).
    auto hamiltonian_system() const { return make_hamiltonian_system<T>(2, nonlinear_hamiltonian()); }

    /// The same pendulum at double: every constant rounded to double.
    double_pendulum<double> in_double() const {
        double_pendulum<double> d;
        d.m1 = static_cast<double>(m1);
        d.m2 = static_cast<double>(m2);
        d.g = static_cast<double>(g);
        d.omega0 = static_cast<double>(omega0);
        d.l = static_cast<double>(l);
        d.tbar = static_cast<double>(tbar);
        return d;
    }

    /// Hamilton's equations of the nonlinear pendulum written out by hand (no autodiff), for
    /// reference solvers: x = (q₀, q₁, p₀, p₁) ↦ dx/dt, with v = M(q)⁻¹p,
    /// M(q) = [[(m1+m2) l², m2 l² cos(q₀−q₁)], [m2 l² cos(q₀−q₁), m2 l²]], ṗ = ∂L/∂q(q, v).
    /// `X` is any container of 4 entries of T (std::vector, std::array).
    template <class X>
    void nonlinear_rates(const X& x, X& dxdt) const {
        using std::cos;
        using std::sin;
        const T c = cos(x[0] - x[1]), s = sin(x[0] - x[1]);
        const T a = (m1 + m2) * l * l, b = m2 * l * l * c, d = m2 * l * l, det = a * d - b * b;
        const T v0 = (d * x[2] - b * x[3]) / det, v1 = (a * x[3] - b * x[2]) / det;
        dxdt[0] = v0;
        dxdt[1] = v1;
        dxdt[2] = -m2 * l * l * v0 * v1 * s - (m1 + m2) * g * l * sin(x[0]);
        dxdt[3] = m2 * l * l * v0 * v1 * s - m2 * g * l * sin(x[1]);
    }

    /// Initial angles (0, π/6), the paper's benchmark.
    vector_type q0() const { return vector_type(T(0), boost::math::constants::pi<T>() / T(6)); }
    /// Initial momenta (0, 0).
    vector_type p0() const { return vector_type(T(0), T(0)); }

    /// ω1 = ω0 √(2 + √2) (mode x1 = (1, −√2)), ω2 = ω0 √(2 − √2) (mode x2 = (1, √2)); eq. (49), μ_r = 1.
    T omega1() const {
        using std::sqrt;
        return omega0 * sqrt(T(2) + sqrt(T(2)));
    }
    /// ω₂, the higher eigenfrequency (ω_max).
    T omega2() const {
        using std::sqrt;
        return omega0 * sqrt(T(2) - sqrt(T(2)));
    }

    /// q_ex(t) = (π/12) ( (−cos ω1t + cos ω2t)/√2, cos ω1t + cos ω2t ): eq. (51) with
    /// q(0) = (0, π/6), zero phases (c1 = −π/(12√2), c2 = π/(12√2)).
    vector_type q_exact(const T& t) const {
        using std::cos;
        using std::sqrt;
        const T c = boost::math::constants::pi<T>() / T(12);
        const T a = cos(omega1() * t), b = cos(omega2() * t);
        return vector_type(c * (b - a) / sqrt(T(2)), c * (a + b));
    }

    /// p_ex(t) = M q̇_ex(t).
    vector_type p_exact(const T& t) const {
        using std::sin;
        using std::sqrt;
        const T c = boost::math::constants::pi<T>() / T(12);
        const T w1 = omega1(), w2 = omega2();
        const T a = w1 * sin(w1 * t), b = w2 * sin(w2 * t);
        const vector_type qdot(c * (a - b) / sqrt(T(2)), -c * (a + b));
        return mass() * qdot;
    }
};

}  // namespace geomint::problems
