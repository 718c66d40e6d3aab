#pragma once
/// \file
/// The s-stage Gauss–Legendre collocation method (s = 1 … 8), in any precision: the implicit
/// Runge–Kutta method whose nodes are the zeros of the shifted Legendre polynomial P_s(2c − 1).
/// Order 2s, symplectic for every Hamiltonian (b_i a_ij + b_j a_ji = b_i b_j), symmetric, A-stable
/// with |R(iy)| = 1 (on q̈ = −ω²q it neither gains nor loses amplitude at any ωh), and it keeps
/// every quadratic invariant of the flow (angular momenta among them) exactly. s = 1 is the
/// implicit midpoint rule.
///
/// Sources: Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §II.1.3
/// (collocation, Table 1.1 for s = 2, 3), Theorem VI.4.3 (symplecticity), §IV.2.1 (quadratic
/// invariants); Butcher (1964).
///
/// Coefficients, all in T's arithmetic:
/// - nodes c_i = (1 + x_i)/2, x_i the zeros of P_s: Boost.Math's `legendre_p_zeros<T>(s)` (its
///   non-negative zeros, to T's precision), c_{s−1−i} set to 1 − c_i;
/// - weights b_j = 1/((1 − x_j²) P_s'(x_j)²) (Boost.Math's `legendre_p_prime`), made exactly
///   symmetric, b_{s−1−j} = b_j; a_ij = ∫_0^{c_i} ℓ_j (ℓ_j the Lagrange basis on the nodes) by the
///   method's own quadrature, exact for ℓ_j: a_ij = c_i Σ_k b_k ℓ_j(c_i c_k) (no Vandermonde
///   solve, which loses 3.5 digits at s = 8);
/// - the scaled form μ_ij = a_ij / b_j, in which a stage is Q_i = q + Σ_j μ_ij (h b_j F_j). The
///   symplecticity condition reads μ_ij + μ_ji = 1 and the symmetry μ_ij + μ_{s−1−i,s−1−j} = 1.
///   In a floating-point T both are made exact for the rounded coefficients (the remedy of
///   Hairer, McLachlan & Razakarivony, BIT 48 (2008), as for the Lobatto pair, lobatto.hpp):
///   each orbit {(i, j), (s−1−j, s−1−i)} takes one value v rounded so that 1 − v is exact, and
///   {(j, i), (s−1−i, s−1−j)} takes 1 − v; the diagonal is 1/2 (exactly a_ii = b_i/2). The
///   method the computer runs is then itself symplectic and symmetric, whatever b's rounding;
/// - the stage extrapolation e_ij = ℓ_j(1 + c_i) (scheme/collocation.hpp): the collocation
///   polynomial's derivative, which the stage rates sample, extrapolated to the next step's
///   stages (the starting values of GNI §VIII.6.1, error O(h^s)).
/// Exact scalars (rational, symbolic) take s = 1 only (the other nodes are irrational).

#include "geomint/scalar.hpp"
#include "geomint/matrix.hpp"
#include "geomint/scheme/collocation.hpp"
#include "geomint/scheme/traits.hpp"

