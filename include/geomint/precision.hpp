#pragma once
/// \file
/// The precision aliases geomint tests and documents, with Eigen's traits for them
/// (`<boost/multiprecision/eigen.hpp>`: Eigen matrices, maps and decompositions of every
/// Boost.Multiprecision number).
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
///
/// It also lets odeint's controlled and dense-output steppers (rkf78, dopri5, Bulirsch–Stoer) run at
/// every Boost.Multiprecision number: Boost before 1.85 recurses forever in odeint's
/// `extract_value_type` on a number, whose `value_type` is itself (boostorg/odeint#40, fixed by
/// boostorg/odeint#63); a partial specialization here stops the recursion.
///
/// Include this header (or `<boost/multiprecision/eigen.hpp>`) in a translation unit that runs a
/// stepper at a Boost.Multiprecision scalar; a stepper header alone includes neither (its
/// compile time at double stays near odeint's), and the state layer says so at compile time when
/// Eigen's traits for the scalar are missing.

#include "geomint/scalar.hpp"

#include <boost/config.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <boost/multiprecision/cpp_int.hpp>
#include <boost/multiprecision/eigen.hpp>

#if defined(BOOST_HAS_FLOAT128) && !defined(GEOMINT_NO_FLOAT128)
#include <boost/multiprecision/float128.hpp>
#define GEOMINT_HAS_FLOAT128 1
#endif

#if defined(GEOMINT_HAS_MPFR)
#include <boost/multiprecision/mpfr.hpp>
#endif

#if defined(GEOMINT_HAS_MPFR)
/// \cond GEOMINT_SPECIALIZATIONS
namespace boost::multiprecision::detail {
// Boost.Math's autodiff variable over an MPFR number: fvar's conversion operator template makes
// Boost.Multiprecision believe fvar converts explicitly to the MPFR backend, so number's converting
// constructor is chosen for static_cast<root_type>(x) inside autodiff's cos, exp, … and fails to
// compile (Boost 1.81; cpp_bin_float is not affected). fvar converts to its root type by its own
// operator: the backend conversion is declared absent.
template <class RealType, std::size_t Order, unsigned Digits10>
struct is_explicitly_convertible<boost::math::differentiation::autodiff_v1::detail::fvar<RealType, Order>,
                                 mpfr_float_backend<Digits10>> : std::false_type {};
}  // namespace boost::multiprecision::detail
/// \endcond
#endif

#include <boost/numeric/odeint/algebra/detail/extract_value_type.hpp>
#include <boost/version.hpp>

#if BOOST_VERSION < 108500
/// \cond GEOMINT_SPECIALIZATIONS
namespace boost::numeric::odeint::detail {
// the Enabler written as odeint's own specialization writes it, so that this one is more
// specialized than it (a plain `void` would make the two ambiguous)
template <class Backend, boost::multiprecision::expression_template_option ET>
struct extract_value_type<boost::multiprecision::number<Backend, ET>,
                          typename boost::enable_if<has_value_type<boost::multiprecision::number<Backend, ET>>>::type> {
    using type = boost::multiprecision::number<Backend, ET>;
};
}  // namespace boost::numeric::odeint::detail
/// \endcond
#endif

namespace geomint {

namespace bmp = boost::multiprecision;

/// IEEE binary128 layout in software (113-bit significand), portable, no extensions needed.
using quad = bmp::cpp_bin_float_quad;
/// The report name of `quad`.
template <>
struct scalar_alias<quad> {
    /// "quad".
    static constexpr const char* name = "quad";
};

#if defined(GEOMINT_HAS_FLOAT128)
/// GCC's hardware-independent `__float128` (libquadmath); faster than `quad`.
using float128 = bmp::float128;
/// The report name of `float128`.
template <>
struct scalar_alias<float128> {
    /// "float128".
    static constexpr const char* name = "float128";
};
#endif

/// Binary floating point with at least `Digits10` decimal digits; expression templates off,
/// so `auto` temporaries are values, never lazy expressions.
template <unsigned Digits10>
using mp = bmp::number<bmp::cpp_bin_float<Digits10>, bmp::et_off>;

#if defined(GEOMINT_HAS_MPFR)
/// MPFR-backed floating point with `Digits10` decimal digits (fixed precision, et_off).
template <unsigned Digits10>
using mpfr = bmp::number<bmp::mpfr_float_backend<Digits10>, bmp::et_off>;
/// The report name of `mpfr<50>`.
template <>
struct scalar_alias<mpfr<50>> {
    /// "mpfr50".
    static constexpr const char* name = "mpfr50";
};
/// The report name of `mpfr<100>`.
template <>
struct scalar_alias<mpfr<100>> {
    /// "mpfr100".
    static constexpr const char* name = "mpfr100";
};
#endif

/// Exact rational arithmetic; use where the algebra is rational (transfer matrices with
/// rational h, M, K). Functions needing square roots or eigenvalues reject it at compile time.
using rational = bmp::number<bmp::cpp_rational_backend, bmp::et_off>;

}  // namespace geomint
