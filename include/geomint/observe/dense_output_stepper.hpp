#pragma once
/// \file
/// Dense output for every (q, p) stepper, at any precision: odeint's dense-output stepper concept
/// around a fixed-step stepper, whose continuous output between two nodes is a side step of the
/// scheme itself from the last node. Observing never changes a step: the node states are the
/// plain stepper's, bit for bit.
///
/// \code
///   geomint::yoshida4_stepper<V> plain;
///   auto stepper = geomint::make_dense_output(plain);
///   // observed at 4e5 random times, stepped with h = 0.01 throughout
///   boost::numeric::odeint::integrate_times(stepper, std::make_pair(f, g), x, times.begin(), times.end(), 0.01, obs);
/// \endcode
///
/// Why a side step: the continuous output x(t) = Φ_{t − t_n}(x_n) of a scheme Φ of order p has
/// error O(h^p) at every t (the node's global error plus one local error O(|t − t_n|^{p+1})), so
/// the continuous output has the scheme's order for every family, where a cubic Hermite
/// interpolant has order 4 at most and a Galerkin VI's stage polynomial order r + 1 (< 2r).
/// It costs one step of the scheme per observation.

#include "geomint/error.hpp"
#include "geomint/scalar.hpp"
#include "geomint/state.hpp"

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <functional>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// A fixed-step odeint stepper (`stepper_tag`) on (q, p) pair states that `dense_output_stepper`
/// can drive: every geomint stepper of the splitting, Galerkin, Newton-equation and linear
/// families, and odeint's own symplectic steppers.
template <class S>
concept pair_state_stepper =
    std::copy_constructible<S> &&
    requires {
        typename S::state_type;
        typename S::time_type;
        typename S::value_type;
        typename S::order_type;
    } && std::is_same_v<typename S::stepper_category, boost::numeric::odeint::stepper_tag> &&
    is_std_pair<typename S::state_type>::value;

namespace detail {
/// The scheme's name for messages (geomint steppers), else "stepper".
template <class S>
constexpr const char* stepper_name() {
    if constexpr (requires { S::scheme_type::name; })
        return S::scheme_type::name;
    else
        return "stepper";
}

/// \throws std::out_of_range naming `who`, t and the step unless t is finite and within the step
/// [t_old, t_new] (either order), allowing odeint's time tolerance: the scalar's epsilon,
/// absolute, or 4 ulp of the step's ends. Before any step (`steps` = 0, the run at its start) a t
/// other than the start is what odeint's integrate_const asks when dt is the whole span
/// (odeint-v2 issue #249: it observes the end time before stepping): the message names that idiom
/// and its alternatives.
template <class T>
void require_within_step(const std::string& who, const T& t, const T& t_old, const T& t_new, long long steps) {
    using std::abs;
    const T& lo = (std::min)(t_old, t_new);
    const T& hi = (std::max)(t_old, t_new);
    const T eps = std::numeric_limits<T>::epsilon();
    const T slack = (std::max)(eps, 4 * eps * (std::max)(abs(lo), abs(hi)));
    if (is_finite(t) && t >= lo - slack && t <= hi + slack) return;
    if (steps == 0 && is_finite(t))
        throw std::out_of_range(who + ": calc_state at t = " + geomint::to_string(t) +
                                " before any step (the run is at its start, t = " + geomint::to_string(t_old) +
                                "): odeint's integrate_const with dt equal to the whole span observes the end time "
                                "before stepping (odeint-v2 issue #249); pass a dt below the span, e.g. half of it, "
                                "or use integrate_adaptive, or integrate_const with the plain stepper");
    throw std::out_of_range(who + ": calc_state at t = " + geomint::to_string(t) +
                            " outside the last step [previous_time, current_time] = [" + geomint::to_string(t_old) +
                            ", " + geomint::to_string(t_new) +
                            "] (precondition: t within the last step; step on with do_step first)");
}

/// `sys` as a reference wrapper (a wrapper handed in is passed on as it is: odeint unwraps one
/// level only).
template <class S>
auto as_reference(S& sys) {
    if constexpr (std::is_same_v<typename boost::numeric::odeint::unwrap_reference<S>::type, S>)
        return std::ref(sys);
    else
        return sys;
}
}  // namespace detail

/// How `dense_output_stepper` fills a step: a side step of the scheme (the default, any stepper).
struct side_step_output {};
/// How `dense_output_stepper` fills a step: the collocation polynomial of the step just taken, for
/// a stepper that keeps it (`collocation_state(θ, x)`: `gauss_collocation_stepper`). Free (no
/// step of the scheme), order s + 1 instead of the scheme's 2s.
struct collocation_polynomial_output {};

