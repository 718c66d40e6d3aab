#pragma once
/// \file
/// `geomint::dd`: double-double arithmetic (QD's `dd_real`, Hida, Li & Bailey 2000) as a geomint
/// scalar. A value is an unevaluated sum hi + lo of two doubles with |lo| ≤ ulp(hi)/2: about 32
/// significant decimal digits (epsilon 2⁻¹⁰⁴ ≈ 4.9e-32) with double's exponent range (|x| from
/// about 2e-292, where lo stays normal, to 1.8e308). It costs about 7–8 times a double operation,
/// against about 46 for `float128` and 60–100 for the 50-digit types.
///
/// **What it carries, and where that matters.**
/// - The arithmetic is faithful, not correctly rounded: +, −, ×, ÷ and √ have relative errors of a
///   few 2⁻¹⁰⁴ (QD's defaults: its `sloppy` addition, multiplication and division), so a result
///   can differ from the correctly rounded one in its last bits. Tolerances are multiples of
///   `epsilon()`, as for every scalar; a test that compares dd results bit for bit with another
///   library's does not hold.
/// - Below about 2e-292 the low part underflows and the precision falls to double's; beyond
///   about 1.8e308 it overflows as double does. Scale problems whose quantities leave
///   [1e-250, 1e250].
/// - The elementary functions (exp, log, sin, …) are QD's, accurate to a few epsilon; the
///   special functions come from Boost.Math at the type's 105 bits.
/// - The error-free transformations under it (two-sum, two-product by splitting) assume each
///   double operation is rounded once: no x87 arithmetic (x86-64 has none) and no contraction of
///   a·b + c into a fused multiply–add. The CMake target `geomint::qd` compiles with
///   `-ffp-contract=off`; a build with `-march=native -ffp-contract=fast` may silently lose the
///   low part's accuracy.
///
/// **Conversions.** From every arithmetic type implicitly and exactly (integers up to 106 bits);
/// to them explicitly (floating types: hi + lo rounded once; integers: truncation). From a
/// decimal string (`dd("0.1")`, also what the coefficient and Lobatto tables use): correctly
/// rounded, hi = RN(x) and lo = RN(x − hi), parsed through Boost.Multiprecision. Printing
/// honours the stream's precision and format flags; at `max_digits10` (33) or more it prints
/// every digit the value needs to read back exactly (`ensemble::field`).
///
/// Opt-in: include this header and link the CMake target `geomint::qd` (QD's libqd; Debian
/// package `libqd-dev`). It also specializes `std::numeric_limits` and `Eigen::NumTraits`
/// for `geomint::dd`.

#include "geomint/scalar.hpp"

#include <Eigen/Core>
#include <boost/math/special_functions/expm1.hpp>
#include <boost/math/special_functions/log1p.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <qd/dd_real.h>

#include <cmath>
#include <cstdint>
#include <istream>
#include <limits>
#include <ostream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

class dd;

namespace detail {
/// A binary float wide enough to hold any finite dd exactly (hi and lo can be 2100 bits apart):
/// the decimal conversions in and out go through it.
using dd_exact = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<2200, boost::multiprecision::digit_base_2>,
                                               boost::multiprecision::et_off>;
}  // namespace detail

/// Double-double: hi + lo, two doubles (see the file's documentation for what it carries).
/// A trivial type like double: `dd x;` is uninitialized, `dd x{}` and `dd(0)` are zero.
class dd {
public:
    /// Significant decimal digits that identify a value with no gap between hi and lo
    /// (`std::numeric_limits<dd>::max_digits10`); a printing precision of this or more prints
    /// every digit the value needs.
    static constexpr int max_digits10 = 33;

