#pragma once
/// \file
/// Boost.Odeint stepper over any member of Algorithm MC (scheme/truss/*.hpp) on the (R, P) pair.
///
/// \code
///   geomint::truss<double> t;                       // nodes, bars: model/truss.hpp
///   ...
///   geomint::truss_fourth_order_stepper<std::vector<double>> stepper;
///   std::pair<std::vector<double>, std::vector<double>> x{R, P};   // 3N entries each: x1, y1, z1, x2, ...
///   boost::numeric::odeint::integrate_const(stepper, std::cref(t), x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/model/truss.hpp"
#include "geomint/scheme/truss/algorithm_mc.hpp"
#include "geomint/scheme/truss/energy_conserving.hpp"
#include "geomint/scheme/truss/energy_momentum.hpp"
#include "geomint/scheme/truss/fourth_order.hpp"
#include "geomint/scheme/truss/midpoint.hpp"
#include "geomint/state.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// Nodal view of a flat state container of 3N entries (x₁, y₁, z₁, x₂, …).
template <class T, class C>
nodal<T> to_nodal(const C& c) {
    const auto v = as_eigen(c);
    if (v.size() % 3 != 0)
        throw std::invalid_argument("truss state: " + std::to_string(v.size()) +
                                    " entries, not a multiple of 3 (precondition: x1, y1, z1, x2, ...)");
    return Eigen::Map<const nodal<T>>(v.data(), v.size() / 3, 3);
}

/// Odeint stepper (`stepper_tag`) for a truss by a member `Scheme` of Algorithm MC.
///
/// \tparam Coor      positions R: a container of 3N entries (std::vector, std::array, Eigen vector),
///                   node by node (x₁, y₁, z₁, x₂, …).
/// \tparam Scheme    a member of Algorithm MC (scheme/truss/).
/// \tparam Momentum  momenta P = M Ṙ, the same layout (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `compensated_summation` (default) or `plain_summation`.
///
/// State: `std::pair<Coor, Momentum>` (or a pair of std::ref's). System: a `geomint::truss` (or
/// std::ref to one). With `compensated_summation` the increments are added by compensated
/// summation (`scheme::mc_trajectory_carry`): the stepper keeps the rounding lost while the
/// state it is given is the one it wrote last, and drops it otherwise (a state changed by the
/// caller starts afresh). The time t of each step is passed to the scheme (external loads).
/// Every member of the family is time-symmetric, so dt < 0 steps backward.
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero, R and P
/// finite, 3N entries each. Throws `convergence_error` when Newton fails, std::invalid_argument
/// when the parameters violate (4.2)/(4.4), and what the scheme throws, with either policy.
template <class Coor, class Scheme, class Momentum = Coor, class Checks = checked,
          class Summation = compensated_summation>
class truss_stepper
    : public stepper_base<truss_stepper<Coor, Scheme, Momentum, Checks, Summation>, Scheme, Coor, Momentum, Checks> {
    using base = stepper_base<truss_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;
    static_assert(truss_scheme<Scheme>, "Scheme must be a member of Algorithm MC (scheme/traits.hpp)");
    static_assert(summation_policy<Summation>, "Summation must be compensated_summation or plain_summation");

public:
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \p options: the Newton solver's tolerances and iteration limit.
    explicit truss_stepper(iteration_options options = {}) : m_options(options) {}

    /// The solver options in use.
    const iteration_options& options() const { return m_options; }
    /// Steps this stepper has split into half steps since construction (only schemes with
    /// `halve_on_failure`, the energy-conserving (d): see `scheme::mc_step`).
    std::size_t halvings() const { return m_carry.halvings; }

private:
    using T = value_type;

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(const S& sys, const QIn& q, const PIn& p, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        nodal<T> R = to_nodal<T>(q), P = to_nodal<T>(p);
        if constexpr (base::checks_enabled) {
            sys.require_shape(R, "R");
            sys.require_shape(P, "P");
            if (!all_finite(R) || !all_finite(P)) detail::throw_non_finite_state(Scheme::name, R, P);
        }
        constexpr bool compensate = std::is_same_v<Summation, compensated_summation>;
        if constexpr (compensate) m_carry.sum.begin(R, P);  // the carry belongs to the state written last
        scheme::mc_step<Scheme>(sys, R, P, t, dt, m_options, compensate ? &m_carry : nullptr);
        resize_state(q_out, R.size());
        resize_state(p_out, P.size());
        as_eigen(q_out) = Eigen::Map<const vector<T>>(R.data(), R.size());
        as_eigen(p_out) = Eigen::Map<const vector<T>>(P.data(), P.size());
        if constexpr (compensate) m_carry.sum.end(R, P);
    }

    iteration_options m_options;
    scheme::mc_trajectory_carry<T> m_carry;
};

/// Odeint stepper of `scheme::truss_midpoint` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using truss_midpoint_stepper = truss_stepper<Coor, scheme::truss_midpoint, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::truss_energy_momentum` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using truss_energy_momentum_stepper = truss_stepper<Coor, scheme::truss_energy_momentum, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::truss_fourth_order` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using truss_fourth_order_stepper = truss_stepper<Coor, scheme::truss_fourth_order, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::truss_energy_conserving` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using truss_energy_conserving_stepper =
    truss_stepper<Coor, scheme::truss_energy_conserving<>, Momentum, Checks, Summation>;

}  // namespace geomint
