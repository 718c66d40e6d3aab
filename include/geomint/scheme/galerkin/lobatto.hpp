#pragma once
/// \file
/// The Lobatto IIIA–IIIB partitioned Runge–Kutta pair of r + 1 stages, in any precision: the
/// coefficients of the continuous Galerkin variational integrator of degree r (polynomials of
/// degree r on each step, action by the (r + 1)-point Gauss–Lobatto rule), order 2r.
///
/// Sources: Marsden & West, *Discrete mechanics and variational integrators*, Acta Numerica 10
/// (2001), §2.6; Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §II.1.4
/// and §VI.6 (Theorem 6.4: the Galerkin VI with Lobatto quadrature is the Lobatto IIIA–IIIB pair).
///
/// - Nodes c_i = (1 + x_i)/2, i = 0..r, with x_0 = −1, x_r = 1 and x_1 < … < x_{r−1} the zeros
///   of P'_r (Legendre), found by Newton's method (Boost.Math's `newton_raphson_iterate`, to the
///   scalar's full precision) from the Chebyshev–Gauss–Lobatto points −cos(πk/r).
/// - Weights b and Lobatto IIIA matrix a from the simplifying conditions B(r + 1) and C(r + 1):
///   Σ_j b_j c_j^{k−1} = 1/k and Σ_j a_ij c_j^{k−1} = c_i^k/k, k = 1..r + 1 (Vandermonde systems
///   solved by Eigen's full-pivoting LU in the scalar type), i.e. a_ij = ∫_0^{c_i} ℓ_j.
/// - Lobatto IIIB: â_ij = b_j (1 − a_ji / b_i), so that b_i â_ij + b_j a_ji = b_i b_j (the
///   symplecticity condition of a partitioned RK method, GNI Theorem VI.4.6).
/// - The steppers run the pair in the scaled form μ_ij = a_ij / b_j, μ̂_ij = â_ij / b_j, in which
///   the symplecticity condition reads μ̂_ij + μ_ji = 1 (Antoñana, Makazaga, Murua, *Reducing and
///   monitoring round-off error propagation for symplectic implicit Runge–Kutta schemes*, Numer.
///   Algorithms 76 (2017), §3; the remedy of Hairer, McLachlan, Razakarivony, BIT 48 (2008)).
///   In a floating-point T, μ is rounded so that 1 − μ_ji is representable and μ̂_ij is set to
///   it: the condition then holds exactly for the rounded coefficients, so the method the
///   computer runs is itself symplectic, whatever b's rounding (a method with a and â rounded
///   separately violates the condition by O(ε) and its energy drifts linearly with the steps).
/// r = 1 gives Störmer–Verlet (trapezoidal rule), r = 2 Simpson's rule (b = (1/6, 2/3, 1/6)).
/// Every coefficient is computed in T from integers: no double literal. Exact (rational) scalars:
/// degrees 1 and 2 (rational nodes).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/legendre.hpp>
#include <boost/math/tools/roots.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::scheme {

/// Butcher coefficients of the (degree + 1)-stage Lobatto IIIA–IIIB pair.
template <class T>
struct lobatto_pair {
    int degree = 0;   ///< r: polynomial degree of the Galerkin method; stages s = r + 1; order 2r
    vector<T> c;      ///< nodes in [0, 1], c_0 = 0, c_r = 1 (s entries)
    vector<T> b;      ///< Gauss–Lobatto weights on [0, 1], Σ b = 1 (s entries)
    matrix<T> a;      ///< Lobatto IIIA (s × s), applied to the coordinates' rate f
    matrix<T> a_hat;  ///< Lobatto IIIB (s × s), applied to the momenta's rate g
    /// Scaled IIIA, μ_ij = a_ij / b_j (s × s); a step forms Q_i = q + Σ_j μ_ij (h b_j F_j).
    matrix<T> mu;
    /// Scaled IIIB, μ̂_ij = 1 − μ_ji exactly in T (s × s); P_i = p + Σ_j μ̂_ij (h b_j G_j).
    matrix<T> mu_hat;
    /// Stage extrapolation (s × s): e_ij = ℓ_j(1 + c_i), ℓ_j the Lagrange basis on the nodes, so
    /// a quantity sampled at the stages of one step, times eᵀ, predicts it at the stages of the
    /// next (the starting guess of the step's iteration, error O(h^s)).
    matrix<T> extrapolation;
};