    dd() = default;
    /// Exact conversion from an arithmetic type (an integer beyond 53 bits keeps its low bits in lo).
    template <class A>
        requires std::is_arithmetic_v<A>
    constexpr dd(A a) noexcept {  // NOLINT(google-explicit-constructor): a scalar like double
        hi_ = static_cast<double>(a);
        if constexpr (std::is_same_v<A, float> || std::is_same_v<A, double>)
            lo_ = 0.0;
        else if constexpr (std::is_floating_point_v<A>)  // long double, __float128
            lo_ = static_cast<double>(a - static_cast<A>(hi_));
        else
            lo_ = static_cast<double>(static_cast<__int128>(a) - static_cast<__int128>(hi_));
    }
    /// The nearest double-double to a Boost.Multiprecision number: hi = RN(x), lo = RN(x − hi).
    template <class Backend, boost::multiprecision::expression_template_option ET>
    explicit dd(const boost::multiprecision::number<Backend, ET>& x) {
        using N = boost::multiprecision::number<Backend, ET>;
        hi_ = x.template convert_to<double>();
        lo_ = std::isfinite(hi_) ? N(x - N(hi_)).template convert_to<double>() : 0.0;
    }
    /// From QD's type.
    constexpr dd(const dd_real& v) noexcept : hi_(v.x[0]), lo_(v.x[1]) {}  // NOLINT(google-explicit-constructor)
    /// The pair (hi, lo) as given: the caller guarantees |lo| ≤ ulp(hi)/2.
    static constexpr dd from_parts(double hi, double lo) noexcept {
        dd r;
        r.hi_ = hi;
        r.lo_ = lo;
        return r;
    }
    /// The nearest double-double to a decimal number ("1.25e-3", "-inf", "nan"): hi = RN(x),
    /// lo = RN(x − hi). \throws std::invalid_argument naming the string when it is not a number.
    explicit dd(const char* digits) { *this = parse(digits); }
    /// \copydoc dd(const char*)
    explicit dd(const std::string& digits) { *this = parse(digits.c_str()); }

    /// The high part: the double nearest the value.
    constexpr double hi() const noexcept { return hi_; }
    /// The low part: the value minus hi.
    constexpr double lo() const noexcept { return lo_; }
    /// As QD's type.
    dd_real qd() const noexcept { return dd_real(hi_, lo_); }

    /// To a floating type (rounded once) or an integer type (truncated toward zero).
    template <class A>
        requires std::is_arithmetic_v<A>
    explicit constexpr operator A() const noexcept {
        if constexpr (std::is_same_v<A, bool>) return hi_ != 0.0;
        else if constexpr (std::is_same_v<A, long double>) return static_cast<long double>(hi_) + static_cast<long double>(lo_);
        else if constexpr (std::is_floating_point_v<A>) return static_cast<A>(hi_);
        else {
            // truncate: hi's integer part, corrected by lo when hi is already an integer
            const double th = std::trunc(hi_);
            __int128 n = static_cast<__int128>(th);
            if (th == hi_) {
                const double tl = std::trunc(lo_);
                n += static_cast<__int128>(tl);
                // hi + lo crosses an integer below (x > 0, lo < 0 fractional) or above (x < 0)
                if (hi_ > 0 && lo_ < 0 && tl != lo_) n -= 1;
                if (hi_ < 0 && lo_ > 0 && tl != lo_) n += 1;
            }
            return static_cast<A>(n);
        }
    }

    /// To a Boost.Multiprecision number: hi + lo, rounded once if it has fewer than 106 bits.
    template <class Backend, boost::multiprecision::expression_template_option ET>
    explicit operator boost::multiprecision::number<Backend, ET>() const {
        using N = boost::multiprecision::number<Backend, ET>;
        if (!std::isfinite(hi_) || lo_ == 0.0) return N(hi_);
        if constexpr (std::numeric_limits<N>::digits >= 2100) return N(N(hi_) + N(lo_));
        else return N(detail::dd_exact(detail::dd_exact(hi_) + detail::dd_exact(lo_)));
    }

    /// x ← x + b (IEEE-style: a relative error of a few ε even when the sum cancels).
    dd& operator+=(const dd& b) noexcept { return *this = *this + b; }
    /// x ← x − b.
    dd& operator-=(const dd& b) noexcept { return *this = *this - b; }
    /// x ← x · b (QD's product, faithful to a few ε).
    dd& operator*=(const dd& b) noexcept { return *this = dd(qd() * b.qd()); }
    /// x ← x / b (QD's quotient, faithful to a few ε).
    dd& operator/=(const dd& b) noexcept { return *this = dd(qd() / b.qd()); }
    /// −x (exact).
    constexpr dd operator-() const noexcept { return from_parts(-hi_, -lo_); }
    /// x.
    constexpr dd operator+() const noexcept { return *this; }