/// A stepper that writes its last step's collocation polynomial at θ ∈ [0, 1]
/// (`collocation_state(θ, x)`).
template <class S>
concept keeps_collocation_polynomial = requires(const S& s, const typename S::value_type& theta,
                                                typename S::state_type& x) { s.collocation_state(theta, x); };

/// odeint's dense-output stepper (`dense_output_stepper_tag`) around the fixed-step `Stepper`.
///
/// - `initialize(x0, t0, dt)` sets the state, the time and the (fixed) step size;
/// - `do_step(system)` advances one step of `Stepper` with dt, exactly as the plain stepper's
///   `do_step(system, x, t, dt)` would (same stepper object throughout, so its summation carry
///   and caches continue) and returns (t_old, t_new); node n is at t0 + n·dt (not a running sum);
/// - `calc_state(t, x)` writes the continuous output at t ∈ [previous_time, current_time] (in
///   the direction of dt): the node itself at either end, and in between one side step of the
///   scheme from the previous node with dt' = t − previous_time, taken by a second copy of the
///   stepper on a copy of the system last passed to do_step (it changes no node, no carry, no
///   cache of the stepper that advances the run).
///
/// Order: the continuous output has the stepper's order p (`order()`): error O(h^p) at every t.
/// Cost: one step of the scheme per `calc_state` strictly inside a step; none at a node.
/// With `Output = collocation_polynomial_output` (`make_collocation_dense_output`), `calc_state`
/// strictly inside a step evaluates the step's collocation polynomial instead: no step, error
/// O(h^{s+1}) for an s-stage collocation method (the nodes keep the scheme's order).
/// Thread safety: `calc_state` is const but uses the side stepper: one thread per object.
///
/// odeint's integrate functions drive it (integrate_const, integrate_n_steps, integrate_times,
/// integrate_adaptive, the const-step, n-step and times iterators): observations never change a
/// step. Note that odeint itself (Boost 1.81, integrate/detail) re-initializes the stepper for a
/// last, shorter step that ends exactly on the end time in integrate_const (when t1 − t0 is not
/// a multiple of dt), integrate_times and integrate_adaptive: every step before it is the
/// plain stepper's.
///
/// Errors: std::logic_error for do_step / calc_state before initialize; std::invalid_argument
/// for a non-finite t0 or dt (initialize) or a step with dt = 0 (do_step), naming the value;
/// std::out_of_range for calc_state at a t outside the last step (naming t and the step);
/// whatever the stepper throws (the run then stays at the last node).
template <class Stepper, class Output = side_step_output>
class dense_output_stepper {
    static_assert(pair_state_stepper<Stepper>,
                  "dense_output_stepper wraps a fixed-step odeint stepper (stepper_tag) on (q, p) pair states");
    static_assert(std::is_same_v<Output, side_step_output> ||
                      (std::is_same_v<Output, collocation_polynomial_output> && keeps_collocation_polynomial<Stepper>),
                  "dense_output_stepper: Output is side_step_output, or collocation_polynomial_output for a stepper "
                  "with collocation_state(theta, x) (gauss_collocation_stepper)");

public:
    /// The wrapped stepper type.
    using stepper_type = Stepper;
    /// State: the pair (q, p) of coordinates and generalized momenta.
    using state_type = typename Stepper::state_type;
    /// Derivative type: the pair (dq/dt, dp/dt).
    using deriv_type = typename Stepper::deriv_type;
    /// Scalar type of the state and of time.
    using value_type = typename Stepper::value_type;
    /// Time type (odeint's `time_type`): the scalar type.
    using time_type = typename Stepper::time_type;
    /// Type of `order()`.
    using order_type = typename Stepper::order_type;
    /// odeint algebra of the wrapped stepper.
    using algebra_type = typename Stepper::algebra_type;
    /// odeint operations of the wrapped stepper.
    using operations_type = typename Stepper::operations_type;
    /// odeint resizer of the wrapped stepper.
    using resizer_type = typename Stepper::resizer_type;
    /// odeint category: a dense-output stepper.
    using stepper_category = boost::numeric::odeint::dense_output_stepper_tag;

    dense_output_stepper() = default;
    /// \param stepper the stepper that advances the run; its copy takes the side steps.
    explicit dense_output_stepper(const Stepper& stepper) : m_stepper(stepper), m_side(stepper) {}

