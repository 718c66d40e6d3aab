#pragma once
/// \file
/// A type with its scalar replaced: the conformance kit's tangent runs (a stepper and its states
/// over `dual<T>`) and the Galerkin VI's double copy of a pair form (its states at double).

#include "geomint/matrix.hpp"

#include <cstddef>
#include <type_traits>

namespace geomint {

/// Replaces the scalar `From` by `To` everywhere in a type's template arguments (the stepper,
/// its state containers, odeint's value and time types): `rebind_scalar_t<runge_kutta4<
/// std::vector<T>, T>, T, dual<T>>` = `runge_kutta4<std::vector<dual<T>>, dual<T>>`.
template <class X, class From, class To>
struct rebind_scalar;
/// `X` with the scalar `From` replaced by `To` in its template arguments (see rebind_scalar).
template <class X, class From, class To>
using rebind_scalar_t = typename std::conditional_t<std::is_same_v<X, From>, std::type_identity<To>, rebind_scalar<X, From, To>>::type;
/// \cond GEOMINT_SPECIALIZATIONS
template <class X, class From, class To>
struct rebind_scalar {
    using type = X;
};
template <template <class...> class Tmpl, class... A, class From, class To>
struct rebind_scalar<Tmpl<A...>, From, To> {
    using type = Tmpl<rebind_scalar_t<A, From, To>...>;
};
template <template <class, std::size_t> class Tmpl, class A, std::size_t N, class From, class To>
struct rebind_scalar<Tmpl<A, N>, From, To> {
    using type = Tmpl<rebind_scalar_t<A, From, To>, N>;
};
template <template <class, unsigned, class...> class Tmpl, class A, unsigned D, class... R, class From, class To>
struct rebind_scalar<Tmpl<A, D, R...>, From, To> {
    using type = Tmpl<rebind_scalar_t<A, From, To>, D, rebind_scalar_t<R, From, To>...>;
};
template <class A, int R, int C, int O, int MR, int MC, class From, class To>
struct rebind_scalar<Eigen::Matrix<A, R, C, O, MR, MC>, From, To> {
    using type = Eigen::Matrix<rebind_scalar_t<A, From, To>, R, C, O, MR, MC>;
};
/// \endcond

}  // namespace geomint
