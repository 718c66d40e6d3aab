#pragma once
/// \file
/// The weights b and the matrix a of the collocation method on nodes c, from the simplifying
/// conditions B(s) and C(s): Σ_j b_j c_j^{k−1} = 1/k and Σ_j a_ij c_j^{k−1} = c_i^k/k, k = 1 … s
/// (Vandermonde systems solved by full-pivoting LU in T), i.e. a_ij = ∫_0^{c_i} ℓ_j and
/// b_j = ∫_0^1 ℓ_j for the Lagrange basis ℓ_j on the nodes: the Lobatto solve
/// (scheme/galerkin/solve_lobatto.hpp) for a scalar beyond its tables.
/// Source: Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §II.1.3.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/matrix.hpp"

#include <string>

namespace geomint::scheme::detail {

/// b (s) and a (s × s) of the collocation method on the s nodes c (distinct).
/// \throws geomint::singular_step_error if the Vandermonde system is singular in T; `who`
///         prefixes the message.
template <class T>
void collocation_weights(const vector<T>& c, vector<T>& b, matrix<T>& a, const char* who) {
    const Eigen::Index s = c.size();
    matrix<T> V(s, s);  // V_kj = c_j^k, k = 0 … s − 1
    for (Eigen::Index j = 0; j < s; ++j) {
        T power(1);
        for (Eigen::Index k = 0; k < s; ++k) {
            V(k, j) = power;
            power *= c(j);
        }
    }
    matrix<T> rhs(s, s + 1);  // column 0: B(s); column 1 + i: C(s) for stage i
    for (Eigen::Index k = 0; k < s; ++k) {
        rhs(k, 0) = T(1) / T(k + 1);
        for (Eigen::Index i = 0; i < s; ++i) {
            T ck(1);
            for (Eigen::Index m = 0; m <= k; ++m) ck *= c(i);
            rhs(k, i + 1) = ck / T(k + 1);
        }
    }
    matrix<T> sol(s, s + 1);
    if (!try_solve(V, rhs, sol))
        throw singular_step_error(std::string(who) + ": the Vandermonde system of the nodes is singular");
    b = sol.col(0);
    a = sol.rightCols(s).transpose();
}

}  // namespace geomint::scheme::detail
