#pragma once
/// \file
/// The one loop of every splitting in drift and kick: Störmer–Verlet and the symplectic Euler
/// methods of the Newton-equation family (scheme/newton_equation/leapfrog.hpp) and the
/// compositions and splittings of the catalogue (scheme/composition/, `splitting_stepper`) run
/// their substeps through it, each with its own coefficients.
///
/// A splitting with coefficients (a_l, b_l), l = 0 … s−1 (odeint's `coef_a`, `coef_b`
/// convention), is the map: for each l, the drift q ← q + a_l h ∂T/∂p(p), then the kick
/// p ← p − b_l h ∇V(q); a zero coefficient skips its substep (Hairer, Lubich, Wanner, GNI §II.5,
/// §III.3; McLachlan & Quispel, Acta Numerica 11 (2002)).

#include <cstddef>
#include <iterator>
#include <type_traits>
#include <utility>

namespace geomint::scheme {

/// Runs the substeps of the splitting (a, b) (equal-length ranges of coefficients):
/// `drift(a_l)` then `kick(b_l)` for l = 0 … s−1, skipping zero coefficients. The callables
/// scale by the step size and update the state.
template <class Coefficients, class Drift, class Kick>
void splitting_sweep(const Coefficients& a, const Coefficients& b, Drift&& drift, Kick&& kick) {
    using C = std::remove_cvref_t<decltype(a[0])>;
    for (std::size_t l = 0; l < a.size(); ++l) {
        if (a[l] != C(0)) drift(a[l]);
        if (b[l] != C(0)) kick(b[l]);
    }
}

namespace detail {
/// Whether a decimal string of the coefficient tables ("d.ddd…e±xx") is zero: no non-zero digit
/// before the exponent.
constexpr bool decimal_is_zero(const char* s) {
    for (; *s != '\0' && *s != 'e' && *s != 'E'; ++s)
        if (*s >= '1' && *s <= '9') return false;
    return true;
}
/// A splitting whose coefficient tables (composition/coefficient_tables.hpp) give its stage count
/// and its zero coefficients at compile time (in every scalar: beyond the tables' digits the
/// solved coefficients have the same zeros).
template <class Method>
concept tabulated_splitting = requires {
    Method::table::drift_table;
    Method::table::kick_table;
};
}  // namespace detail

/// `splitting_sweep` for the splitting `Method`: with coefficient tables, the substeps are
/// unrolled and the zero ones left out at compile time (no loop, no test per substep); without,
/// the loop above. Precondition: a and b have the tables' length (`Method::coefficients<T>()`).
template <class Method, class Coefficients, class Drift, class Kick>
void splitting_sweep(const Coefficients& a, const Coefficients& b, Drift&& drift, Kick&& kick) {
    if constexpr (detail::tabulated_splitting<Method>) {
        using table = typename Method::table;
        const auto* const ad = a.data();
        const auto* const bd = b.data();
        [&]<std::size_t... L>(std::index_sequence<L...>) {
            (
                [&] {
                    if constexpr (!detail::decimal_is_zero(table::drift_table[L])) drift(ad[L]);
                    if constexpr (!detail::decimal_is_zero(table::kick_table[L])) kick(bd[L]);
                }(),
                ...);
        }(std::make_index_sequence<std::size(table::drift_table)>{});
    } else {
        splitting_sweep(a, b, drift, kick);
    }
}

}  // namespace geomint::scheme
