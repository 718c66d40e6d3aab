#pragma once
/// \file
/// Newtonian gravitation of N point masses in d = 2 or 3 dimensions, in any precision, as a
/// `separable_hamiltonian` (model/time_transformation.hpp) and as odeint's pair form:
///
///     H(q, p) = Σ_i |p_i|² / (2 m_i) − Σ_{i<j} G m_i m_j / |q_i − q_j|,
///
/// q and p of length N d, body i at entries [i d, i d + d). Under the logarithmic Hamiltonian this
/// is algorithmic regularization (Mikkola & Tanikawa, Mon. Not. R. Astron. Soc. 310 (1999) 745):
/// dt/ds = 1/U with U = −V, so the physical step shrinks in proportion to the closest
/// encounter's distance. The force costs N(N − 1)/2 pair terms; `force_evaluations()` counts the
/// calls of `force` (shared by copies).
///
/// `outer_solar_system()` is the Sun and the five outer planets of Hairer, Lubich & Wanner (GNI
/// §I.2.4). `pythagorean()` is Burrau's problem (Szebehely & Peters, Astron. J. 72 (1967) 876): masses 3, 4,
/// 5 at rest at (1, 3), (−2, −1), (1, −1), G = 1 — close encounters, then an escape near t = 60.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace geomint::problems {

/// N bodies under Newtonian gravitation (see the file's comment).
template <class T>
class n_body_gravity {
public:
    /// Scalar type.
    using value_type = T;

    /// \param masses m_i > 0 (N >= 2 entries); \param dimension d = 2 or 3; \param G > 0.
    /// \throws std::invalid_argument naming the offending mass, d or G.
    n_body_gravity(std::vector<T> masses, int dimension, T G = T(1))
        : m_masses(std::move(masses)), m_dimension(dimension), m_G(std::move(G)) {
        if (m_masses.size() < 2)
            throw std::invalid_argument("n_body_gravity: " + std::to_string(m_masses.size()) +
                                        " bodies (precondition: at least 2)");
        for (std::size_t i = 0; i < m_masses.size(); ++i)
            if (!is_finite(m_masses[i]) || !(m_masses[i] > T(0)))
                throw std::invalid_argument("n_body_gravity: mass m_" + std::to_string(i) + " = " +
                                            geomint::to_string(m_masses[i]) + " (precondition: finite and > 0)");
        if (dimension != 2 && dimension != 3)
            throw std::invalid_argument("n_body_gravity: dimension " + std::to_string(dimension) +
                                        " (precondition: 2 or 3)");
        if (!is_finite(m_G) || !(m_G > T(0)))
            throw std::invalid_argument("n_body_gravity: G = " + geomint::to_string(m_G) +
                                        " (precondition: finite and > 0)");
    }

    /// Number of bodies N.
    std::size_t bodies() const { return m_masses.size(); }
    /// Spatial dimension d.
    int dimension() const { return m_dimension; }
    /// The masses.
    const std::vector<T>& masses() const { return m_masses; }
    /// The gravitational constant G.
    const T& gravitational_constant() const { return m_G; }
    /// Degrees of freedom N d.
    Eigen::Index dof() const { return Eigen::Index(m_masses.size()) * m_dimension; }

    /// T(p) = Σ |p_i|²/(2 m_i).
    T kinetic_energy(const vector<T>& p) const {
        T sum(0);
        for (std::size_t i = 0; i < bodies(); ++i) sum += body(p, i).squaredNorm() / (2 * m_masses[i]);
        return sum;
    }
    /// V(q) = −Σ_{i<j} G m_i m_j / r_ij (−inf at a collision).
    T potential_energy(const vector<T>& q) const {
        T sum(0);
        for (std::size_t i = 0; i < bodies(); ++i)
            for (std::size_t j = i + 1; j < bodies(); ++j)
                sum -= m_G * m_masses[i] * m_masses[j] / (body(q, i) - body(q, j)).norm();
        return sum;
    }
    /// H = T + V.
    T energy(const vector<T>& q, const vector<T>& p) const { return kinetic_energy(p) + potential_energy(q); }
    /// ∂T/∂p: p_i / m_i.
    void velocity(const vector<T>& p, vector<T>& out) const {
        out.resize(dof());
        for (std::size_t i = 0; i < bodies(); ++i) body(out, i) = body(p, i) / m_masses[i];
    }
    /// −∂V/∂q: on body i, Σ_j G m_i m_j (q_j − q_i)/r_ij³. q of length N d; out is resized to
    /// N d, allocating only when it has another length. The pairs' arithmetic is on fixed-size
    /// d-vectors, with G m_i m_j precomputed (the same roundings as computing it per pair, left
    /// to right; bench/bench_n_body.cpp).
    void force(const vector<T>& q, vector<T>& out) const {
        ++*m_forces;
        out.resize(dof());
        if (m_dimension == 2) force_pairs<2>(q.data(), out.data());
        else force_pairs<3>(q.data(), out.data());
    }
    /// Calls of `force` so far (all copies of this model).
    std::uintmax_t force_evaluations() const { return *m_forces; }

