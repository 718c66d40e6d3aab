#pragma once
/// \file
/// Boost.Odeint stepper for the Galerkin variational integrators of any degree
/// (scheme/galerkin/galerkin_lobatto.hpp): Simpson's variational integrator (Degree 2) and its
/// higher-order siblings for nonlinear systems, order 2·Degree.
///
/// \code
///   // Kepler's problem in odeint's symplectic pair form, exactly as for
///   // symplectic_rkn_sb3a_m4_mclachlan
///   using V = std::array<double, 2>;
///   auto f = [](const V& p, V& dqdt) { dqdt = p; };
///   auto g = [](const V& q, V& dpdt) {
///       const double r3 = std::pow(q[0] * q[0] + q[1] * q[1], 1.5);
///       dpdt = {-q[0] / r3, -q[1] / r3};
///   };
///   geomint::galerkin_vi_stepper<V, 3> stepper;              // order() == 6
///   auto x = std::make_pair(V{0.4, 0.0}, V{0.0, 2.0});
///   boost::numeric::odeint::integrate_const(stepper, std::make_pair(f, g), x, 0.0, 100.0, 0.01);
/// \endcode
///
/// This header steps the pair forms (the fixed point); the solvers of the models — structural,
/// Lagrangian and constrained systems — are in stepper/galerkin_vi_models.hpp, which
/// <geomint/galerkin.hpp> includes (a model stepped without it is refused at compile time with
/// a message naming it), so that a program stepping odeint's pair compiles none of them.

#include "geomint/error.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/pair_with_double_model.hpp"
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/rebind_scalar.hpp"
#include "geomint/scheme/galerkin/fixed_point.hpp"
#include "geomint/scheme/galerkin/galerkin_lobatto.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <any>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace geomint {

namespace detail {
/// The Galerkin VI's solvers of the models (structural, Lagrangian, constrained), defined in
/// stepper/galerkin_vi_models.hpp.
template <class U, int N, int S, class Coor, class Momentum>
class galerkin_model_paths;

/// Whether `galerkin_vi_stepper` takes `S` to its model solvers rather than to the fixed point.
template <class S>
constexpr bool galerkin_model_form() {
    constexpr system_form f = form_of<S>();
    return f == system_form::structural || f == system_form::lagrangian || f == system_form::quadratic_lagrangian ||
           f == system_form::constrained_pair || f == system_form::constrained_lagrangian;
}

/// Whether the type `T` is complete here (a model solver's definition has been included).
template <class T>
concept complete_type = requires { sizeof(T); };
}  // namespace detail

