#pragma once
/// \file
/// The base of every geomint Boost.Odeint stepper (CRTP): the typedef block odeint reads, both
/// `do_step` forms, pair states of values or of references, the step-size check, and the two
/// policies a user picks per stepper — per-step checks and the summation of the update.
///
/// A family's stepper derives from `stepper_base<Derived, Scheme, Coor, Momentum, Checks>` and
/// implements
/// \code
///   template <class System, class QIn, class PIn, class QOut, class POut>
///   void step(const System& sys, const QIn& q, const PIn& p, const time_type& t, QOut& q_out, POut& p_out,
///             const time_type& dt);
/// \endcode
/// (`sys` unwrapped from std::ref, the components unwrapped from std::ref; `q_out` may alias `q`),
/// checking the state itself when `checks_enabled`. Time is passed to every step; no scheme
/// keeps a clock.

#include "geomint/error.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/state.hpp"

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// Check policy (default): each step checks dt (finite, non-zero; positive unless the scheme is
/// time-symmetric), the state's sizes and that every entry is finite, and throws
/// std::invalid_argument naming the value and the violated condition.
struct checked {
    static constexpr bool enabled = true;
};

/// Check policy for hot loops whose inputs are known to be good: no per-step checks. A wrong
/// size is then undefined behaviour and a non-finite entry propagates to the result (it is not
/// reported). What is checked once per system and step size (the stability bound, the model's
/// own preconditions) and the solvers' convergence errors still throw.
struct unchecked {
    static constexpr bool enabled = false;
};

/// Summation policy (default of the linear and Newton-equation steppers): the update is written
/// as the scheme's formulas give it.
struct plain_summation {};

/// Summation policy (default of the truss steppers): the increments of each step are added to
/// the state by compensated (Kahan–Babuška) summation, carrying the rounding lost to the next
/// step, so invariants conserved by the scheme do not random-walk by ε|x| a step. The carry
/// belongs to the state the stepper wrote last: a state changed by the caller starts afresh.
struct compensated_summation {};

namespace detail {

/// The scalar of a state component: the component itself if it is a scalar, else its entries'.
template <class C, class = void>
struct component_scalar {
    using type = typename state_traits<C>::scalar;
};
template <class C>
struct component_scalar<C, std::enable_if_t<std::is_arithmetic_v<C> || bmp::is_number<C>::value>> {
    using type = C;
};
template <class C>
using component_scalar_t = typename component_scalar<std::remove_cv_t<C>>::type;

/// A state component, unwrapped from std::ref / boost::ref (a plain component is returned as is).
template <class C>
decltype(auto) unwrap_component(C& c) {
    using W = std::remove_cv_t<C>;
    using U = typename boost::numeric::odeint::unwrap_reference<W>::type;
    if constexpr (std::is_same_v<U, W>)
        return (c);
    else
        return static_cast<U&>(c);
}

/// dt is finite and non-zero, and positive unless `Scheme` is time-symmetric.
/// \throws std::invalid_argument naming the scheme, dt and the condition.
template <class Scheme, class T>
void require_step_size(const T& dt) {
    if constexpr (is_symbolic_v<T>) {
        return;  // an assumption on the symbol
    } else if constexpr (Scheme::symmetric) {
        if (!(dt != T(0)) || !is_finite(dt))
            throw std::invalid_argument(std::string(Scheme::name) + ": step size dt = " + geomint::to_string(dt) +
                                        " violates the precondition dt != 0 and finite (the scheme is time-symmetric: "
                                        "dt < 0 steps backward)");
    } else {
        if (!(dt > T(0)) || !is_finite(dt))
            throw std::invalid_argument(std::string(Scheme::name) + ": step size dt = " + geomint::to_string(dt) +
                                        " violates the precondition 0 < dt < infinity (the scheme is not time-symmetric: "
                                        "it cannot step backward)");
    }
}

/// Throws std::invalid_argument naming the first non-finite entry of q or p (called once a check
/// found one; kept out of line so the messages are built only then).
template <class Q, class P>
[[noreturn]] [[gnu::noinline]] void throw_non_finite_state(const char* who, const Q& q, const P& p) {
    require_finite(q, std::string(who) + ": state q");
    require_finite(p, std::string(who) + ": state p");
    throw std::logic_error(std::string(who) + ": throw_non_finite_state called on a finite state");
}

}  // namespace detail