    // IEEE-style addition (relative error of a few ε even under cancellation), not QD's default
    // sloppy one, whose error is relative to the operands
    /// a + b.
    friend dd operator+(const dd& a, const dd& b) noexcept { return dd(dd_real::ieee_add(a.qd(), b.qd())); }
    /// a − b.
    friend dd operator-(const dd& a, const dd& b) noexcept { return dd(dd_real::ieee_add(a.qd(), (-b).qd())); }
    /// a · b.
    friend dd operator*(const dd& a, const dd& b) noexcept { return dd(a.qd() * b.qd()); }
    /// a / b.
    friend dd operator/(const dd& a, const dd& b) noexcept { return dd(a.qd() / b.qd()); }
    /// Equal parts (hi and lo).
    friend bool operator==(const dd& a, const dd& b) noexcept { return a.hi_ == b.hi_ && a.lo_ == b.lo_; }
    /// Not equal.
    friend bool operator!=(const dd& a, const dd& b) noexcept { return !(a == b); }
    /// Less than: by hi, then lo (the value's order for normalized pairs).
    friend bool operator<(const dd& a, const dd& b) noexcept { return a.hi_ < b.hi_ || (a.hi_ == b.hi_ && a.lo_ < b.lo_); }
    /// Greater than.
    friend bool operator>(const dd& a, const dd& b) noexcept { return b < a; }
    /// Less than or equal.
    friend bool operator<=(const dd& a, const dd& b) noexcept { return a.hi_ < b.hi_ || (a.hi_ == b.hi_ && a.lo_ <= b.lo_); }
    /// Greater than or equal.
    friend bool operator>=(const dd& a, const dd& b) noexcept { return b <= a; }

    /// Writes the value with the stream's precision and flags; at a precision of
    /// `max_digits10` or more, with every digit needed to read it back exactly.
    friend std::ostream& operator<<(std::ostream& os, const dd& x) { return x.write(os); }
    /// Reads one whitespace-delimited decimal number; sets failbit when it is not one.
    friend std::istream& operator>>(std::istream& is, dd& x) {
        std::string token;
        if (!(is >> token)) return is;
        try {
            x = parse(token.c_str());
        } catch (const std::invalid_argument&) {
            is.setstate(std::ios::failbit);
        }
        return is;
    }

private:
    double hi_;
    double lo_;

    static dd parse(const char* digits) {
        detail::dd_exact x;
        try {
            x = detail::dd_exact(digits);
        } catch (const std::exception&) {
            throw std::invalid_argument(std::string("geomint::dd: '") + digits + "' is not a decimal number");
        }
        const double h = x.convert_to<double>();
        if (!std::isfinite(h)) return from_parts(h, 0.0);
        return from_parts(h, detail::dd_exact(x - detail::dd_exact(h)).convert_to<double>());
    }

    std::ostream& write(std::ostream& os) const {
        if (!std::isfinite(hi_)) return os << hi_;
        std::streamsize p = os.precision();
        if (p >= max_digits10 && lo_ != 0.0) {
            // digits from hi's leading one down to lo's last bit, and two more
            int e_hi = 0, e_lo = 0;
            (void)std::frexp(hi_, &e_hi);
            (void)std::frexp(lo_, &e_lo);
            const auto needed =
                static_cast<std::streamsize>((e_hi - e_lo + std::numeric_limits<double>::digits) * std::log10(2.0)) + 3;
            if (needed > p) p = needed;
        }
        const std::streamsize saved = os.precision(p);
        os << detail::dd_exact(detail::dd_exact(hi_) + detail::dd_exact(lo_));
        os.precision(saved);
        return os;
    }
};

/// The report name of `dd`.
template <>
struct scalar_alias<dd> {
    /// "dd".
    static constexpr const char* name = "dd";
};