    /// Total momentum Σ p_i (length d).
    vector<T> total_momentum(const vector<T>& p) const {
        vector<T> sum = vector<T>::Zero(m_dimension);
        for (std::size_t i = 0; i < bodies(); ++i) sum += body(p, i);
        return sum;
    }

    /// odeint's pair form (f, g) on containers the model's vectors convert from (Eigen vectors).
    auto system() const {
        return std::make_pair([this](const vector<T>& p, vector<T>& dq) { velocity(p, dq); },
                              [this](const vector<T>& q, vector<T>& dp) { force(q, dp); });
    }

    /// The outer solar system of Hairer, Lubich & Wanner, Geometric Numerical Integration (2006)
    /// §I.2.4, Table 2.1: the Sun (with the inner planets' masses), Jupiter, Saturn, Uranus,
    /// Neptune and Pluto in 3 dimensions; masses relative to the Sun's, distances in astronomical
    /// units, time in Earth days, G = 2.95912208286e-4; (model, q0, p0) with p = m v. The table's
    /// decimals are read exactly in T (integer mantissas and powers of ten).
    static std::tuple<n_body_gravity, vector<T>, vector<T>> outer_solar_system() {
        const auto decimal = [](long long mantissa, int exponent) {  // mantissa · 10^exponent, exponent <= 0
            T power(1);
            for (int i = 0; i < -exponent; ++i) power *= T(10);
            return T(T(mantissa) / power);
        };
        const std::vector<T> masses{decimal(100000597682LL, -11), decimal(954786104043LL, -15), decimal(285583733151LL, -15),
                                    decimal(437273164546LL, -16), decimal(517759138449LL, -16), T(T(1) / T(130000000))};
        const long long position[6][3] = {{0, 0, 0},
                                          {-35023653, -38169847, -15507963},
                                          {90755314, -30458353, -16483708},
                                          {83101420, -162901086, -72521278},
                                          {114707666, -257294829, -108169456},
                                          {-155387357, -252225594, -31902382}};
        const long long velocity[6][3] = {{0, 0, 0},
                                          {565429, -412490, -190589},
                                          {168318, 483525, 192462},
                                          {354178, 137102, 55029},
                                          {288930, 114527, 39677},
                                          {276725, -170702, -136504}};
        vector<T> q0(18), p0(18);
        for (int i = 0; i < 6; ++i)
            for (int k = 0; k < 3; ++k) {
                q0(3 * i + k) = decimal(position[i][k], -7);
                p0(3 * i + k) = masses[std::size_t(i)] * decimal(velocity[i][k], -8);
            }
        return {n_body_gravity(masses, 3, decimal(295912208286LL, -15)), q0, p0};
    }

    /// Burrau's Pythagorean problem: (model, q0, p0).
    static std::tuple<n_body_gravity, vector<T>, vector<T>> pythagorean() {
        vector<T> q0(6);
        q0 << T(1), T(3), T(-2), T(-1), T(1), T(-1);
        return {n_body_gravity({T(3), T(4), T(5)}, 2), q0, vector<T>::Zero(6)};
    }

private:
    // the force of force(q, out) on raw storage of N D entries, body i at [i D, i D + D)
    template <int D>
    void force_pairs(const T* q, T* out) const {
        using piece = Eigen::Matrix<T, D, 1>;
        const std::size_t n = bodies();
        for (std::size_t k = 0; k < n * D; ++k) out[k] = T(0);
        const T* pair_factor = m_pair_factor.data();
        for (std::size_t i = 0; i < n; ++i) {
            const Eigen::Map<const piece> qi(q + i * D);
            Eigen::Map<piece> fi(out + i * D);
            for (std::size_t j = i + 1; j < n; ++j, ++pair_factor) {
                piece d = Eigen::Map<const piece>(q + j * D) - qi;
                const T r2 = d.squaredNorm();
                using std::sqrt;
                const T scale = *pair_factor / (r2 * sqrt(r2));
                d *= scale;
                fi += d;
                Eigen::Map<piece>(out + j * D) -= d;
            }
        }
    }

    // G m_i m_j for i < j in the order force_pairs visits the pairs
    static std::vector<T> pair_factors(const std::vector<T>& masses, const T& G) {
        std::vector<T> factors;
        factors.reserve(masses.size() * (masses.size() - 1) / 2);
        for (std::size_t i = 0; i < masses.size(); ++i)
            for (std::size_t j = i + 1; j < masses.size(); ++j) factors.push_back(T(G * masses[i] * masses[j]));
        return factors;
    }

    template <class V>
    auto body(V& v, std::size_t i) const {
        return v.segment(Eigen::Index(i) * m_dimension, m_dimension);
    }

    std::vector<T> m_masses;
    int m_dimension;
    T m_G;
    std::vector<T> m_pair_factor = pair_factors(m_masses, m_G);
    std::shared_ptr<std::uintmax_t> m_forces = std::make_shared<std::uintmax_t>(0);
};

}  // namespace geomint::problems
