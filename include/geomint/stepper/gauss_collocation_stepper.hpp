#pragma once
/// \file
/// Boost.Odeint stepper for the s-stage Gauss–Legendre collocation method (order 2s, s = 1 … 8)
/// on any Hamiltonian H(q, p) or H(q, p, t): symplectic and symmetric for every H, separable or
/// not, with the quadratic invariants kept exactly (scheme/gauss/gauss_legendre.hpp); the stage
/// equations by simplified Newton or fixed-point sweeps from the last step's collocation
/// polynomial (scheme/gauss/gauss_stages.hpp).
///
/// \code
///   // the double pendulum in angles and momenta (odeint-v2 issue #88): H is not separable
///   auto sys = geomint::make_hamiltonian_system<double>(2, [](const auto& q, const auto& p) {
///       using std::cos;
///       const auto c = cos(q[0] - q[1]);
///       return (p[0] * p[0] + 2 * p[1] * p[1] - 2 * c * p[0] * p[1]) / (2 * (2 - c * c))
///              - 2 * 9.81 * cos(q[0]) - 9.81 * cos(q[1]);
///   });
///   geomint::gauss_collocation_stepper<std::array<double, 2>, 2> stepper;   // order() == 4
///   auto x = std::make_pair(std::array<double, 2>{1.0, 0.5}, std::array<double, 2>{0.0, 0.0});
///   boost::numeric::odeint::integrate_const(stepper, sys, x, 0.0, 10.0, 0.01);
/// \endcode

#include "geomint/error.hpp"
#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/gauss/gauss_legendre.hpp"
#include "geomint/scheme/gauss/gauss_stages.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

namespace detail {
/// odeint's separable forms (f, g) seen as a Hamiltonian's gradient, ∂H/∂p = f(p), ∂H/∂q = −g(q),
/// for the Gauss stages (no Hessian: fixed-point sweeps). f and g as `separable_rates` hands them.
template <class T, int N, class F, class G>
struct separable_gradient_view {
    F& f;
    G& g;
    vector<T, N>& work;
    void gradient(const vector<T, N>& q, const vector<T, N>& p, const T& /*t*/, hamiltonian_derivatives<T, N>& d) const {
        f(p, d.Hp);
        g(q, work);
        d.Hq = -work;
    }
};
}  // namespace detail

/// Odeint stepper (`stepper_tag`) of the `Stages`-stage Gauss–Legendre method, order 2·Stages, on
/// the (q, p) pair state of a `hamiltonian_system`.
///
/// \tparam Coor      coordinate type: a scalar T or a container of n entries (std::array,
///                   boost::array, std::vector, Eigen vector).
/// \tparam Stages    s = 1 … 8 (order 2s; s = 1 is the implicit midpoint rule).
/// \tparam Momentum  momentum type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `compensated_summation` (default) or `plain_summation`.
///
/// The system is a `hamiltonian_system` (model/hamiltonian_system.hpp) of n = the state's length
/// degrees of freedom, p its canonical momenta; or one of odeint's separable forms (the pair
/// (f, g), a momentum function, `separable_system`, `quadratic_lagrangian`, `matrix_free`), whose
/// stages are solved by fixed-point sweeps calling f and g (there is no Hessian to form), so the
/// stepper is a drop-in for odeint's symplectic steppers too (and `conformance::examine` checks it
/// on the kit's problems). dt < 0 steps backward (the method is
/// symmetric: the step with −h inverts the step with h to the solver's round-off).
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero, q and p of
/// equal length n = the model's dof, entries finite.
/// Errors: geomint::convergence_error when the stage iteration does not settle (a step too
/// large: the message names the iterations, the last change and h); singular_step_error for a
/// singular Newton matrix; std::domain_error from the model (H or a derivative not finite,
/// naming the point).
template <class Coor, unsigned Stages, class Momentum = Coor, class Checks = checked,
          class Summation = compensated_summation>
