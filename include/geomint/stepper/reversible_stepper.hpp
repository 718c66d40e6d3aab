#pragma once
/// \file
/// Explicit, time-reversible step-size control for a symmetric one-step method (Hairer &
/// Söderlind, SIAM J. Sci. Comput. 26 (2005) 1838, eq. (2.4)–(2.6); Hairer, Lubich & Wanner,
/// Geometric Numerical Integration, §VIII.3.2): with a step density ρ(q, p) > 0 (the steps wanted
/// are h ∝ 1/ρ) and G(y) = d/dt ln ρ(y(t)) = ∇ρ · ẏ / ρ,
///
///     z_{n+1/2} = z_{n−1/2} + ε G(y_n),     y_{n+1} = Φ_{ε / z_{n+1/2}}(y_n),
///
/// started from z_{±1/2} = ρ(y_0) ± ε G(y_0)/2. The map (y_n, z_{n−1/2}) ↦ (y_{n+1}, z_{n+1/2}) is
/// explicit in z and time-reversible when Φ is symmetric: N steps forward and N back (the same
/// controller, ε → −ε) return y_0 to round-off and the step sequence is retraced. The symmetric
/// method keeps its long-time behaviour (no drift of the energy) while the step follows the
/// motion, which a classical error-controlled step destroys.
///
/// `reversible_stepper<Stepper, System, Density>` wraps any symmetric geomint stepper on odeint's
/// pair state — `galerkin_vi_stepper` (Degree r: symmetric, order 2r), the splitting steppers
/// (`splitting_stepper`, the catalogue's palindromic compositions), `newton_equation_stepper`'s
/// symmetric schemes, `rattle_stepper` and its compositions on a constrained system — as an odeint dense-output stepper in physical time (the protocol of
/// observe/adaptive_dense_output.hpp: integrate_const/adaptive/times, exact end times, turning
/// back at a node retraces the steps, `calc_state` by a step of the method from the previous node).
///
/// \code
///   using V = std::array<double, 2>;
///   auto kepler = std::make_pair([](const V& p, V& dq) { dq = p; }, [](const V& q, V& dp) { ... });
///   // h ∝ r^(3/2): the density r^(−3/2), written for any scalar S (dual numbers give G)
///   auto rho = [](const auto& q, const auto&) { using std::sqrt; auto r2 = q.squaredNorm(); return 1 / (sqrt(r2) * sqrt(sqrt(r2))); };
///   geomint::reversible_stepper st(geomint::galerkin_vi_stepper<V, 2>{}, kepler, rho, 0.02);
///   boost::numeric::odeint::integrate_const(std::ref(st), kepler, x, 0.0, 100.0, 0.1, observer);
/// \endcode
///
/// Requirements: `Stepper` an odeint stepper (do_step(system, x, t, dt) in place) of a symmetric
/// method on a pair state (q, p) of containers of the scalar T (or of scalars, one degree of
/// freedom); `System` what the stepper steps, one of the separable forms whose rates ẏ = (q̇, ṗ)
/// give G (model/system_form.hpp):
/// - odeint's symplectic pair (f, g), q̇ = f(p), ṗ = g(q); a momentum function g alone;
///   `matrix_free`, `separable_system`, `quadratic_lagrangian` (model/separable_rates.hpp);
/// - `newton_system` (φ̈ = −V'(φ): q̇ = p, ṗ = force(q)), for the Newton-equation family;
/// - `constrained(pair, constraints)`, for `rattle_stepper` and its compositions: ẏ is then the
///   pair's (f(p), g(q)) without the constraint forces. q̇ = f(p) = M⁻¹p is the exact velocity on
///   the constraint manifold, so G is exact for a density of q alone; for a density that depends
///   on p, z follows ρ less closely (the step sequence stays reversible: any G does).
///
/// `Density` is a callable ρ(q, p) on Eigen vectors `vector<S>` for S = T and S = dual<T>,
/// returning S (G is its derivative along ẏ by forward autodiff).
///
/// Errors: ε not finite and > 0 (std::invalid_argument); ρ(y) or z_{n+1/2} not finite and > 0, or
/// G(y) not finite (std::domain_error naming the value, q and p); a step shorter than t's
/// resolution, so that no end time can be reached (std::runtime_error); do_step or calc_state
/// before initialize (std::logic_error); calc_state outside the last step (std::out_of_range).

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/observe/adaptive_dense_output.hpp"
#include "geomint/scalar.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace geomint {

