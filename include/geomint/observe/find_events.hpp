#pragma once
/// \file
/// Event location on a dense-output run: every sign change of a scalar event function g(t, q, p)
/// between two nodes, found by sampling the continuous output and located by Boost.Math's TOMS 748
/// to the scalar type's precision, without touching a step.
///
/// \code
///   auto dense = geomint::make_dense_output(geomint::galerkin_vi_stepper<V, 2>());
///   // pericentre passages of Kepler's problem: q·p = 0, rising
///   auto events = geomint::find_events(dense, std::make_pair(f, g), x, 0.0, 100.0, 0.01,
///       [](double, const V& q, const V& p) { return q[0] * p[0] + q[1] * p[1]; },
///       geomint::event_direction::rising);
///   for (const auto& e : events) std::cout << e.t << '\n';
/// \endcode

#include "geomint/error.hpp"
#include "geomint/scalar.hpp"
#include "geomint/state.hpp"

#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// Which sign changes of the event function count.
enum class event_direction {
    rising,   ///< from g ≤ 0 to g > 0
    falling,  ///< from g > 0 to g ≤ 0
    both,
};

/// One located event: the time and the continuous output there.
template <class State, class Time>
struct event_record {
    /// Time of the event.
    Time t;
    /// State at the event (interpolated).
    State state;
    bool rising;  ///< the event function rises through zero at t (falls otherwise)
};

/// Settings of `find_events`.
struct event_options {
    /// Stop the run at the first event: the state handed back is then the node at the end of the
    /// step that holds it.
    bool terminal = false;
    /// Equal sub-intervals of each step on which the sign of g is sampled (≥ 1; each interior
    /// sample is one `calc_state`). Two sign changes closer than h/samples_per_step can cancel
    /// and be missed.
    unsigned samples_per_step = 4;
    /// Cap on TOMS 748's iterations per event.
    unsigned max_iterations = 200;
};

namespace detail {
/// g at (t, x): g(t, q, p) for a (q, p) pair state, g(t, x) otherwise.
template <class Event, class Time, class State>
auto call_event(Event& event, const Time& t, const State& x) {
    if constexpr (is_std_pair<State>::value)
        return event(t, x.first, x.second);
    else
        return event(t, x);
}
}  // namespace detail