/// Odeint stepper (`stepper_tag`) of the degree-`Degree` Galerkin variational integrator, order
/// 2·Degree, on the (q, p) pair state.
///
/// \tparam Coor      coordinate type: a scalar T or a container of n entries (std::array,
///                   boost::array, std::vector, Eigen vector); T may be `dual<T>` for the
///                   one-step map's Jacobian on the pair-form path.
/// \tparam Degree    polynomial degree r = 1 … 12 (order 2r; r = 2 is Simpson's VI).
/// \tparam Momentum  momentum type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `compensated_summation` (default: increments added with the rounding
///                   carried, so invariants random-walk like √N) or `plain_summation`.
///
/// Systems, and how each step is solved:
/// - odeint's symplectic pair form `std::make_pair(f, g)`, f(p, dqdt) and g(q, dpdt) written for
///   the concrete containers (nonlinear allowed: dq/dt = ∂T/∂p, dp/dt = −∇V), or a momentum
///   function g(q, dpdt) alone (dq/dt = p), or `matrix_free(f, g)`; also `separable_system`
///   and sparse `quadratic_lagrangian` models: fixed-point iteration calling only f and g
///   (scheme/galerkin/fixed_point.hpp), O(n·Degree) memory and O(cost of f and g) time per sweep;
///   and `forced_pair(f, g, F)`, the pair with a non-conservative force F(q, p, t) on dp/dt
///   (model/forced_pair.hpp), its virtual work by the same Gauss–Lobatto rule at odeint's time t.
///   At scalars wider than long double, `with_double_model(pair, double_pair)`
///   (model/pair_with_double_model.hpp) solves each step's stage equations on the pair at double
///   first and starts the Newton corrections in T from there: 4 sweeps in T a step at mp50 on
///   Kepler (h = P/200, Degrees 2–8), 1.2–1.4× fewer instructions a step at Degrees 4 and 2.
///   A forced pair takes a copy the same way (model/forced_pair.hpp: its stage momenta start
///   from the copy's too; 4 sweeps instead of 5 on the forced Duffing oscillator at mp50).
/// - `structural_system` (M q̈ + C q̇ + K q = f(t), dense or sparse): its stage equations are
///   linear, one solve with the s n-square stage matrix I ⊗ M + h Â ⊗ C + h² ÂA ⊗ K (LU, dense
///   or sparse like the model), factored once per (model, h) and kept for two step sizes, and
///   decoupled into n- and 2n-square solves when C = αM + βK is known (`rayleigh()`); the
///   force f(t) − C q̇ by the discrete Lagrange–d'Alembert principle as below
///   (scheme/galerkin/linear_stages.hpp). O(Degree · nonzeros) a step after the factorization.
/// - `lagrangian_system` (any regular L(q, v), non-separable allowed, with or without a
///   non-conservative force F(q, v, t)) and dense `quadratic_lagrangian` models: Newton's method
///   on the stage velocities with L's second derivatives (autodiff; constant for quadratic L, exact in
///   rationals) and Eigen's LU on the n(Degree + 1)-square stage Jacobian; forces by the
///   discrete Lagrange–d'Alembert principle, their virtual work by the same Gauss–Lobatto rule,
///   at odeint's time t (scheme/galerkin/lagrangian_stages.hpp).
/// - `constrained(std::make_pair(f, g), constraints)` (model/constrained_system.hpp: f linear,
///   f(p) = M⁻¹p with M constant, and holonomic constraints g_c(q) = 0): the Lobatto IIIA–IIIB
///   pair with Lagrange multipliers (Jay 1996; scheme/constrained/constrained_lobatto.hpp), order
///   2·Degree in q and p, symplectic and symmetric on the constrained phase space; simplified
///   Newton on the stages and multipliers, a Schur system of m·Degree unknowns per iteration
///   (sparse when the constraints' Jacobian is). Degree 1 is RATTLE. With `checked`, the state
///   must be on the constrained phase space (as for `rattle_stepper`; `project_onto_constraints`).
/// - `constrained(lagrangian, constraints)` (a `lagrangian_system` or dense `quadratic_lagrangian`
///   with holonomic constraints; states of run-time length): the same pair with multipliers on
///   the Newton path, any regular L(q, v) — Newton on the stage velocities and multipliers with a
///   bordered Jacobian, then Newton on the hidden constraint G(q₁) v(q₁, p₁) = 0
///   (scheme/galerkin/lagrangian_stages.hpp). Checked: |g(q)| and |G(q) v(q, p)| as above.
///
/// dt < 0 steps backward: the scheme is symmetric, so the step with −h inverts the step with h
/// (to the solver's round-off). Checked each step with `checked` (std::invalid_argument): dt
/// finite and non-zero, q and p of equal length (= the model's dof), entries finite.
/// Errors: geomint::convergence_error when an iteration does not settle (a step too large:
/// the message names the iteration count, the last change and h); singular_step_error for a
/// singular stage Jacobian; std::domain_error from a model (degenerate L: ∂²L/∂v² singular;
/// non-finite derivatives).
template <class Coor, unsigned Degree, class Momentum = Coor, class Checks = checked,
          class Summation = compensated_summation>