/// The reversible step-size control of Hairer & Söderlind (2005) around a symmetric `Stepper`, as
/// an odeint dense-output stepper (see the file's comment).
/// \tparam Stepper a geomint (or odeint) stepper of a symmetric method on a pair state.
/// \tparam System  odeint's symplectic pair (f, g).
/// \tparam Density ρ(q, p) on Eigen vectors of T and of dual<T>.
template <class Stepper, class System, class Density>
class reversible_stepper
    : public detail::adaptive_dense_output<reversible_stepper<Stepper, System, Density>, typename Stepper::state_type,
                                           typename Stepper::time_type> {
    using base = detail::adaptive_dense_output<reversible_stepper, typename Stepper::state_type, typename Stepper::time_type>;
    friend base;

public:
    /// (q, p), the wrapped stepper's state.
    using state_type = typename Stepper::state_type;
    /// Same as state_type.
    using deriv_type = state_type;
    /// Scalar type.
    using value_type = typename Stepper::value_type;
    /// Time type.
    using time_type = typename Stepper::time_type;
    /// Type of order().
    using order_type = unsigned short;
    /// The system odeint passes do_step.
    using system_type = System;
    /// Name in messages.
    static constexpr const char* name = "reversible_stepper";

    /// \param stepper the symmetric method (copied; its order is the controlled run's).
    /// \param system  odeint's pair (f, g) (copied).
    /// \param density ρ(q, p) > 0 (copied).
    /// \param epsilon ε > 0: the step is h = ε/z with z ≈ ρ (time × density units).
    /// \throws std::invalid_argument if ε is not finite and > 0.
    reversible_stepper(Stepper stepper, System system, Density density, value_type epsilon)
        : m_stepper(std::move(stepper)), m_side(m_stepper), m_system(std::move(system)),
          m_rate_system(rate_system(m_system)), m_density(std::move(density)), m_epsilon(std::move(epsilon)) {
        if (!is_finite(m_epsilon) || !(m_epsilon > value_type(0)))
            throw std::invalid_argument("reversible_stepper: epsilon = " + geomint::to_string(m_epsilon) +
                                        " (precondition: finite and > 0)");
    }

    /// The wrapped method's order.
    static constexpr order_type order() { return Stepper::order(); }
    /// ε.
    const value_type& epsilon() const { return m_epsilon; }
    /// z of the step to come (the controller's variable, ≈ ρ; the step is ε/z).
    const value_type& density_variable() const { return m_z_next; }
    /// The system to pass do_step (the protocol of observe/adaptive_dense_output.hpp).
    const system_type& system() const { return m_system; }
    /// ρ(q, p) at a state.
    value_type density(const state_type& x) const { return evaluate(x).first; }

private:
    using T = value_type;

    // q and p as Eigen vectors of S
    template <class S, class C>
    static vector<S> widen(const C& c) {
        const auto e = as_eigen(c);
        vector<S> out(e.size());
        for (Eigen::Index i = 0; i < e.size(); ++i) out(i) = S(e(i));
        return out;
    }

    static std::string describe(const state_type& x) {
        const auto q = as_eigen(x.first);
        const auto p = as_eigen(x.second);
        std::string s = "q = (";
        for (Eigen::Index i = 0; i < q.size(); ++i) s += (i ? ", " : "") + geomint::to_string(T(q(i)));
        s += "), p = (";
        for (Eigen::Index i = 0; i < p.size(); ++i) s += (i ? ", " : "") + geomint::to_string(T(p(i)));
        return s + ")";
    }

    static constexpr system_form form = form_of<System>();
    static_assert(form == system_form::newton || form == system_form::constrained_pair || has_separable_rates<System>(),
                  "reversible_stepper needs the rates of a separable system for G = d/dt ln rho: odeint's pair (f, g), "
                  "a momentum function, matrix_free, separable_system, quadratic_lagrangian, newton_system or "
                  "constrained(pair, constraints)");

    // what gives ẏ: the system itself, or a constrained system's pair (f, g)
    static auto rate_system(const System& s) {
        if constexpr (form == system_form::constrained_pair) return std::make_pair(s.coordinate_rate, s.momentum_rate);
        else return s;
    }
    using rate_system_type = decltype(rate_system(std::declval<const System&>()));
    using coor_type = typename state_type::first_type;
    using momentum_type = typename state_type::second_type;
    using rates_type = std::conditional_t<form == system_form::newton, std::monostate,
                                          separable_rates<T, coor_type, momentum_type>>;

    // ẏ = (q̇, ṗ) at (q, p)
    void phase_velocity(const vector<T>& q, const vector<T>& p, vector<T>& dq, vector<T>& dp) const {
        if constexpr (form == system_form::newton) {
            dq = p;
            dp.resize(1);
            dp(0) = m_system.force(q(0));
        } else {
            m_rates(m_rate_system, q.size(), name, [&](auto&& f, auto&& g) {
                f(p, dq);
                g(q, dp);
            });
        }
    }

    // (ρ(y), G(y)): ρ along y + δ ẏ as a dual number, G = tangent / value
    std::pair<T, T> evaluate(const state_type& x) const {
        vector<T> vq, vp;
        phase_velocity(widen<T>(x.first), widen<T>(x.second), vq, vp);
        vector<dual<T>> q = widen<dual<T>>(x.first), p = widen<dual<T>>(x.second);
        const dual<T> delta = unit_tangent<T>();
        for (Eigen::Index i = 0; i < q.size(); ++i) q(i) += delta * vq(i);
        for (Eigen::Index i = 0; i < p.size(); ++i) p(i) += delta * vp(i);
        const dual<T> r = m_density(q, p);
        const T rho = value_of(r), g = tangent_of(r) / rho;
        if (!is_finite(rho) || !(rho > T(0)))
            throw std::domain_error("reversible_stepper: step density rho = " + geomint::to_string(rho) + " at " + describe(x) +
                                    " (precondition: finite and > 0)");
        if (!is_finite(g))
            throw std::domain_error("reversible_stepper: G = d/dt ln rho = " + geomint::to_string(g) + " at " + describe(x) +
                                    " (precondition: finite)");
        return {rho, g};
    }

    void require_positive(const T& z, const state_type& x) const {
        if (!is_finite(z) || !(z > T(0)))
            throw std::domain_error("reversible_stepper: the controller's z = " + geomint::to_string(z) + " at " + describe(x) +
                                    " (precondition: finite and > 0; epsilon = " + geomint::to_string(m_epsilon) +
                                    " is too large for the density's variation)");
    }

    // --- the protocol's hooks (observe/adaptive_dense_output.hpp)
    template <class StateIn>
    state_type accept(const StateIn& x) const {
        return state_type(x);
    }
    void start(const state_type& x, const T& /*t0: kept by the base*/) {
        const auto [rho, g] = evaluate(x);
        const T half = T(this->direction()) * m_epsilon * g / 2;
        m_z_next = rho + half;
        m_z_last = rho - half;
        require_positive(m_z_next, x);
        require_positive(m_z_last, x);
        m_y = x;
        m_stepper.reset();
    }
    void look_ahead() {
        const T h = next_length(), t = this->current_time();
        if (!(t + h != t))
            throw std::runtime_error("reversible_stepper: the end time cannot be reached: a step of " + geomint::to_string(h) +
                                     " from t = " + geomint::to_string(t) + " leaves t unchanged (at " +
                                     describe(m_y) + ")");
    }
    T next_length() const { return T(this->direction()) * m_epsilon / m_z_next; }
    void turn_back() { std::swap(m_z_last, m_z_next); }
    // a step of h from the node, then z_{n+3/2} = z_{n+1/2} + ε G(y_{n+1}) in the run's direction
    void step_to(const T& h) {
        m_stepper.do_step(m_system, m_y, this->current_time(), h);
        m_z_last = m_z_next;
        m_z_next = m_z_last + T(this->direction()) * m_epsilon * evaluate(m_y).second;
        require_positive(m_z_next, m_y);
    }
    // (the base moves current_time() to the new node after advance and land return)
    std::pair<state_type, T> advance() {
        const T h = next_length();
        step_to(h);
        return {m_y, T(this->current_time() + h)};
    }
    state_type land(const T& target) {
        step_to(target - this->current_time());
        return m_y;
    }
    state_type state_at(const T& t) const {
        state_type x = this->previous_state();
        m_side.do_step(m_system, x, this->previous_time(), T(t - this->previous_time()));
        return x;
    }

    Stepper m_stepper;
    mutable Stepper m_side;
    System m_system;
    mutable rate_system_type m_rate_system;
    mutable rates_type m_rates{};
    Density m_density;
    T m_epsilon;
    state_type m_y{};  ///< the state stepped in place (the wrapped stepper's summation carry follows it)
    T m_z_last{}, m_z_next{};
};

}  // namespace geomint
