#pragma once
/// \file
/// Symmetric compositions of Störmer–Verlet: ψ_h = Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h}, Φ the
/// (drift–kick–drift) leapfrog, γ palindromic. Each method's weights are exact to the working
/// precision of T: closed forms where they exist, otherwise solved from the order conditions at
/// first use (order_conditions.hpp), starting from the published digits, at 120 digits and
/// rounded to T (in T itself for T of more than 100 digits).
///
/// Every method states its weights outer half to middle as Yoshida does (w_m, …, w_1; the middle
/// weight is 1 − 2Σw): `outer_weights<T>()` gives them, `weights<T>()` the full sequence,
/// `coefficients<T>()` the drift/kick sequence a stepper runs.

#include "geomint/scheme/composition/order_conditions.hpp"
#include "geomint/scheme/composition/splitting_scheme.hpp"

#include <vector>

namespace geomint::scheme {

/// Shared part of a palindromic composition of leapfrog: `Method::compute<W>()` returns the
/// outer weights in the working type W.
template <class Method, unsigned Order, unsigned Stages>
struct symmetric_composition : splitting_scheme<Method, Order, Stages> {
    static constexpr unsigned stages = Stages;

    /// w_m, …, w_1 (outer to inner; m = (Stages − 1)/2), rounded to T.
    template <class T>
    static const std::vector<T>& outer_weights() {
        static const std::vector<T> w = [] {
            std::vector<T> out;
            for (const auto& x : working_outer<composition_working_type<T>>()) out.push_back(static_cast<T>(x));
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
    /// Leapfrog steps of γ_l h, drift–kick–drift, merged: a_0 = γ_1/2, a_l = (γ_l + γ_{l+1})/2,
    /// a_s = γ_s/2; b_l = γ_{l+1}, b_s = 0 (computed in the working type W).
    template <class W>
    static splitting_coefficients<W> compute_coefficients() {
        const auto g = palindromic_weights(working_outer<W>());
        const std::size_t s = g.size();
        splitting_coefficients<W> c{std::vector<W>(s + 1), std::vector<W>(s + 1, W(0))};
        c.drift[0] = g[0] / W(2);
        for (std::size_t l = 1; l < s; ++l) c.drift[l] = (g[l - 1] + g[l]) / W(2);
        c.drift[s] = g[s - 1] / W(2);
        for (std::size_t l = 0; l < s; ++l) c.kick[l] = g[l];
        return c;
    }

private:
    template <class W>
    static const std::vector<W>& working_outer() {
        static const std::vector<W> w = Method::template compute<W>();
        return w;
    }
};

/// A composition whose weights are solved from the order-`Order` conditions, starting from
/// `Method::published_digits()` (decimal strings, outer to inner).
template <class Method, unsigned Order, unsigned Stages>
struct solved_composition : symmetric_composition<Method, Order, Stages> {
    template <class W>
    static std::vector<W> published_weights() {
        return detail::published<W>(Method::published_digits());
    }
    template <class W>
    static std::vector<W> compute() {
        return solve_symmetric_composition<W>(published_weights<W>(), int(Order), Method::name);
    }
};

/// Yoshida's triple jump, order 4, 3 stages: w_1 = 1/(2 − 2^{1/3}) (closed form).
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

/// Yoshida's order 6, solution A, 7 stages (square system: 3 weights, 3 conditions).
struct yoshida6 : solved_composition<yoshida6, 6, 7> {
    static constexpr const char* name = "yoshida6";
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 1, solution A";
    static std::vector<const char*> published_digits() { return {"0.784513610477560", "0.235573213359357", "-1.17767998417887"}; }
};

/// Yoshida's order 8, solution D, 15 stages (square: 7 weights, 7 conditions).
struct yoshida8 : solved_composition<yoshida8, 8, 15> {
    static constexpr const char* name = "yoshida8";
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 2, solution D";
    static std::vector<const char*> published_digits() {
        return {"0.914844246229740", "0.253693336566229", "-1.44485223686048", "-0.158240635368243",
                "1.93813913762276",  "-1.96061023297549", "0.102799849391985"};
    }
};

/// Kahan & Li's order 6, 9 stages (s9odr6a): 4 weights, 3 conditions; the one free parameter is
/// the authors' (the solve moves the printed weights by the least amount onto the solution set).
struct kahan_li6 : solved_composition<kahan_li6, 6, 9> {
    static constexpr const char* name = "kahan_li6";
    static constexpr const char* source =
        "Kahan & Li, Math. Comp. 66 (1997) 1089, s9odr6a; digits as printed in Hairer-Lubich-Wanner, GNI 2nd ed., eq. (V.3.12)";
    static std::vector<const char*> published_digits() {
        return {"0.39216144400731413927925056", "0.33259913678935943859974864", "-0.70624617255763935980996482",
                "0.08221359629355080023149045"};
    }
};

/// Kahan & Li's order 8, 17 stages (s17odr8a): 8 weights, 7 conditions (one free parameter, kept
/// as printed to first order).
struct kahan_li8 : solved_composition<kahan_li8, 8, 17> {
    static constexpr const char* name = "kahan_li8";
    static constexpr const char* source =
        "Kahan & Li, Math. Comp. 66 (1997) 1089, s17odr8a; digits as printed in Hairer-Lubich-Wanner, GNI 2nd ed., eq. (V.3.14)";
    static std::vector<const char*> published_digits() {
        return {"0.13020248308889008087881763",  "0.56116298177510838456196441", "-0.38947496264484728640807860",
                "0.15884190655515560089621075",  "-0.39590389413323757733623154", "0.18453964097831570709183254",
                "0.25837438768632204729397911",  "0.29501172360931029887096624"};
    }
};

/// Sofroniou & Spaletta's order 10, 35 stages: 17 weights, 16 conditions.
struct sofroniou_spaletta10 : solved_composition<sofroniou_spaletta10, 10, 35> {
    static constexpr const char* name = "sofroniou_spaletta10";
    static constexpr const char* source =
        "Sofroniou & Spaletta, Optim. Methods Softw. 20 (2005) 597, s35 order 10; digits as printed in Hairer-Lubich-Wanner, GNI "
        "2nd ed., sec. V.3.2 (p10s35)";
    static std::vector<const char*> published_digits() {
        return {"0.07879572252168641926390768", "0.31309610341510852776481247", "0.02791838323507806610952027",
                "-0.22959284159390709415121340", "0.13096206107716486317465686", "-0.26973340565451071434460973",
                "0.07497334315589143566613711", "0.11199342399981020488957508", "0.36613344954622675119314812",
                "-0.39910563013603589787862981", "0.10308739852747107731580277", "0.41143087395589023782070412",
                "-0.00486636058313526176219566", "-0.39203335370863990644808194", "0.05194250296244964703718290",
                "0.05066509075992449633587434", "0.04967437063972987905456880"};
    }
};

}  // namespace geomint::scheme
