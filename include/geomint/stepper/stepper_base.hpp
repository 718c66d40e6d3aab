#pragma once
/// \file
/// The base of every geomint Boost.Odeint stepper (CRTP): the typedef block odeint reads, both
/// `do_step` forms, pair states of values or of references, the step-size check, and the check
/// policy a user picks per stepper (`checked`, `unchecked`); the summation policy, the other
/// choice every stepper offers, is in geomint/summation.hpp.
///
/// A family's stepper derives from `stepper_base<Derived, Scheme, Coor, Momentum, Checks>` and
/// implements
/// \code
///   template <class System, class QIn, class PIn, class QOut, class POut>
///   void step(System& sys, const QIn& q, const PIn& p, const time_type& t, QOut& q_out, POut& p_out,
///             const time_type& dt);
/// \endcode
/// (`sys` unwrapped from std::ref / boost::ref, possibly const; the components unwrapped too;
/// `q_out` may alias `q`),
/// checking the state itself when `checks_enabled`. Time is passed to every step; no scheme
/// keeps a clock.

#include "geomint/error.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/state.hpp"
#include "geomint/stepper/requirements.hpp"
#include "geomint/summation.hpp"

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/resizer.hpp>
#include <boost/numeric/odeint/util/state_wrapper.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <functional>
#include <utility>

/// Marks a small callable of a step's inner loop (a substep) to be inlined whatever the
/// optimization level's heuristics decide: GCC at -O2 left the splitting steppers' drift out of
/// line in one binary and inlined it in another (Hénon–Heiles' sb3a, 1.5× against 1.0× odeint).
#if defined(__GNUC__) || defined(__clang__)
#define GEOMINT_ALWAYS_INLINE __attribute__((always_inline))
#else
#define GEOMINT_ALWAYS_INLINE
#endif

