#pragma once
/// \file
/// The base of every explicit splitting method ψ_h = ∏_l exp(a_l h A) exp(b_l h B) of a
/// separable H = T(p) + V(q) (A: the drift q += a h ∂T/∂p, B: the kick p −= b h ∂V/∂q):
/// coefficients correctly rounded to T, read once per T.
///
/// Where the coefficients come from:
/// - **The tables** (scheme/composition/coefficient_tables.hpp): every catalogue method's drift,
///   kick (a composition's kicks are its weights) to 140 significant digits, solved from the order conditions
///   at 170 digits (order_conditions.hpp) and printed by test/splitting/print_composition_tables.cpp.
///   A scalar of at most `coefficient_table_digits10` (= 130) digits reads them with one correctly
///   rounded decimal conversion each (strtod/strtold for the built-in types, the type's own string
///   constructor otherwise: Boost.Multiprecision, MPFR, __float128). The test
///   `Composition.TablesAreTheSolvedCoefficients` re-solves every method at 120 digits and checks
///   each entry. The tables keep the 120-digit solve (word series, autodiff, Eigen's QR) off the
///   include path of a stepper header.
/// - **Beyond the tables** (T of more than 130 digits): closed forms are evaluated in T, and the
///   solved methods need `#include <geomint/scheme/composition/solve_coefficients.hpp>`, which
///   solves them in T (a static_assert says so otherwise).

#include "geomint/scheme/decimal_tables.hpp"
#include "geomint/scheme/traits.hpp"

#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// The coefficients of a splitting in odeint's convention (`coef_a`, `coef_b`): drift a_l, then
/// kick b_l, for l = 0 … s−1 (a zero coefficient is a skipped substep). Σa = Σb = 1.
template <class T>
struct splitting_coefficients {
    std::vector<T> drift;  ///< drift coefficients a_l
    std::vector<T> kick;   ///< kick coefficients b_l
};

namespace detail {
/// True when T reads `Method`'s tables: the method has them (`Method::table::drift_table`,
/// `kick_table`) and T is `table_readable` (scheme/decimal_tables.hpp).
template <class Method, class T>
concept reads_tables = requires {
    Method::table::drift_table;
    Method::table::kick_table;
} && table_readable<T>;
}  // namespace detail

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

/// Shared part of every splitting method: `coefficients<T>()` reads the method's tables
/// (`Method::table`, coefficient_tables.hpp) when T can, and otherwise returns
/// `Method::untabulated_coefficients<T>()` (closed forms or the solve, in T); once per T
/// (thread-safe statics). `evaluations` is the number of kicks (evaluations of ∂V/∂q) per step.
/// \tparam Claims scheme_claims flags; every method here is symplectic, and palindromic ones are
///                time-symmetric.
template <class Method, unsigned Order, unsigned Evaluations, unsigned Claims = symplectic_map | time_symmetric>
struct splitting_scheme : scheme_claims<Order, Claims>, stability_not_analysed {
    /// Force evaluations per step.
    static constexpr unsigned evaluations = Evaluations;

    /// The drift and kick coefficients in T.
    template <class T>
    static const splitting_coefficients<T>& coefficients() {
        static const splitting_coefficients<T> c = [] {
            if constexpr (detail::reads_tables<Method, T>)
                return splitting_coefficients<T>{detail::from_decimals<T>(Method::table::drift_table),
                                                 detail::from_decimals<T>(Method::table::kick_table)};
            else
                return Method::template untabulated_coefficients<T>();
        }();
        return c;
    }
};

/// The contract of the splitting family (what `splitting_stepper` calls): the trait vocabulary,
/// the number of kicks per step and the drift and kick coefficients in any scalar.
template <class S>
concept splitting_method = scheme_description<S> && requires {
    { S::evaluations } -> std::convertible_to<unsigned>;
    { S::template coefficients<double>() } -> std::same_as<const splitting_coefficients<double>&>;
};

}  // namespace geomint::scheme
