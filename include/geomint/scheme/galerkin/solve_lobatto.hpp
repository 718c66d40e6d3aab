#pragma once
/// \file
/// The Lobatto IIIA–IIIB coefficients solved in the scalar type: what a scalar of more than 130
/// digits needs (lobatto.hpp reads the 140-digit tables otherwise), and what printed those tables
/// (test/galerkin/print_lobatto_tables.cpp, at 170 digits).
///
/// - Nodes c_i = (1 + x_i)/2 with x_1 < … < x_{r−1} the zeros of P'_r (Legendre), by Newton's
///   method (Boost.Math's `newton_raphson_iterate`, to the scalar's full precision) from the
///   Chebyshev–Gauss–Lobatto points −cos(πk/r).
/// - Weights b and Lobatto IIIA a from the simplifying conditions B(r + 1) and C(r + 1):
///   Σ_j b_j c_j^{k−1} = 1/k and Σ_j a_ij c_j^{k−1} = c_i^k/k, k = 1..r + 1 (Vandermonde systems
///   solved by Eigen's full-pivoting LU in the scalar type).
/// Source: Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §II.1.4.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/collocation_weights.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/legendre.hpp>
#include <boost/math/tools/roots.hpp>

#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

namespace geomint::scheme {

/// c, b and a of the pair of `degree` r solved in an inexact T (the rest: detail::complete_lobatto_pair).
/// \throws std::invalid_argument unless 1 <= degree <= 12; geomint::singular_step_error if the
///         Vandermonde system is singular in T.
template <class T>
lobatto_pair<T> solve_lobatto_coefficients(std::type_identity<T>, lobatto_tag, int degree) {
    static_assert(!is_exact_v<T>, "the Lobatto nodes of degree > 2 are irrational: solve them in a floating-point T");
    detail::require_lobatto_degree(degree, "solve_lobatto_coefficients");
    const int r = degree, s = r + 1;
    vector<T> x(s);
    x(0) = T(-1);
    x(r) = T(1);
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
        x(k) = boost::math::tools::newton_raphson_iterate(f, guess(k), lo, hi, std::numeric_limits<T>::digits, iterations);
    }
    lobatto_pair<T> q;
    q.degree = r;
    q.c = (x.array() + T(1)) / T(2);
    detail::collocation_weights(q.c, q.b, q.a, "lobatto_iiia_iiib");
    return q;
}

/// The whole pair solved in T, never reading the tables (what the tables are checked against).
template <class T>
lobatto_pair<T> solved_lobatto_pair(int degree) {
    lobatto_pair<T> q = solve_lobatto_coefficients(std::type_identity<T>{}, lobatto_tag{}, degree);
    detail::complete_lobatto_pair(q);
    return q;
}

}  // namespace geomint::scheme