namespace geomint {

/// Check policy (default): each step checks dt (finite and non-zero; dt < 0 steps backward), the
/// state's sizes and that every entry is finite, and throws
/// std::invalid_argument naming the value and the violated condition.
struct checked {
    /// Input checks are on.
    static constexpr bool enabled = true;
};

/// Check policy for hot loops whose inputs are known to be good: no per-step checks. A wrong
/// size is then undefined behaviour and a non-finite entry propagates to the result (it is not
/// reported). What is checked once per system and step size (the stability bound, the model's
/// own preconditions) and the solvers' convergence errors still throw.
struct unchecked {
    /// Input checks are off.
    static constexpr bool enabled = false;
};

namespace detail {

/// dt is finite and non-zero (dt < 0 steps backward, as odeint's steppers do).
/// \throws std::invalid_argument naming the scheme, dt and the condition.
template <class Scheme, class T>
[[noreturn]] [[gnu::noinline]] void throw_step_size(const T& dt) {
    throw std::invalid_argument(std::string(Scheme::name) + ": step size dt = " + geomint::to_string(dt) +
                                " violates the precondition dt != 0 and finite (dt < 0 steps backward)");
}
template <class Scheme, class T>
inline void require_step_size(const T& dt) {
    if constexpr (is_symbolic_v<T>) {
        return;  // an assumption on the symbol
    } else {
        if (!(dt != T(0)) || !is_finite(dt)) throw_step_size<Scheme>(dt);  // the message built out of line
    }
}

/// True for a (q, p) state: a std::pair, possibly wrapped in std::ref / boost::ref.
template <class S>
inline constexpr bool is_state_pair_v =
    is_std_pair<std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<std::remove_cv_t<S>>::type>>::value;

/// Throws std::invalid_argument naming the first non-finite entry of q or p (called once a check
/// found one; kept out of line so the messages are built only then).
template <class Q, class P>
[[noreturn]] [[gnu::noinline]] void throw_non_finite_state(const char* who, const Q& q, const P& p) {
    require_finite(q, std::string(who) + ": state q");
    require_finite(p, std::string(who) + ": state p");
    throw std::logic_error(std::string(who) + ": throw_non_finite_state called on a finite state");
}

/// The state check of every (q, p) stepper under `checked`: q and p of equal length, every entry
/// finite. \throws std::invalid_argument naming the lengths, or the first non-finite entry.
template <class Q, class P>
void check_pair_state(const char* who, const Q& q, const P& p) {
    if (p.size() != q.size())
        throw std::invalid_argument(std::string(who) + ": q has " + std::to_string(q.size()) + " entries and p has " +
                                    std::to_string(p.size()) + " (precondition: equal lengths)");
    if (!all_finite(q) || !all_finite(p)) throw_non_finite_state(who, q, p);
}

}  // namespace detail

/// CRTP base of the odeint steppers (see the file comment).
///
/// \tparam Derived  the family's stepper.
/// \tparam Scheme   a scheme with the trait vocabulary of scheme/traits.hpp.
/// \tparam Coor     coordinate type: a scalar or a container (std::array, boost::array, std::vector,
///                  Eigen vector).
/// \tparam Momentum momentum type.
/// \tparam Checks   `checked` or `unchecked`.
///
/// The system is taken by value, as odeint passes it; pass `std::ref(sys)` / `boost::ref(sys)`
/// (also of a const model) to share it. A callable system is called non-const on that copy (a
/// functor with a non-const `operator()` works). geomint's models share their immutable data
/// between copies, so passing one by value copies no matrix.
template <class Derived, class Scheme, class Coor, class Momentum, class Checks>
class stepper_base {
    static_assert(scheme_description<Scheme>, "Scheme must declare the trait vocabulary of geomint/scheme/traits.hpp");
    static_assert(std::is_same_v<Checks, checked> || std::is_same_v<Checks, unchecked>,
                  "Checks must be geomint::checked or geomint::unchecked");
    // Coor and Momentum are state vectors of one scalar (stepper/requirements.hpp); when they are
    // not, the static_assert there is the one error: `dispatch` compiles no step.
    static constexpr bool valid_state_types = detail::require_state_types<Coor, Momentum>();

public:
    /// The scheme this stepper steps (a type of namespace geomint::scheme).
    using scheme_type = Scheme;
    /// The concrete stepper type (CRTP).
    using stepper_type = Derived;
    /// Coordinate container q.
    using coor_type = Coor;
    /// Momentum container p.
    using momentum_type = Momentum;
    /// Type of dq/dt (the coordinate container), as odeint's symplectic steppers.
    using coor_deriv_type = Coor;
    /// Type of dp/dt (the momentum container).
    using momentum_deriv_type = Momentum;
    /// State: the pair (q, p) of coordinates and generalized momenta.
    using state_type = std::pair<Coor, Momentum>;
    /// Derivative type: the pair (dq/dt, dp/dt).
    using deriv_type = std::pair<coor_deriv_type, momentum_deriv_type>;
    /// odeint state wrapper of dq/dt.
    using wrapped_coor_deriv_type = boost::numeric::odeint::state_wrapper<coor_deriv_type>;
    /// odeint state wrapper of dp/dt.
    using wrapped_momentum_deriv_type = boost::numeric::odeint::state_wrapper<momentum_deriv_type>;
    /// Scalar type of the state and of time.
    using value_type = typename detail::stepper_scalar<Coor>::type;
    /// Time type (odeint's `time_type`): the scalar type.
    using time_type = value_type;
    /// What odeint would pick for `Coor` (reported for type inspection: geomint's steppers do
    /// their arithmetic through Eigen views, not through an odeint algebra).
    using algebra_type = typename boost::numeric::odeint::algebra_dispatcher<Coor>::algebra_type;
    /// odeint operations: what odeint would pick for the coordinate type (for type inspection).
    using operations_type = typename boost::numeric::odeint::operations_dispatcher<Coor>::operations_type;
    /// Work arrays are sized on each step from the state (odeint's `initially_resizer` behaviour).
    using resizer_type = boost::numeric::odeint::initially_resizer;
    /// Type of `order()`.
    using order_type = unsigned short;
    /// odeint category: a plain (fixed step) stepper.
    using stepper_category = boost::numeric::odeint::stepper_tag;
    /// The checking policy, `checked` or `unchecked`.
    using check_policy = Checks;
    /// Whether this stepper validates its input (the `checked` policy).
    static constexpr bool checks_enabled = Checks::enabled;

    /// Order of accuracy of the scheme.
    static constexpr order_type order_value = static_cast<order_type>(Scheme::order);
    /// Order of accuracy of the scheme (odeint's `order()`).
    static constexpr order_type order() { return order_value; }

    /// odeint's stepper interface: prepare for states like `x`. geomint's steppers size their
    /// work arrays from the state on each step, so there is nothing to do.
    template <class StateType>
    void adjust_size(const StateType& /*x*/) {}

    /// Advance x = (q, p) in place from t to t + dt (dt < 0 steps backward). x is a pair of values
    /// or, as odeint's symplectic steppers take it, `std::make_pair(std::ref(q), std::ref(p))`
    /// (or `boost::ref`).
    template <class System, class StateInOut>
        requires detail::is_state_pair_v<StateInOut>
    void do_step(System system, StateInOut& x, const time_type& t, const time_type& dt) {
        dispatch(system, detail::unwrap_reference_to(x), t, detail::unwrap_reference_to(x), dt);
    }
    /// odeint's in-place step of the (q, p) state x from t to t + dt. \throws geomint::error on bad input (checked policy) or a failed solve.
    template <class System, class StateInOut>
        requires detail::is_state_pair_v<StateInOut>
    void do_step(System system, const StateInOut& x, const time_type& t, const time_type& dt) {
        dispatch(system, detail::unwrap_reference_to(x), t, detail::unwrap_reference_to(x), dt);
    }

