#pragma once
/// \file
/// What the collocation methods share, whatever their nodes (Lobatto IIIA–IIIB for the Galerkin
/// VIs, scheme/galerkin/lobatto.hpp; Gauss–Legendre, scheme/gauss/gauss_legendre.hpp), all in T's
/// arithmetic:
/// - (scheme/collocation_weights.hpp, which needs Eigen's LU: a stepper reading tabulated
///   coefficients compiles without it) the weights b and the matrix a on nodes c;
/// - the stage extrapolation e_ij = ℓ_j(1 + c_i): a quantity sampled at one step's stages,
///   times eᵀ, predicts it at the next step's (the starting guess of an iteration, GNI §VIII.6.1);
/// - the integrated Lagrange basis ∫_0^θ ℓ_j: the collocation polynomial inside a step;
/// - the rounding that keeps a scaled matrix μ (μ_ij = a_ij / b_j) exactly time-symmetric,
///   μ_ij + μ_{s−1−i,s−1−j} = 1, in a floating-point T.
/// Source: Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §II.1.3–II.1.4.

#include "geomint/matrix.hpp"
#include "geomint/scalar.hpp"

namespace geomint::scheme::detail {

/// ℓ_j(τ), the Lagrange basis polynomial of node j on the nodes c.
template <class T, class Nodes>
T lagrange_basis(const Nodes& c, Eigen::Index j, const T& tau) {
    T l(1);
    for (Eigen::Index m = 0; m < c.size(); ++m)
        if (m != j) l *= (tau - c(m)) / (c(j) - c(m));
    return l;
}

/// e_ij = ℓ_j(1 + c_i) (s × s), ℓ_j the Lagrange basis on the nodes c.
template <class T>
matrix<T> stage_extrapolation(const vector<T>& c) {
    const Eigen::Index s = c.size();
    matrix<T> e(s, s);
    for (Eigen::Index i = 0; i < s; ++i)
        for (Eigen::Index j = 0; j < s; ++j) e(i, j) = lagrange_basis(c, j, T(T(1) + c(i)));
    return e;
}

/// w_j(θ) = ∫_0^θ ℓ_j (s entries) by the rule (b, c) itself on [0, θ], θ Σ_k b_k ℓ_j(θ c_k):
/// exact when the rule integrates degree s − 1 (every collocation rule does). The collocation
/// polynomial of a step from x with stage rates F_j is u(t + θh) = x + h Σ_j w_j(θ) F_j, and
/// w_j(c_i) = a_ij, w_j(1) = b_j.
template <class T, class Weights, class Nodes>
vector<T> integrated_lagrange_basis(const Weights& b, const Nodes& c, const T& theta) {
    const Eigen::Index s = c.size();
    vector<T> w(s);
    for (Eigen::Index j = 0; j < s; ++j) {
        T sum(0);
        for (Eigen::Index k = 0; k < s; ++k) sum += b(k) * lagrange_basis(c, j, T(theta * c(k)));
        w(j) = theta * sum;
    }
    return w;
}

/// μ made exactly time-symmetric in a floating-point T: each entry rounded so that 1 − μ_ij is
/// exact (μ ← 1 − (1 − μ): Sterbenz's lemma and a case analysis on the exponents), then
/// μ_{s−1−i,s−1−j} set to 1 − μ_ij and a centre entry to 1/2. (Exact types keep μ as it is.)
template <class T>
void make_time_symmetric(matrix<T>& mu) {
    if constexpr (!is_exact_v<T>) {
        const Eigen::Index s = mu.rows(), r = s - 1;
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j < s; ++j) mu(i, j) = T(1) - (T(1) - mu(i, j));
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j < s; ++j) {
                const Eigen::Index i2 = r - i, j2 = r - j;
                if (i * s + j < i2 * s + j2) mu(i2, j2) = T(1) - mu(i, j);
                else if (i == i2 && j == j2) mu(i, j) = T(1) / T(2);
            }
    }
}

}  // namespace geomint::scheme::detail
