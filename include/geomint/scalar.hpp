#pragma once
/// \file
/// The scalar-type layer every header stands on: `scalar_traits<T>` (exactness, epsilon,
/// tolerances, name), finiteness, and the value/tangent parts of `dual<T>` (`value_type_of`,
/// `value_of`, `tangent_of`), and `detail::sin_and_cos` (both from one library evaluation for
/// software scalars). It includes no Boost.Multiprecision, Eigen or autodiff header:
/// the precision aliases (`quad`, `mp<D>`, `mpfr<D>`, `rational`, `float128`) are in
/// geomint/precision.hpp, `dual<T>` in geomint/autodiff.hpp.
///
/// `scalar_traits<T>` reads `std::numeric_limits<T>`: an exact type (`is_exact`, e.g.
/// `geomint::rational`) has epsilon and every tolerance 0. Specialize it for a type without
/// numeric_limits (geomint/symbolic/ginac.hpp does for GiNaC::ex).

#include "geomint/version.hpp"

#include <cmath>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>

namespace boost::math::differentiation {
inline namespace autodiff_v1 {
namespace detail {
/// Boost.Math's autodiff variable (declared here so that the scalar traits below know it without
/// the autodiff header; geomint/autodiff.hpp includes its definition).
template <typename RealType, std::size_t Order>
class fvar;
}  // namespace detail
}  // namespace autodiff_v1
}  // namespace boost::math::differentiation

namespace geomint {

/// The name `scalar_traits<T>::name()` gives a scalar alias of geomint/precision.hpp (`quad`,
/// `float128`); specialized there.
template <class T>
struct scalar_alias {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = nullptr;
};

/// Traits of a scalar type, in the spirit of Eigen's `NumTraits`.
///
/// - `is_exact`: arithmetic is exact (rational); tolerances are then zero.
/// - `epsilon()`: machine epsilon (0 for exact types).
/// - `tolerance(k)`: `k * epsilon()`, the unit every geomint tolerance is written in.
/// - `digits10`: decimal digits carried (`std::numeric_limits<T>::digits10`; large for exact).
/// - `name()`: the alias name used in outputs (`double`, `quad`, `mp50`, ...).
template <class T, class Enable = void>
struct scalar_traits {
    /// Whether T is exact (rationals): tolerances are then 0.
    static constexpr bool is_exact = std::numeric_limits<T>::is_specialized && std::numeric_limits<T>::is_exact;
    /// Decimal digits of T (INT_MAX for exact types).
    static constexpr int digits10 = is_exact ? std::numeric_limits<int>::max() : std::numeric_limits<T>::digits10;
    /// Machine epsilon of T (0 for exact types).
    static T epsilon() {
        if constexpr (is_exact) return T(0);
        else return std::numeric_limits<T>::epsilon();
    }
    /// multiple × epsilon(): the tolerances of tests and checks.
    static T tolerance(unsigned multiple) {
        if constexpr (is_exact) return T(0);
        else return T(multiple) * epsilon();
    }
    /// A short name of T for reports ("double", "quad", "mp50", …).
    static std::string name() {
        if constexpr (std::is_same_v<T, double>) return "double";
        else if constexpr (std::is_same_v<T, long double>) return "long_double";
        else if constexpr (std::is_same_v<T, float>) return "float";
        else if constexpr (scalar_alias<T>::name != nullptr) return scalar_alias<T>::name;
        else if constexpr (is_exact) return "rational";
        else return "mp" + std::to_string(std::numeric_limits<T>::digits10);
    }
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
/// Whether T is a symbolic scalar (GiNaC::ex).
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
        return isfinite(x);  // Boost.Multiprecision's by argument-dependent lookup
    }
}

/// The double `x` as a T, exactly: T is at least as wide as double (std::numeric_limits<T>::digits
/// >= 53) and holds double's exponent range. For Boost's cpp_bin_float (geomint::mp<D>,
/// geomint::quad) by x's 53-bit integer significand and exponent (std::frexp, then ldexp in T):
/// 3.5 ns a value at mp50 against 70 ns for Boost's conversion from double, which also costs a
/// translation unit about half a second to compile; other scalars convert directly. Used where
/// mixed-precision corrections return to T (scheme/galerkin/fixed_point.hpp and the other
/// Newton paths solved in double).
template <class T>
T from_double(double x) {
    // Boost's cpp_bin_float: its backend has a bit_count
    if constexpr (!std::is_floating_point_v<T> && requires { T::backend_type::bit_count; }) {
        static_assert(std::numeric_limits<T>::digits >= 53, "from_double: T narrower than double");
        if (x != x) return std::numeric_limits<T>::quiet_NaN();
        if (x == 0 || std::isinf(x)) {
            const T y = x == 0 ? T(0) : std::numeric_limits<T>::infinity();
            return std::signbit(x) ? T(-y) : y;
        }
        int exponent = 0;
        const double fraction = std::frexp(x, &exponent);  // x = fraction·2^exponent, 1/2 <= |fraction| < 1
        constexpr double two_53 = static_cast<double>(1LL << 53);  // the significand as an integer, exactly
        using std::ldexp;
        return ldexp(T(static_cast<long long>(fraction * two_53)), exponent - 53);
    } else {
        return T(x);
    }
}

