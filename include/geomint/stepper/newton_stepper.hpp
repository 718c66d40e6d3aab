#pragma once
/// \file
/// Boost.Odeint stepper over any scheme for the Newton equation φ̈ = −V'(φ) (scheme/newton/*.hpp):
/// leap-frog, symplectic Euler (both forms), implicit midpoint, standard and symmetric projection,
/// Suris1/2, discrete gradient and its δ-modification — and, for the schemes defined for n degrees
/// of freedom (`Scheme::multi_dof`: leap-frog, symplectic Euler, implicit midpoint), the separable
/// system q̈ = −∇V(q), q ∈ ℝⁿ (model/separable_system.hpp).
///
/// \code
///   auto pendulum = geomint::make_simple_pendulum<double>();
///   geomint::discrete_gradient_stepper<double> stepper;
///   std::pair<double, double> x{0.0, 1.2};                      // (φ, p)
///   boost::numeric::odeint::integrate_const(stepper, pendulum, x, 0.0, 100.0, 0.02);
/// \endcode

#include "geomint/error.hpp"
#include "geomint/model/newton_system.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/scheme/newton/discrete_gradient.hpp"
#include "geomint/scheme/newton/implicit_midpoint.hpp"
#include "geomint/scheme/newton/projection.hpp"
#include "geomint/scheme/newton/splitting.hpp"
#include "geomint/scheme/newton/suris.hpp"
#include "geomint/state.hpp"

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

template <class S>
struct is_newton_system : std::false_type {};
template <class T, class P>
struct is_newton_system<newton_system<T, P>> : std::true_type {};

template <class S>
struct is_separable_system : std::false_type {};
template <class T, class P>
struct is_separable_system<separable_system<T, P>> : std::true_type {};

namespace detail {
/// True when a state component is a scalar itself rather than a container.
template <class C>
inline constexpr bool is_scalar_component_v =
    std::is_arithmetic_v<std::remove_cv_t<C>> || bmp::is_number<std::remove_cv_t<C>>::value;

/// Give a container component one entry (nothing to do for a scalar component).
template <class C>
void make_single_entry(C& c) {
    if constexpr (!is_scalar_component_v<C>) resize_state(c, 1);
}

/// The scalar held by a state component: the component itself, or the only entry of a
/// one-element container (std::array<T, 1>, std::vector<T>, Eigen vector).
template <class C>
auto& scalar_of(C& c) {
    if constexpr (is_scalar_component_v<C>) {
        return c;
    } else {
        if (c.size() != 1)
            throw std::invalid_argument("newton stepper: a state component has " + std::to_string(c.size()) +
                                        " entries; the scalar Newton equation needs exactly 1");
        return c[0];
    }
}

/// The force of odeint's symplectic system form: a pair (dq/dt = f(p), dp/dt = g(q)) or a single
/// callable g(q, dpdt), for a scalar q or a `vector<T>` q. Only `force` is available: explicit
/// schemes only.
template <class System, class Coor>
struct odeint_force {
    const System& system;
    template <class Q>
    Q force(const Q& q) const {
        Coor qc{}, dpdt{};
        if constexpr (is_scalar_component_v<Q>) {
            make_single_entry(qc);
            make_single_entry(dpdt);
            scalar_of(qc) = q;
        } else {
            resize_state(qc, q.size());
            resize_state(dpdt, q.size());
            as_eigen(qc) = q;
        }
        if constexpr (is_std_pair<System>::value) system.second(qc, dpdt);
        else system(qc, dpdt);
        if constexpr (is_scalar_component_v<Q>) return scalar_of(dpdt);
        else return Q(as_eigen(dpdt));
    }
};
}  // namespace detail

/// Odeint stepper (`stepper_tag`) for φ̈ = −V'(φ) by `Scheme`, on the (φ, p) pair state.
///
/// \tparam Scheme a scheme of scheme/newton/ (e.g. `scheme::discrete_gradient`).
/// \tparam T      scalar type.
///
/// State: `std::pair<A, B>` (odeint's symplectic steppers' layout) where A and B are
/// - T or one-element containers, for a `newton_system` (one degree of freedom);
/// - containers of n entries (std::array, std::vector, Eigen vector), for a `separable_system`
///   with n = dof() or for odeint's system form (`Scheme::multi_dof` schemes only).
///
/// System: a `newton_system` or a `separable_system` (or std::ref to one); explicit schemes
/// (`!Scheme::needs_potential`: leap-frog, symplectic Euler) also accept odeint's symplectic
/// system form — a pair (f, g) or a momentum function g(q, dpdt).
/// Preconditions checked each step (std::invalid_argument): dt > 0 and finite, q and p finite and
/// of equal length (= dof() for a separable_system). Implicit schemes throw `convergence_error` when Newton fails; the model
/// throws `std::domain_error` if the potential's derivatives are not finite.
template <class Scheme, class T>
class newton_stepper {
public:
    using scheme_type = Scheme;
    using value_type = T;
    using time_type = T;
    using state_type = std::pair<T, T>;
    using deriv_type = state_type;
    using order_type = unsigned short;
    using stepper_category = boost::numeric::odeint::stepper_tag;

