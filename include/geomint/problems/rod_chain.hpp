#pragma once
/// \file
/// A planar chain of N rigid rods (length ℓ, massless) joining N point masses m, the first rod
/// pinned at the origin, under gravity g: q = (x₁, y₁, …, x_N, y_N) (m), M = m I (kg),
/// V = m g Σ y_k, and the N constraints
///     g_k(q) = (|q_k − q_{k−1}|² − ℓ²)/2 = 0,   q₀ = 0,
/// whose Jacobian is banded (row k touches q_{k−1} and q_k): given here as a sparse matrix, with
/// M⁻¹ given as a diagonal sparse matrix, so RATTLE's multiplier solves are sparse (tridiagonal
/// G M⁻¹ Gᵀ) and a step costs O(N). The stiff-spring model of the same chain (each rod a spring
/// of stiffness k, V_k = k (|q_k − q_{k−1}| − ℓ)²/2) is `spring_force` (for the benchmark's
/// unconstrained peers). Every constant is computed in `T`.

#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"

#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace geomint::problems {

/// A planar chain of rigid rods pinned at the origin (Cartesian node coordinates, one length constraint per rod; see the file comment).
template <class T>
struct rod_chain {
    /// Number of rods.
    Eigen::Index rods = 10;
    /// Mass of each node.
    T mass = T(1);
    /// Length of each rod.
    T length = T(1);
    /// Gravity, 9.81 length/time².
    T gravity = T(981) / T(100);

    /// Number of degrees of freedom.
    Eigen::Index dof() const { return 2 * rods; }

    /// g(q): the N rod constraints, generic over the element type (for make_holonomic_constraints).
    auto constraint_function() const {
        return [N = rods, l = length](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            std::vector<U> out;
            out.reserve(static_cast<std::size_t>(N));
            for (Eigen::Index k = 0; k < N; ++k) {
                const auto i = static_cast<std::size_t>(2 * k);
                const U dx = k == 0 ? U(q[i]) : U(q[i] - q[i - 2]);
                const U dy = k == 0 ? U(q[i + 1]) : U(q[i + 1] - q[i - 1]);
                out.push_back((dx * dx + dy * dy - l * l) / 2);
            }
            return out;
        };
    }

    /// The N rod constraints with their sparse Jacobian (2 · 2N − 2 nonzeros).
    auto constraints() const {
        auto jac = [N = rods](const vector<T>& q) {
            std::vector<Eigen::Triplet<T>> entries;
            entries.reserve(static_cast<std::size_t>(4 * N));
            for (Eigen::Index k = 0; k < N; ++k) {
                const T dx = k == 0 ? q(0) : T(q(2 * k) - q(2 * k - 2));
                const T dy = k == 0 ? q(1) : T(q(2 * k + 1) - q(2 * k - 1));
                entries.emplace_back(k, 2 * k, dx);
                entries.emplace_back(k, 2 * k + 1, dy);
                if (k > 0) {
                    entries.emplace_back(k, 2 * k - 2, -dx);
                    entries.emplace_back(k, 2 * k - 1, -dy);
                }
            }
            sparse_matrix<T> G(N, 2 * N);
            G.setFromTriplets(entries.begin(), entries.end());
            return G;
        };
        return make_holonomic_constraints<T>(rods, constraint_function(), jac);
    }

    /// M⁻¹ = I/m, sparse.
    sparse_matrix<T> inverse_mass() const {
        sparse_matrix<T> Minv(dof(), dof());
        Minv.setIdentity();
        return Minv / mass;
    }

    /// odeint's pair form with the constraints and M⁻¹, on states of type `Coor` (2N entries).
    template <class Coor>
    auto system() const {
        auto f = [m = mass](const Coor& p, Coor& dq) {
            for (std::size_t i = 0; i < p.size(); ++i) dq[i] = p[i] / m;
        };
        auto g = [w = mass * gravity](const Coor& q, Coor& dp) {
            for (std::size_t i = 0; i < q.size(); i += 2) {
                dp[i] = T(0);
                dp[i + 1] = -w;
            }
        };
        return constrained(std::make_pair(f, g), constraints(), inverse_mass());
    }

    /// The chain straight at angle θ from the downward vertical, at rest.
    std::pair<vector<T>, vector<T>> straight_state(const T& theta) const {
        using std::cos;
        using std::sin;
        vector<T> q(dof());
        for (Eigen::Index k = 0; k < rods; ++k) {
            q(2 * k) = T(static_cast<int>(k + 1)) * length * sin(theta);
            q(2 * k + 1) = -T(static_cast<int>(k + 1)) * length * cos(theta);
        }
        return {q, vector<T>(vector<T>::Zero(dof()))};
    }

    /// H(q, p) = |p|²/(2m) + m g Σ y_k (J).
    template <class Q, class P>
    T energy(const Q& q, const P& p) const {
        const auto qv = as_eigen(q);
        T potential = 0;
        for (Eigen::Index k = 0; k < rods; ++k) potential += qv(2 * k + 1);
        return as_eigen(p).squaredNorm() / (T(2) * mass) + mass * gravity * potential;
    }

    /// The stiff-spring chain's force −∇V (each rod a spring of stiffness `k` and rest length ℓ,
    /// plus gravity), in odeint's g(q, dpdt) form on `Coor`.
    template <class Coor>
    auto spring_force(const T& k) const {
        return [k, l = length, w = mass * gravity, N = rods](const Coor& q, Coor& dp) {
            using std::sqrt;
            for (Eigen::Index j = 0; j < N; ++j) {
                const auto i = static_cast<std::size_t>(2 * j);
                dp[i] = T(0);
                dp[i + 1] = -w;
            }
            for (Eigen::Index j = 0; j < N; ++j) {
                const auto i = static_cast<std::size_t>(2 * j);
                const T dx = j == 0 ? T(q[i]) : T(q[i] - q[i - 2]);
                const T dy = j == 0 ? T(q[i + 1]) : T(q[i + 1] - q[i - 1]);
                const T r = sqrt(dx * dx + dy * dy);
                const T s = k * (r - l) / r;  // tension per unit extension vector
                dp[i] -= s * dx;
                dp[i + 1] -= s * dy;
                if (j > 0) {
                    dp[i - 2] += s * dx;
                    dp[i - 1] += s * dy;
                }
            }
        };
    }
};

}  // namespace geomint::problems