#include <boost/math/special_functions/legendre.hpp>

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint::scheme {

/// Butcher coefficients of the s-stage Gauss–Legendre method, with its scaled form.
template <class T>
struct gauss_coefficients {
    int stages = 0;  ///< s; order 2s
    vector<T> c;     ///< nodes in (0, 1), increasing (s entries)
    vector<T> b;     ///< weights, Σ b = 1 (s entries)
    matrix<T> a;     ///< a_ij = ∫_0^{c_i} ℓ_j (s × s), = μ_ij b_j for the rounded μ
    /// Scaled matrix μ_ij = a_ij / b_j (s × s), with μ_ij + μ_ji = 1 and μ_ij + μ_{s−1−i,s−1−j} = 1
    /// exactly in T; a step forms Q_i = q + Σ_j μ_ij (h b_j F_j).
    matrix<T> mu;
    /// Stage extrapolation (s × s): e_ij = ℓ_j(1 + c_i).
    matrix<T> extrapolation;
};

/// The largest stage count geomint supplies.
inline constexpr int gauss_max_stages = 8;

namespace detail {
/// \throws std::invalid_argument naming `stages` unless 1 <= stages <= gauss_max_stages.
inline void require_gauss_stages(int stages, const char* who) {
    if (stages < 1 || stages > gauss_max_stages)
        throw std::invalid_argument(std::string(who) + ": stages = " + std::to_string(stages) +
                                    " (precondition: 1 <= stages <= " + std::to_string(gauss_max_stages) + ")");
}
}  // namespace detail

/// The s-stage Gauss–Legendre coefficients in T (file comment).
/// \throws std::invalid_argument unless 1 <= stages <= 8, and for an exact T unless stages = 1;
///         geomint::singular_step_error if the Vandermonde system is singular in T.
template <class T>
gauss_coefficients<T> gauss_legendre_coefficients(int stages) {
    detail::require_gauss_stages(stages, "gauss_legendre_coefficients");
    const int s = stages;
    gauss_coefficients<T> g;
    g.stages = s;
    g.c.resize(s);
    if constexpr (is_exact_v<T> || is_symbolic_v<T>) {
        if (s != 1)
            throw std::invalid_argument("gauss_legendre_coefficients: stages = " + std::to_string(s) +
                                        " has irrational nodes; exact scalars support stages = 1 (the implicit midpoint rule)");
        g.c(0) = T(1) / T(2);
        g.b = vector<T>::Ones(1);
        g.a = matrix<T>::Constant(1, 1, T(1) / T(2));
        g.mu = g.a;
    } else {
        // the positive zeros x of P_s, increasing, give the upper nodes (1 + x)/2 and, mirrored, the
        // lower ones; an odd s has the zero 0 too: the centre node 1/2
        std::vector<T> positive;
        for (const T& x : boost::math::legendre_p_zeros<T>(s))
            if (x > T(0)) positive.push_back(x);
        std::sort(positive.begin(), positive.end());
        const int half = s / 2, count = int(positive.size());
        if (count != half)
            throw std::logic_error("gauss_legendre_coefficients: legendre_p_zeros gave " + std::to_string(count) +
                                   " positive zeros of P_" + std::to_string(s) + " (expected " + std::to_string(half) + ")");
        if (s % 2 == 1) g.c(half) = T(1) / T(2);
        for (int k = 0; k < count; ++k) {
            const int upper = s - count + k;
            g.c(upper) = (T(1) + positive[std::size_t(k)]) / T(2);
            g.c(s - 1 - upper) = T(1) - g.c(upper);
        }
        // b_j = 1/((1 − x_j²) P_s'(x_j)²) (the Gauss weights on [0, 1]); a_ij = ∫_0^{c_i} ℓ_j by the
        // method's own rule, exact for ℓ_j of degree s − 1: a_ij = c_i Σ_k b_k ℓ_j(c_i c_k). No
        // Vandermonde solve: at s = 8 in double that lost 3.5 digits (Σ b − 1 = −7e-13)
        g.b.resize(s);
        for (int j = 0; j < s; ++j) {
            const T x = T(2) * g.c(j) - T(1);
            const T dp = boost::math::legendre_p_prime(s, x);
            g.b(j) = T(1) / ((T(1) - x * x) * dp * dp);
        }
        for (int j = 0; j < half; ++j) g.b(s - 1 - j) = g.b(j);
        g.a.resize(s, s);
        for (int i = 0; i < s; ++i) g.a.row(i) = detail::integrated_lagrange_basis(g.b, g.c, g.c(i)).transpose();
        g.mu.resize(s, s);
        for (int i = 0; i < s; ++i)
            for (int j = 0; j < s; ++j) g.mu(i, j) = g.a(i, j) / g.b(j);
        detail::make_time_symmetric(g.mu);  // μ_{s−1−i,s−1−j} = 1 − μ_ij, 1 − μ exact
        // symplecticity on the orbits: μ_ji = 1 − μ_ij (with the symmetry, μ_{s−1−j,s−1−i} = μ_ij)
        for (int i = 0; i < s; ++i) {
            g.mu(i, i) = T(1) / T(2);
            for (int j = i + 1; j < s; ++j) {
                if (s - 1 - j < i) continue;  // the orbit's representative is (s−1−j, s−1−i), set first
                const T v = g.mu(i, j);
                g.mu(j, i) = T(1) - v;
                g.mu(s - 1 - j, s - 1 - i) = v;
                g.mu(s - 1 - i, s - 1 - j) = T(1) - v;
            }
        }
        g.a = (g.mu * g.b.asDiagonal()).eval();
    }
    g.extrapolation = detail::stage_extrapolation(g.c);
    return g;
}

namespace detail {
/// `gauss_legendre<S>::name`, one per stage count.
inline constexpr const char* gauss_names[] = {"",
                                              "gauss_legendre_1",
                                              "gauss_legendre_2",
                                              "gauss_legendre_3",
                                              "gauss_legendre_4",
                                              "gauss_legendre_5",
                                              "gauss_legendre_6",
                                              "gauss_legendre_7",
                                              "gauss_legendre_8"};
}  // namespace detail

/// Trait block of the `Stages`-stage Gauss–Legendre method (scheme/traits.hpp): order 2·Stages,
/// symplectic, symmetric, and on q̈ = −ω²q stable at every ωh (A-stable, |R(iy)| = 1). The
/// momenta of the symmetries of H are quadratic invariants for linear symmetries (translations,
/// rotations), which the method keeps exactly.
template <unsigned Stages>
struct gauss_legendre : scheme_claims<2 * Stages, symplectic_map | time_symmetric | momentum_conserving>,
                        unconditionally_stable {
    static_assert(Stages >= 1 && Stages <= unsigned(gauss_max_stages), "gauss_legendre: Stages must be 1 ... 8");
    /// Number of stages s.
    static constexpr unsigned stages = Stages;
    static constexpr const char* name = detail::gauss_names[Stages];  ///< "gauss_legendre_<Stages>"
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Butcher (1964); Hairer-Lubich-Wanner GNI sec. II.1.3, Theorem VI.4.3, sec. VIII.6 (starting values)";

    /// The coefficients in T, computed once per T (thread-safe static).
    template <class T>
    static const gauss_coefficients<T>& coefficients() {
        static const gauss_coefficients<T> c = gauss_legendre_coefficients<T>(int(Stages));
        return c;
    }
};

}  // namespace geomint::scheme
