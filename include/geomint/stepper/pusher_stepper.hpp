#pragma once
/// \file
/// Boost.Odeint stepper for the particle pushers and their symmetric compositions: the Boris
/// pusher (scheme/boris/boris.hpp) on a `charged_particle` (model/charged_particle.hpp), state
/// (x, v), and the relativistic Boris, Vay and Higuera–Cary pushers
/// (scheme/boris/relativistic_pushers.hpp) on a `relativistic_charged_particle`
/// (model/relativistic_charged_particle.hpp), state (x, u = γv).
///
/// \code
///   auto particle = geomint::make_charged_particle<double>(1.0, geomint::uniform_field<double>{{0, 0.1, 0}},
///                                                          geomint::uniform_field<double>{{0, 0, 1}});
///   using V = std::array<double, 3>;
///   geomint::boris_stepper<V> stepper;                                   // order() == 2
///   auto state = std::make_pair(V{0, 0, 0}, V{1, 0, 0});                 // (x, v)
///   boost::numeric::odeint::integrate_const(stepper, particle, state, 0.0, 100.0, 0.05);
///   geomint::boris_stepper<V, geomint::scheme::yoshida6> sixth;          // order() == 6
///   geomint::pusher_stepper<V, geomint::scheme::higuera_cary> relativistic;   // on (x, u = γv)
/// \endcode

#include "geomint/error.hpp"
#include "geomint/model/charged_particle.hpp"
#include "geomint/model/relativistic_charged_particle.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/boris/boris.hpp"
#include "geomint/scheme/boris/relativistic_pushers.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of a pusher's map composed by `Method` (scheme::stormer_verlet:
/// the map itself, order 2; scheme::yoshida4, yoshida6, yoshida8: orders 4, 6, 8; any symmetric
/// composition of the catalogue).
///
/// \tparam Coor     position type: a container of 3 entries (std::array<T, 3>, an Eigen 3-vector,
///                  std::vector of 3).
/// \tparam Pusher   scheme::boris_pusher (on a `charged_particle`, state (x, v)), or
///                  scheme::relativistic_boris, scheme::vay, scheme::higuera_cary (on a
///                  `relativistic_charged_particle`, state (x, u = γv); every finite u has |v| < c,
///                  and `proper_velocity(v, c)` refuses |v| ≥ c when a run starts from a velocity).
/// \tparam Method   the composition's weights (scheme/composition/symmetric_composition.hpp).
/// \tparam Momentum velocity type (defaults to `Coor`).
/// \tparam Checks   `checked` (default) or `unchecked`.
///
/// dt < 0 steps backward (the map is symmetric). Checked each step with `checked`
/// (std::invalid_argument): dt finite and non-zero, x and v of 3 entries, entries finite.
/// Errors: std::domain_error from the particle (a field not finite, naming it, x and t), or
/// naming the state and h when the step overflows with finite fields. The state and the fields
/// are evaluated unchecked and the step's result checked once; a failed step names a non-finite
/// entry of the state handed in, else is rerun with every value checked to name the field.
/// `unchecked` skips the result's check too: a non-finite value then propagates, unreported.
template <class Coor, class Pusher = scheme::boris_pusher, class Method = scheme::stormer_verlet, class Momentum = Coor,
          class Checks = checked>
