#pragma once
/// \file
/// What a stepper checks at compile time about what it is given: its state types and the
/// callables of odeint's system forms. Each failed requirement is one `static_assert` whose
/// message says what is wrong and what to write instead; the stepper then compiles nothing more
/// for that call, so the message is the first `error:` line the compiler prints and the output
/// stays short (the compile-fail tests in test/compile_fail/ hold both).
///
/// The requirements:
/// - the coordinate and momentum types are state vectors of geomint/state.hpp (std::array,
///   boost::array, std::vector, an Eigen column vector, or a scalar) with one scalar type;
/// - the state handed to `do_step` is a (q, p) pair (a flat odeint state is refused) of state
///   vectors (an unevaluated Eigen expression is refused);
/// - odeint's pair form (f, g) has f(p, dqdt) and g(q, dpdt) callable on the stepper's
///   containers, a momentum function is callable as g(q, dpdt); each returns void (a callable
///   that returns a value is taken for a Lagrangian or a first-order right-hand side, and
///   refused); odeint's first-order right-hand side f(x, dxdt, t) is recognised and named.

#include "geomint/model/system_form.hpp"
#include "geomint/state.hpp"

#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <type_traits>

namespace geomint {

/// A type geomint's steppers take as a coordinate or momentum container (geomint/state.hpp:
/// `state_traits<V>` is defined for it).
template <class V>
concept state_vector = requires {
    typename state_traits<V>::scalar;
    state_traits<V>::static_size;
};

namespace detail {

/// Always false, for a `static_assert` that fires only when its template is instantiated.
template <class...>
inline constexpr bool dependent_false = false;

/// A stepper's scalar: that of `Coor`, or a placeholder when `Coor` is not a state vector (the
/// stepper's static_assert then reports it, and its declarations still compile).
template <class Coor>
struct stepper_scalar {
    struct not_a_state_vector {};
    using type = not_a_state_vector;
};
template <state_vector Coor>
struct stepper_scalar<Coor> {
    using type = typename state_traits<Coor>::scalar;
};

/// The state types of a stepper: both state vectors, of one scalar type. Returns whether they
/// are; a `static_assert` names the violation otherwise.
template <class Coor, class Momentum>
constexpr bool require_state_types() {
    constexpr bool coor_ok = state_vector<Coor>, momentum_ok = state_vector<Momentum>;
    static_assert(coor_ok,
                  "geomint stepper: the coordinate type Coor must be a state vector: std::array<T, N>, boost::array<T, "
                  "N>, std::vector<T>, an Eigen column vector Eigen::Matrix<T, N, 1>, or a scalar T for one degree of "
                  "freedom (geomint/state.hpp)");
    static_assert(!coor_ok || momentum_ok,
                  "geomint stepper: the momentum type Momentum must be a state vector: std::array<T, N>, "
                  "boost::array<T, N>, std::vector<T>, an Eigen column vector, or a scalar T (geomint/state.hpp)");
    if constexpr (coor_ok && momentum_ok) {
        constexpr bool same = std::is_same_v<typename state_traits<Coor>::scalar, typename state_traits<Momentum>::scalar>;
        static_assert(same,
                      "geomint stepper: the momentum type has another scalar than the coordinate type; q and p must "
                      "share one scalar T (the stepper's value_type and time_type): write e.g. "
                      "yoshida4_stepper<std::array<T, n>> (Momentum defaults to Coor)");
        return same;
    }
    return false;
}

/// What a stepper is given as its state: a (q, p) pair. The fallback overload of `do_step`
/// (stepper_base.hpp) instantiates this for any other state.
template <class State>
constexpr void refuse_flat_state() {
    static_assert(dependent_false<State>,
                  "geomint stepper: the state must be a (q, p) pair, std::make_pair(q, p) (or "
                  "std::make_pair(std::ref(q), std::ref(p))), as for odeint's symplectic steppers; a flat state "
                  "x = (q, p) in one container is odeint's first-order form, which geomint's steppers do not take");
}

/// The components of the (q, p) state handed to `do_step`: state vectors (an Eigen expression,
/// such as `V::Zero(n)` unevaluated, is not one). Returns whether they are.
template <class Q, class P>
constexpr bool require_handed_state() {
    constexpr bool ok = state_vector<Q> && state_vector<P>;
    static_assert(ok,
                  "geomint stepper: q and p of the state pair must be state vectors (std::array, boost::array, "
                  "std::vector, an Eigen column vector, or a scalar); an Eigen expression such as V::Zero(n) or "
                  "V::Constant(n, c) must be evaluated first: write V::Zero(n).eval() or V(V::Zero(n))");
    return ok;
}

/// A callable `fn(const In&, Out&)` of odeint's separable forms, called non-const (unwrapped from
/// std::ref / boost::ref), for the stepper's declared containers (In, Out) or those of the state
/// it was handed (In2, Out2; the Newton-equation steppers call with those): whether it can be
/// called, and whether it returns void.
template <class Fn, class In, class Out, class In2, class Out2>
struct rate_call {
    using F = typename boost::numeric::odeint::unwrap_reference<Fn>::type&;
    static constexpr bool declared = std::is_invocable_v<F, const In&, Out&>;
    static constexpr bool handed = std::is_invocable_v<F, const In2&, Out2&>;
    static constexpr bool callable = declared || handed;
    static constexpr bool returns_void() {
        if constexpr (declared) return std::is_void_v<std::invoke_result_t<F, const In&, Out&>>;
        else if constexpr (handed) return std::is_void_v<std::invoke_result_t<F, const In2&, Out2&>>;
        else return false;
    }
};

/// odeint's first-order right-hand side fn(x, dxdt, t).
template <class Fn, class X, class Time>
inline constexpr bool first_order_rhs_v =
    std::is_invocable_v<typename boost::numeric::odeint::unwrap_reference<Fn>::type&, const X&, X&, const Time&>;

/// The callables of a system of odeint's forms, for a stepper whose states are `Coor` and
/// `Momentum` and which was handed a state (`Q`, `P`): the pair (f, g) with f(p, dqdt),
/// g(q, dpdt), or a momentum function g(q, dpdt). Models (which declare their `form`) are
/// checked by the steppers that take them. Returns whether the system may be stepped; a
/// `static_assert` names the violation otherwise.
template <class System, class Coor, class Momentum, class Q = Coor, class P = Momentum>
constexpr bool require_system_callables() {
    using S = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<System>>::type>;
    using T = typename state_traits<Coor>::scalar;
    constexpr system_form form = form_of<S>();
    if constexpr (form == system_form::momentum_function) {
        using g = rate_call<S, Coor, Momentum, Q, P>;
        constexpr bool first_order = !g::callable && (first_order_rhs_v<S, Coor, T> || first_order_rhs_v<S, Q, T>);
        static_assert(!first_order,
                      "geomint stepper: the system is odeint's first-order right-hand side f(x, dxdt, t); geomint's "
                      "steppers integrate (q, p) systems: pass std::make_pair(f, g) with f(p, dqdt) (dq/dt) and "
                      "g(q, dpdt) (dp/dt), or g(q, dpdt) alone when dq/dt = p");
        static_assert(g::callable || first_order,
                      "geomint stepper: the system is not callable as a momentum function g(q, dpdt) on the stepper's "
                      "containers (const Coor&, Momentum&); write it as [](const auto& q, auto& dpdt) { ... }, or pass "
                      "odeint's pair std::make_pair(f, g), or a geomint model");
        constexpr bool returns_void = g::returns_void();
        static_assert(!g::callable || returns_void,
                      "geomint stepper: the momentum function g(q, dpdt) returns a value; it must write dp/dt into "
                      "its second argument and return void. A Lagrangian L(q, v) is given as "
                      "geomint::make_lagrangian_system<T>(n, L) (stepped by galerkin_vi_stepper)");
        return g::callable && returns_void;
    } else if constexpr (form == system_form::odeint_pair) {
        using f = rate_call<typename S::first_type, Momentum, Coor, P, Q>;
        using g = rate_call<typename S::second_type, Coor, Momentum, Q, P>;
        static_assert(f::callable,
                      "geomint stepper: in the pair std::make_pair(f, g), f is not callable as f(p, dqdt) on the "
                      "stepper's containers (const Momentum&, Coor&): write f as [](const auto& p, auto& dqdt) { ... } "
                      "(dq/dt = f(p); odeint's symplectic system form)");
        static_assert(!f::callable || g::callable,
                      "geomint stepper: in the pair std::make_pair(f, g), g is not callable as g(q, dpdt) on the "
                      "stepper's containers (const Coor&, Momentum&): write g as [](const auto& q, auto& dpdt) { ... } "
                      "(dp/dt = g(q); odeint's symplectic system form)");
        constexpr bool void_ok = f::returns_void() && g::returns_void();
        static_assert(!(f::callable && g::callable) || void_ok,
                      "geomint stepper: in the pair std::make_pair(f, g), f or g returns a value; f(p, dqdt) and "
                      "g(q, dpdt) write the rates into their second argument and return void");
        return f::callable && g::callable && void_ok;
    } else {
        return true;
    }
}

}  // namespace detail
}  // namespace geomint