/// \name Elementary functions of dd
/// The functions of `<cmath>` for dd, found by argument-dependent lookup as `std::` ones are for
/// double: QD's where it has them (accurate to a few ε), Boost.Math's expm1 and log1p, the rest
/// (cbrt, hypot, frexp, round, …) written on them; non-finite and out-of-domain arguments give
/// what double's would (log of a negative number: NaN).
///@{
inline dd abs(const dd& x) noexcept { return x.hi() < 0 ? -x : x; }
inline dd fabs(const dd& x) noexcept { return abs(x); }
inline bool isfinite(const dd& x) noexcept { return std::isfinite(x.hi()); }
inline bool isnan(const dd& x) noexcept { return std::isnan(x.hi()) || std::isnan(x.lo()); }
inline bool isinf(const dd& x) noexcept { return std::isinf(x.hi()); }
inline bool signbit(const dd& x) noexcept { return std::signbit(x.hi()); }
inline dd copysign(const dd& x, const dd& y) noexcept { return signbit(x) == signbit(y) ? x : -x; }
inline int fpclassify(const dd& x) noexcept { return std::fpclassify(x.hi()); }
inline bool isnormal(const dd& x) noexcept { return std::isnormal(x.hi()); }
inline dd sqrt(const dd& x) { return sqrt(x.qd()); }
inline dd cbrt(const dd& x) {
    if (x.hi() == 0 || !isfinite(x)) return x;
    return x.hi() < 0 ? -dd(nroot(-x.qd(), 3)) : dd(nroot(x.qd(), 3));
}
inline dd exp(const dd& x) { return exp(x.qd()); }
inline dd log(const dd& x) {
    if (!(x.hi() > 0)) return x.hi() == 0 ? dd(-std::numeric_limits<double>::infinity()) : dd(std::numeric_limits<double>::quiet_NaN());
    return log(x.qd());
}
inline dd log10(const dd& x) { return log(x) / dd(dd_real::_log10); }
inline dd log2(const dd& x) { return log(x) / dd(dd_real::_log2); }
inline dd expm1(const dd& x) { return boost::math::expm1(x); }
inline dd log1p(const dd& x) { return boost::math::log1p(x); }
/// x^y for a dd exponent.
inline dd pow(const dd& x, const dd& y) {
    if (y.hi() == std::trunc(y.hi()) && y.lo() == 0 && std::fabs(y.hi()) < 1 << 30) return npwr(x.qd(), static_cast<int>(y.hi()));
    return pow(x.qd(), y.qd());
}
/// x^n for an integer exponent (by squaring).
template <class I>
    requires std::is_integral_v<I>
dd pow(const dd& x, I n) {
    return npwr(x.qd(), static_cast<int>(n));
}
inline dd sin(const dd& x) { return sin(x.qd()); }
inline dd cos(const dd& x) { return cos(x.qd()); }
inline dd tan(const dd& x) { return tan(x.qd()); }
inline dd asin(const dd& x) { return asin(x.qd()); }
inline dd acos(const dd& x) { return acos(x.qd()); }
inline dd atan(const dd& x) { return atan(x.qd()); }
inline dd atan2(const dd& y, const dd& x) { return atan2(y.qd(), x.qd()); }
inline dd sinh(const dd& x) { return sinh(x.qd()); }
inline dd cosh(const dd& x) { return cosh(x.qd()); }
inline dd tanh(const dd& x) { return tanh(x.qd()); }
inline dd asinh(const dd& x) { return asinh(x.qd()); }
inline dd acosh(const dd& x) { return acosh(x.qd()); }
inline dd atanh(const dd& x) { return atanh(x.qd()); }
inline dd floor(const dd& x) { return floor(x.qd()); }
inline dd ceil(const dd& x) { return ceil(x.qd()); }
inline dd trunc(const dd& x) { return aint(x.qd()); }
/// Nearest integer, halfway cases away from zero (as std::round).
inline dd round(const dd& x) {
    const dd t = trunc(x);
    const dd f = x - t;
    if (f >= dd(0.5)) return t + dd(1);
    if (f <= dd(-0.5)) return t - dd(1);
    return t;
}
inline long lround(const dd& x) { return static_cast<long>(round(x)); }
inline long long llround(const dd& x) { return static_cast<long long>(round(x)); }
inline dd fmod(const dd& x, const dd& y) { return x - trunc(x / y) * y; }
inline dd ldexp(const dd& x, int e) { return dd::from_parts(std::ldexp(x.hi(), e), std::ldexp(x.lo(), e)); }
/// x = m·2^e with 0.5 ≤ |m| < 1.
inline dd frexp(const dd& x, int* e) {
    if (x.hi() == 0 || !isfinite(x)) {
        *e = 0;
        return x;
    }
    (void)std::frexp(x.hi(), e);
    dd m = ldexp(x, -*e);
    if (abs(m) < dd(0.5)) {  // hi a power of two, lo of the other sign
        m = ldexp(m, 1);
        --*e;
    }
    return m;
}
inline dd modf(const dd& x, dd* integral) {
    *integral = trunc(x);
    return x - *integral;
}
inline dd hypot(const dd& x, const dd& y) {
    const dd a = abs(x), b = abs(y);
    const dd m = a < b ? b : a;
    if (m.hi() == 0 || !isfinite(m)) return m;
    int e = 0;
    (void)std::frexp(m.hi(), &e);
    const dd sa = ldexp(a, -e), sb = ldexp(b, -e);
    return ldexp(sqrt(sa * sa + sb * sb), e);
}
inline dd fma(const dd& a, const dd& b, const dd& c) { return a * b + c; }
inline dd fmin(const dd& a, const dd& b) { return b < a ? b : a; }
inline dd fmax(const dd& a, const dd& b) { return a < b ? b : a; }
///@}

}  // namespace geomint