class gauss_collocation_stepper
    : public stepper_base<gauss_collocation_stepper<Coor, Stages, Momentum, Checks, Summation>,
                          scheme::gauss_legendre<Stages>, Coor, Momentum, Checks> {
    using base = stepper_base<gauss_collocation_stepper, scheme::gauss_legendre<Stages>, Coor, Momentum, Checks>;
    friend base;

public:
    /// The scheme this stepper steps.
    using typename base::scheme_type;
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param options the iterations' cap (default 50) and the solver: `corrections` =
    ///        `stage_corrections::never` for fixed-point sweeps, anything else (the default) for
    ///        simplified Newton, whose Jacobian `jacobian` sets: `stage_jacobian::each_stage`
    ///        (default) or `one_per_step` (scheme/gauss/gauss_stages.hpp).
    explicit gauss_collocation_stepper(iteration_options options = {}) : m_options(options) {}

    /// The solver options in use.
    const iteration_options& options() const { return m_options; }

    /// Sweeps of the stage iteration in the last step.
    int iterations() const { return m_iterations; }

    /// ∂(q₁, p₁)/∂(q₀, p₀) of the last step (2n × 2n, rows and columns ordered q then p), by the
    /// implicit function theorem at its stages, on the model `sys` it was taken on.
    /// \throws std::logic_error before any step.
    template <class System>
    matrix<value_type> last_step_jacobian(const System& sys) const {
        using W = std::remove_cv_t<typename boost::numeric::odeint::unwrap_reference<System>::type>;
        static_assert(form_of<W>() == system_form::hamiltonian,
                      "gauss_collocation_stepper::last_step_jacobian needs the hamiltonian_system the step was taken on "
                      "(for odeint's pair, differentiate the step: conformance::examine does)");
        const W& model = sys;
        return m_stages.step_jacobian(model);
    }

    /// The last step's collocation polynomial at previous t + θ·dt, θ ∈ [0, 1], written to the
    /// (q, p) pair `x` (containers resized): order s + 1 inside the step, the stages at θ = c_i
    /// (scheme/gauss/gauss_stages.hpp). What `make_collocation_dense_output` observes with.
    /// \throws std::logic_error before any step; std::invalid_argument unless 0 ≤ θ ≤ 1.
    template <class StateOut>
    void collocation_state(const value_type& theta, StateOut& x) const {
        if (!(theta >= value_type(0) && theta <= value_type(1)))
            throw std::invalid_argument(std::string(method::name) + ": collocation_state at theta = " +
                                        geomint::to_string(theta) + " (precondition: 0 <= theta <= 1)");
        vector<U, N> q, p;
        m_stages.collocation_polynomial(theta, q, p);
        resize_state(x.first, q.size());
        resize_state(x.second, p.size());
        as_eigen(x.first) = q;
        as_eigen(x.second) = p;
    }

    /// Not steppable on `dual<T>` states (the conformance kit then differentiates by central
    /// differences).
    static constexpr bool dual_states = false;

    /// Forget the summation carry and the starting values (a new trajectory).
    void reset() { m_work.forget(); }

private:
    using U = value_type;
    using method = scheme::gauss_legendre<Stages>;

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        static_assert(!is_dual_v<U>, "gauss_collocation_stepper: dual states are not supported (use last_step_jacobian)");
        const bool continuing = m_work.template load<base::checks_enabled>(method::name, q_in, p_in);
        const auto& c = method::template coefficients<U>();
        if constexpr (form_of<S>() == system_form::hamiltonian) {
            const auto& model = sys;
            detail::require_dof(m_work.q.size(), static_cast<Eigen::Index>(model.dof()), method::name);
            m_stages.step(c, model, m_work.q, m_work.p, t, dt, m_dq, m_dp, m_options, method::name, continuing);
        } else {
            static_assert(has_separable_rates<S>(),
                          "gauss_collocation_stepper steps a hamiltonian_system (geomint::make_hamiltonian_system<T>(n, H) "
                          "with H a generic callable H(q, p) or H(q, p, t)) or one of odeint's separable forms (the pair "
                          "(f, g), a momentum function g(q, dpdt), separable_system, quadratic_lagrangian, matrix_free)");
            m_rates(sys, m_work.q.size(), method::name, [&](auto&& f, auto&& g) {
                const detail::separable_gradient_view<U, N, std::remove_reference_t<decltype(f)>,
                                                      std::remove_reference_t<decltype(g)>>
                    model{f, g, m_rate_work};
                m_stages.step(c, model, m_work.q, m_work.p, t, dt, m_dq, m_dp, m_options, method::name, continuing);
            });
        }
        m_iterations = m_stages.iterations();
        m_work.add_to_q(m_dq);
        m_work.add_to_p(m_dp);
        m_work.store(q_out, p_out);
    }

    // fixed-size work arrays when both state types have one compile-time length (the stage count
    // then fixed too); at run-time sizes one instantiation of the stages serves every Stages
    static constexpr int N = state_traits<Coor>::static_size == state_traits<Momentum>::static_size
                                 ? state_traits<Coor>::static_size
                                 : Eigen::Dynamic;
    iteration_options m_options;
    scheme::gauss_stages<U, N, N == Eigen::Dynamic ? Eigen::Dynamic : int(Stages)> m_stages;
    int m_iterations = 0;
    detail::pair_work<U, Summation, N> m_work;
    vector<U, N> m_dq, m_dp, m_rate_work;
    separable_rates<U, Coor, Momentum, N> m_rates;  ///< odeint's separable forms' f and g
};

}  // namespace geomint
