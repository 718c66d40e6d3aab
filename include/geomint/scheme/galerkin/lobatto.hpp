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
///   of P'_r (Legendre); weights b and the Lobatto IIIA matrix a from the simplifying conditions
///   B(r + 1) and C(r + 1), i.e. a_ij = ∫_0^{c_i} ℓ_j (solve_lobatto.hpp says how they are solved).
///   **Where they come from:** a scalar of at most 130 digits (`table_readable`,
///   scheme/decimal_tables.hpp) reads c, b and the scaled μ from the 140-digit tables of Degrees 1–12
///   (lobatto_tables.hpp, printed by test/galerkin/print_lobatto_tables.cpp from a 170-digit
///   solve), one correctly rounded conversion per entry (Boost's cpp_bin_float from the entries'
///   binary form, `binary_table_readable`), so a Galerkin stepper header compiles without the
///   solve; the test `Lobatto.TablesAreTheSolvedCoefficients` re-solves them at 120
///   digits. Exact scalars (rational, symbolic) take the closed forms of Degrees 1 and 2. A scalar
///   of more than 130 digits solves them in T and needs
///   `#include <geomint/scheme/galerkin/solve_lobatto.hpp>` (a static_assert says so otherwise).
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
///   The time symmetry μ_ij + μ_{r−i,r−j} = 1 is made exact the same way (μ_{r−i,r−j} set to
///   1 − μ_ij, the centre entry of an even degree to 1/2): the rounded method is symmetric too.
/// r = 1 gives Störmer–Verlet (trapezoidal rule), r = 2 Simpson's rule (b = (1/6, 2/3, 1/6)).
/// Every coefficient is read or computed in T (integers and decimal strings): no double literal.

#include "geomint/matrix.hpp"
#include "geomint/scheme/collocation.hpp"
#include "geomint/scheme/decimal_tables.hpp"
#include "geomint/scheme/galerkin/lobatto_tables.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

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

/// The largest degree geomint supplies (beyond, the Vandermonde systems of the solve lose
/// digits faster than the scalar has them at double; no use needs more).
inline constexpr int lobatto_max_degree = 12;

/// Selects solve_lobatto.hpp's solve by argument-dependent lookup (declared after this header).
struct lobatto_tag {};

namespace detail {
/// \throws std::invalid_argument naming `degree` unless 1 <= degree <= lobatto_max_degree.
inline void require_lobatto_degree(int degree, const char* who) {
    if (degree < 1 || degree > lobatto_max_degree)
        throw std::invalid_argument(std::string(who) + ": degree = " + std::to_string(degree) +
                                    " (precondition: 1 <= degree <= " + std::to_string(lobatto_max_degree) + ")");
}

/// The rest of the pair from c, b and either a or μ (set in `q`; the other empty): Lobatto IIIB,
/// the scaled form (or a = μ diag(b)) and the stage extrapolation, by T's arithmetic alone.
template <class T>
void complete_lobatto_pair(lobatto_pair<T>& q) {
    const Eigen::Index s = q.c.size();
    const bool from_mu = q.mu.size() == s * s;
    if (!from_mu) {
        q.mu.resize(s, s);
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j < s; ++j) q.mu(i, j) = q.a(i, j) / q.b(j);
    }
    // time symmetry, μ_ij + μ_{r−i,r−j} = 1 (from a_ij + a_{r−i,r−j} = b_j, b_j = b_{r−j}), made
    // exact with 1 − μ exact (scheme/collocation.hpp), so that μ̂ + μᵀ = 1 holds exactly too: the
    // rounded method stays symmetric (N steps forward and N back return to round-off instead of
    // drifting by N·ε) and symplectic
    make_time_symmetric(q.mu);
    q.mu_hat = (matrix<T>::Ones(s, s) - q.mu.transpose()).eval();
    if (from_mu) q.a = (q.mu * q.b.asDiagonal()).eval();
    q.a_hat.resize(s, s);
    for (Eigen::Index i = 0; i < s; ++i)
        for (Eigen::Index j = 0; j < s; ++j) q.a_hat(i, j) = q.b(j) * (T(1) - q.a(j, i) / q.b(i));
    q.extrapolation = stage_extrapolation(q.c);
}

