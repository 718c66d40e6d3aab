#pragma once
/// \file
/// A model's user callable — a Lagrangian L(q, v) (`lagrangian_system`), a potential V(φ)
/// (`newton_system`) or V(q) (`separable_system`) — is evaluated on automatic-differentiation
/// scalars, so it must be generic in its scalar. The
/// models check that with a `static_assert` saying how to write it; `detail::autodiff_callable`
/// then hands their autodiff evaluations the callable itself or, when it was refused, a stand-in
/// returning zero, so that the `static_assert` is the one compile error
/// (test/compile_fail/*_not_generic.cpp).

#include <ranges>

namespace geomint::detail {

/// Zero of what a callable of `x` (its first argument) returns: the entry type's for a container, x's type's for a
/// scalar.
template <class X>
auto zero_like(const X& /*x*/) {
    if constexpr (std::ranges::range<X>) return std::ranges::range_value_t<X>(0);
    else return X(0);
}

/// `f` as a model's autodiff evaluations call it: `f` itself when `Accepted` (the model checked
/// that it takes the autodiff scalars), otherwise a stand-in returning zero.
template <bool Accepted, class F>
decltype(auto) autodiff_callable(const F& f) {
    if constexpr (Accepted) return (f);
    else return [](const auto& x, const auto&... /*more*/) { return zero_like(x); };
}

}  // namespace geomint::detail