/// Integrates with `stepper` (a dense-output stepper: `make_dense_output(...)` of a geomint
/// stepper, or one of odeint's) from (state, t0) with step dt until the node at or past t1, and
/// returns, in time order, every t in (t0, t1] where `event(t, q, p)` changes sign in the
/// `direction` asked for, with the continuous output there.
///
/// Each step [t_n, t_{n+1}] (cut at t1) is sampled at `options.samples_per_step` equal
/// sub-intervals; a sub-interval whose ends have the asked-for sign change (g ≤ 0 counts as the
/// negative side) is bracketed and solved by `boost::math::tools::toms748_solve` with
/// `eps_tolerance<Time>` (the scalar's full precision). A root where g is exactly zero at a
/// sample is that sample.
///
/// \param stepper  dense-output stepper; initialized here with (state, t0, dt).
/// \param system   the system, as the stepper takes it.
/// \param state    in: the initial state; out: the last node's state (the run ends at the first
///                 node at or beyond t1, or, with `terminal`, at the end of the step of the first
///                 event); `stepper.current_time()` is its time. The trajectory is the plain
///                 stepper's: locating events changes no step.
/// \param t0       start time.
/// \param t1       end time (the run ends at the first node at or beyond it).
/// \param dt       the step size (its sign gives the direction of time).
/// \param direction which sign changes count (rising, falling or both).
/// \param options  samples per step, terminal events, TOMS 748's iteration cap.
/// \param event    g(t, q, p) (or g(t, x) for a state that is not a (q, p) pair), convertible to
///                 the time type.
/// \throws std::invalid_argument if dt is zero or not finite, t0 or t1 not finite, t1 on the
///         wrong side of t0 for the sign of dt, or samples_per_step == 0 (naming the values);
///         std::domain_error naming t if g is not finite there; geomint::convergence_error if
///         TOMS 748 does not reach the tolerance within max_iterations.
template <class DenseStepper, class System, class State, class Event>
auto find_events(DenseStepper& stepper, System system, State& state, const typename DenseStepper::time_type& t0,
                 const typename DenseStepper::time_type& t1, const typename DenseStepper::time_type& dt, Event event,
                 event_direction direction, const event_options& options = {}) {
    static_assert(std::is_same_v<typename DenseStepper::stepper_category, boost::numeric::odeint::dense_output_stepper_tag>,
                  "find_events needs a dense-output stepper: wrap a geomint stepper with geomint::make_dense_output");
    using time_type = typename DenseStepper::time_type;
    using state_type = typename DenseStepper::state_type;
    const time_type zero(0);
    if (!(dt != zero) || !is_finite(dt))
        throw std::invalid_argument("find_events: step size dt = " + geomint::to_string(dt) +
                                    " violates the precondition dt != 0 and finite");
    if (!is_finite(t0) || !is_finite(t1))
        throw std::invalid_argument("find_events: t0 = " + geomint::to_string(t0) + ", t1 = " + geomint::to_string(t1) +
                                    " violate the precondition: finite");
    if ((dt > zero && !(t1 > t0)) || (dt < zero && !(t1 < t0)))
        throw std::invalid_argument("find_events: t1 = " + geomint::to_string(t1) + " lies on the wrong side of t0 = " +
                                    geomint::to_string(t0) + " for dt = " + geomint::to_string(dt) +
                                    " (precondition: (t1 - t0)·dt > 0)");
    if (options.samples_per_step == 0)
        throw std::invalid_argument("find_events: samples_per_step = 0 violates the precondition samples_per_step >= 1");

    using std::abs;
    std::vector<event_record<state_type, time_type>> records;
    const bool forward = dt > zero;
    const auto before = [&](const time_type& a, const time_type& b) { return forward ? a < b : a > b; };
    const auto g_at = [&](const time_type& t, const state_type& x) {
        const time_type g = static_cast<time_type>(detail::call_event(event, t, x));
        if (!is_finite(g))
            throw std::domain_error("find_events: the event function returned " + geomint::to_string(g) + " at t = " +
                                    geomint::to_string(t) + " (precondition: finite values along the run)");
        return g;
    };
    state_type x{};  // sized from the initial state below (odeint's calc_state does not resize)
    const auto output_at = [&](const time_type& t) {
        stepper.calc_state(t, x);
        return g_at(t, x);
    };
    const auto wanted = [&](const time_type& ga, const time_type& gb) {
        const bool rising = !(ga > zero) && gb > zero;
        const bool falling = ga > zero && !(gb > zero);
        return direction == event_direction::rising ? rising : direction == event_direction::falling ? falling
                                                                                                    : (rising || falling);
    };
    const auto record = [&](const time_type& t, bool rising) {
        stepper.calc_state(t, x);
        records.push_back({t, x, rising});
    };

    stepper.initialize(state, t0, dt);
    x = stepper.current_state();
    time_type g_old = g_at(t0, stepper.current_state());
    bool stop = false;
    while (!stop && before(stepper.current_time(), t1)) {
        const auto [ta, tb] = stepper.do_step(system);
        const time_type t_end = before(t1, tb) ? t1 : time_type(tb);
        const unsigned k = options.samples_per_step;
        time_type a = ta, ga = g_old;
        for (unsigned j = 1; j <= k && !stop; ++j) {
            const time_type b = j == k ? t_end : time_type(ta + (t_end - ta) * time_type(j) / time_type(k));
            const time_type gb = (b == tb) ? g_at(b, stepper.current_state()) : output_at(b);
            if (wanted(ga, gb)) {
                const bool rising = gb > zero;
                time_type root;
                if (ga == zero && a == t0) {
                    // a zero at t0 itself is not an event of (t0, t1]
                    a = b;
                    ga = gb;
                    continue;
                } else if (ga == zero) {
                    root = a;
                } else if (gb == zero) {
                    root = b;
                } else {
                    std::uintmax_t iterations = options.max_iterations;
                    boost::math::tools::eps_tolerance<time_type> tolerance;
                    const auto lo = forward ? a : b, hi = forward ? b : a;
                    const auto glo = forward ? ga : gb, ghi = forward ? gb : ga;
                    const auto bracket =
                        boost::math::tools::toms748_solve(output_at, lo, hi, glo, ghi, tolerance, iterations);
                    if (!tolerance(bracket.first, bracket.second) && bracket.first != bracket.second)
                        throw convergence_error("find_events: TOMS 748 did not reach the tolerance in " +
                                                    std::to_string(options.max_iterations) + " iterations; bracket [" +
                                                    geomint::to_string(bracket.first) + ", " +
                                                    geomint::to_string(bracket.second) + "]",
                                                static_cast<int>(iterations),
                                                static_cast<long double>(abs(bracket.second - bracket.first)));
                    root = (bracket.first + bracket.second) / 2;
                }
                record(root, rising);
                stop = options.terminal;
            }
            a = b;
            ga = gb;
        }
        g_old = ga;
    }
    detail::assign_state(state, stepper.current_state());
    return records;
}

}  // namespace geomint
