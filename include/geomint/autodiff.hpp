#pragma once
/// \file
/// Forward-mode derivatives through Boost.Math autodiff, as geomint uses them.
///
/// geomint differentiates only two things: a user's potential V (to any order, at a point of
/// the working scalar type T), and whole one-step maps in one direction (first order). For the
/// latter every scheme's step is a template over `U`, which is either `T` or `dual<T>`
/// (= `boost::math::differentiation::autodiff_fvar<T, 1>`): value plus one tangent.
/// The helpers below move between the two levels.

#include "geomint/scalar.hpp"

#include <boost/math/differentiation/autodiff.hpp>

#include <type_traits>

namespace geomint {

namespace ad = boost::math::differentiation;

/// A value with one tangent (first-order forward mode) over the scalar `T`.
template <class T>
using dual = ad::autodiff_fvar<T, 1>;

/// True for `dual<T>` (any first-order autodiff variable).
template <class U>
struct is_dual : std::false_type {};
template <class T>
struct is_dual<ad::detail::fvar<T, 1>> : std::true_type {};
template <class U>
inline constexpr bool is_dual_v = is_dual<U>::value;

/// The scalar underneath `U`: `T` for `T` and for `dual<T>`.
template <class U>
struct value_type_of {
    using type = U;
};
template <class T>
struct value_type_of<ad::detail::fvar<T, 1>> {
    using type = T;
};
template <class U>
using value_type_of_t = typename value_type_of<U>::type;

/// Value part of `x` (`x` itself for a plain scalar).
template <class U>
value_type_of_t<U> value_of(const U& x) {
    if constexpr (is_dual_v<U>) return x.derivative(0);
    else return x;
}

/// Tangent part of `x` (0 for a plain scalar).
template <class U>
value_type_of_t<U> tangent_of(const U& x) {
    if constexpr (is_dual_v<U>) return x.derivative(1);
    else return value_type_of_t<U>(0);
}

/// `value + tangent·ε` as a `dual<T>`.
template <class T>
dual<T> make_dual(const T& value, const T& tangent) {
    return dual<T>(value) + ad::make_fvar<T, 1>(T(0)) * tangent;
}

/// A function known through its Taylor data at a point, applied to `x`:
/// returns `f0` for a plain scalar, `f0 + f1·tangent(x)·ε` for a dual (chain rule).
template <class U, class T>
U chain(const U& x, const T& f0, const T& f1) {
    if constexpr (is_dual_v<U>) return make_dual(f0, f1 * tangent_of(x));
    else {
        (void)x;
        (void)f1;
        return f0;
    }
}

}  // namespace geomint