/// c, b and a of Degrees 1 and 2 in closed form (rational nodes): what exact scalars take.
template <class T>
lobatto_pair<T> rational_lobatto_pair(int degree) {
    if (degree > 2)
        throw std::invalid_argument("lobatto_iiia_iiib: degree = " + std::to_string(degree) +
                                    " has irrational nodes; exact scalars support degree 1 or 2");
    lobatto_pair<T> q;
    q.degree = degree;
    if (degree == 1) {
        q.c = vector<T>(2);
        q.c << T(0), T(1);
        q.b = vector<T>(2);
        q.b << T(1) / T(2), T(1) / T(2);
        q.a = matrix<T>(2, 2);
        q.a << T(0), T(0), T(1) / T(2), T(1) / T(2);
    } else {
        q.c = vector<T>(3);
        q.c << T(0), T(1) / T(2), T(1);
        q.b = vector<T>(3);
        q.b << T(1) / T(6), T(2) / T(3), T(1) / T(6);
        q.a = matrix<T>(3, 3);
        q.a << T(0), T(0), T(0), T(5) / T(24), T(1) / T(3), T(-1) / T(24), T(1) / T(6), T(2) / T(3), T(1) / T(6);
    }
    return q;
}

/// c, b and the scaled IIIA μ read from the 140-digit tables (lobatto_tables.hpp): c_0..c_r,
/// b_0..b_r, then the rows 1..r−1 of μ (row 0 is 0, row r is 1). The steppers run μ: read
/// correctly rounded, the simple entries stay exact (Degree 2: 5/4, 1/2, −1/4), where a/b of
/// rounded a and b would not.
template <class T>
lobatto_pair<T> tabulated_lobatto_pair(int degree) {
    const int s = degree + 1;
    const char* const* entry = tables::lobatto_entries(degree);
    const binary_entry* binary = tables::lobatto_binary_entries(degree);
    const auto next = [&] { return from_table<T>(*entry++, *binary++); };
    lobatto_pair<T> q;
    q.degree = degree;
    q.c.resize(s);
    q.b.resize(s);
    q.mu = matrix<T>::Zero(s, s);
    for (int i = 0; i < s; ++i) q.c(i) = next();
    for (int i = 0; i < s; ++i) q.b(i) = next();
    for (int i = 1; i < degree; ++i)
        for (int j = 0; j < s; ++j) q.mu(i, j) = next();
    q.mu.row(degree).setOnes();
    return q;
}
}  // namespace detail

/// The pair for `degree` r (1 <= r <= 12) in T: read from the tables, or in closed form for exact
/// scalars, or solved in T beyond 130 digits (with solve_lobatto.hpp included).
/// \throws std::invalid_argument unless 1 <= degree <= 12, and for an exact T unless degree <= 2.
template <class T>
lobatto_pair<T> lobatto_iiia_iiib(int degree) {
    detail::require_lobatto_degree(degree, "lobatto_iiia_iiib");
    lobatto_pair<T> q;
    if constexpr (is_exact_v<T>) {
        q = detail::rational_lobatto_pair<T>(degree);
    } else if constexpr (table_readable<T>) {
        q = detail::tabulated_lobatto_pair<T>(degree);
    } else {
        static_assert(requires { solve_lobatto_coefficients(std::type_identity<T>{}, lobatto_tag{}, int{}); },
                      "this scalar carries more digits than the Lobatto tables: include "
                      "<geomint/scheme/galerkin/solve_lobatto.hpp> to solve the coefficients in it");
        q = solve_lobatto_coefficients(std::type_identity<T>{}, lobatto_tag{}, degree);
    }
    detail::complete_lobatto_pair(q);
    return q;
}

}  // namespace geomint::scheme