class pusher_stepper : public stepper_base<pusher_stepper<Coor, Pusher, Method, Momentum, Checks>,
                                           scheme::pusher_composition<Pusher, Method>, Coor, Momentum, Checks> {
    using base = stepper_base<pusher_stepper, scheme::pusher_composition<Pusher, Method>, Coor, Momentum, Checks>;
    friend base;

public:
    /// The scheme this stepper steps.
    using typename base::scheme_type;
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// Not steppable on `dual<T>` states (the conformance kit then differentiates by central differences).
    static constexpr bool dual_states = false;

private:
    using U = value_type;
    using vec3 = vector<U, 3>;

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& particle, const QIn& x_in, const PIn& v_in, const time_type& t, QOut& x_out, POut& v_out,
              const time_type& dt) {
        static_assert(Pusher::form != system_form::charged_particle || form_of<S>() == system_form::charged_particle,
                      "the Boris pusher steps a charged_particle (geomint::make_charged_particle<T>(q_over_m, E, B)); "
                      "a relativistic_charged_particle takes scheme::relativistic_boris, vay or higuera_cary");
        static_assert(Pusher::form != system_form::relativistic_charged_particle ||
                          form_of<S>() == system_form::relativistic_charged_particle,
                      "a relativistic pusher steps a relativistic_charged_particle "
                      "(geomint::make_relativistic_charged_particle<T>(q_over_m, c, E, B)) on (x, u = gamma v)");
        const auto x = as_eigen(x_in);
        const auto v = as_eigen(v_in);
        if (x.size() != 3 || v.size() != 3)
            throw std::invalid_argument(std::string(scheme_type::name) + ": x has " + std::to_string(x.size()) +
                                        " entries and " + Pusher::velocity_name + " has " + std::to_string(v.size()) +
                                        " (precondition: 3 each, a particle in space)");
        m_x = x;
        m_v = v;
        advance<false>(particle, t, dt);  // the state and the fields unchecked; the result checked once
        if constexpr (base::checks_enabled)
            if (!finite_state()) [[unlikely]]
                diagnose(particle, x, v, t, dt);
        resize_state(x_out, 3);
        resize_state(v_out, 3);
        as_eigen(x_out) = m_x;
        as_eigen(v_out) = m_v;
    }

    /// x and v finite, by one sum: 0·a is 0 for a finite a and NaN otherwise (the exact test of
    /// all_finite for both vectors at once; exact scalars are always finite).
    bool finite_state() const {
        if constexpr (std::is_floating_point_v<U>) return (m_x.array() * U(0) + m_v.array() * U(0)).sum() == U(0);
        else return all_finite(m_x) && all_finite(m_v);
    }

    template <bool Check, class S>
    void advance(const S& particle, const U& t, const U& dt) {
        if constexpr (Method::stages == 1) Pusher::template map<Check>(particle, m_x, m_v, t, dt);
        else scheme::composed_step<Pusher, Check>(particle, Method::template weights<U>(), m_x, m_v, t, dt);
    }

    /// A step that ended off the finite numbers (`checked`): a non-finite entry of the state handed
    /// in, which always leaves one in the result (every update adds to the entry it changes), is
    /// named first (std::invalid_argument); else the step is rerun with every field value checked,
    /// which throws std::domain_error naming the field, x and t; if the fields were finite, the
    /// step itself overflowed, and the message names the state and h.
    template <class S, class X, class V>
    [[noreturn]] [[gnu::noinline]] void diagnose(const S& particle, const X& x, const V& v, const U& t, const U& dt) {
        detail::check_pair_state(scheme_type::name, x, v);  // a non-finite entry in gives one out
        m_x = x;
        m_v = v;
        advance<true>(particle, t, dt);
        throw std::domain_error(std::string(scheme_type::name) + ": the step from x = (" + entries_to_string(vec3(x)) +
                                "), " + Pusher::velocity_name + " = (" + entries_to_string(vec3(v)) + ") at t = " + geomint::to_string(t) +
                                " with h = " + geomint::to_string(dt) +
                                " leaves the finite numbers although every field value is finite (an overflow)");
    }

    vec3 m_x, m_v;
};

/// The Boris pusher and its compositions on a `charged_particle` (`pusher_stepper` with
/// scheme::boris_pusher).
template <class Coor, class Method = scheme::stormer_verlet, class Momentum = Coor, class Checks = checked>
using boris_stepper = pusher_stepper<Coor, scheme::boris_pusher, Method, Momentum, Checks>;

}  // namespace geomint
