#pragma once
/// \file
/// Coefficient tables printed to 140 significant digits, read in any scalar: the splitting
/// catalogue's (scheme/composition/coefficient_tables.hpp) and the Lobatto IIIA–IIIB pairs'
/// (scheme/galerkin/lobatto_tables.hpp). A scalar of at most `coefficient_table_digits10` (= 130)
/// digits reads them with one correctly rounded decimal conversion per entry (strtod/strtold for
/// the built-in types, the type's own string constructor otherwise: Boost.Multiprecision, MPFR,
/// `__float128`, geomint::dd); a wider or exact scalar computes the coefficients itself.

#include <cstddef>
#include <cstdlib>
#include <limits>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// The most decimal digits a scalar may carry and still read the 140-digit coefficient tables
/// (correctly rounded, up to a value within 10⁻¹⁴⁰ of a rounding tie).
inline constexpr int coefficient_table_digits10 = 130;

/// True when T reads the 140-digit tables: an inexact scalar of at most
/// `coefficient_table_digits10` digits with a decimal conversion.
template <class T>
concept table_readable = std::numeric_limits<T>::is_specialized && !std::numeric_limits<T>::is_exact &&
                         std::numeric_limits<T>::digits10 <= coefficient_table_digits10 &&
                         (std::is_floating_point_v<T> || std::is_constructible_v<T, const char*>);

namespace detail {
/// One table entry as the nearest T (a correctly rounded decimal conversion).
template <class T>
T from_decimal(const char* digits) {
    if constexpr (std::is_same_v<T, float>) return std::strtof(digits, nullptr);
    else if constexpr (std::is_same_v<T, double>) return std::strtod(digits, nullptr);
    else if constexpr (std::is_same_v<T, long double>) return std::strtold(digits, nullptr);
    else return T(digits);
}

/// The first `count` entries of a table (all by default) as T values.
template <class T, std::size_t N>
std::vector<T> from_decimals(const char* const (&digits)[N], std::size_t count = N) {
    std::vector<T> x;
    x.reserve(count);
    for (std::size_t i = 0; i < count && i < N; ++i) x.push_back(from_decimal<T>(digits[i]));
    return x;
}
}  // namespace detail

}  // namespace geomint::scheme