/// CRTP base of the odeint steppers (see the file comment).
///
/// \tparam Derived  the family's stepper.
/// \tparam Scheme   a scheme with the trait vocabulary of scheme/traits.hpp.
/// \tparam Coor     coordinate type: a scalar or a container (std::array, std::vector, Eigen vector).
/// \tparam Momentum momentum type.
/// \tparam Checks   `checked` or `unchecked`.
template <class Derived, class Scheme, class Coor, class Momentum, class Checks>
class stepper_base {
    static_assert(scheme_description<Scheme>, "Scheme must declare the trait vocabulary of geomint/scheme/traits.hpp");
    static_assert(std::is_same_v<Checks, checked> || std::is_same_v<Checks, unchecked>,
                  "Checks must be geomint::checked or geomint::unchecked");

public:
    using scheme_type = Scheme;
    using coor_type = Coor;
    using momentum_type = Momentum;
    using state_type = std::pair<Coor, Momentum>;
    using deriv_type = state_type;
    using value_type = detail::component_scalar_t<Coor>;
    using time_type = value_type;
    using order_type = unsigned short;
    using stepper_category = boost::numeric::odeint::stepper_tag;
    using check_policy = Checks;
    static constexpr bool checks_enabled = Checks::enabled;

    /// Order of accuracy of the scheme.
    static constexpr order_type order() { return static_cast<order_type>(Scheme::order); }

    /// Advance x = (q, p) in place from t to t + dt. x is a pair of values or, as odeint's
    /// symplectic steppers take it, `std::make_pair(std::ref(q), std::ref(p))`.
    template <class System, class StateInOut>
    void do_step(System system, StateInOut& x, const time_type& t, const time_type& dt) {
        dispatch(system, x, t, x, dt);
    }
    template <class System, class StateInOut>
    void do_step(System system, const StateInOut& x, const time_type& t, const time_type& dt) {
        dispatch(system, x, t, x, dt);
    }

    /// Advance `in` = (q, p) at t to `out` at t + dt (`out` may alias `in`; either may be a pair
    /// of references).
    template <class System, class StateIn, class StateOut>
    void do_step(System system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        dispatch(system, in, t, out, dt);
    }
    template <class System, class StateIn, class StateOut>
    void do_step(System system, const StateIn& in, const time_type& t, const StateOut& out, const time_type& dt) {
        dispatch(system, in, t, out, dt);
    }

private:
    template <class System, class StateIn, class StateOut>
    void dispatch(System& system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        using S = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<System>::type>;
        if constexpr (checks_enabled) detail::require_step_size<Scheme>(dt);
        const S& sys = system;
        const auto& q = detail::unwrap_component(in.first);
        const auto& p = detail::unwrap_component(in.second);
        auto& q_out = detail::unwrap_component(out.first);
        auto& p_out = detail::unwrap_component(out.second);
        static_cast<Derived&>(*this).step(sys, q, p, t, q_out, p_out, dt);
    }
};

namespace detail {
/// The state a stepper wrote last, for a carry that belongs to it (compensated summation, a
/// cached force): `continues(q, p)` tells whether the caller handed that state back unchanged.
/// q and p are Eigen expressions of any shape.
template <class T>
class last_written_state {
public:
    template <class Q, class P>
    bool continues(const Q& q, const P& p) const {
        return m_valid && q.rows() == m_q.rows() && q.cols() == m_q.cols() && p.rows() == m_p.rows() &&
               p.cols() == m_p.cols() && q == m_q && p == m_p;
    }
    template <class Q, class P>
    void remember(const Q& q, const P& p) {
        m_q = q;
        m_p = p;
        m_valid = true;
    }
    void forget() { m_valid = false; }

private:
    matrix<T> m_q, m_p;  // any shape: vectors, or N × 3 nodal blocks
    bool m_valid = false;
};
}  // namespace detail

}  // namespace geomint
