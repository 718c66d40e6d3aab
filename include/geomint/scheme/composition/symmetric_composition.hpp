#pragma once
/// \file
/// Symmetric compositions of Störmer–Verlet: ψ_h = Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h}, Φ the
/// (drift–kick–drift) leapfrog, γ palindromic. Each method's weights and coefficients are
/// correctly rounded to T: read from the 140-digit tables (coefficient_tables.hpp, solved from
/// the order conditions, see splitting_scheme.hpp); beyond 130 digits, closed forms are
/// evaluated in T and the solved weights need solve_coefficients.hpp.
///
/// Every method states its weights outer half to middle as Yoshida does (w_m, …, w_1; the middle
/// weight is 1 − 2Σw): `outer_weights<T>()` gives them, `weights<T>()` the full sequence,
/// `coefficients<T>()` the drift/kick sequence a stepper runs.

#include "geomint/scheme/composition/coefficient_tables.hpp"
#include "geomint/scheme/composition/splitting_scheme.hpp"

#include <cmath>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// Leapfrog steps of γ_l h, drift–kick–drift, merged: a_0 = γ_1/2, a_l = (γ_l + γ_{l+1})/2,
/// a_s = γ_s/2; b_l = γ_{l+1}, b_s = 0 (s + 1 drifts and kicks for s weights).
template <class T>
splitting_coefficients<T> leapfrog_coefficients(const std::vector<T>& g) {
    const std::size_t s = g.size();
    splitting_coefficients<T> c{std::vector<T>(s + 1), std::vector<T>(s + 1, T(0))};
    c.drift[0] = g[0] / T(2);
    for (std::size_t l = 1; l < s; ++l) c.drift[l] = (g[l - 1] + g[l]) / T(2);
    c.drift[s] = g[s - 1] / T(2);
    for (std::size_t l = 0; l < s; ++l) c.kick[l] = g[l];
    return c;
}

/// Shared part of a palindromic composition of leapfrog. A method gives its outer weights by a
/// table (the leading kicks of `Method::table::kick_table`), a closed form (`Method::compute<T>()`, evaluated in T),
/// or published digits to solve from (`Method::published_digits()`, solve_coefficients.hpp).
template <class Method, unsigned Order, unsigned Stages>
struct symmetric_composition : splitting_scheme<Method, Order, Stages> {
    /// Number of stages.
    static constexpr unsigned stages = Stages;

    /// w_m, …, w_1 (outer to inner; m = (Stages − 1)/2) in T.
    template <class T>
    static const std::vector<T>& outer_weights() {
        static const std::vector<T> w = [] {
            if constexpr (detail::reads_tables<Method, T>)  // the kicks are γ_1 … γ_s: w_m … w_1 lead them
                return detail::from_decimals<T>(Method::table::kick_table, (Stages - 1) / 2);
            else if constexpr (requires { Method::template compute<T>(); })
                return Method::template compute<T>();
            else {
                static_assert(requires { solve_outer_weights(std::type_identity<T>{}, Method{}); },
                              "this scalar carries more digits than the coefficient tables: include "
                              "<geomint/scheme/composition/solve_coefficients.hpp> to solve the weights in it");
                return solve_outer_weights(std::type_identity<T>{}, Method{});
            }
        }();
        return w;
    }
    /// γ_1, …, γ_Stages (palindromic; Σγ = 1).
    template <class T>
    static const std::vector<T>& weights() {
        static const std::vector<T> g = palindromic_weights(outer_weights<T>());
        return g;
    }
    /// The drift and kick coefficients from the weights in T (the tables hold them rounded once).
    template <class T>
    static splitting_coefficients<T> untabulated_coefficients() {
        return leapfrog_coefficients(weights<T>());
    }
};

/// Störmer–Verlet (the leapfrog, drift–kick–drift), order 2, 1 stage: the composition with the
/// single weight 1, for the steppers that compose a leapfrog of their own (the time-transformed
/// splittings) and as the catalogue's base.
struct stormer_verlet : symmetric_composition<stormer_verlet, 2, 1> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "stormer_verlet";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Hairer, Lubich, Wanner, Geometric Numerical Integration, Sec. I.1.4";
    /// No outer weights: the middle weight is 1.
    template <class T>
    static std::vector<T> compute() {
        return {};
    }
};

