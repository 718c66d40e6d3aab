#pragma once
/// \file
/// The rates view of a separable system: dq/dt = f(p), dp/dt = g(q) on Eigen vectors, from every
/// separable form (model/system_form.hpp): odeint's pair `std::make_pair(f, g)`, a momentum
/// function g alone (dq/dt = p), `matrix_free(f, g)`, `separable_system` (f = p, g = force) and a
/// dense or sparse `quadratic_lagrangian` (f = M⁻¹p, g = −Kq). The view the explicit splittings,
/// the Galerkin VI's fixed point and the Newton-equation splitting schemes step with.
///
/// The models are used through their members only (no model header is included here), so the
/// pair-form path compiles none of them.

#include "geomint/matrix.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

namespace detail {
/// \throws std::invalid_argument naming `name` unless the state's length n is the model's dof.
inline void require_dof(Eigen::Index n, Eigen::Index dof, const char* name) {
    if (n != dof)
        throw std::invalid_argument(std::string(name) + ": the state has " + std::to_string(n) +
                                    " entries but the system has dof = " + std::to_string(dof));
}
}  // namespace detail

/// Rates of a separable system, scalar U, for states of types `Coor`, `Momentum`, on working
/// vectors `vector<U, N>` (N: the states' compile-time length, or Eigen::Dynamic).
template <class U, class Coor, class Momentum = Coor, int N = Eigen::Dynamic>
class separable_rates {
    using vec = vector<U, N>;

public:
    /// Calls `use(f, g)` with f(p, out) and g(q, out) for the system `sys` (any separable form,
    /// unwrapped from std::ref / boost::ref), whose state has n entries. The arguments are
    /// vector<U, N> or the user's containers `Momentum` / `Coor` (for f; `Coor` / `Momentum` for
    /// g): a user's callable gets the latter without a copy. `name` prefixes error messages.
    /// \throws std::invalid_argument if a model's dof differs from n, or a user's callable
    ///         returns a container of another length.
    template <class S, class Use>
    void operator()(S& sys, Eigen::Index n, const char* name, Use&& use) {
        constexpr system_form form = form_of<S>();
        static_assert(form != system_form::lagrangian && form != system_form::constrained_lagrangian,
                      "a splitting stepper needs a separable system, H = T(p) + V(q), and a lagrangian_system is not "
                      "separable in general: step it with galerkin_vi_stepper<Coor, Degree> (any regular L(q, v)), "
                      "or, if L = |v|^2/2 - V(q), write it as odeint's pair (f, g) or a geomint::separable_system");
        static_assert(has_separable_rates<S>() || form == system_form::lagrangian ||
                          form == system_form::constrained_lagrangian,
                      "this stepper needs a separable system: odeint's pair (f, g), a momentum function g(q, dpdt), "
                      "geomint::matrix_free, geomint::separable_system or geomint::quadratic_lagrangian (a "
                      "geomint::forced_pair is stepped by galerkin_vi_stepper only; a matrix_free with damping or a "
                      "load, by newmark_stepper and simpson_stepper only; a truss, by truss_stepper)");
        if constexpr (form == system_form::quadratic_lagrangian || form == system_form::sparse_quadratic_lagrangian) {
            detail::require_dof(n, sys.size(), name);
            use([&](const auto& p, auto& out) { sized(out, p) = sys.apply_inverse_mass(view(p)); },
                [&](const auto& q, auto& out) { sized(out, q).noalias() = -(sys.stiffness() * view(q)); });
        } else if constexpr (form == system_form::separable) {
            detail::require_dof(n, static_cast<Eigen::Index>(sys.dof()), name);
            use([](const auto& p, auto& out) { sized(out, p) = view(p); },
                [&](const auto& q, auto& out) { sized(out, q) = sys.force(view(q)); });
        } else if constexpr (form == system_form::matrix_free) {
            pair_form(sys.coordinate_rate, sys.momentum_rate, name, use);
        } else if constexpr (form == system_form::odeint_pair) {
            pair_form(sys.first, sys.second, name, use);
        } else {
            use([](const auto& p, auto& out) { sized(out, p) = view(p); },
                [&](const auto& q, auto& out) { m_g(sys, q, out, name, "momentum function g(q, dpdt)"); });
        }
    }

private:
    template <class F, class G, class Use>
    void pair_form(F& f, G& g, const char* name, Use& use) {
        use([&](const auto& p, auto& out) { m_f(f, p, out, name, "coordinate function f(p, dqdt)"); },
            [&](const auto& q, auto& out) { m_g(g, q, out, name, "momentum function g(q, dpdt)"); });
    }

    template <class X>
    static constexpr bool is_eigen = std::is_base_of_v<Eigen::EigenBase<std::remove_const_t<X>>, std::remove_const_t<X>>;

    // an Eigen vector as it is, a user's container as an Eigen view
    template <class X>
    static decltype(auto) view(X& x) {
        if constexpr (is_eigen<X>) return (x);
        else return as_eigen(x);
    }

    // the output `out` as an Eigen view, a user's container first given the length of `in`
    // (an Eigen vector resizes on assignment)
    template <class X, class In>
    static decltype(auto) sized(X& out, const In& in) {
        if constexpr (is_eigen<X>) {
            return (out);
        } else {
            resize_state(out, view(in).size());
            return as_eigen(out);
        }
    }

    detail::callable_adapter<Momentum, Coor> m_f;
    detail::callable_adapter<Coor, Momentum> m_g;
};

namespace detail {
/// odeint's two separable forms seen as a force source by the Newton-equation schemes
/// (scheme/newton_equation/): `force(q)` = g(q) and, for the pair form, `velocity(p)` = f(p),
/// for q, p a scalar T (one degree of freedom) or a `vector<T>`. The callables get containers
/// of the user's types `Coor` / `Momentum` through adapters the caller keeps between steps.
template <class System, class Coor, class Momentum>
struct odeint_force_view {
    System& system;
    callable_adapter<Momentum, Coor>& f_call;
    callable_adapter<Coor, Momentum>& g_call;
    const char* who;

    template <class Q>
    Q force(const Q& q) const {
        if constexpr (form_of<System>() == system_form::odeint_pair)
            return apply(g_call, system.second, q, "momentum function g(q, dpdt)");
        else
            return apply(g_call, system, q, "momentum function g(q, dpdt)");
    }
    template <class Q>
    Q velocity(const Q& p) const
        requires(form_of<System>() == system_form::odeint_pair)
    {
        return apply(f_call, system.first, p, "coordinate function f(p, dqdt)");
    }

private:
    template <class Adapter, class F, class Q>
    Q apply(Adapter& adapter, F& f, const Q& x, const char* what) const {
        if constexpr (is_scalar_state_v<Q>) {
            Eigen::Matrix<Q, 1, 1> v;
            v(0) = x;
            return as_eigen(adapter.call(f, v, who, what))(0);
        } else {
            return Q(as_eigen(adapter.call(f, x, who, what)));
        }
    }
};
}  // namespace detail

}  // namespace geomint
