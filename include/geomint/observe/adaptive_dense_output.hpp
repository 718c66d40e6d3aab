#pragma once
/// \file
/// The odeint dense-output protocol (dense_output_stepper_tag) of a stepper that chooses its own
/// steps and knows the next one's length before taking it: the time-transformed splittings
/// (stepper/time_transformed_stepper.hpp) and the reversible step-size control
/// (stepper/reversible_stepper.hpp). Written once here, as a CRTP base:
///
/// - `initialize(x0, t0, dt)` starts a run from x0 at t0, only dt's sign being used (dt < 0 runs
///   backward) — except at the node the stepper is at (same t0, same state): the run then
///   continues from its own state, so that turning back retraces the steps, and in the same
///   direction a 0 < |dt| below the next step's length shortens the next step to end exactly at
///   t0 + dt (odeint's integrate_const, integrate_adaptive and integrate_times re-initialize so to
///   end on the end time).
/// - `do_step(system)` takes the next step and returns (t_old, t_new); the system must be of the
///   stepper's `system_type` (the stepper steps its own copy, given at construction).
/// - `calc_state(t, x)` is the state at t within the last step (the derived stepper's
///   `state_at`); observing never changes a step.
///
/// What the derived class provides (it befriends this base):
/// - `static constexpr const char* name`, `using system_type`, `using state_type`, `time_type`;
/// - public `const system_type& system() const`: the system to pass do_step (its own copy), so
///   that generic code — the conformance kit's `examine_adaptive` — can drive any of them;
/// - `state_type accept(const StateIn&)`: x0 converted and checked (throws for a wrong size);
/// - `void start(const state_type& x0, const time_type& t0)`: a new run's own state (checks it);
/// - `void look_ahead()`: the next step in the current `direction()`, computed or prepared;
/// - `time_type next_length() const`: its signed physical length;
/// - `void turn_back()`: called after `direction()` changed at a node, before `look_ahead()`;
/// - `std::pair<state_type, time_type> advance()`: the step prepared by look_ahead;
/// - `state_type land(const time_type& target)`: the next step shortened to end at target;
/// - `state_type state_at(const time_type& t) const`: the state at t within the last step.

#include "geomint/error.hpp"
#include "geomint/observe/dense_output_stepper.hpp"
#include "geomint/scalar.hpp"

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint::detail {

/// CRTP base: the odeint dense-output protocol of a self-stepping stepper (see the file's comment).
template <class Derived, class State, class Time>
class adaptive_dense_output {
public:
    /// odeint category.
    using stepper_category = boost::numeric::odeint::dense_output_stepper_tag;

    /// Starts a run at (x0, t0), or turns back, or shortens the next step to end at t0 + dt (see
    /// the file's comment). \throws std::invalid_argument if t0 or dt is not finite, or from the
    /// derived class's checks of x0.
    template <class StateIn>
    void initialize(const StateIn& x0, const Time& t0, const Time& dt) {
        if (!is_finite(t0) || !is_finite(dt))
            throw std::invalid_argument(std::string(Derived::name) + ": initialize at t0 = " + geomint::to_string(t0) +
                                        " with dt = " + geomint::to_string(dt) + " (precondition: both finite)");
        State x = self().accept(detail::unwrap_reference_to(x0));
        const int sign = dt < Time(0) ? -1 : 1;
        if (m_initialized && t0 == m_t && x.first == m_current.first && x.second == m_current.second) {
            m_landing.reset();
            if (sign != m_sign) {  // turned back at the node: retrace the steps
                m_sign = sign;
                self().turn_back();
                self().look_ahead();
                return;
            }
            using std::abs;  // same direction: a landing on t0 + dt before the next step's end
            if (dt != Time(0) && abs(dt) < abs(self().next_length())) m_landing = dt;
            return;
        }
        m_sign = sign;
        self().start(x, t0);
        m_current = x;
        m_previous = std::move(x);
        m_t = m_t_old = t0;
        m_landing.reset();
        m_steps = 0;
        m_initialized = true;
        self().look_ahead();
    }

    /// One step: the prepared step, or the shortened landing step. Returns (t_old, t_new).
    /// \throws std::logic_error before initialize; what the derived step throws.
    template <class System>
    std::pair<Time, Time> do_step(System&& system) {
        using S = std::remove_cvref_t<typename boost::numeric::odeint::unwrap_reference<std::remove_cvref_t<System>>::type>;
        static_assert(std::is_same_v<S, typename Derived::system_type>,
                      "odeint passes do_step the system given to integrate_*: pass the stepper's system (its "
                      "type); the stepper steps its own copy, given at construction");
        (void)system;
        require_initialized("do_step");
        m_previous = m_current;
        m_t_old = m_t;
        if (m_landing) {
            const Time target = m_t + *m_landing;
            m_current = self().land(target);
            m_t = target;
            m_landing.reset();
        } else {
            std::tie(m_current, m_t) = self().advance();
        }
        ++m_steps;
        self().look_ahead();
        return {m_t_old, m_t};
    }

    /// The state at time t in [previous_time, current_time] (either order), into x.
    /// \throws std::logic_error before initialize; std::out_of_range for t outside the step.
    template <class StateOut>
    void calc_state(const Time& t, StateOut& x) const {
        write_state(t, x);
    }
    /// odeint's const overload (a pair of references).
    template <class StateOut>
    void calc_state(const Time& t, const StateOut& x) const {
        write_state(t, x);
    }

    /// State at current_time().
    const State& current_state() const { return m_current; }
    /// Time of the current node.
    const Time& current_time() const { return m_t; }
    /// Signed length of the next step (exact: known ahead), or the landing's.
    Time current_time_step() const { return m_landing ? *m_landing : self().next_length(); }
    /// State at previous_time().
    const State& previous_state() const { return m_previous; }
    /// Time of the previous node.
    const Time& previous_time() const { return m_t_old; }
    /// Steps taken since initialize.
    long long steps() const { return m_steps; }

protected:
    /// +1 forward, −1 backward.
    int direction() const { return m_sign; }
    /// Whether the next step is a landing.
    bool landing() const { return m_landing.has_value(); }
    /// \throws std::logic_error naming `what` before initialize.
    void require_initialized(const char* what) const {
        if (!m_initialized)
            throw std::logic_error(std::string(Derived::name) + ": " + what + " called before initialize(x0, t0, dt)");
    }

private:
    Derived& self() { return static_cast<Derived&>(*this); }
    const Derived& self() const { return static_cast<const Derived&>(*this); }

    template <class StateOut>
    void write_state(const Time& t, StateOut& x) const {
        require_initialized("calc_state");
        detail::require_within_step(std::string(Derived::name), t, m_t_old, m_t, m_steps);
        if (t == m_t || m_steps == 0) detail::assign_state(x, m_current);
        else if (t == m_t_old) detail::assign_state(x, m_previous);
        else detail::assign_state(x, self().state_at(t));
    }

    State m_current{}, m_previous{};
    Time m_t{}, m_t_old{};
    std::optional<Time> m_landing;
    int m_sign = 1;
    long long m_steps = 0;
    bool m_initialized = false;
};

}  // namespace geomint::detail
