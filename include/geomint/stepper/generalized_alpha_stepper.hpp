#pragma once
/// \file
/// Boost.Odeint steppers for the structural-dynamics peers HHT-α and generalized-α
/// (scheme/linear/generalized_alpha.hpp) on a `structural_system` M q̈ + C q̇ + K q = f(t).
///
/// Example:
/// \code
///   geomint::structural_system sys(M, geomint::rayleigh_damping<double>{0.1, 0.01}, K, load);
///   geomint::generalized_alpha_stepper<Eigen::VectorXd> stepper(0.8);   // rho_infinity = 0.8
///   auto x = std::make_pair(q0, p0);                                     // (q, p), p = M q'
///   boost::numeric::odeint::integrate_const(stepper, sys, x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/error.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/linear/generalized_alpha.hpp"
#include "geomint/sparse.hpp"
#include "geomint/stepper/factor_cache.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of the generalized-α family on a `structural_system`.
///
/// \tparam Coor     coordinate vector (`std::vector<T>`, `Eigen::VectorX<T>`, fixed-size for dense models).
/// \tparam Scheme   `scheme::generalized_alpha` or `scheme::hht_alpha`.
/// \tparam Momentum momentum vector type (defaults to `Coor`).
/// \tparam Checks   `checked` (default) or `unchecked`.
///
/// State: (q, p) with p = M q̇, as the other steppers. The method also carries the acceleration
/// a_n: the stepper keeps (v, a) of the state it wrote last and uses them when the next step
/// starts from that state — the same model, q and p bit for bit — at a time within dt/1024 of the
/// time it wrote (so a caller may advance t its own way, t0 + j·dt or t += dt: the last bits of t
/// do not matter); from any other state it starts afresh with v = M⁻¹p and
/// a = M⁻¹(f(t) − C v − K q), the acceleration of the equation of motion. The effective matrix (1 − α_m) M + (1 − α_f) γ h C + (1 − α_f) β h² K is factored
/// once per (model, h) (LU, dense or sparse). Per step: one solve and products with M, C, K.
///
/// \throws std::invalid_argument (constructor) for ρ∞ outside the method's range; (step) for
///         dt <= 0 (the methods are not time-symmetric: backward steps are not supported), a
///         state of the wrong size, or, with `checked`, a non-finite state or dt.
template <class Coor, class Scheme, class Momentum = Coor, class Checks = checked>
class alpha_method_stepper
    : public stepper_base<alpha_method_stepper<Coor, Scheme, Momentum, Checks>, Scheme, Coor, Momentum, Checks> {
    using base = stepper_base<alpha_method_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;

public:
    /// The state holds no extra (acceleration) entries.
    static constexpr bool dual_states = false;
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param rho_infinity spectral radius at infinite step (default 0.9).
    explicit alpha_method_stepper(const value_type& rho_infinity = Scheme::template default_rho_infinity<value_type>())
        : m_par(Scheme::parameters(rho_infinity)) {}

    /// α_m, α_f, β, γ and ρ∞ in use.
    const generalized_alpha_parameters<value_type>& parameters() const { return m_par; }

    /// Forget the carried acceleration and the factorizations.
    void reset() {
        m_has_last = false;
        m_dense.clear();
        m_sparse.clear();
    }

private:
    using vec = vector<value_type>;

    template <class System, class QIn, class PIn, class QOut, class POut>
    void step(System& system, const QIn& q_in, const PIn& p_in, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        static_assert(form_of<System>() == system_form::structural,
                      "HHT-alpha and generalized-alpha step a geomint::structural_system (M, C, K, load)");
        static_assert(std::is_same_v<typename System::value_type, value_type>,
                      "a structural_system is stepped in its own scalar: use a state of the model's scalar type");
        const auto q = as_eigen(q_in);
        const auto p = as_eigen(p_in);
        const Eigen::Index n = q.size();
        if constexpr (base::checks_enabled) detail::check_pair_state(Scheme::name, q, p);
        if (!(dt > value_type(0)))
            throw std::invalid_argument(std::string(Scheme::name) + ": dt = " + geomint::to_string(dt) +
                                        " (precondition: dt > 0; the method is not time-symmetric, so it has no "
                                        "backward step)");
        if (system.size() != n || p.size() != n)
            throw std::invalid_argument(std::string(Scheme::name) + ": the system has " + std::to_string(system.size()) +
                                        " degrees of freedom but the state has " + std::to_string(n) + " and " +
                                        std::to_string(p.size()));
        const auto& c = m_par;
        const value_type& h = dt;
        // (v, a) of this state: carried over when the step continues from the state written last
        // (identified by its model and its bits; the caller's t may differ from ours in its last
        // bits), or from the equation of motion
        using std::abs;
        const bool continues = m_has_last && m_model == system.id() && m_q.size() == n && m_q == q && m_p == p &&
                               abs(t - m_t) <= dt / value_type(1024);
        if (!continues) {
            m_v = system.apply_inverse_mass(vec(p));
            vec r = system.load(t);
            r.noalias() -= system.damping() * m_v;
            r.noalias() -= system.stiffness() * vec(q);
            m_a = system.apply_inverse_mass(r);
        }
        const value_type one(1), half = one / value_type(2);
        const value_type af1 = one - c.alpha_f;
        // right-hand side of the effective equation for a_{n+1}
        vec rhs = system.load(t + af1 * h);
        const vec mass_a = system.mass() * m_a;
        rhs -= c.alpha_m * mass_a;
        const vec v_pred = m_v + (af1 * h * (one - c.gamma)) * m_a;
        rhs.noalias() -= system.damping() * v_pred;
        const vec q_pred = q + af1 * (h * m_v + (h * h * (half - c.beta)) * m_a);
        rhs.noalias() -= system.stiffness() * q_pred;
        const vec a1 = effective_matrix(system, h).solve(rhs);
        m_q = q + h * m_v + (h * h) * ((half - c.beta) * m_a + c.beta * a1);
        m_v += h * ((one - c.gamma) * m_a + c.gamma * a1);
        m_a = a1;
        m_p = system.mass() * m_v;
        m_t = t + dt;
        m_model = system.id();
        m_has_last = true;
        resize_state(q_out, n);
        resize_state(p_out, n);
        as_eigen(q_out) = m_q;
        as_eigen(p_out) = m_p;
    }

    template <class System>
    const auto& effective_matrix(const System& system, const value_type& h) {
        using model_matrix = std::conditional_t<System::is_sparse, sparse_matrix<value_type>, matrix<value_type>>;
        const auto make = [&] {
            const value_type af1 = value_type(1) - m_par.alpha_f;
            const model_matrix a = model_matrix(system.mass()) * (value_type(1) - m_par.alpha_m) +
                                   model_matrix(system.damping()) * (af1 * m_par.gamma * h) +
                                   model_matrix(system.stiffness()) * (af1 * m_par.beta * h * h);
            auto f = std::make_shared<const lu_factorization<model_matrix>>(a);
            if (!f->invertible())
                throw singular_step_error(std::string(Scheme::name) + ": the effective matrix is singular at h = " +
                                          geomint::to_string(h));
            return f;
        };
        if constexpr (System::is_sparse) return m_sparse.get(system.id(), h, make);
        else return m_dense.get(system.id(), h, make);
    }

    generalized_alpha_parameters<value_type> m_par;
    detail::factor_cache<lu_factorization<matrix<value_type>>, value_type> m_dense;
    detail::factor_cache<lu_factorization<sparse_matrix<value_type>>, value_type> m_sparse;
    // the state written last and its velocity and acceleration
    bool m_has_last = false;
    std::uint64_t m_model = 0;
    value_type m_t{};
    vec m_q, m_p, m_v, m_a;
};

/// Generalized-α (Chung & Hulbert 1993) as an odeint stepper (order 2), ρ∞ ∈ [0, 1].
template <class Coor, class Momentum = Coor, class Checks = checked>
using generalized_alpha_stepper = alpha_method_stepper<Coor, scheme::generalized_alpha, Momentum, Checks>;

/// HHT-α (Hilber, Hughes & Taylor 1977) as an odeint stepper (order 2), ρ∞ ∈ [½, 1].
template <class Coor, class Momentum = Coor, class Checks = checked>
using hht_alpha_stepper = alpha_method_stepper<Coor, scheme::hht_alpha, Momentum, Checks>;

}  // namespace geomint