class galerkin_vi_stepper
    : public stepper_base<galerkin_vi_stepper<Coor, Degree, Momentum, Checks, Summation>, scheme::galerkin_lobatto<Degree>,
                          Coor, Momentum, Checks> {
    using base = stepper_base<galerkin_vi_stepper, scheme::galerkin_lobatto<Degree>, Coor, Momentum, Checks>;
    friend base;
    static_assert(scheme::galerkin_scheme<scheme::galerkin_lobatto<Degree>>);

public:
    /// The scheme this stepper steps.
    using typename base::scheme_type;
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// \param options the iterations' cap (default 100: the fixed point contracts linearly, like
    ///        (C |h| L)^k; a step that needs more is a step too large) and whether the pair form's
    ///        fixed point takes Newton corrections (`corrections`, default automatic:
    ///        scheme/galerkin/fixed_point.hpp).
    explicit galerkin_vi_stepper(iteration_options options = {.max_iterations = 100}) : m_options(options) {}

    /// The solver options in use.
    const iteration_options& options() const { return m_options; }

    /// Iterations of the last step (fixed-point sweeps, corrected or not, or Newton steps; those in
    /// T only when a model's or a pair's double copy started the step: `with_double_model`).
    int iterations() const { return m_iterations; }

    /// ∂(q₁, p₁)/∂(q₀, p₀) of the last step (2n × 2n), by the implicit function theorem at the
    /// converged stages: after a step on the `lagrangian_system` or dense `quadratic_lagrangian`
    /// `sys` (the pair-form path gives it by stepping `dual<T>` states).
    /// \throws std::logic_error if the last step was not on such a model.
    template <class System>
    matrix<value_type> last_step_jacobian(const System& sys) {
        using paths = detail::galerkin_model_paths<U, N, int(Degree) + 1, Coor, Momentum>;
        static_assert(detail::complete_type<paths>,
                      "galerkin_vi_stepper::last_step_jacobian needs the model solvers: #include "
                      "<geomint/stepper/galerkin_vi_models.hpp> (or <geomint/galerkin.hpp>)");
        if constexpr (detail::complete_type<paths>) {  // else only the message above
            auto* solvers = std::any_cast<paths>(&m_models);
            if (!m_newton_last || solvers == nullptr)
                throw std::logic_error("galerkin_vi: last_step_jacobian needs a step on a Lagrangian model");
            return solvers->step_jacobian(sys);
        } else {
            return {};
        }
    }

    /// Forget the summation carry and the stage guess (a new trajectory starts afresh anyway when
    /// the state handed in is not the one written last).
    void reset() { m_work.forget(); }

private:
    using U = value_type;
    using method = scheme::galerkin_lobatto<Degree>;

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        const bool continuing = m_work.template load<base::checks_enabled>(method::name, q_in, p_in);
        increments(sys, t, dt, continuing);
        m_work.add_to_q(m_dq);
        m_work.add_to_p(m_dp);
        m_work.store(q_out, p_out);
    }

    /// (m_dq, m_dp) of one step from (m_work.q, m_work.p), by the solver `sys` calls for.
    template <class S>
    void increments(S& sys, const U& t, const U& h, bool continuing) {
        const auto& c = method::template coefficients<U>();
        m_newton_last = false;
        if constexpr (detail::galerkin_model_form<S>()) {
            using paths = detail::galerkin_model_paths<U, N, int(Degree) + 1, Coor, Momentum>;
            static_assert(detail::complete_type<paths>,
                          "galerkin_vi_stepper on a structural_system, lagrangian_system, dense quadratic_lagrangian "
                          "or constrained system needs the model solvers: #include "
                          "<geomint/stepper/galerkin_vi_models.hpp> (or <geomint/galerkin.hpp>)");
            if constexpr (detail::complete_type<paths>) {  // else only the message above
                auto* solvers = std::any_cast<paths>(&m_models);
                if (solvers == nullptr) solvers = &m_models.template emplace<paths>();
                const auto result = solvers->template step<base::checks_enabled>(
                    c, sys, m_work.q, m_work.p, t, h, m_dq, m_dp, m_options, method::name, continuing);
                m_iterations = result.iterations;
                m_newton_last = result.newton;
            }
        } else {  // odeint's pair or a forced pair: the fixed point
            using model_type = std::remove_cv_t<unwrapped<S>>;
            if constexpr (has_double_pair<model_type> || requires(model_type& m) { m.double_model.force; }) {
                unwrapped<S>& model = sys;
                start_in_double(model, t, h, continuing);
            }
            solve_fixed_point(sys, m_rates, m_force, m_fixed_point, c, m_work.q, m_work.p, t, h, m_dq, m_dp, continuing);
            m_iterations = m_fixed_point.iterations();
        }
    }

    /// One step of the fixed point `fixed_point` on odeint's pair or the forced pair `sys`, at the
    /// fixed point's scalar (U, or double for a copy): `rates` views (f, g) on the state's
    /// containers, `force` calls a forced pair's F(q, p, t); the increments into (dq, dp).
    template <class S, class Rates, class ForceAdapter, class FixedPoint, class Scalar, class V>
    void solve_fixed_point(S& sys, Rates& rates, ForceAdapter& force, FixedPoint& fixed_point,
                           const scheme::lobatto_pair<Scalar>& c, const V& q, const V& p, const Scalar& t,
                           const Scalar& h, V& dq, V& dp, bool continuing) {
        if constexpr (form_of<S>() == system_form::forced_pair) {
            auto pair = std::make_pair(std::ref(sys.coordinate_rate), std::ref(sys.momentum_rate));
            rates(pair, q.size(), method::name, [&](auto&& f, auto&& g) {
                const auto stage_force = [&](const V& at_q, const V& at_p, const Scalar& time, V& out) {
                    force(sys.force, at_q, at_p, time, out, method::name);
                };
                fixed_point.step(c, f, g, q, p, h, dq, dp, m_options, method::name, continuing, stage_force, t);
            });
        } else {
            rates(sys, q.size(), method::name, [&](auto&& f, auto&& g) {
                fixed_point.step(c, f, g, q, p, h, dq, dp, m_options, method::name, continuing);
            });
        }
    }

    template <class S>
    using unwrapped = typename boost::numeric::odeint::unwrap_reference<S>::type;

    /// A pair or a forced pair with its double copy (`with_double_model`) at a scalar wider than
    /// long double: the stage equations solved in double from (q, p) rounded (a force at t
    /// rounded), their stage rates (and a forced pair's stage momenta) the start of the step in U
    /// (scheme/galerkin/fixed_point.hpp, `start_from`). A double solve that does not settle (or a
    /// state beyond double's range) leaves the step to its own start, and the double copy unused
    /// at that h. Other scalars ignore the copy (their sweeps are as cheap).
    template <class S>
    void start_in_double(S& sys, const U& t, const U& h, bool continuing) {
        if constexpr (takes_double_start) {
            constexpr bool forced = form_of<S>() == system_form::forced_pair;
            auto* held = std::any_cast<double_start>(&m_double);
            auto& d = held != nullptr ? *held : m_double.template emplace<double_start>();
            if (d.failed_at == h) return;
            d.q = in_double(m_work.q);
            d.p = in_double(m_work.p);
            const auto& c = method::template coefficients<double>();
            try {
                solve_fixed_point(sys.double_model, d.rates, d.force, d.fixed_point, c, d.q, d.p, static_cast<double>(t),
                                  static_cast<double>(h), d.dq, d.dp, continuing);
            } catch (const convergence_error&) {
                d.failed_at = h;
                return;
            }
            if constexpr (forced)
                m_fixed_point.start_from(d.fixed_point.stage_rates(), d.fixed_point.stage_momenta());
            else
                m_fixed_point.start_from(d.fixed_point.stage_rates());
        }
    }

    // fixed-size work arrays when both state types have one compile-time length (std::array, a
    // scalar, a fixed Eigen vector): the fixed point's sweeps then run on the stack, unrolled
    static constexpr int N = state_traits<Coor>::static_size == state_traits<Momentum>::static_size
                                 ? state_traits<Coor>::static_size
                                 : Eigen::Dynamic;
    iteration_options m_options;
    scheme::lobatto_fixed_point<U, N, int(Degree) + 1> m_fixed_point;
    std::any m_models;  // detail::galerkin_model_paths, made on the first step on a model
    bool m_newton_last = false;
    int m_iterations = 0;
    separable_rates<U, Coor, Momentum, N> m_rates;
    detail::force_adapter<Coor, Momentum> m_force;  ///< a forced pair's F(q, p, t, out)
    detail::pair_work<U, Summation, N> m_work;
    vector<U, N> m_dq, m_dp;
    // a pair's double copy (`with_double_model`): its rates, fixed point and state at double, made
    // on the first step with a copy (a stepper never given one instantiates none of it)
    static constexpr bool takes_double_start = !is_dual_v<U> && mixed_precision_corrections<U>;
    struct double_start {
        separable_rates<double, rebind_scalar_t<Coor, U, double>, rebind_scalar_t<Momentum, U, double>, N> rates;
        detail::force_adapter<rebind_scalar_t<Coor, U, double>, rebind_scalar_t<Momentum, U, double>> force;
        scheme::lobatto_fixed_point<double, N, int(Degree) + 1> fixed_point;
        vector<double, N> q, p, dq, dp;
        U failed_at = U(0);  // the step size at which the double solve failed (then not tried again)
    };
    std::any m_double;  // double_start
};

}  // namespace geomint
