#pragma once
/// \file
/// Boost.Odeint stepper for Tao's explicit method on a non-separable H(q, p)
/// (scheme/tao/extended_phase_space.hpp): the phase space doubled, the copies bound by ω,
/// composed to the order of `Method`'s weights.
///
/// \code
///   auto sys = geomint::problems::tao_hamiltonian<double>::system();   // H = (q² + 1)(p² + 1)/2
///   geomint::tao_stepper<double, geomint::scheme::yoshida4> stepper(20.0);   // ω = 20; order() == 4
///   std::pair<double, double> x{0.5, 0.0};
///   boost::numeric::odeint::integrate_const(stepper, sys, x, 0.0, 100.0, 0.05);
/// \endcode
/// Read docs/hamiltonian.md before choosing it over `gauss_collocation_stepper`: it is explicit,
/// but symplectic in the doubled space only, and its error grows with ω.

#include "geomint/error.hpp"
#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/tao/extended_phase_space.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of Tao's extended-phase-space method composed by `Method`
/// (scheme::stormer_verlet: order 2; scheme::yoshida4, yoshida6, yoshida8: orders 4, 6, 8; any
/// symmetric composition of the catalogue), on the (q, p) state of an autonomous
/// `hamiltonian_system`.
///
/// \tparam Coor     coordinate type: a scalar T or a container of n entries.
/// \tparam Method   the composition's weights (scheme/composition/symmetric_composition.hpp).
/// \tparam Momentum momentum type (defaults to `Coor`).
/// \tparam Checks   `checked` (default) or `unchecked`.
///
/// The stepper keeps the second copy (x, y) between steps: a step that continues the last one
/// (from the state it returned) continues the doubled state; any other state starts it afresh
/// with x = q, y = p. Checked each step with `checked` (std::invalid_argument): dt finite and
/// non-zero, q and p of equal length n = the model's dof, entries finite.
/// Errors: std::invalid_argument for ω not finite or not positive (constructor, naming it);
/// std::domain_error from the model.
template <class Coor, class Method = scheme::stormer_verlet, class Momentum = Coor, class Checks = checked>
class tao_stepper : public stepper_base<tao_stepper<Coor, Method, Momentum, Checks>, scheme::tao_extended_phase<Method>,
                                        Coor, Momentum, Checks> {
    using base = stepper_base<tao_stepper, scheme::tao_extended_phase<Method>, Coor, Momentum, Checks>;
    friend base;

public:
    /// The scheme this stepper steps.
    using typename base::scheme_type;
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param omega the binding ω of the copies (> 0; Tao's example takes 20 at δ = 0.1).
    /// \throws std::invalid_argument naming ω unless it is finite and positive.
    explicit tao_stepper(value_type omega = value_type(20)) : m_omega(omega) {
        if (!is_finite(omega) || !(omega > value_type(0)))
            throw std::invalid_argument(std::string(scheme_type::name) + ": omega = " + geomint::to_string(omega) +
                                        " violates the precondition omega > 0 and finite");
    }

    /// The binding ω.
    const value_type& omega() const { return m_omega; }

    /// max(|q − x|, |p − y|) after the last step: how far the copies have drifted apart.
    value_type copy_distance() const { return m_state.copy_distance(); }

    /// Forget the second copy (the next step starts it afresh from its state).
    void reset() { m_work.forget(); }

    /// Not steppable on `dual<T>` states (the conformance kit then differentiates by central differences).
    static constexpr bool dual_states = false;

private:
    using U = value_type;

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& /*t*/, QOut& q_out, POut& p_out,
              const time_type& dt) {
        static_assert(form_of<S>() == system_form::hamiltonian,
                      "tao_stepper steps a hamiltonian_system (geomint::make_hamiltonian_system<T>(n, H)); for a "
                      "separable H use a splitting stepper");
        static_assert(!S::time_dependent, "tao_stepper: Tao's method takes an autonomous H(q, p)");
        const bool continuing = m_work.template load<base::checks_enabled>(scheme_type::name, q_in, p_in);
        detail::require_dof(m_work.q.size(), static_cast<Eigen::Index>(sys.dof()), scheme_type::name);
        if (!continuing || m_state.q.size() != m_work.q.size()) {
            m_state.x = m_work.q;
            m_state.y = m_work.p;
        }
        m_state.q = m_work.q;
        m_state.p = m_work.p;
        m_state.step(sys, Method::template weights<U>(), dt, m_omega);
        m_work.q = m_state.q;
        m_work.p = m_state.p;
        m_work.store(q_out, p_out);
    }

    static constexpr int N = state_traits<Coor>::static_size == state_traits<Momentum>::static_size
                                 ? state_traits<Coor>::static_size
                                 : Eigen::Dynamic;
    U m_omega;
    scheme::tao_extended_state<U, N> m_state;
    detail::pair_work<U, plain_summation, N> m_work;
};

}  // namespace geomint
