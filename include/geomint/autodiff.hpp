#pragma once
/// \file
/// Forward-mode derivatives through Boost.Math autodiff, as geomint uses them.
///
/// geomint differentiates only two things: a user's potential V (to any order, at a point of
/// the working scalar type T), and whole one-step maps in one direction (first order). For the
/// latter every scheme's step is a template over `U`, which is either `T` or `dual<T>`
/// (= `boost::math::differentiation::autodiff_fvar<T, 1>`): value plus one tangent.
/// The helpers below move between the two levels (`value_of`, `tangent_of`: geomint/scalar.hpp),
/// and Eigen's `NumTraits` of `dual<T>` let Eigen matrices of duals carry one directional
/// derivative through products and solves (Newton Jacobians).

#include "geomint/scalar.hpp"

#include <Eigen/Core>
#include <boost/math/differentiation/autodiff.hpp>

#include <array>
#include <cstddef>
#include <type_traits>

namespace Eigen {
/// `dual<T>` (value and one tangent over T) as an Eigen scalar: T's traits, with dual results.
template <class T>
struct NumTraits<boost::math::differentiation::detail::fvar<T, 1>> : NumTraits<T> {
    using Real = boost::math::differentiation::detail::fvar<T, 1>;
    using NonInteger = Real;
    using Literal = Real;
    using Nested = Real;
    enum { IsComplex = 0, IsInteger = 0, IsSigned = 1, RequireInitialization = 1, ReadCost = 2, AddCost = 2, MulCost = 4 };
    static Real epsilon() { return Real(NumTraits<T>::epsilon()); }
    static Real dummy_precision() { return Real(NumTraits<T>::dummy_precision()); }
    static Real highest() { return Real(NumTraits<T>::highest()); }
    static Real lowest() { return Real(NumTraits<T>::lowest()); }
    static int digits10() { return NumTraits<T>::digits10(); }
};

namespace internal {
struct geomint_no_scalar_promotion {};

/// fvar converts from anything (an unconstrained constructor), so Eigen would take a matrix
/// operand of `A * B` for a scalar: refuse to promote Eigen expressions to `dual<T>`.
template <class T, class Other>
struct promote_scalar_arg<boost::math::differentiation::detail::fvar<T, 1>, Other, false>
    : std::conditional_t<std::is_base_of_v<EigenBase<Other>, Other>, geomint_no_scalar_promotion,
                         promote_scalar_arg_unsupported<boost::math::differentiation::detail::fvar<T, 1>, Other,
                                                        boost::math::differentiation::detail::fvar<T, 1>>> {};
}  // namespace internal
}  // namespace Eigen

namespace geomint {

namespace ad = boost::math::differentiation;

/// A value with one tangent (first-order forward mode) over the scalar `T`.
template <class T>
using dual = ad::autodiff_fvar<T, 1>;

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

/// geomint's one loop for Jacobians by forward autodiff: passes over inputs held as autodiff
/// variables.
///
/// `x` is a container with `data()` and `size()` (std::vector, std::array, Eigen matrix, by
/// linear index) of autodiff variables holding the point, with zero tangents. Pass k adds
/// `direction` (a variable of value 0 and tangent 1 — `ad::make_fvar<T, 1>(T(0))` — or an inner
/// variable of a nested type) to the entries whose linear indices `group(k)` lists, calls
/// `read(k, x)`, which evaluates the function at x and reads the tangents of its outputs, and
/// restores the entries. One entry per pass (`for_each_partial`) gives the Jacobian column by
/// column; structurally orthogonal entries in one pass give compressed columns (the sparse
/// truss solve's distance-2 colouring).
template <class X, class Group, class Direction, class Read>
void forward_passes(X& x, std::size_t passes, const Group& group, const Direction& direction, const Read& read) {
    for (std::size_t k = 0; k < passes; ++k) {
        const auto& entries = group(k);
        for (const auto i : entries) x.data()[i] = x.data()[i] + direction;
        read(k, x);
        for (const auto i : entries) x.data()[i] = x.data()[i] - direction;
    }
}

/// `forward_passes` with one entry per pass, k = 0 … size − 1: `read(k, x)` sees ∂/∂x_k.
template <class X, class Direction, class Read>
void for_each_partial(X& x, const Direction& direction, const Read& read) {
    const auto n = static_cast<std::size_t>(x.size());
    forward_passes(x, n, [](std::size_t k) { return std::array<std::size_t, 1>{k}; }, direction,
                   [&read](std::size_t k, X& y) { read(static_cast<std::ptrdiff_t>(k), y); });
}

/// A variable of value 0 and tangent 1 over T: the `direction` of first-order passes.
template <class T>
dual<T> unit_tangent() {
    return ad::make_fvar<T, 1>(T(0));
}

}  // namespace geomint
