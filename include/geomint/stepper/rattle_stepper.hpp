#pragma once
/// \file
/// Boost.Odeint steppers on a constrained phase space: RATTLE (`rattle_stepper`, order 2) and its
/// symmetric compositions (`composed_rattle_stepper<Coor, Method>`: order 4 with yoshida4 or
/// suzuki4, 6 with yoshida6 or kahan_li6, 8 with yoshida8 or kahan_li8), on odeint's pair form
/// with holonomic constraints (model/constrained_system.hpp; scheme/constrained/rattle.hpp).
///
/// \code
///   using V = std::vector<double>;
///   auto constraints = geomint::make_holonomic_constraints<double>(1, [](const auto& q) {
///       using U = std::decay_t<decltype(q[0])>;
///       return std::vector<U>{(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - 1) / 2};   // |q| = 1
///   });
///   auto sys = geomint::constrained(std::make_pair([](const V& p, V& dq) { dq = p; },
///                                                  [](const V&, V& dp) { dp[2] = -9.81; }),
///                                   constraints);
///   geomint::rattle_stepper<V> stepper;
///   boost::numeric::odeint::integrate_const(stepper, sys, x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/error.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/scheme/constrained/rattle.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/stepper/stepper_base.hpp"
#include "geomint/summation.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of RATTLE or a symmetric composition of it on a
/// `constrained_system`.
///
/// \tparam Coor      coordinate type: a container of n entries (std::array, std::vector, Eigen
///                   vector) of a floating scalar T (double, quad, mp<D>).
/// \tparam Scheme    `scheme::rattle` or `scheme::rattle_composition<Method>`.
/// \tparam Momentum  momentum type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `plain_summation` (default) or `compensated_summation` (each substep's
///                   increments added with the rounding carried).
///
/// Preconditions: f linear and symmetric positive definite (M constant); the constraints'
/// Jacobian G(q) of full row rank along the run. Checked each step with `checked`
/// (std::invalid_argument): dt finite and non-zero, q and p of equal length and finite, and the
/// state on the constrained phase space — |g(q)|∞ and |G(q) M⁻¹ p|∞ at most 1024 ε times their
/// scale (|G|∞ |q|∞, and |G|∞ |M⁻¹p|∞); `project_onto_constraints` (below) puts an initial state
/// there. dt < 0 steps backward (the schemes are symmetric).
/// \throws geomint::convergence_error when a position solve fails (iterations, residual, h);
///         std::invalid_argument when the constraints are redundant (the rank of G M⁻¹ Gᵀ).
template <class Coor, class Scheme = scheme::rattle, class Momentum = Coor, class Checks = checked,
          class Summation = plain_summation>
class constrained_stepper
    : public stepper_base<constrained_stepper<Coor, Scheme, Momentum, Checks, Summation>, Scheme, Coor, Momentum, Checks> {
    using base = stepper_base<constrained_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;

public:
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param options the position solves' Newton iteration cap.
    explicit constrained_stepper(iteration_options options = {}) : m_options(options) {}

    /// Forget the summation carry and the cached constraint Jacobian.
    void reset() {
        m_work.forget();
        m_frame = {};
    }

private:
    using T = value_type;

    template <class System, class QIn, class PIn, class QOut, class POut>
    void step(System& system, const QIn& q_in, const PIn& p_in, const time_type& /*t*/, QOut& q_out, POut& p_out,
              const time_type& dt) {
        static_assert(form_of<System>() == system_form::constrained_pair,
                      "a constrained stepper needs geomint::constrained(std::make_pair(f, g), constraints)");
        m_work.template load<base::checks_enabled>(Scheme::name, q_in, p_in);
        const scheme::detail::constrained_model<T, Coor, Momentum, System> model(system, m_calls);
        if constexpr (base::checks_enabled) {
            auto& frame = m_frame.template of<std::remove_cvref_t<decltype(model)>>();
            frame.update(model, m_work.q);
            scheme::detail::require_on_manifold(model.constraint(m_work.q), frame.G, m_work.q, model.inverse_mass(m_work.p),
                                                Scheme::name);
        }
        vector<T> dq, dp;
        for (const T& gamma : Scheme::template weights<T>()) {
            scheme::rattle::step(model, vector<T>(m_work.q), vector<T>(m_work.p), T(gamma * dt), m_frame, m_options, dq,
                                 dp);
            m_work.add_to_q(dq);
            m_work.add_to_p(dp);
        }
        m_work.store(q_out, p_out);
    }

    iteration_options m_options;
    scheme::constraint_frame<T> m_frame;
    scheme::detail::constrained_workspace<Coor, Momentum> m_calls;
    detail::pair_work<T, Summation> m_work;
};

/// RATTLE as an odeint stepper (order 2, symplectic and symmetric on the constrained phase space).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using rattle_stepper = constrained_stepper<Coor, scheme::rattle, Momentum, Checks, Summation>;

/// A symmetric composition of RATTLE with `Method`'s weights (order Method::order).
template <class Coor, class Method, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using composed_rattle_stepper =
    constrained_stepper<Coor, scheme::rattle_composition<Method>, Momentum, Checks, Summation>;

}  // namespace geomint