/// The pair for `degree` r >= 1.
/// \throws std::invalid_argument unless 1 <= degree <= 12 (beyond, the Vandermonde systems lose
///         digits faster than the scalar has them at double; no use needs more).
template <class T>
lobatto_pair<T> lobatto_iiia_iiib(int degree) {
    if (degree < 1 || degree > 12)
        throw std::invalid_argument("lobatto_iiia_iiib: degree = " + std::to_string(degree) +
                                    " (precondition: 1 <= degree <= 12)");
    const int r = degree, s = r + 1;
    vector<T> x(s);
    x(0) = T(-1);
    x(r) = T(1);
    if constexpr (is_exact_v<T>) {
        // exact scalars: the nodes are rational only for r <= 2 (x = 0 is the zero of P'_2)
        if (r > 2)
            throw std::invalid_argument("lobatto_iiia_iiib: degree = " + std::to_string(degree) +
                                        " has irrational nodes; exact scalars support degree 1 or 2");
        if (r == 2) x(1) = T(0);
    } else {
        using std::cos;
        const T pi = boost::math::constants::pi<T>();
        vector<T> guess(s);
        for (int k = 0; k <= r; ++k) guess(k) = -cos(pi * T(k) / T(r));
        for (int k = 1; k < r; ++k) {
            // P'_r and P''_r (from Legendre's equation (1 − x²) P'' − 2x P' + r(r+1) P = 0)
            const auto f = [r](const T& t) {
                const T p = boost::math::legendre_p(r, t);
                const T dp = boost::math::legendre_p_prime(r, t);
                return std::make_pair(dp, (T(2) * t * dp - T(r * (r + 1)) * p) / (T(1) - t * t));
            };
            const T lo = (guess(k - 1) + guess(k)) / T(2), hi = (guess(k) + guess(k + 1)) / T(2);
            std::uintmax_t iterations = 200;
            x(k) = boost::math::tools::newton_raphson_iterate(f, guess(k), lo, hi, std::numeric_limits<T>::digits,
                                                              iterations);
        }
    }
    lobatto_pair<T> q;
    q.degree = r;
    q.c = (x.array() + T(1)) / T(2);
    // Vandermonde V_kj = c_j^k (k = 0..r): B(s) and C(s) conditions
    matrix<T> V(s, s);
    for (int j = 0; j < s; ++j) {
        T power(1);
        for (int k = 0; k < s; ++k) {
            V(k, j) = power;
            power *= q.c(j);
        }
    }
    matrix<T> rhs(s, s + 1);  // column 0: B(s); columns 1..s: C(s) for each stage i
    for (int k = 0; k < s; ++k) {
        rhs(k, 0) = T(1) / T(k + 1);
        for (int i = 0; i < s; ++i) {
            T ck(1);
            for (int m = 0; m <= k; ++m) ck *= q.c(i);
            rhs(k, i + 1) = ck / T(k + 1);
        }
    }
    matrix<T> sol(s, s + 1);
    if (!try_solve(V, rhs, sol))
        throw singular_step_error("lobatto_iiia_iiib: the Vandermonde system of the nodes is singular");
    q.b = sol.col(0);
    q.a = sol.rightCols(s).transpose();
    q.a_hat.resize(s, s);
    for (int i = 0; i < s; ++i)
        for (int j = 0; j < s; ++j) q.a_hat(i, j) = q.b(j) * (T(1) - q.a(j, i) / q.b(i));
    q.mu.resize(s, s);
    for (int i = 0; i < s; ++i)
        for (int j = 0; j < s; ++j) {
            q.mu(i, j) = q.a(i, j) / q.b(j);
            // μ ← 1 − (1 − μ): then 1 − μ is exact in binary floating point (Sterbenz's lemma
            // and a case analysis on the exponents), so μ̂ + μᵀ = 1 holds exactly
            if constexpr (!is_exact_v<T>) q.mu(i, j) = T(1) - (T(1) - q.mu(i, j));
        }
    q.mu_hat = (matrix<T>::Ones(s, s) - q.mu.transpose()).eval();
    q.extrapolation.resize(s, s);
    for (int i = 0; i < s; ++i)
        for (int j = 0; j < s; ++j) {
            T l(1);
            for (int m = 0; m < s; ++m)
                if (m != j) l *= (T(1) + q.c(i) - q.c(m)) / (q.c(j) - q.c(m));
            q.extrapolation(i, j) = l;
        }
    return q;
}

}  // namespace geomint::scheme
