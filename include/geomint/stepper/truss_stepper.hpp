#pragma once
/// \file
/// Boost.Odeint stepper over any member of Algorithm MC (scheme/truss/*.hpp) on the (R, P) pair.
///
/// \code
///   geomint::truss<double> t;                       // nodes, bars: model/truss.hpp
///   ...
///   geomint::truss_fourth_order_stepper<double> stepper;
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

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

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
/// State: `std::pair<A, B>` of containers of 3N entries (std::vector, std::array, Eigen
/// vector): positions R and momenta P = M Ṙ, node by node. System: a `geomint::truss` (or
/// std::ref to one).
/// Increments are added by compensated summation (`scheme::mc_carry`): the stepper keeps the
/// rounding lost while the state it is given is the one it wrote last, and drops it otherwise
/// (a state changed by the caller starts afresh).
/// Preconditions checked each step (std::invalid_argument): dt > 0 and finite, R and P finite,
/// 3N entries each. Throws `convergence_error` when Newton fails, std::invalid_argument when
/// the parameters violate (4.2)/(4.4), and what the scheme throws.
template <class Scheme, class T>
class truss_stepper {
public:
    using scheme_type = Scheme;
    using value_type = T;
    using time_type = T;
    using state_type = std::pair<std::vector<T>, std::vector<T>>;
    using deriv_type = state_type;
    using order_type = unsigned short;
    using stepper_category = boost::numeric::odeint::stepper_tag;

    explicit truss_stepper(newton_options options = {}) : m_options(options) {}

    static constexpr order_type order() { return Scheme::order; }
    const newton_options& options() const { return m_options; }
    /// Steps this stepper has split into half steps since construction (only schemes with
    /// `halve_on_failure`, the energy-conserving (d): see `scheme::mc_step`).
    std::size_t halvings() const { return m_carry.halvings; }

    template <class System, class StateInOut>
    void do_step(System system, StateInOut& x, const time_type& t, const time_type& dt) {
        do_step(system, x, t, x, dt);
    }

    template <class System, class StateIn, class StateOut>
    void do_step(System system, const StateIn& in, const time_type& t, StateOut& out, const time_type& dt) {
        detail::require_positive_step(dt, Scheme::name);
        using S = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<System>::type>;
        const S& sys = system;
        nodal<T> R = to_nodal<T>(in.first), P = to_nodal<T>(in.second);
        sys.require_shape(R, "R");
        sys.require_shape(P, "P");
        require_finite(R, std::string(Scheme::name) + ": R");
        require_finite(P, std::string(Scheme::name) + ": P");
        // the rounding carried (compensated summation) belongs to the state this stepper wrote last
        if (R.rows() != m_R_out.rows() || R != m_R_out || P != m_P_out) {
            m_carry.R_lost.resize(0, 3);
            m_carry.P_lost.resize(0, 3);
        }
        m_carry.t = t;
        scheme::mc_step<Scheme>(sys, R, P, dt, m_options, &m_carry);
        resize_state(out.first, R.size());
        resize_state(out.second, P.size());
        as_eigen(out.first) = Eigen::Map<const vector<T>>(R.data(), R.size());
        as_eigen(out.second) = Eigen::Map<const vector<T>>(P.data(), P.size());
        m_R_out = std::move(R);
        m_P_out = std::move(P);
    }

private:
    newton_options m_options;
    scheme::mc_carry<T> m_carry;
    nodal<T> m_R_out, m_P_out;  ///< the state written by the last step
};

template <class T>
using truss_midpoint_stepper = truss_stepper<scheme::truss_midpoint, T>;
template <class T>
using truss_energy_momentum_stepper = truss_stepper<scheme::truss_energy_momentum, T>;
template <class T>
using truss_fourth_order_stepper = truss_stepper<scheme::truss_fourth_order, T>;
template <class T>
using truss_energy_conserving_stepper = truss_stepper<scheme::truss_energy_conserving<>, T>;

}  // namespace geomint