    /// Advance q and p, given separately, in place (odeint's `do_step(system, q, p, t, dt)`).
    template <class System, class CoorInOut, class MomentumInOut>
        requires(!detail::is_state_pair_v<CoorInOut>)
    void do_step(System system, CoorInOut& q, MomentumInOut& p, const time_type& t, const time_type& dt) {
        auto x = std::make_pair(std::ref(q), std::ref(p));
        dispatch(system, x, t, x, dt);
    }
    /// odeint's in-place step with q and p given separately.
    template <class System, class CoorInOut, class MomentumInOut>
        requires(!detail::is_state_pair_v<CoorInOut>)
    void do_step(System system, const CoorInOut& q, const MomentumInOut& p, const time_type& t, const time_type& dt) {
        auto x = std::make_pair(std::ref(q), std::ref(p));
        dispatch(system, x, t, x, dt);
    }

    /// Advance `in` = (q, p) at t to `out` at t + dt (`out` may alias `in`; either may be a pair
    /// of references).
    template <class System, class StateIn, class StateOut>
        requires detail::is_state_pair_v<StateIn>
    void do_step(System system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        dispatch(system, detail::unwrap_reference_to(in), t, detail::unwrap_reference_to(out), dt);
    }
    /// odeint's out-of-place step from \p in to \p out.
    template <class System, class StateIn, class StateOut>
        requires detail::is_state_pair_v<StateIn>
    void do_step(System system, const StateIn& in, const time_type& t, const StateOut& out, const time_type& dt) {
        dispatch(system, detail::unwrap_reference_to(in), t, detail::unwrap_reference_to(out), dt);
    }

    /// Any other state: refused at compile time with a message (stepper/requirements.hpp), so
    /// that a flat odeint state gets one error instead of the list of these overloads.
    template <class System, class State>
        requires(!detail::is_state_pair_v<State>)
    void do_step(System /*system*/, const State& /*x*/, const time_type& /*t*/, const time_type& /*dt*/) {
        detail::refuse_flat_state<State>();
    }

private:
    template <class System, class StateIn, class StateOut>
    void dispatch(System& system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        using S = typename boost::numeric::odeint::unwrap_reference<System>::type;
        // each requirement (stepper/requirements.hpp) is one static_assert; past a failed one no
        // step is compiled, so its message is the only error
        if constexpr (valid_state_types) {
            const auto& q = detail::unwrap_reference_to(in.first);
            const auto& p = detail::unwrap_reference_to(in.second);
            using Q = std::remove_cvref_t<decltype(q)>;
            using P = std::remove_cvref_t<decltype(p)>;
            if constexpr (detail::require_handed_state<Q, P>()) {
                if constexpr (detail::require_system_callables<S, Coor, Momentum, Q, P>()) {
                    if constexpr (checks_enabled) detail::require_step_size<Scheme>(dt);
                    S& sys = system;
                    auto& q_out = detail::unwrap_reference_to(out.first);
                    auto& p_out = detail::unwrap_reference_to(out.second);
                    static_cast<Derived&>(*this).step(sys, q, p, t, q_out, p_out, dt);
                }
            }
        }
    }
};

namespace detail {
/// The working (q, p) of a stepper that advances a pair state by increments (the Galerkin VI, the
/// compositions): loaded and checked from the caller's containers, advanced with `Summation`
/// (under compensated summation the rounding carry survives between the steps of one
/// trajectory, recognised by the state handed in being the one written last), written back.
template <class U, summation_policy Summation, int N = Eigen::Dynamic>
class pair_work {
public:
    using vec = vector<U, N>;  ///< N: the states' compile-time length, or Eigen::Dynamic
    vec q, p;

    /// Loads (q_in, p_in), checked when `Check` (detail::check_pair_state). Returns whether this
    /// step continues the last one (the state handed in is the one written last).
    template <bool Check, class QIn, class PIn>
    bool load(const char* name, const QIn& q_in, const PIn& p_in) {
        const auto qv = as_eigen(q_in);
        const auto pv = as_eigen(p_in);
        if constexpr (Check) check_pair_state(name, qv, pv);
        q = qv;
        p = pv;
        return m_sum.begin(q, p);
    }
    void add_to_q(const vec& dq) { m_sum.add_first(q, dq); }
    void add_to_p(const vec& dp) { m_sum.add_second(p, dp); }
    /// Writes (q, p) to the caller's containers (resized) and remembers it.
    template <class QOut, class POut>
    void store(QOut& q_out, POut& p_out) {
        m_sum.end(q, p);
        resize_state(q_out, q.size());
        resize_state(p_out, p.size());
        as_eigen(q_out) = q;
        as_eigen(p_out) = p;
    }
    /// Forget the carry (the next step starts a trajectory afresh).
    void forget() { m_sum.forget(); }

private:
    pair_summation<vec, Summation, true> m_sum;  // tracked under either policy: `load` reports continuation
};
}  // namespace detail

}  // namespace geomint
