#pragma once
/// \file
/// The rates dq/dt = f(p), dp/dt = g(q) of a separable system, on Eigen vectors, from every form
/// geomint's steppers accept for it: odeint's symplectic pair `std::make_pair(f, g)`, a momentum
/// function g alone (dq/dt = p), `matrix_free(f, g)`, `separable_system` (f = p, g = force) and
/// a `quadratic_lagrangian` (f = M⁻¹p, g = −Kq). Shared by the steppers that only call f and g
/// (the Galerkin VI's fixed point, the explicit compositions).

#include "geomint/linalg.hpp"
#include "geomint/model/linear_system.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint::detail {

/// A user's callable `fn(in, out)` written for containers `In` → `Out`, applied to Eigen vectors:
/// the containers are kept between calls (no allocation per call once sized), `out` is zeroed
/// before each call as odeint does, and a result of the wrong length is a named error.
template <class In, class Out>
class container_call {
public:
    template <class Fn, class X, class Y>
    void operator()(Fn& fn, const X& x, Y& y, const char* name, const char* what) {
        const Eigen::Index n = x.size();
        resize_state(m_in, n);
        resize_state(m_out, n);
        as_eigen(m_in) = x;
        as_eigen(m_out).setZero();
        fn(static_cast<const In&>(m_in), m_out);
        if (state_size(m_out) != n)
            throw std::invalid_argument(std::string(name) + ": the system's " + what + " returned " +
                                        std::to_string(state_size(m_out)) + " entries for a state of " +
                                        std::to_string(n) + " (precondition: equal lengths)");
        y = as_eigen(m_out);
    }

private:
    In m_in{};
    Out m_out{};
};

/// Dispatch of a separable system to its rates (see the file comment), scalar U.
template <class U, class Coor, class Momentum>
class separable_rates {
public:
    /// Calls `use(f, g)` with f(p, out) and g(q, out) on vector<U> for the system `sys`, whose
    /// state has n entries. `name` prefixes error messages.
    /// \throws std::invalid_argument if a model's dof differs from n, or a user's callable
    ///         returns a container of another length.
    template <class S, class Use>
    void operator()(S& sys, Eigen::Index n, const char* name, Use&& use) {
        using SS = std::remove_cv_t<S>;
        if constexpr (is_quadratic_lagrangian<SS>::value) {
            require_dof(n, sys.size(), name);
            use([&](const vector<U>& p, vector<U>& out) { out = sys.apply_inverse_mass(p); },
                [&](const vector<U>& q, vector<U>& out) { out.noalias() = -(sys.stiffness() * q); });
        } else if constexpr (is_separable_system<SS>::value) {
            require_dof(n, static_cast<Eigen::Index>(sys.dof()), name);
            use([](const vector<U>& p, vector<U>& out) { out = p; },
                [&](const vector<U>& q, vector<U>& out) { out = sys.force(q); });
        } else if constexpr (is_matrix_free_system<SS>::value) {
            pair_form(sys.coordinate_rate, sys.momentum_rate, name, use);
        } else if constexpr (is_std_pair<SS>::value) {
            pair_form(unwrap_reference_to(sys.first), unwrap_reference_to(sys.second), name, use);
        } else {
            use([](const vector<U>& p, vector<U>& out) { out = p; },
                [&](const vector<U>& q, vector<U>& out) { m_g_call(sys, q, out, name, "momentum function g(q, dpdt)"); });
        }
    }

private:
    template <class F, class G, class Use>
    void pair_form(F& f, G& g, const char* name, Use& use) {
        use([&](const vector<U>& p, vector<U>& out) { m_f_call(f, p, out, name, "coordinate function f(p, dqdt)"); },
            [&](const vector<U>& q, vector<U>& out) { m_g_call(g, q, out, name, "momentum function g(q, dpdt)"); });
    }

    static void require_dof(Eigen::Index n, Eigen::Index dof, const char* name) {
        if (n != dof)
            throw std::invalid_argument(std::string(name) + ": the state has " + std::to_string(n) +
                                        " entries but the system has dof = " + std::to_string(dof));
    }

    container_call<Momentum, Coor> m_f_call;
    container_call<Coor, Momentum> m_g_call;
};

}  // namespace geomint::detail
