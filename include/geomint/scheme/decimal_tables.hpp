#pragma once
/// \file
/// Coefficient tables printed to 140 significant digits, read in any scalar: the splitting
/// catalogue's (scheme/composition/coefficient_tables.hpp) and the Lobatto IIIA–IIIB pairs'
/// (scheme/galerkin/lobatto_tables.hpp). A scalar of at most `coefficient_table_digits10` (= 130)
/// digits reads them with one correctly rounded decimal conversion per entry (strtod/strtold for
/// the built-in types, the type's own string constructor otherwise: Boost.Multiprecision, MPFR,
/// `__float128`, geomint::dd); a wider or exact scalar computes the coefficients itself.
/// Boost's cpp_bin_float (geomint::mp<D>) of at most `binary_table_bits` bits reads the same
/// values from their binary form (`binary_entry`, printed beside the Lobatto tables), rounded
/// here: its string constructor costs a translation unit 0.3–0.5 s to compile (docs/benchmarks.md).

#include <cmath>
#include <cstddef>
#include <cstdint>
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

/// Bits of a binary entry's integer L (7 limbs of 64).
inline constexpr int binary_entry_bits = 448;

/// A table entry in binary: ±(L + δ)·2^(exponent − 448), L the 448-bit integer
/// (`binary_entry_bits`) whose 64-bit limbs are `limb` (most significant first; its top bit set
/// unless the entry is 0) and 0 < δ < 1 when `sticky` (the decimal entry lies strictly between
/// L and L + 1), else δ = 0.
/// Printed from the 140-digit decimal entry's exact value (test/galerkin/print_lobatto_tables.cpp).
struct binary_entry {
    bool negative;          ///< the sign
    bool sticky;            ///< δ > 0: the entry lies strictly between L and L + 1
    int exponent;           ///< the value is ±(L + δ)·2^(exponent − 448)
    std::uint64_t limb[binary_entry_bits / 64];  ///< L, most significant limb first
};

/// The most bits a scalar may carry and read `binary_entry` correctly rounded (a rounding bit and
/// one more below it).
inline constexpr int binary_table_bits = binary_entry_bits - 2;

/// True when T reads `binary_entry` tables: Boost's cpp_bin_float (its backend has a bit_count)
/// of at most `binary_table_bits` bits.
template <class T>
concept binary_table_readable = !std::is_floating_point_v<T> && requires { T::backend_type::bit_count; } &&
                                std::numeric_limits<T>::digits <= binary_table_bits;

namespace detail {
/// A binary entry as the nearest T, ties to even (T's digits p <= 446): the top p bits of L
/// rounded by the next bit and the bits below it (with δ), then summed in T 32 bits at a time
/// (every partial sum is exact) and scaled by ldexp.
template <class T>
T from_binary(const binary_entry& e) {
    constexpr int p = std::numeric_limits<T>::digits, bits = binary_entry_bits, top_limb = bits / 64 - 1;
    static_assert(p <= binary_table_bits, "from_binary: T wider than the binary tables");
    const auto bit = [&](int i) -> std::uint64_t { return (e.limb[top_limb - i / 64] >> (i % 64)) & 1u; };  // bit i of L
    if (!bit(bits - 1)) return T(0);  // normalized: only 0 lacks the top bit
    const int low = bits - p;         // L's bits low.. are the significand, bit low − 1 rounds
    bool below = e.sticky;            // any bit under the rounding bit
    for (int i = 0; i < low - 1 && !below; ++i) below = bit(i) != 0;
    constexpr int chunks = (p + 31) / 32 + 1;
    std::uint64_t m[chunks] = {};  // the significand in 32-bit chunks, least significant first
    for (int i = low; i < bits; ++i) m[(i - low) / 32] |= bit(i) << ((i - low) % 32);
    if (bit(low - 1) && (below || (m[0] & 1u)))  // round to nearest, ties to even
        for (int c = 0; c < chunks && ++m[c] == (std::uint64_t(1) << 32); ++c) m[c] = 0;
    using std::ldexp;
    T x(0);
    for (int c = chunks - 1; c >= 0; --c) x = ldexp(x, 32) + T(static_cast<std::uint32_t>(m[c]));
    x = ldexp(x, e.exponent - p);
    return e.negative ? T(-x) : x;
}

/// One table entry as the nearest T (a correctly rounded decimal conversion).
template <class T>
T from_decimal(const char* digits) {
    if constexpr (std::is_same_v<T, float>) return std::strtof(digits, nullptr);
    else if constexpr (std::is_same_v<T, double>) return std::strtod(digits, nullptr);
    else if constexpr (std::is_same_v<T, long double>) return std::strtold(digits, nullptr);
    else return T(digits);
}

/// One entry given in both forms, read from the cheaper to compile: the binary form for
/// `binary_table_readable` T, else the decimal.
template <class T>
T from_table(const char* decimal, const binary_entry& binary) {
    if constexpr (binary_table_readable<T>) return from_binary<T>(binary);
    else return from_decimal<T>(decimal);
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
