#pragma once
/// \file
/// Taylor data of a scalar function by autodiff, and the difference quotient
/// (f(b) − f(a))/(b − a) without catastrophic cancellation as b → a.
///
/// Shared by the discrete gradient of the pendulum paper (Cieśliński & Ratkiewicz, eqs. (44)–(45),
/// f = V) and the energy–momentum bar force of the truss paper (Graham & Jelenić, §4.3 and refs.
/// [15, 21, 23, 26]: f = φ as a function of l²).

#include "geomint/error.hpp"
#include "geomint/autodiff.hpp"

#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// A difference quotient Δf(a, b) = (f(b) − f(a)) / (b − a) and its partial derivatives.
template <class T>
struct discrete_gradient_value {
    T value;  ///< Δf(a, b) (f'(a) when a = b)
    T d_a;    ///< ∂Δf/∂a
    T d_b;    ///< ∂Δf/∂b
};

namespace detail {
/// Odd order K of the Taylor series used by `difference_quotient` when |b − a| is small:
/// K + 2 ≈ 0.3·digits10 (at least 5), so series truncation and the direct quotient's
/// cancellation meet near ε^(K+1)/(K+2): about two digits below full precision.
template <class T>
constexpr std::size_t quotient_series_order() {
    const int d = std::numeric_limits<T>::digits10;
    const int k = (3 * d) / 10 - 2;
    return static_cast<std::size_t>(k < 5 ? 5 : (k | 1));
}

/// u* = (ε (K+2)!)^(1/(K+2)): below it `difference_quotient` uses the series.
template <class T>
const T& quotient_series_radius() {
    static const T r = [] {
        using std::pow;
        constexpr std::size_t K = quotient_series_order<T>();
        T f(1);
        for (std::size_t j = 2; j <= K + 2; ++j) f *= T(static_cast<int>(j));
        return T(pow(std::numeric_limits<T>::epsilon() * f, T(1) / T(static_cast<int>(K + 2))));
    }();
    return r;
}
/// The name `who` gives for an error message: a string, or a callable returning one — so a hot
/// loop builds the message only when it throws.
template <class Who>
std::string describe(const Who& who) {
    if constexpr (std::is_invocable_v<const Who&>)
        return who();
    else
        return std::string(who);
}
}  // namespace detail

/// f(x), f'(x), …, f⁽ᴷ⁾(x) by autodiff (f a generic callable of one variable).
/// `who`: a string, or a callable returning one (built only on error).
/// \throws std::domain_error naming `who`, the order and x if any of them is not finite.
template <std::size_t K, class T, class F, class Who>
std::array<T, K + 1> taylor_coefficients(const F& f, const T& x, const Who& who) {
    const auto y = f(ad::make_fvar<T, K>(x));
    std::array<T, K + 1> d;
    for (std::size_t k = 0; k <= K; ++k) {
        d[k] = static_cast<T>(y.derivative(k));
        if (!is_finite(d[k]))
            throw std::domain_error(detail::describe(who) + "'s derivative of order " + std::to_string(k) + " at " + geomint::to_string(x) +
                                    " is " + geomint::to_string(d[k]) + " (precondition: " + std::to_string(K) +
                                    " times differentiable with finite derivatives)");
    }
    return d;
}

/// Δf(a, b) = (f(b) − f(a)) / (b − a), with its partial derivatives, accurate to about two digits
/// below full precision for every a, b: for |b − a| ≥ 2u* the quotient itself; below, its Taylor
/// series about m = (a + b)/2, Δf = Σ_{k odd ≤ K} f⁽ᵏ⁾(m) u^(k−1)/k!, u = (b − a)/2, with K from
/// `detail::quotient_series_order<T>()` and u* = (ε (K+2)!)^(1/(K+2)) (the crossover assumes
/// derivatives of f of order one: scale the variable otherwise). Δf(a, a) = f'(a).
/// \throws std::domain_error (from `taylor_coefficients`) if a derivative of f is not finite.
template <class T, class F, class Who>
discrete_gradient_value<T> difference_quotient(const F& f, const T& a, const T& b, const Who& who) {
    using std::abs;
    constexpr std::size_t K = detail::quotient_series_order<T>();
    const T u = (b - a) / 2;
    if (abs(u) >= detail::quotient_series_radius<T>()) {
        const auto ta = taylor_coefficients<1>(f, a, who);
        const auto tb = taylor_coefficients<1>(f, b, who);
        const T h = b - a;
        const T q = (tb[0] - ta[0]) / h;
        return {q, (q - ta[1]) / h, (tb[1] - q) / h};
    }
    const T m = (a + b) / 2;
    const auto t = taylor_coefficients<K + 1>(f, m, who);
    // k = 1 term, then odd k ≥ 3; upow = u^(k−1), upm = u^(k−2), fact = k!.
    T s = t[1], s_m = t[2], s_u(0), fact(1), upow(1), upm = u;
    const T u2 = u * u;
    for (std::size_t k = 3; k <= K; k += 2) {
        fact *= T(static_cast<int>(k * (k - 1)));
        upow *= u2;
        s += t[k] * upow / fact;
        s_m += t[k + 1] * upow / fact;
        s_u += T(static_cast<int>(k - 1)) * t[k] * upm / fact;
        upm *= u2;
    }
    // a = m − u, b = m + u: ∂/∂b = (∂/∂m + ∂/∂u)/2, ∂/∂a = (∂/∂m − ∂/∂u)/2.
    return {s, (s_m - s_u) / 2, (s_m + s_u) / 2};
}

/// Δf(a, b) for a, b of type T or dual<T> (chain rule through `difference_quotient`).
template <class T, class F, class A, class B, class Who>
auto difference_quotient_ad(const F& f, const A& a, const B& b, const Who& who) {
    using U = decltype(a + b);
    const auto g = difference_quotient(f, T(value_of(a)), T(value_of(b)), who);
    if constexpr (is_dual_v<U>) return make_dual(g.value, g.d_a * tangent_of(a) + g.d_b * tangent_of(b));
    else return U(g.value);
}

}  // namespace geomint