/// True for `dual<T>` (any first-order autodiff variable, geomint/autodiff.hpp).
template <class U>
struct is_dual : std::false_type {};
template <class T>
struct is_dual<boost::math::differentiation::detail::fvar<T, 1>> : std::true_type {};
/// Whether U is a forward-autodiff dual number.
template <class U>
inline constexpr bool is_dual_v = is_dual<U>::value;

/// Whether Newton's corrections for scalar T are solved in double (mixed precision: the Jacobian
/// factored in double, the residual evaluated in T): an inexact, non-symbolic, non-dual T wider
/// than long double (scheme/galerkin/lagrangian_stages.hpp, scheme/galerkin/fixed_point.hpp,
/// scheme/constrained/constrained_lobatto.hpp).
template <class T>
inline constexpr bool mixed_precision_corrections = !is_exact_v<T> && !is_symbolic_v<T> && !is_dual_v<T> &&
                                                    (std::numeric_limits<T>::digits > std::numeric_limits<long double>::digits);

namespace detail {
/// Scalars whose sine and cosine cost many square roots (software floating point wider than
/// long double: dd, float128, mp<D>, mpfr<D>; at mp50 sin takes about 3.8 µs and √ 0.6 µs).
template <class T>
inline constexpr bool software_trigonometry = !std::is_floating_point_v<T> && mixed_precision_corrections<T>;

/// s = sin x and c = cos x. For `software_trigonometry` scalars from one library evaluation and a
/// square root: where |sin x| ≤ 0.7 (decided in double), s = sin x and c = ±√((1 − s)(1 + s)),
/// else c = cos x and s = ±√((1 − c)(1 + c)), the sign from double's cos x or sin x (the root's
/// argument is then ≥ 0.5 and the sign's value ≥ 0.7 in magnitude, so neither is in doubt). The
/// root carries the library value's error times at most 0.99, plus three roundings: within 8 ε of
/// 100-digit values at mp50 and quad, as the library is (test/galerkin/test_forward_jet.inc). It
/// is odd and even as sin and cos are: sin_and_cos(−x) gives exactly −s and c. |x| > 2⁴⁰ and
/// non-finite x take both library functions, as other scalars do.
template <class T>
void sin_and_cos(const T& x, T& s, T& c) {
    using std::cos;
    using std::sin;
    if constexpr (software_trigonometry<T>) {
        using std::sqrt;
        // decisions in double, not coefficients in T: the largest |x| whose double rounding still
        // decides the branch and sign, and the |sin x| where the root switches sides
        constexpr double largest_argument = 0x1p40, root_switch = 0.7;
        const double xd = static_cast<double>(x);
        if (std::abs(xd) <= largest_argument) {
            const double sd = std::sin(xd), cd = std::cos(xd);
            const T one(1);
            if (std::abs(sd) <= root_switch) {
                s = sin(x);
                c = sqrt(T((one - s) * (one + s)));
                if (cd < 0) c = -c;
            } else {
                c = cos(x);
                s = sqrt(T((one - c) * (one + c)));
                if (sd < 0) s = -s;
            }
            return;
        }
    }
    s = sin(x);
    c = cos(x);
}
}  // namespace detail

/// The scalar underneath `U`: `T` for `T` and for `dual<T>`.
template <class U>
struct value_type_of {
    /// The scalar itself.
    using type = U;
};
template <class T>
struct value_type_of<boost::math::differentiation::detail::fvar<T, 1>> {
    using type = T;
};
/// The real scalar under U (U itself unless it is a dual number).
template <class U>
using value_type_of_t = typename value_type_of<U>::type;

/// Value part of `x` (`x` itself for a plain scalar).
template <class U>
value_type_of_t<U> value_of(const U& x) {
    if constexpr (is_dual_v<U>) return x[0];  // Taylor coefficient 0 (= derivative(0))
    else return x;
}

/// Tangent part of `x` (0 for a plain scalar). Read as the first-order Taylor coefficient, which
/// equals derivative(1) (1! = 1) without Boost's factorial lookup, a measurable cost in the
/// Jacobian loops.
template <class U>
value_type_of_t<U> tangent_of(const U& x) {
    if constexpr (is_dual_v<U>) return x[1];
    else return value_type_of_t<U>(0);
}

/// Number of decimal digits needed to print `T` without loss (digits10 + 3, as the error
/// messages do); 40 for exact types, which are printed as fractions anyway.
template <class T>
constexpr int print_digits() {
    if constexpr (is_exact_v<T>) return 40;
    else return std::numeric_limits<T>::digits10 + 3;
}

}  // namespace geomint