/// \cond GEOMINT_SPECIALIZATIONS
template <>
class std::numeric_limits<geomint::dd> {
public:
    static constexpr bool is_specialized = true;
    static constexpr bool is_signed = true;
    static constexpr bool is_integer = false;
    static constexpr bool is_exact = false;
    static constexpr bool has_infinity = true;
    static constexpr bool has_quiet_NaN = true;
    static constexpr bool has_signaling_NaN = true;
    static constexpr std::float_denorm_style has_denorm = std::denorm_absent;
    static constexpr bool has_denorm_loss = false;
    static constexpr std::float_round_style round_style = std::round_indeterminate;
    static constexpr bool is_iec559 = false;
    static constexpr bool is_bounded = true;
    static constexpr bool is_modulo = false;
    static constexpr int digits = 105;  // epsilon = 2^(1 - digits) = 2^-104, QD's
    static constexpr int digits10 = 31;
    static constexpr int max_digits10 = geomint::dd::max_digits10;
    static constexpr int radix = 2;
    static constexpr int min_exponent = -968;  // lo stays normal above 2^-969 (QD's _min_normalized)
    static constexpr int min_exponent10 = -291;
    static constexpr int max_exponent = 1024;
    static constexpr int max_exponent10 = 308;
    static constexpr bool traps = false;
    static constexpr bool tinyness_before = false;
    static constexpr geomint::dd min() noexcept { return geomint::dd::from_parts(0x1p-969, 0.0); }
    static constexpr geomint::dd lowest() noexcept { return -max(); }
    static constexpr geomint::dd max() noexcept { return geomint::dd::from_parts(0x1.fffffffffffffp+1023, 0x1.fffffffffffffp+969); }
    static constexpr geomint::dd epsilon() noexcept { return geomint::dd::from_parts(0x1p-104, 0.0); }
    static constexpr geomint::dd round_error() noexcept { return geomint::dd::from_parts(1.0, 0.0); }
    static constexpr geomint::dd infinity() noexcept {
        return geomint::dd::from_parts(std::numeric_limits<double>::infinity(), 0.0);
    }
    static constexpr geomint::dd quiet_NaN() noexcept {
        return geomint::dd::from_parts(std::numeric_limits<double>::quiet_NaN(), 0.0);
    }
    static constexpr geomint::dd signaling_NaN() noexcept {
        return geomint::dd::from_parts(std::numeric_limits<double>::signaling_NaN(), 0.0);
    }
    static constexpr geomint::dd denorm_min() noexcept { return min(); }
};

namespace Eigen {
template <>
struct NumTraits<geomint::dd> : GenericNumTraits<geomint::dd> {
    using Real = geomint::dd;
    using NonInteger = geomint::dd;
    using Literal = geomint::dd;
    using Nested = geomint::dd;
    enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 0, ReadCost = 2, AddCost = 20, MulCost = 20 };
    static Real epsilon() { return std::numeric_limits<Real>::epsilon(); }
    static Real dummy_precision() { return Real(1000) * epsilon(); }
    static Real highest() { return std::numeric_limits<Real>::max(); }
    static Real lowest() { return std::numeric_limits<Real>::lowest(); }
    static int digits10() { return std::numeric_limits<Real>::digits10; }
    static int digits() { return std::numeric_limits<Real>::digits; }
};
}  // namespace Eigen
/// \endcond
