#pragma once
/// \file
/// The base of every explicit splitting method ψ_h = ∏_l exp(a_l h A) exp(b_l h B) of a
/// separable H = T(p) + V(q) (A: the drift q += a h ∂T/∂p, B: the kick p −= b h ∂V/∂q):
/// coefficients exact to the working precision of T, computed once per T.
///
/// A method's coefficients are computed in a working type with more digits than T (closed forms,
/// or solved from the order conditions starting from the published digits:
/// order_conditions.hpp), then rounded once to T, so they are T's correctly rounded values up to
/// the solve's few ulps at 120 digits.

#include "geomint/scalar.hpp"
#include "geomint/scheme/traits.hpp"

#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// The coefficients of a splitting in odeint's convention (`coef_a`, `coef_b`): drift a_l, then
/// kick b_l, for l = 0 … s−1 (a zero coefficient is a skipped substep). Σa = Σb = 1.
template <class T>
struct splitting_coefficients {
    std::vector<T> drift, kick;
};

/// The type a T's coefficients are computed in: 120 digits for every T of at most 100, T itself
/// beyond.
template <class T>
using composition_working_type = std::conditional_t<(std::numeric_limits<T>::digits10 <= 100), mp<120>, T>;

/// Shared part of every splitting method: `Method::compute_coefficients<W>()` returns the
/// coefficients in the working type W (computed once per W, rounded once per T; thread-safe
/// statics). `evaluations` is the number of kicks (evaluations of ∂V/∂q) per step.
/// \tparam Claims scheme_claims flags; every method here is symplectic, and palindromic ones are
///                time-symmetric.
template <class Method, unsigned Order, unsigned Evaluations, unsigned Claims = symplectic_map | time_symmetric>
struct splitting_scheme : scheme_claims<Order, Claims>, stability_not_analysed {
    static constexpr unsigned evaluations = Evaluations;

    /// The coefficients in the working type W of T (the unrounded values).
    template <class W>
    static const splitting_coefficients<W>& working_coefficients() {
        static const splitting_coefficients<W> c = Method::template compute_coefficients<W>();
        return c;
    }

    /// The coefficients rounded to T.
    template <class T>
    static const splitting_coefficients<T>& coefficients() {
        static const splitting_coefficients<T> c = [] {
            const auto& high = working_coefficients<composition_working_type<T>>();
            splitting_coefficients<T> out;
            for (const auto& x : high.drift) out.drift.push_back(static_cast<T>(x));
            for (const auto& x : high.kick) out.kick.push_back(static_cast<T>(x));
            return out;
        }();
        return c;
    }
};

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

/// Each printed decimal of `digits` as the nearest T.
template <class T>
std::vector<T> published(const std::vector<const char*>& digits) {
    std::vector<T> x;
    for (const char* d : digits) x.push_back(published<T>(std::string_view(d)));
    return x;
}
}  // namespace detail

/// The contract of the splitting family (what `splitting_stepper` calls): the trait vocabulary,
/// the number of kicks per step and the drift and kick coefficients in any scalar.
template <class S>
concept splitting_method = scheme_description<S> && requires {
    { S::evaluations } -> std::convertible_to<unsigned>;
    { S::template coefficients<double>() } -> std::same_as<const splitting_coefficients<double>&>;
};

}  // namespace geomint::scheme
