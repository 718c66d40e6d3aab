#pragma once
/// \file
/// Symmetric compositions of Störmer–Verlet: ψ_h = Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h}, Φ the
/// (drift–kick–drift) leapfrog, γ palindromic. Each method's weights are exact to the working
/// precision of T: closed forms where they exist, otherwise solved from the order conditions at
/// first use (composition_conditions.hpp), starting from the published digits, at 120 digits
/// and rounded to T (in T itself for T of more than 100 digits).
///
/// Every method states its weights outer half to middle as Yoshida does (w_m, …, w_1; the middle
/// weight is 1 − 2Σw): `outer_weights<T>()` gives them, `weights<T>()` the full sequence.

#include "geomint/scalar.hpp"
#include "geomint/scheme/composition/composition_conditions.hpp"
#include "geomint/scheme/traits.hpp"

#include <limits>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// The type the weights of a T are computed in: 120 digits for every T of at most 100 (then
/// rounded once to T, so they are T's correctly rounded values up to the solve's few ulps at 120
/// digits), T itself beyond.
template <class T>
using composition_working_type = std::conditional_t<(std::numeric_limits<T>::digits10 <= 100), mp<120>, T>;

/// Shared part of a palindromic composition of leapfrog: `Method::compute<W>()` returns the
/// outer weights in the working type W; they are computed once per T (thread-safe static).
template <class Method, unsigned Order, unsigned Stages>
struct symmetric_composition : scheme_claims<Order, symplectic_map | time_symmetric>, stability_not_analysed {
    static constexpr unsigned stages = Stages;

    /// w_m, …, w_1 (outer to inner; m = (Stages − 1)/2).
    template <class T>
    static const std::vector<T>& outer_weights() {
        static const std::vector<T> w = [] {
            using W = composition_working_type<T>;
            const std::vector<W> high = Method::template compute<W>();
            std::vector<T> out;
            for (const W& x : high) out.push_back(static_cast<T>(x));
            return out;
        }();
        return w;
    }
    /// γ_1, …, γ_Stages (palindromic; Σγ = 1).
    template <class T>
    static const std::vector<T>& weights() {
        static const std::vector<T> g = palindromic_weights(outer_weights<T>());
        return g;
    }
};

/// A composition whose weights are solved from the order-`Order` conditions, starting from
/// `Method::published_digits<T>()` (outer to inner).
template <class Method, unsigned Order, unsigned Stages>
struct solved_composition : symmetric_composition<Method, Order, Stages> {
    template <class T>
    static std::vector<T> compute() {
        return solve_symmetric_composition<T>(Method::template published_digits<T>(), int(Order), Method::name);
    }
};

namespace detail {
/// A published decimal m·10^e as an exact ratio in T (m an integer of at most 18 digits).
template <class T>
T published(long long mantissa, int exponent) {
    T x(mantissa);
    for (; exponent < 0; ++exponent) x /= T(10);
    for (; exponent > 0; --exponent) x *= T(10);
    return x;
}
}  // namespace detail

/// Yoshida's triple jump, order 4, 3 stages: w_1 = 1/(2 − 2^{1/3}) (closed form).
/// Source: Yoshida, Phys. Lett. A 150 (1990) 262, §4 (the triple jump); Creutz & Gocksch,
/// Phys. Rev. Lett. 63 (1989) 9.
struct yoshida4 : symmetric_composition<yoshida4, 4, 3> {
    static constexpr const char* name = "yoshida4";
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, sec. 4: triple jump";
    template <class T>
    static std::vector<T> compute() {
        using std::cbrt;
        return {T(1) / (T(2) - cbrt(T(2)))};
    }
};

/// Suzuki's fractal, order 4, 5 stages: w_2 = w_1 = 1/(4 − 4^{1/3}) (closed form).
/// Source: Suzuki, Phys. Lett. A 146 (1990) 319 (fractal decomposition).
struct suzuki4 : symmetric_composition<suzuki4, 4, 5> {
    static constexpr const char* name = "suzuki4";
    static constexpr const char* source = "Suzuki, Phys. Lett. A 146 (1990) 319: fractal decomposition, 5 stages";
    template <class T>
    static std::vector<T> compute() {
        using std::cbrt;
        const T w = T(1) / (T(4) - cbrt(T(4)));
        return {w, w};
    }
};

/// Yoshida's order 6, solution A, 7 stages: solved from the order-6 conditions in T, from
/// Yoshida's Table 1 digits (w_3, w_2, w_1) = (0.784513610477560, 0.235573213359357,
/// −1.17767998417887).
/// Source: Yoshida, Phys. Lett. A 150 (1990) 262, Table 1, solution A.
struct yoshida6 : solved_composition<yoshida6, 6, 7> {
    static constexpr const char* name = "yoshida6";
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 1, solution A";
    template <class T>
    static std::vector<T> published_digits() {
        using detail::published;
        return {published<T>(784513610477560LL, -15), published<T>(235573213359357LL, -15),
                published<T>(-117767998417887LL, -14)};
    }
};

/// Yoshida's order 8, solution D, 15 stages: solved from the order-8 conditions in T, from
/// Yoshida's Table 2 digits (w_7 … w_1).
/// Source: Yoshida, Phys. Lett. A 150 (1990) 262, Table 2, solution D.
struct yoshida8 : solved_composition<yoshida8, 8, 15> {
    static constexpr const char* name = "yoshida8";
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 2, solution D";
    template <class T>
    static std::vector<T> published_digits() {
        using detail::published;
        return {published<T>(914844246229740LL, -15),  published<T>(253693336566229LL, -15),
                published<T>(-144485223686048LL, -14), published<T>(-158240635368243LL, -15),
                published<T>(193813913762276LL, -14),  published<T>(-196061023297549LL, -14),
                published<T>(102799849391985LL, -15)};
    }
};

}  // namespace geomint::scheme
