#pragma once
/// \file
/// Boost.Odeint stepper over any scheme for the Newton equation φ̈ = −V'(φ) (scheme/newton_equation/*.hpp):
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
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/newton_equation/discrete_gradient.hpp"
#include "geomint/scheme/newton_equation/implicit_midpoint.hpp"
#include "geomint/scheme/newton_equation/newton_equation_scheme.hpp"
#include "geomint/scheme/newton_equation/projection.hpp"
#include "geomint/scheme/newton_equation/leapfrog.hpp"
#include "geomint/scheme/newton_equation/suris.hpp"
#include "geomint/state.hpp"
#include "geomint/stepper/stepper_base.hpp"
#include "geomint/summation.hpp"

#include <string>
#include <type_traits>
#include <typeinfo>
#include <vector>
#include <cstring>
#include <utility>

namespace geomint {

namespace detail {
/// Give a container component one entry (nothing to do for a scalar component).
template <class C>
void make_single_entry(C& c) {
    if constexpr (!is_scalar_state_v<C>) resize_state(c, 1);
}

/// The scalar held by a state component: the component itself, or the only entry of a
/// one-element container (std::array<T, 1>, std::vector<T>, Eigen vector).
template <class C>
auto& scalar_of(C& c) {
    if constexpr (is_scalar_state_v<C>) {
        return c;
    } else {
        if (c.size() != 1)
            throw std::invalid_argument("newton stepper: a state component has " + std::to_string(c.size()) +
                                        " entries; the scalar Newton equation needs exactly 1");
        return c[0];
    }
}

}  // namespace detail

namespace detail {
/// The adder a Newton-equation splitting step (scheme::add_in_place's interface) uses under
/// compensated summation: each increment goes through the stepper's `pair_summation` over `M`
/// (an Eigen vector; a scalar state as a 1-vector).
template <class M>
struct summing_adder {
    using T = typename M::Scalar;
    pair_summation<M, compensated_summation>& sum;