    /// Copy: the wrapped stepper is copied, the states kept.
    dense_output_stepper(const dense_output_stepper& other)
        : m_stepper(other.m_stepper), m_side(other.m_side), m_slot(other.m_slot ? other.m_slot->clone() : nullptr),
          m_current(other.m_current), m_previous(other.m_previous), m_t0(other.m_t0), m_t(other.m_t),
          m_t_old(other.m_t_old), m_dt(other.m_dt), m_steps(other.m_steps), m_initialized(other.m_initialized) {}
    /// Move.
    dense_output_stepper(dense_output_stepper&&) noexcept = default;
    /// Copy assignment.
    dense_output_stepper& operator=(const dense_output_stepper& other) {
        if (this != &other) *this = dense_output_stepper(other);
        return *this;
    }
    /// Move assignment.
    dense_output_stepper& operator=(dense_output_stepper&&) noexcept = default;
    ~dense_output_stepper() = default;

    /// The stepper's order p, which the continuous output has too.
    order_type order() const { return m_stepper.order(); }

    /// Start at (x0, t0) with step dt (dt < 0 integrates backward). x0 is a (q, p) pair of values
    /// or of references. Keeps the stepper's carry when x0 is the state it wrote last (odeint
    /// re-initializes with `current_state()` for its last step).
    /// dt = 0 is accepted here (odeint's integrate_adaptive re-initializes so once it has reached
    /// the end time) but refused by do_step.
    /// \throws std::invalid_argument naming t0 or dt if either is not finite.
    template <class StateIn>
    void initialize(const StateIn& x0, const time_type& t0, const time_type& dt) {
        if (!is_finite(t0))
            throw std::invalid_argument(std::string("dense_output(") + name() + "): initial time t0 = " +
                                        geomint::to_string(t0) + " violates the precondition: finite");
        if (!is_finite(dt))
            throw std::invalid_argument(std::string("dense_output(") + name() + "): step size dt = " +
                                        geomint::to_string(dt) + " violates the precondition: finite");
        const auto& x = detail::unwrap_reference_to(x0);
        m_current.first = detail::unwrap_reference_to(x.first);
        m_current.second = detail::unwrap_reference_to(x.second);
        m_previous = m_current;
        m_t0 = m_t = m_t_old = t0;
        m_dt = dt;
        m_steps = 0;
        m_initialized = true;
    }

    /// One step of the stepper with dt from the current node; returns (t_old, t_new).
    /// \throws std::logic_error before initialize; std::invalid_argument if dt = 0; what the
    ///         stepper throws (the run stays at the node it was at).
    template <class System>
    std::pair<time_type, time_type> do_step(System system) {
        require_initialized("do_step");
        if (!(m_dt != time_type(0)))
            throw std::invalid_argument(std::string("dense_output(") + name() +
                                        "): do_step with step size dt = 0 (precondition of do_step: initialize with "
                                        "dt != 0; dt < 0 integrates backward)");
        auto& sys = slot_for(system);
        m_previous = m_current;
        try {
            sys.advance(m_stepper, m_current, m_t, m_dt);
        } catch (...) {
            m_current = m_previous;
            throw;
        }
        m_t_old = m_t;
        ++m_steps;
        m_t = m_t0 + time_type(m_steps) * m_dt;
        return {m_t_old, m_t};
    }

    /// The continuous output at t, written to x (a (q, p) pair of values, resized, or of
    /// references): the node at t = previous_time() or current_time(), else a side step of the
    /// scheme from the previous node. t may exceed the step by odeint's time tolerance (the
    /// scalar's epsilon, absolute, or 4 ulp of t).
    /// \throws std::logic_error before initialize; std::out_of_range naming t and the step if t
    ///         is outside [previous_time, current_time] or not finite.
    template <class StateOut>
    void calc_state(const time_type& t, StateOut& x) const {
        write_state(t, x);
    }
    /// odeint's `calc_state` for a pair of references: as above. \throws std::out_of_range as above.
    template <class StateOut>
    void calc_state(const time_type& t, const StateOut& x) const {
        write_state(t, x);
    }

    /// State at current_time().
    const state_type& current_state() const { return m_current; }
    /// Time of the last step's end.
    const time_type& current_time() const { return m_t; }
    /// Size of the next step.
    const time_type& current_time_step() const { return m_dt; }
    /// State at previous_time().
    const state_type& previous_state() const { return m_previous; }
    /// Time of the last step's start.
    const time_type& previous_time() const { return m_t_old; }