/// Yoshida's triple jump, order 4, 3 stages: w_1 = 1/(2 − 2^{1/3}) (closed form).
struct yoshida4 : symmetric_composition<yoshida4, 4, 3> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::yoshida4;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "yoshida4";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, sec. 4: triple jump";
    /// The composition weights, computed in T from their closed form.
    template <class T>
    static std::vector<T> compute() {
        using std::cbrt;
        return {T(1) / (T(2) - cbrt(T(2)))};
    }
};

/// Suzuki's fractal, order 4, 5 stages: w_2 = w_1 = 1/(4 − 4^{1/3}) (closed form).
struct suzuki4 : symmetric_composition<suzuki4, 4, 5> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::suzuki4;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "suzuki4";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Suzuki, Phys. Lett. A 146 (1990) 319: fractal decomposition, 5 stages";
    /// The composition weights, computed in T from their closed form.
    template <class T>
    static std::vector<T> compute() {
        using std::cbrt;
        const T w = T(1) / (T(4) - cbrt(T(4)));
        return {w, w};
    }
};

/// Yoshida's order 6, solution A, 7 stages (square system: 3 weights, 3 conditions).
struct yoshida6 : symmetric_composition<yoshida6, 6, 7> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::yoshida6;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "yoshida6";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 1, solution A";
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() { return {"0.784513610477560", "0.235573213359357", "-1.17767998417887"}; }
};

/// Yoshida's order 8, solution D, 15 stages (square: 7 weights, 7 conditions).
struct yoshida8 : symmetric_composition<yoshida8, 8, 15> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::yoshida8;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "yoshida8";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Yoshida, Phys. Lett. A 150 (1990) 262, Table 2, solution D";
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() {
        return {"0.914844246229740", "0.253693336566229", "-1.44485223686048", "-0.158240635368243",
                "1.93813913762276",  "-1.96061023297549", "0.102799849391985"};
    }
};

/// Kahan & Li's order 6, 9 stages (s9odr6a): 4 weights, 3 conditions; the one free parameter is
/// the authors' (the solve moves the printed weights by the least amount onto the solution set).
struct kahan_li6 : symmetric_composition<kahan_li6, 6, 9> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::kahan_li6;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "kahan_li6";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Kahan & Li, Math. Comp. 66 (1997) 1089, s9odr6a; digits as printed in Hairer-Lubich-Wanner, GNI 2nd ed., eq. (V.3.12)";
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() {
        return {"0.39216144400731413927925056", "0.33259913678935943859974864", "-0.70624617255763935980996482",
                "0.08221359629355080023149045"};
    }
};

/// Kahan & Li's order 8, 17 stages (s17odr8a): 8 weights, 7 conditions (one free parameter, kept
/// as printed to first order).
struct kahan_li8 : symmetric_composition<kahan_li8, 8, 17> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::kahan_li8;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "kahan_li8";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Kahan & Li, Math. Comp. 66 (1997) 1089, s17odr8a; digits as printed in Hairer-Lubich-Wanner, GNI 2nd ed., eq. (V.3.14)";
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() {
        return {"0.13020248308889008087881763",  "0.56116298177510838456196441", "-0.38947496264484728640807860",
                "0.15884190655515560089621075",  "-0.39590389413323757733623154", "0.18453964097831570709183254",
                "0.25837438768632204729397911",  "0.29501172360931029887096624"};
    }
};

/// Sofroniou & Spaletta's order 10, 35 stages: 17 weights, 16 conditions.
struct sofroniou_spaletta10 : symmetric_composition<sofroniou_spaletta10, 10, 35> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::sofroniou_spaletta10;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "sofroniou_spaletta10";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Sofroniou & Spaletta, Optim. Methods Softw. 20 (2005) 597, s35 order 10; digits as printed in Hairer-Lubich-Wanner, GNI "
        "2nd ed., sec. V.3.2 (p10s35)";
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
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
