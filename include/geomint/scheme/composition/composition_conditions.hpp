#pragma once
/// \file
/// Order conditions of symmetric compositions of a symmetric second-order method, and their
/// solution in the scalar type (Yoshida 1990; McLachlan 1995; Hairer, Lubich, Wanner, GNI §V.3).
///
/// For ψ_h = Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h} with Φ symmetric of order 2, log Φ_h = h Y_1 + h³ Y_3 +
/// h⁵ Y_5 + … (Y_k free generators: the modified vector field's terms; even ones vanish by
/// symmetry), and ψ has order p exactly when log ψ_h = h Y_1 + O(h^{p+1}) for free Y_k. The
/// conditions are therefore *computed*: the product of the exponentials in the free algebra cut
/// at degree p, its logarithm (word_series.hpp), every coefficient other than Y_1's must vanish
/// and Y_1's must be 1. No condition is typed in by hand.

#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/composition/word_series.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint {

/// The generators Y_1, Y_3, … of degree <= p (the basis of a symmetric basic method's series).
inline word_basis odd_generators_basis(int order) {
    std::vector<int> degrees;
    for (int d = 1; d <= order; d += 2) degrees.push_back(d);
    return word_basis(degrees, order);
}

/// Residuals of the order-`order` conditions of the composition with weights `gamma` (γ_1 … γ_s,
/// applied in that order) of a symmetric second-order method: the coefficients of log ψ_h on
/// every word of degree 1 … order, minus 1 on Y_1. All vanish iff ψ has order >= `order`.
/// `basis` = odd_generators_basis(order). Works for U = T or dual<T> (the Jacobian).
template <class U>
std::vector<U> symmetric_composition_residuals(const word_basis& basis, const std::vector<U>& gamma) {
    auto product = word_series<U>::one(basis);
    std::vector<U> x(basis.generators());
    for (const U& g : gamma) {
        for (std::size_t k = 0; k < x.size(); ++k) {
            U power(1);
            for (int e = 0; e < basis.generator_degree(k); ++e) power *= g;
            x[k] = power;
        }
        product = product.times_exp_generators(x);
    }
    const auto log = product.log();
    std::vector<U> r;
    r.reserve(basis.size() - 1);
    for (std::size_t i = 1; i < basis.size(); ++i) r.push_back(basis.word(i).size() == 1 && basis.word(i)[0] == 0 ? log[i] - U(1) : log[i]);
    return r;
}

/// The full palindromic weight sequence γ_1 … γ_{2m+1} from its outer half w_m, …, w_1 and the
/// middle w_0 = 1 − 2 Σ w_i (Yoshida's notation: ψ = S(w_m)…S(w_1) S(w_0) S(w_1)…S(w_m)).
template <class U>
std::vector<U> palindromic_weights(const std::vector<U>& w_outer_to_inner) {
    U sum(0);
    for (const U& w : w_outer_to_inner) sum += w;
    std::vector<U> gamma(w_outer_to_inner);
    gamma.push_back(U(1) - U(2) * sum);
    for (auto it = w_outer_to_inner.rbegin(); it != w_outer_to_inner.rend(); ++it) gamma.push_back(*it);
    return gamma;
}

/// Solves the order-`order` conditions of a symmetric palindromic composition for the weights
/// w_1 … w_m (given outer to inner, as in palindromic_weights) by Gauss–Newton in T, from
/// `w` (the published digits). The Jacobian comes from dual<T> residuals (whose values are the
/// residuals themselves); each step is the least-squares solution (Eigen's column-pivoting QR)
/// of the consistent, overdetermined linear system. Stops when the step no longer shrinks at
/// round-off.
/// \throws std::runtime_error (naming the residual) if the residuals do not reach 1000 ε relative
///         to the weights.
template <class T>
std::vector<T> solve_symmetric_composition(std::vector<T> w, int order, const char* name) {
    const word_basis basis = odd_generators_basis(order);
    const Eigen::Index m = Eigen::Index(w.size()), conditions = Eigen::Index(basis.size() - 1);
    using std::abs;
    T last_step = T(-1);
    for (int it = 0; it < 60; ++it) {
        matrix<T> J(conditions, m);
        vector<T> r(conditions);
        for (Eigen::Index u = 0; u < m; ++u) {
            std::vector<dual<T>> wd(w.begin(), w.end());
            wd[std::size_t(u)] = make_dual(w[std::size_t(u)], T(1));
            const auto rd = symmetric_composition_residuals(basis, palindromic_weights(wd));
            for (Eigen::Index k = 0; k < conditions; ++k) {
                J(k, u) = tangent_of(rd[std::size_t(k)]);
                if (u == 0) r(k) = value_of(rd[std::size_t(k)]);
            }
        }
        const vector<T> step = J.colPivHouseholderQr().solve(vector<T>(-r));
        for (Eigen::Index u = 0; u < m; ++u) w[std::size_t(u)] += step(u);
        const T size = max_abs(step);
        if (size == T(0) || (last_step >= T(0) && size >= last_step && it > 2)) break;
        last_step = size;
    }
    const auto r = symmetric_composition_residuals(basis, palindromic_weights(w));
    T worst(0), scale(1);
    for (const T& x : r) worst = (std::max)(worst, T(abs(x)));
    for (const T& x : w) scale = (std::max)(scale, T(abs(x)));
    using std::pow;
    if (!(worst <= T(1000) * std::numeric_limits<T>::epsilon() * pow(scale, order)))
        throw std::runtime_error(std::string(name) + ": the order conditions did not converge (largest residual " +
                                 geomint::to_string(worst) + ")");
    return w;
}

}  // namespace geomint