    template <class X, class D>
    void add_position(X& x, const D& d) {
        add(x, d, true);
    }
    template <class X, class D>
    void add_momentum(X& x, const D& d) {
        add(x, d, false);
    }

private:
    template <class X, class D>
    void add(X& x, const D& d, bool position) {
        if constexpr (is_scalar_state_v<X>) {
            M xv = M::Constant(x), dv = M::Constant(T(d));
            if (position) sum.add_first(xv, dv);
            else sum.add_second(xv, dv);
            x = xv(0);
        } else {
            const M dv = d;
            if (position) sum.add_first(x, dv);
            else sum.add_second(x, dv);
        }
    }
};
}  // namespace detail

/// Odeint stepper (`stepper_tag`) for φ̈ = −V'(φ) by `Scheme`, on the (φ, p) pair state.
///
/// \tparam Coor     coordinate type: a scalar T (one degree of freedom), or a container of n
///                  entries (std::array, std::vector, Eigen vector).
/// \tparam Scheme   a scheme of scheme/newton_equation/ (e.g. `scheme::discrete_gradient`).
/// \tparam Momentum momentum type (defaults to `Coor`).
/// \tparam Checks   `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `plain_summation` (default: the paper's updates as written) or
///                  `compensated_summation` (geomint/summation.hpp: each kick and drift added with
///                  the rounding carried, for the state this stepper wrote last) — for the schemes
///                  whose step is a sequence of increments: leap-frog and the symplectic Euler
///                  methods (`scheme::adds_increments`); the other schemes refuse it at compile time.
///
/// State: `std::pair<A, B>` (odeint's symplectic steppers' layout, or a pair of std::ref's) where
/// A and B are
/// - T or one-element containers, for a `newton_system` (one degree of freedom);
/// - containers of n entries (std::array, std::vector, Eigen vector), for a `separable_system`
///   with n = dof() or for odeint's system form (`Scheme::multi_dof` schemes only).
///
/// System: a `newton_system` or a `separable_system` (or std::ref to one); explicit schemes
/// (schemes whose `needs_potential` is false: leap-frog, symplectic Euler) also accept odeint's symplectic
/// system form — a pair (f, g), dq/dt = f(p) and dp/dt = g(q), both used (any separable
/// H = T(p) + V(q)), or a momentum function g(q, dpdt) alone (dq/dt = p). Implicit schemes refuse
/// the system form at compile time (they need the potential V).
/// dt < 0 steps backward (the scheme with a negative step: for symmetric schemes the exact
/// inverse of the forward step, for the others a method of the same order for the backward flow).
/// A first-same-as-last scheme (`Scheme::first_same_as_last`: leap-frog) evaluates the force once
/// a step: the force at the end of a step is reused by the next one when it gets the state this
/// stepper wrote, for the same system: one of the same type whose bytes are equal (a trivially
/// copyable system, e.g. lambdas capturing numbers: a system passed by value, as odeint does, is
/// recognized by value, and one switched mid-trajectory is noticed), or else the same object
/// (address and type; call `reset()` after changing such a system in place).
/// Implicit schemes take `iteration_options` at construction; explicit ones take none.
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero, q and p finite and of equal length (= dof() for a
/// separable_system). Implicit schemes throw `convergence_error` when Newton fails; the model
/// throws `std::domain_error` if the potential's derivatives are not finite.
template <class Coor, class Scheme, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
class newton_equation_stepper
    : public stepper_base<newton_equation_stepper<Coor, Scheme, Momentum, Checks, Summation>, Scheme, Coor, Momentum,
                          Checks> {
    using base = stepper_base<newton_equation_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;
    static_assert(newton_equation_scheme<Scheme>,
                  "Scheme must be a Newton-equation scheme (scheme/newton_equation/newton_equation_scheme.hpp)");
    static_assert(summation_policy<Summation>, "Summation must be plain_summation or compensated_summation");
    static constexpr bool compensated = std::is_same_v<Summation, compensated_summation>;
    static_assert(!compensated || scheme::adds_increments<Scheme>(),
                  "compensated_summation needs a scheme whose step is a sequence of increments (leapfrog, "
                  "symplectic_euler, symplectic_euler_adjoint); the other schemes update the state by their "
                  "formulas: use plain_summation");

public:
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    newton_equation_stepper() = default;
    /// Settings of the Newton–Raphson solves (implicit schemes only).
    explicit newton_equation_stepper(iteration_options options)
        requires Scheme::implicit
        : m_options(options) {}

    const iteration_options& options() const
        requires Scheme::implicit
    {
        return m_options;
    }

    /// Forget the force kept for the next step (first-same-as-last schemes) and the summation
    /// carry.
    void reset() {
        m_scalar_force.system = nullptr;
        m_vector_force.system = nullptr;
        m_scalar_sum.forget();
        m_vector_sum.forget();
    }

private:
    using T = value_type;
    static constexpr bool fsal = scheme::first_same_as_last<Scheme>();

    /// The force at the state written last, and the system it belongs to (type, and its bytes
    /// when trivially copyable, else its address).
    template <class U>
    struct force_memory {
        const void* system = nullptr;
        const std::type_info* type = nullptr;
        std::vector<unsigned char> bytes;
        U q{}, f{};

        template <class Sys>
        bool belongs_to(const Sys* sys) const {
            if (system == nullptr || type != &typeid(Sys)) return false;
            if constexpr (std::is_trivially_copyable_v<Sys>)
                return bytes.size() == sizeof(Sys) && std::memcmp(bytes.data(), sys, sizeof(Sys)) == 0;
            else
                return system == static_cast<const void*>(sys);
        }
        template <class Sys>
        void remember(const Sys* sys) {
            if constexpr (std::is_trivially_copyable_v<Sys>) {
                const auto* b = reinterpret_cast<const unsigned char*>(sys);
                bytes.assign(b, b + sizeof(Sys));
            }
            system = sys;
            type = &typeid(Sys);
        }
    };

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& /*t*/, QOut& q_out, POut& p_out,
              const time_type& dt) {
        using C = std::remove_cv_t<QIn>;
        using P = std::remove_cv_t<PIn>;
        constexpr system_form form = form_of<S>();
        static_assert(form == system_form::newton || form == system_form::separable ||
                          form == system_form::odeint_pair || form == system_form::momentum_function,
                      "a Newton-equation stepper needs a geomint::newton_system, a geomint::separable_system, or (explicit "
                      "schemes) odeint's symplectic system form");
        if constexpr (form == system_form::separable || (form != system_form::newton && !is_scalar_state_v<C>)) {
            static_assert(Scheme::multi_dof, "this scheme is defined for one degree of freedom only (a newton_system)");
            vector<T> q = as_eigen(q_in), p = as_eigen(p_in);
            if constexpr (base::checks_enabled) detail::check_pair_state(Scheme::name, q, p);
            if constexpr (form == system_form::separable) {
                advance(std::as_const(sys), &sys, q, p, dt, m_vector_force);
            } else {
                static_assert(!Scheme::needs_potential, "this scheme needs the potential V: pass a "
                                                        "geomint::separable_system, not odeint's system form");
                with_force_view<C, P>(sys, [&](const auto& view) { advance(view, &sys, q, p, dt, m_vector_force); });
            }
            resize_state(q_out, q.size());
            resize_state(p_out, p.size());
            as_eigen(q_out) = q;
            as_eigen(p_out) = p;
        } else {
            T phi = detail::scalar_of(q_in), p = detail::scalar_of(p_in);
            if constexpr (base::checks_enabled) {
                if (!is_finite(phi) || !is_finite(p))
                    throw std::invalid_argument(std::string(Scheme::name) + ": state (phi, p) = (" +
                                                geomint::to_string(phi) + ", " + geomint::to_string(p) +
                                                ") violates the precondition: finite entries");
            }
            if constexpr (form == system_form::newton) {
                advance(std::as_const(sys), &sys, phi, p, dt, m_scalar_force);
            } else {
                static_assert(!Scheme::needs_potential,
                              "this scheme needs the potential V: pass a geomint::newton_system, not odeint's system form");
                with_force_view<C, P>(sys, [&](const auto& view) { advance(view, &sys, phi, p, dt, m_scalar_force); });
            }
            detail::make_single_entry(q_out);
            detail::make_single_entry(p_out);
            detail::scalar_of(q_out) = phi;
            detail::scalar_of(p_out) = p;
        }
    }

    /// odeint's system form as the schemes' force source, through the adapters kept here (no
    /// allocation per call once sized) for states of the stepper's own types.
    template <class C, class P, class S, class Use>
    void with_force_view(S& sys, Use&& use) {
        if constexpr (std::is_same_v<C, Coor> && std::is_same_v<P, Momentum>) {
            use(detail::odeint_force_view<S, C, P>{sys, m_f_call, m_g_call, Scheme::name});
        } else {
            detail::callable_adapter<P, C> f_call;
            detail::callable_adapter<C, P> g_call;
            use(detail::odeint_force_view<S, C, P>{sys, f_call, g_call, Scheme::name});
        }
    }

    /// One step of the scheme on (q, p) in place; first-same-as-last schemes reuse the force.
    template <class F, class Sys, class U>
    void advance(const F& force_source, const Sys* system, U& q, U& p, const T& dt, force_memory<U>& memory) {
        if constexpr (compensated) {
            with_summation(q, p, [&](auto& add) { step_once(force_source, system, q, p, dt, memory, add); });
        } else {
            scheme::add_in_place add;
            step_once(force_source, system, q, p, dt, memory, add);
        }
    }

    template <class F, class Sys, class U, class Add>
    void step_once(const F& force_source, const Sys* system, U& q, U& p, const T& dt, force_memory<U>& memory, Add& add) {
        if constexpr (fsal) {
            if (!(memory.belongs_to(system) && same_value(memory.q, q))) memory.f = force_source.force(q);
            memory.system = nullptr;  // a throwing step leaves no stale force
            Scheme::step_with_force(force_source, q, p, dt, memory.f, add);
            memory.q = q;
            memory.remember(system);
        } else if constexpr (Scheme::implicit) {
            Scheme::step(force_source, q, p, dt, m_options);
        } else if constexpr (scheme::adds_increments<Scheme>()) {
            Scheme::step(force_source, q, p, dt, add);
        } else {
            Scheme::step(force_source, q, p, dt);
        }
    }

    /// Runs `body(add)` with an adder that sums the increments into (q, p) by compensated
    /// summation (detail::pair_summation; scalars as 1-vectors), the carry kept for the state
    /// written last.
    template <class U, class Body>
    void with_summation(U& q, U& p, Body&& body) {
        if constexpr (is_scalar_state_v<U>) {
            using one = Eigen::Matrix<T, 1, 1>;
            m_scalar_sum.begin(one::Constant(q), one::Constant(p));
            detail::summing_adder<one> add{m_scalar_sum};
            body(add);
            m_scalar_sum.end(one::Constant(q), one::Constant(p));
        } else {
            m_vector_sum.begin(q, p);
            detail::summing_adder<vector<T>> add{m_vector_sum};
            body(add);
            m_vector_sum.end(q, p);
        }
    }

    template <class U>
    static bool same_value(const U& a, const U& b) {
        if constexpr (is_scalar_state_v<U>) return a == b;
        else return a.size() == b.size() && a == b;
    }

    iteration_options m_options;  ///< implicit schemes only
    detail::callable_adapter<Momentum, Coor> m_f_call;
    detail::callable_adapter<Coor, Momentum> m_g_call;
    force_memory<T> m_scalar_force;
    force_memory<vector<T>> m_vector_force;
    detail::pair_summation<Eigen::Matrix<T, 1, 1>, Summation> m_scalar_sum;  ///< the carry (compensated)
    detail::pair_summation<vector<T>, Summation> m_vector_sum;
};

/// Odeint stepper of `scheme::leapfrog` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using leapfrog_stepper = newton_equation_stepper<Coor, scheme::leapfrog, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::symplectic_euler` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using symplectic_euler_stepper = newton_equation_stepper<Coor, scheme::symplectic_euler, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::symplectic_euler_adjoint` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using symplectic_euler_adjoint_stepper = newton_equation_stepper<Coor, scheme::symplectic_euler_adjoint, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::implicit_midpoint` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using implicit_midpoint_stepper = newton_equation_stepper<Coor, scheme::implicit_midpoint, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::standard_projection` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using standard_projection_stepper = newton_equation_stepper<Coor, scheme::standard_projection<>, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::symmetric_projection` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using symmetric_projection_stepper = newton_equation_stepper<Coor, scheme::symmetric_projection<>, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::suris1` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using suris1_stepper = newton_equation_stepper<Coor, scheme::suris1, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::suris2` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using suris2_stepper = newton_equation_stepper<Coor, scheme::suris2, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::discrete_gradient` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using discrete_gradient_stepper = newton_equation_stepper<Coor, scheme::discrete_gradient, Momentum, Checks, Summation>;
/// Odeint stepper of `scheme::modified_discrete_gradient` (see the primary template).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using modified_discrete_gradient_stepper =
    newton_equation_stepper<Coor, scheme::modified_discrete_gradient, Momentum, Checks, Summation>;

}  // namespace geomint