    /// Forget the steppers' summation carries and caches (the position in the run stays).
    void reset() {
        if constexpr (requires { m_stepper.reset(); }) {
            m_stepper.reset();
            m_side.reset();
        }
    }

    /// The stepper that advances the run (e.g. for its `iterations()`).
    const Stepper& stepper() const { return m_stepper; }

private:
    /// The system last passed to do_step, kept (type-erased) for the side steps of calc_state.
    struct system_slot {
        virtual ~system_slot() = default;
        virtual std::unique_ptr<system_slot> clone() const = 0;
        virtual void advance(Stepper& st, state_type& x, const time_type& t, const time_type& dt) = 0;
        virtual void advance(Stepper& st, const state_type& in, const time_type& t, state_type& out,
                             const time_type& dt) = 0;
    };
    template <class System>
    struct system_slot_of final : system_slot {
        std::optional<System> system;
        std::unique_ptr<system_slot> clone() const override { return std::make_unique<system_slot_of>(*this); }
        void advance(Stepper& st, state_type& x, const time_type& t, const time_type& dt) override {
            st.do_step(detail::as_reference(*system), x, t, dt);
        }
        void advance(Stepper& st, const state_type& in, const time_type& t, state_type& out,
                     const time_type& dt) override {
            st.do_step(detail::as_reference(*system), in, t, out, dt);
        }
    };

    template <class System>
    system_slot& slot_for(const System& system) {
        auto* slot = dynamic_cast<system_slot_of<System>*>(m_slot.get());
        if (slot == nullptr) {
            auto fresh = std::make_unique<system_slot_of<System>>();
            slot = fresh.get();
            m_slot = std::move(fresh);
        }
        slot->system.emplace(system);
        return *slot;
    }

    static constexpr const char* name() { return detail::stepper_name<Stepper>(); }

    void require_initialized(const char* what) const {
        if (!m_initialized)
            throw std::logic_error(std::string("dense_output(") + name() + "): " + what +
                                   " called before initialize(x0, t0, dt)");
    }

    template <class StateOut>
    void write_state(const time_type& t, StateOut& x) const {
        require_initialized("calc_state");
        detail::require_within_step(std::string("dense_output(") + name() + ")", t, m_t_old, m_t, m_steps);
        if (t == m_t || m_slot == nullptr) {
            detail::assign_state(x, m_current);
        } else if (t == m_t_old) {
            detail::assign_state(x, m_previous);
        } else if constexpr (std::is_same_v<Output, collocation_polynomial_output>) {
            // θ in [0, 1]: t may pass the step's end by odeint's time tolerance
            using std::max;
            using std::min;
            const time_type theta = (t - m_t_old) / (m_t - m_t_old);
            m_stepper.collocation_state(time_type(min(max(theta, time_type(0)), time_type(1))), m_work);
            detail::assign_state(x, m_work);
        } else {
            m_slot->advance(m_side, m_previous, m_t_old, m_work, time_type(t - m_t_old));
            detail::assign_state(x, m_work);
        }
    }

    Stepper m_stepper{};
    mutable Stepper m_side{};
    std::unique_ptr<system_slot> m_slot;
    state_type m_current{}, m_previous{};
    mutable state_type m_work{};
    time_type m_t0{}, m_t{}, m_t_old{}, m_dt{};
    long long m_steps = 0;
    bool m_initialized = false;
};

/// `dense_output_stepper` around a copy of `stepper` (its settings kept).
template <class Stepper>
dense_output_stepper<Stepper> make_dense_output(const Stepper& stepper) {
    return dense_output_stepper<Stepper>(stepper);
}

/// `dense_output_stepper` around a copy of `stepper` whose output inside a step is the step's
/// collocation polynomial (`collocation_polynomial_output`).
template <class Stepper>
    requires keeps_collocation_polynomial<Stepper>
dense_output_stepper<Stepper, collocation_polynomial_output> make_collocation_dense_output(const Stepper& stepper) {
    return dense_output_stepper<Stepper, collocation_polynomial_output>(stepper);
}

}  // namespace geomint

namespace boost::numeric::odeint {
/// odeint's `copy` (integrate_adaptive copies the final state back) takes a std::pair of two
/// equal types for an iterator range; a (q, p) pair of containers or numbers is copied by
/// assignment.
template <class C>
    requires(!std::input_or_output_iterator<C>)
struct copy_impl_sfinae<std::pair<C, C>, std::pair<C, C>, void> {
    /// to = from.
    static void copy(const std::pair<C, C>& from, std::pair<C, C>& to) { to = from; }
};
}  // namespace boost::numeric::odeint
