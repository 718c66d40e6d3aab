#pragma once
/// \file
/// A uniform fixed–fixed spring chain, the standard large sparse linear benchmark, with its
/// closed-form normal modes.
///
/// n point masses m on a line, joined to each other and to two fixed walls by n + 1 springs of
/// stiffness k; q_i is the displacement of mass i (m), p_i = m q̇_i (kg m/s):
///     M = m I,   K = k tridiag(−1, 2, −1)   (n × n, 3n − 2 nonzeros).
/// Normal modes (a discrete sine transform): v_j(i) = sin(i j π/(n + 1)), i, j = 1..n, with
/// ω_j = 2 √(k/m) sin(j π / (2(n + 1))); so ω_max < 2 √(k/m) for every n.
/// Source: any text on lattice vibrations, e.g. Goldstein, *Classical Mechanics*, §6.4 (the
/// loaded string).

#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/sparse.hpp"

#include <boost/math/constants/constants.hpp>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint::problems {

/// The chain of `n` masses `m` (kg) and springs `k` (N/m), at any precision.
template <class T>
class spring_chain {
public:
    /// \throws std::invalid_argument unless n >= 1 and m, k are finite and positive.
    explicit spring_chain(Eigen::Index n, T m = T(1), T k = T(1)) : m_n(n), m_m(std::move(m)), m_k(std::move(k)) {
        if (n < 1) throw std::invalid_argument("spring_chain: n = " + std::to_string(n) + " (precondition: n >= 1)");
        if (!is_finite(m_m) || !(m_m > T(0)))
            throw std::invalid_argument("spring_chain: mass m = " + geomint::to_string(m_m) + " (precondition: 0 < m < inf)");
        if (!is_finite(m_k) || !(m_k > T(0)))
            throw std::invalid_argument("spring_chain: stiffness k = " + geomint::to_string(m_k) +
                                        " (precondition: 0 < k < inf)");
    }

    /// Number of coordinates n.
    Eigen::Index size() const { return m_n; }

    /// M = m I (sparse).
    sparse_matrix<T> mass() const {
        sparse_matrix<T> M(m_n, m_n);
        M.setIdentity();
        M *= m_m;
        return M;
    }

    /// K = k tridiag(−1, 2, −1) (sparse).
    sparse_matrix<T> stiffness() const {
        std::vector<Eigen::Triplet<T>> t;
        t.reserve(static_cast<std::size_t>(3 * m_n));
        for (Eigen::Index i = 0; i < m_n; ++i) {
            t.emplace_back(i, i, T(2) * m_k);
            if (i + 1 < m_n) {
                t.emplace_back(i, i + 1, -m_k);
                t.emplace_back(i + 1, i, -m_k);
            }
        }
        sparse_matrix<T> K(m_n, m_n);
        K.setFromTriplets(t.begin(), t.end());
        return K;
    }

    /// The model over sparse matrices (O(n) memory).
    quadratic_lagrangian<sparse_matrix<T>> sparse_system() const { return {mass(), stiffness()}; }
    /// The same model over dense matrices (O(n²) memory; for comparisons on small chains).
    quadratic_lagrangian<matrix<T>> dense_system() const { return {dense_copy(mass()), dense_copy(stiffness())}; }

    /// dp/dt = −K q in O(n), written for any indexable state (odeint's momentum function).
    template <class Q, class DP>
    void momentum_rate(const Q& q, DP& dpdt) const {
        const auto n = static_cast<std::size_t>(m_n);
        for (std::size_t i = 0; i < n; ++i) {
            T f = T(-2) * q[i];
            if (i > 0) f += q[i - 1];
            if (i + 1 < n) f += q[i + 1];
            dpdt[i] = m_k * f;
        }
    }

    /// dq/dt = p / m in O(n) (odeint's coordinate function).
    template <class P, class DQ>
    void coordinate_rate(const P& p, DQ& dqdt) const {
        for (std::size_t i = 0; i < static_cast<std::size_t>(m_n); ++i) dqdt[i] = p[i] / m_m;
    }

    /// ω_j = 2 √(k/m) sin(j π / (2(n + 1))), j = 1..n (rad/s).
    T frequency(Eigen::Index j) const {
        require_mode(j);
        using std::sin;
        using std::sqrt;
        return T(2) * sqrt(m_k / m_m) * sin(boost::math::constants::pi<T>() * T(j) / T(2 * (m_n + 1)));
    }

    /// Mode shape v_j(i) = sin(i j π/(n + 1)), i = 1..n (unnormalized), j = 1..n.
    vector<T> mode(Eigen::Index j) const {
        require_mode(j);
        vector<T> v(m_n);
        using std::sin;
        for (Eigen::Index i = 0; i < m_n; ++i)
            v(i) = sin(boost::math::constants::pi<T>() * T((i + 1) * j) / T(m_n + 1));
        return v;
    }

    /// Exact (q(t), p(t)) from q(0) = Σ a_j v_j, p(0) = 0, for `modes` = {(j, a_j)}: each mode
    /// oscillates as a_j cos(ω_j t). O(n · modes).
    std::pair<vector<T>, vector<T>> exact_state(const std::vector<std::pair<Eigen::Index, T>>& modes, const T& t) const {
        vector<T> q = vector<T>::Zero(m_n), p = vector<T>::Zero(m_n);
        using std::cos;
        using std::sin;
        for (const auto& [j, a] : modes) {
            const T w = frequency(j);
            const vector<T> v = mode(j);
            q += v * (a * cos(w * t));
            p -= v * (m_m * a * w * sin(w * t));
        }
        return {std::move(q), std::move(p)};
    }

private:
    void require_mode(Eigen::Index j) const {
        if (j < 1 || j > m_n)
            throw std::invalid_argument("spring_chain: mode j = " + std::to_string(j) + " (precondition: 1 <= j <= n = " +
                                        std::to_string(m_n) + ")");
    }

    Eigen::Index m_n;
    T m_m, m_k;
};

}  // namespace geomint::problems