    explicit newton_stepper(newton_options options = {}) : m_options(options) {}

    static constexpr order_type order() { return Scheme::order; }
    const newton_options& options() const { return m_options; }

    template <class System, class StateInOut>
    void do_step(System system, StateInOut& x, const time_type& t, const time_type& dt) {
        do_step(system, x, t, x, dt);
    }

    template <class System, class StateIn, class StateOut>
    void do_step(System system, const StateIn& in, const time_type& /*t*/, StateOut& out, const time_type& dt) {
        detail::require_positive_step(dt, Scheme::name);
        using S = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<System>::type>;
        using Coor = std::decay_t<decltype(in.first)>;
        const S& sys = system;
        if constexpr (is_separable_system<S>::value ||
                      (!is_newton_system<S>::value && !detail::is_scalar_component_v<Coor>)) {
            static_assert(Scheme::multi_dof, "this scheme is defined for one degree of freedom only (a newton_system)");
            vector<T> q = as_eigen(in.first), p = as_eigen(in.second);
            if (q.size() != p.size())
                throw std::invalid_argument(std::string(Scheme::name) + ": q has " + std::to_string(q.size()) +
                                            " entries and p has " + std::to_string(p.size()) +
                                            " (precondition: equal lengths)");
            require_finite(q, std::string(Scheme::name) + ": q");
            require_finite(p, std::string(Scheme::name) + ": p");
            if constexpr (is_separable_system<S>::value) {
                Scheme::step(sys, q, p, dt, m_options);
            } else {
                static_assert(!Scheme::needs_potential, "this scheme needs the potential V: pass a "
                                                        "geomint::separable_system, not odeint's system form");
                Scheme::step(detail::odeint_force<S, Coor>{sys}, q, p, dt, m_options);
            }
            resize_state(out.first, q.size());
            resize_state(out.second, p.size());
            as_eigen(out.first) = q;
            as_eigen(out.second) = p;
        } else {
            do_scalar_step(sys, in, out, dt);
        }
    }

private:
    template <class S, class StateIn, class StateOut>
    void do_scalar_step(const S& sys, const StateIn& in, StateOut& out, const time_type& dt) {
        T phi = detail::scalar_of(in.first), p = detail::scalar_of(in.second);
        if (!is_finite(phi) || !is_finite(p))
            throw std::invalid_argument(std::string(Scheme::name) + ": state (phi, p) = (" + geomint::to_string(phi) + ", " +
                                        geomint::to_string(p) + ") violates the precondition: finite entries");
        if constexpr (is_newton_system<S>::value) {
            Scheme::step(sys, phi, p, dt, m_options);
        } else {
            static_assert(!Scheme::needs_potential,
                          "this scheme needs the potential V: pass a geomint::newton_system, not odeint's system form");
            using Coor = std::decay_t<decltype(in.first)>;
            Scheme::step(detail::odeint_force<S, Coor>{sys}, phi, p, dt, m_options);
        }
        detail::make_single_entry(out.first);
        detail::make_single_entry(out.second);
        detail::scalar_of(out.first) = phi;
        detail::scalar_of(out.second) = p;
    }

    newton_options m_options;
};

template <class T>
using leapfrog_stepper = newton_stepper<scheme::leapfrog, T>;
template <class T>
using symplectic_euler_stepper = newton_stepper<scheme::symplectic_euler, T>;
template <class T>
using symplectic_euler_adjoint_stepper = newton_stepper<scheme::symplectic_euler_adjoint, T>;
template <class T>
using implicit_midpoint_stepper = newton_stepper<scheme::implicit_midpoint, T>;
template <class T>
using standard_projection_stepper = newton_stepper<scheme::standard_projection<>, T>;
template <class T>
using symmetric_projection_stepper = newton_stepper<scheme::symmetric_projection<>, T>;
template <class T>
using suris1_stepper = newton_stepper<scheme::suris1, T>;
template <class T>
using suris2_stepper = newton_stepper<scheme::suris2, T>;
template <class T>
using discrete_gradient_stepper = newton_stepper<scheme::discrete_gradient, T>;
template <class T>
using modified_discrete_gradient_stepper = newton_stepper<scheme::modified_discrete_gradient, T>;

}  // namespace geomint
