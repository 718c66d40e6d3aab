#pragma once
/// \file
/// State containers geomint's steppers and models accept, seen through one Eigen view.
///
/// Supported vector types (each contiguous, so viewed without a copy by `Eigen::Map`):
/// `std::array<T, N>`, `boost::array<T, N>`, `std::vector<T>`, `Eigen::Matrix<T, N, 1>` (fixed or
/// Dynamic rows), and a scalar T itself (a vector of one entry: odeint's `std::pair<double, double>`
/// state of one degree of freedom). A stepper's state is a pair (q, p) of such vectors, as for
/// odeint's symplectic steppers.

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"

#include <boost/array.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <array>
#include <cstddef>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// `scalar` (element type) and `static_size` (compile-time length or Eigen::Dynamic) of a
/// supported state vector type.
template <class V>
struct state_traits;

/// Scalar and compile-time size of this state container.
template <class T, std::size_t N>
struct state_traits<std::array<T, N>> {
    /// Scalar type of the entries.
    using scalar = T;
    /// Size known at compile time (Eigen::Dynamic if not).
    static constexpr int static_size = static_cast<int>(N);
};

/// Scalar and compile-time size of this state container.
template <class T, std::size_t N>
struct state_traits<boost::array<T, N>> {
    /// Scalar type of the entries.
    using scalar = T;
    /// Size known at compile time (Eigen::Dynamic if not).
    static constexpr int static_size = static_cast<int>(N);
};

/// Scalar and compile-time size of this state container.
template <class T, class Alloc>
struct state_traits<std::vector<T, Alloc>> {
    /// Scalar type of the entries.
    using scalar = T;
    /// Size known at compile time (Eigen::Dynamic if not).
    static constexpr int static_size = Eigen::Dynamic;
};

/// Scalar and compile-time size of this state container.
template <class T, int Rows, int Options, int MaxRows>
struct state_traits<Eigen::Matrix<T, Rows, 1, Options, MaxRows, 1>> {
    /// Scalar type of the entries.
    using scalar = T;
    /// Size known at compile time (Eigen::Dynamic if not).
    static constexpr int static_size = Rows;
};

namespace detail {
template <class V>
struct is_autodiff_variable : std::false_type {};
template <class R, std::size_t Order>
struct is_autodiff_variable<boost::math::differentiation::autodiff_v1::detail::fvar<R, Order>> : std::true_type {};
}  // namespace detail

/// A scalar state component (one degree of freedom): a built-in number, a number type with
/// `std::numeric_limits` (Boost.Multiprecision, __float128), or a Boost.Math autodiff variable
/// over one (a dual<T> state, for Jacobians).
template <class V>
inline constexpr bool is_scalar_state_v = std::is_arithmetic_v<std::remove_cv_t<V>> ||
                                          std::numeric_limits<std::remove_cv_t<V>>::is_specialized ||
                                          detail::is_autodiff_variable<std::remove_cv_t<V>>::value;

namespace detail {
/// Eigen's traits of a Boost.Multiprecision scalar T are those of <boost/multiprecision/eigen.hpp>
/// (Eigen's generic ones would otherwise be taken silently).
template <class T>
constexpr void require_eigen_traits() {
    if constexpr (requires { typename T::backend_type; })
        static_assert(!std::is_base_of_v<Eigen::GenericNumTraits<T>, Eigen::NumTraits<T>>,
                      "a Boost.Multiprecision scalar needs Eigen's traits for it: include <geomint/precision.hpp> "
                      "(or <boost/multiprecision/eigen.hpp>) before using it with a geomint stepper");
}
}  // namespace detail

/// Scalar and compile-time size of this state container.
template <class V>
    requires is_scalar_state_v<V>
struct state_traits<V> {
    /// Scalar type of the entries.
    using scalar = V;
    /// Size known at compile time (Eigen::Dynamic if not).
    static constexpr int static_size = 1;
};

/// True for `std::pair<A, B>`: a (q, p) state, or odeint's symplectic system form (f, g).
template <class S>
struct is_std_pair : std::false_type {};
template <class A, class B>
struct is_std_pair<std::pair<A, B>> : std::true_type {};

/// Eigen view (no copy) of a state vector, as a column of its static size.
template <class V>
auto as_eigen(V& v) {
    using tr = state_traits<V>;
    detail::require_eigen_traits<typename tr::scalar>();
    if constexpr (is_scalar_state_v<V>)
        return Eigen::Map<Eigen::Matrix<V, 1, 1>>(&v);
    else
        return Eigen::Map<Eigen::Matrix<typename tr::scalar, tr::static_size, 1>>(v.data(),
                                                                                 static_cast<Eigen::Index>(v.size()));
}
/// A read-only Eigen view of a state container (see the non-const overload above).
template <class V>
auto as_eigen(const V& v) {
    using tr = state_traits<V>;
    detail::require_eigen_traits<typename tr::scalar>();
    if constexpr (is_scalar_state_v<V>)
        return Eigen::Map<const Eigen::Matrix<V, 1, 1>>(&v);
    else
        return Eigen::Map<const Eigen::Matrix<typename tr::scalar, tr::static_size, 1>>(
            v.data(), static_cast<Eigen::Index>(v.size()));
}

/// Number of entries of a state vector (1 for a scalar).
template <class V>
Eigen::Index state_size(const V& v) {
    if constexpr (is_scalar_state_v<V>) return 1;
    else return static_cast<Eigen::Index>(v.size());
}

/// Give `v` length `n` (resizable containers) or check that it has it (fixed ones).
/// \throws std::invalid_argument if a fixed-size `v` cannot hold `n` entries.
template <class V>
void resize_state(V& v, Eigen::Index n) {
    if constexpr (state_traits<V>::static_size == Eigen::Dynamic) {
        if (static_cast<Eigen::Index>(v.size()) != n) v.resize(static_cast<std::size_t>(n));
    } else if (state_traits<V>::static_size != n) {
        throw std::invalid_argument("state vector has fixed size " +
                                    std::to_string(state_traits<V>::static_size) + " but the system has " +
                                    std::to_string(n) + " degrees of freedom");
    }
}

namespace detail {
/// A state, a state component or a system's callable, unwrapped from std::ref / boost::ref
/// (anything else is returned as is).
template <class C>
decltype(auto) unwrap_reference_to(C& c) {
    using W = std::remove_cv_t<C>;
    using U = typename boost::numeric::odeint::unwrap_reference<W>::type;
    if constexpr (std::is_same_v<U, W>)
        return (c);
    else
        return static_cast<U&>(c);
}

/// Copy the state `from` into `to`: a (q, p) pair of values or of references (each component
/// assigned), or any other state (assigned).
template <class To, class From>
void assign_state(To& to, const From& from) {
    auto& x = unwrap_reference_to(to);
    if constexpr (is_std_pair<std::remove_cv_t<std::remove_reference_t<decltype(x)>>>::value) {
        unwrap_reference_to(x.first) = from.first;
        unwrap_reference_to(x.second) = from.second;
    } else {
        x = from;
    }
}

}  // namespace detail

}  // namespace geomint
