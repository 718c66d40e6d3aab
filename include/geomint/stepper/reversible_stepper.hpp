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
/// symmetric schemes — as an odeint dense-output stepper in physical time (the protocol of
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
/// method on a pair state (q, p) of containers of the scalar T; `System` odeint's symplectic pair
/// (f, g), q̇ = f(p), ṗ = g(q) (f(p, dqdt), g(q, dpdt)), used for the steps and for ẏ in G;
/// `Density` a callable ρ(q, p) on Eigen vectors `vector<S>` for S = T and S = dual<T>, returning
/// S (G is its derivative along ẏ by forward autodiff).
///
/// Errors: ε not finite and > 0 (std::invalid_argument); ρ(y) or z_{n+1/2} not finite and > 0, or
/// G(y) not finite (std::domain_error naming the value, q and p); a step shorter than t's
/// resolution, so that no end time can be reached (std::runtime_error); do_step or calc_state
/// before initialize (std::logic_error); calc_state outside the last step (std::out_of_range).

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/observe/adaptive_dense_output.hpp"
#include "geomint/scalar.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <utility>

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
        : m_stepper(std::move(stepper)), m_side(m_stepper), m_system(std::move(system)), m_density(std::move(density)),
          m_epsilon(std::move(epsilon)) {
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

    // (ρ(y), G(y)): ρ along y + δ ẏ as a dual number, G = tangent / value
    std::pair<T, T> evaluate(const state_type& x) const {
        auto dq = x.first;
        auto dp = x.second;
        m_system.first(x.second, dq);
        m_system.second(x.first, dp);
        vector<dual<T>> q = widen<dual<T>>(x.first), p = widen<dual<T>>(x.second);
        const auto vq = as_eigen(dq);
        const auto vp = as_eigen(dp);
        const dual<T> delta = unit_tangent<T>();
        for (Eigen::Index i = 0; i < q.size(); ++i) q(i) += delta * T(vq(i));
        for (Eigen::Index i = 0; i < p.size(); ++i) p(i) += delta * T(vp(i));
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
    Density m_density;
    T m_epsilon;
    state_type m_y{};  ///< the state stepped in place (the wrapped stepper's summation carry follows it)
    T m_z_last{}, m_z_next{};
};

}  // namespace geomint
