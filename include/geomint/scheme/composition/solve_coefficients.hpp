#pragma once
/// \file
/// The splitting catalogue's coefficients solved afresh from the order conditions in a scalar W
/// (order_conditions.hpp: Gauss–Newton from the published digits, dual<W> Jacobians, Eigen's
/// QR), never read from the tables: what the tables were printed from
/// (test/splitting/print_composition_tables.cpp), what the tests check them against, and what a
/// scalar of more than 130 digits needs (include this header; `coefficients<T>()` then finds the
/// solve).

#include "geomint/scheme/composition/order_conditions.hpp"
#include "geomint/scheme/composition/splitting_methods.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

namespace detail {
/// A printed decimal ("-0.07879572252168641926390768") as the nearest T: its digits accumulated
/// as an integer and divided once by the power of ten (exact up to that one rounding while the
/// integer fits T's mantissa, as 30 digits fit mp<120>'s).
/// \throws std::invalid_argument on anything but [-]digits[.digits].
template <class T>
T published(std::string_view decimal) {
    std::string_view s = decimal;
    const bool negative = !s.empty() && s.front() == '-';
    if (negative) s.remove_prefix(1);
    T integer(0), scale(1);
    bool point = false, digit = false;
    for (char c : s) {
        if (c == '.' && !point) {
            point = true;
            continue;
        }
        if (c < '0' || c > '9') throw std::invalid_argument("published: \"" + std::string(decimal) + "\" is not a decimal number");
        integer = integer * T(10) + T(c - '0');
        if (point) scale *= T(10);
        digit = true;
    }
    if (!digit) throw std::invalid_argument("published: \"" + std::string(decimal) + "\" has no digits");
    return negative ? T(-integer / scale) : T(integer / scale);
}
}  // namespace detail

/// The method's published digits (its starting point: `Method::published_digits()`) in W.
template <class W, class Method>
std::vector<W> published_values(Method) {
    std::vector<W> x;
    for (const char* d : Method::published_digits()) x.push_back(detail::published<W>(std::string_view(d)));
    return x;
}

/// The outer weights w_m … w_1 of a solved composition, solved in W from its published digits.
template <class W, class Method>
    requires requires { Method::stages; Method::published_digits(); }
std::vector<W> solve_outer_weights(std::type_identity<W>, Method m) {
    return solve_symmetric_composition<W>(published_values<W>(m), int(Method::order), Method::name);
}

/// The free coefficients of a solved splitting (`Method::expand` maps them to drift and kick),
/// solved in W from its published digits, modulo [B,[B,[B,A]]] for a Nyström method.
template <class W, class Method>
    requires requires { Method::nystrom; Method::published_digits(); }
std::vector<W> solve_free_coefficients(std::type_identity<W>, Method m) {
    const word_basis basis = splitting_basis(int(Method::order));
    std::optional<nystrom_quotient<W>> quotient;
    if (Method::nystrom) quotient.emplace(basis);
    const nystrom_quotient<W>* q = quotient ? &*quotient : nullptr;
    return solve_order_conditions<W>(
        published_values<W>(m),
        [&](const auto& x) {
            const auto c = Method::expand(x);
            return splitting_residuals(basis, c.drift, c.kick, q);
        },
        int(Method::order), Method::name);
}

/// A composition's outer weights computed afresh in W: its closed form, or the solve.
template <class W, class Method>
    requires requires { Method::stages; }
std::vector<W> solved_outer_weights() {
    if constexpr (requires { Method::template compute<W>(); }) return Method::template compute<W>();
    else return solve_outer_weights(std::type_identity<W>{}, Method{});
}

/// Every drift and kick coefficient of `Method` computed afresh in W (closed form or solve, then
/// expanded in W), bypassing the tables.
template <class W, class Method>
splitting_coefficients<W> solved_coefficients() {
    if constexpr (requires { Method::stages; })
        return leapfrog_coefficients(palindromic_weights(solved_outer_weights<W, Method>()));
    else
        return Method::expand(solve_free_coefficients(std::type_identity<W>{}, Method{}));
}

}  // namespace geomint::scheme
