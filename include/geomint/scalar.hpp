#pragma once
/// \file
/// Precision aliases and the `scalar_traits<T>` hook.
///
/// Every scheme, model and analysis function in geomint is a template over one scalar type.
/// The aliases below are the types the project tests and documents:
///
/// | alias                  | type                                         | digits10 |
/// |------------------------|----------------------------------------------|----------|
/// | `double`, `long double`| built-in                                     | 15, 18   |
/// | `geomint::quad`        | `cpp_bin_float_quad` (IEEE binary128 layout) | 33       |
/// | `geomint::float128`    | GCC `__float128` (only if `GEOMINT_HAS_FLOAT128`) | 33  |
/// | `geomint::mp<D>`       | `cpp_bin_float<D>`, expression templates off | D        |
/// | `geomint::mpfr<D>`     | MPFR backend (only if `GEOMINT_HAS_MPFR`)    | D        |
/// | `geomint::rational`    | `cpp_rational`, exact                        | exact    |
///
/// `float128` needs GNU mode (`-std=gnu++20`) and `-lquadmath`; the CMake target
/// `geomint::geomint` sets both when the compiler supports `__float128`.

#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/config.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#if defined(BOOST_HAS_FLOAT128) && !defined(GEOMINT_NO_FLOAT128)
#include <boost/multiprecision/float128.hpp>
#define GEOMINT_HAS_FLOAT128 1
#endif

#if defined(GEOMINT_HAS_MPFR)
#include <boost/multiprecision/mpfr.hpp>
#endif

namespace geomint {

namespace bmp = boost::multiprecision;

/// IEEE binary128 layout in software (113-bit significand), portable, no extensions needed.
using quad = bmp::cpp_bin_float_quad;

#if defined(GEOMINT_HAS_FLOAT128)
/// GCC's hardware-independent `__float128` (libquadmath); faster than `quad`.
using float128 = bmp::float128;
#endif

/// Binary floating point with at least `Digits10` decimal digits; expression templates off,
/// so `auto` temporaries are values, never lazy expressions.
template <unsigned Digits10>
using mp = bmp::number<bmp::cpp_bin_float<Digits10>, bmp::et_off>;

#if defined(GEOMINT_HAS_MPFR)
/// MPFR-backed floating point with `Digits10` decimal digits (fixed precision, et_off).
template <unsigned Digits10>
using mpfr = bmp::number<bmp::mpfr_float_backend<Digits10>, bmp::et_off>;
#endif

/// Exact rational arithmetic; use where the algebra is rational (transfer matrices with
/// rational h, M, K). Functions needing square roots or eigenvalues reject it at compile time.
using rational = bmp::number<bmp::cpp_rational_backend, bmp::et_off>;

/// Traits of a scalar type, in the spirit of Eigen's `NumTraits`.
///
/// - `is_exact`: arithmetic is exact (rational); tolerances are then zero.
/// - `epsilon()`: machine epsilon (0 for exact types).
/// - `tolerance(k)`: `k * epsilon()`, the unit every geomint tolerance is written in.
/// - `digits10`: decimal digits carried (`std::numeric_limits<T>::digits10`; large for exact).
/// - `name()`: the alias name used in outputs (`double`, `quad`, `mp50`, ...).
template <class T, class Enable = void>
struct scalar_traits {
    static constexpr bool is_exact = false;
    static constexpr int digits10 = std::numeric_limits<T>::digits10;
    static T epsilon() { return std::numeric_limits<T>::epsilon(); }
    static T tolerance(unsigned multiple) { return T(multiple) * epsilon(); }
    static std::string name() {
        if constexpr (std::is_same_v<T, double>) return "double";
        else if constexpr (std::is_same_v<T, long double>) return "long_double";
        else if constexpr (std::is_same_v<T, float>) return "float";
        else if constexpr (std::is_same_v<T, quad>) return "quad";
#if defined(GEOMINT_HAS_FLOAT128)
        else if constexpr (std::is_same_v<T, float128>) return "float128";
#endif
        else return "mp" + std::to_string(std::numeric_limits<T>::digits10);
    }
};

template <class T>
struct scalar_traits<T, std::enable_if_t<bmp::is_number<T>::value &&
                                         bmp::number_category<T>::value == bmp::number_kind_rational>> {
    static constexpr bool is_exact = true;
    static constexpr int digits10 = std::numeric_limits<int>::max();
    static T epsilon() { return T(0); }
    static T tolerance(unsigned) { return T(0); }
    static std::string name() { return "rational"; }
};

/// True when `T` carries exact arithmetic.
template <class T>
inline constexpr bool is_exact_v = scalar_traits<T>::is_exact;

/// True when `T` is symbolic (`scalar_traits<T>::is_symbolic`, e.g. GiNaC::ex through
/// geomint/symbolic/ginac.hpp): comparisons of its values cannot be decided in general, so
/// run-time preconditions on them (h > 0, finiteness) are the caller's assumptions.
template <class T>
constexpr bool is_symbolic() {
    if constexpr (requires { scalar_traits<T>::is_symbolic; })
        return scalar_traits<T>::is_symbolic;
    else
        return false;
}
template <class T>
inline constexpr bool is_symbolic_v = is_symbolic<T>();

/// True when `x` is finite (always true for exact types).
template <class T>
bool is_finite(const T& x) {
    if constexpr (is_exact_v<T>) {
        (void)x;
        return true;
    } else if constexpr (requires { x.derivative(0); }) {
        return is_finite(x.derivative(0));  // an autodiff variable: its value
    } else {
        using std::isfinite;
        using boost::multiprecision::isfinite;
        return isfinite(x);
    }
}

/// Number of decimal digits needed to print `T` without loss (digits10 + 3, as the error
/// messages do); 40 for exact types, which are printed as fractions anyway.
template <class T>
constexpr int print_digits() {
    if constexpr (is_exact_v<T>) return 40;
    else return std::numeric_limits<T>::digits10 + 3;
}

}  // namespace geomint
