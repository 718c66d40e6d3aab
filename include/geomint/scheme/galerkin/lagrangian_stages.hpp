#pragma once
/// \file
/// One step of the Galerkin variational integrator for a general (non-separable) Lagrangian
/// L(q, v), in its partitioned Runge–Kutta form with the Lobatto IIIA–IIIB pair, solved for the
/// stage velocities by Newton's method: the Lagrangian path of the Galerkin VI.
///
/// Stages (Marsden & West 2001, §2.6.5–2.6.6, the symplectic partitioned RK method of a
/// Lagrangian system; s = Degree + 1): unknown stage velocities V_1 … V_s, and
///     Q_i = q + h Σ_j a_ij V_j,
///     ∂L/∂v(Q_i, V_i) = p + h Σ_j â_ij ∂L/∂q(Q_j, V_j),      i = 1 … s,
///     Δq = h Σ_j b_j V_j,   Δp = h Σ_j b_j ∂L/∂q(Q_j, V_j),
/// evaluated in the scaled form h a_ij = μ_ij β_j, h â_ij = μ̂_ij β_j, β_j = h b_j (lobatto.hpp),
/// which keeps the rounded method symplectic.
/// For L = ½ vᵀMv − ½ qᵀKq with Degree 2 these are the Simpson VI's equations (17)–(25)
/// (Rojas-Quintero et al. 2024); the equations are linear then, and Newton ends in one step
/// (exactly, for rational scalars).
///
/// Newton's Jacobian, block (i, j) (n × n), from the model's second derivatives at the stages:
///     δ_ij L_vv,i + h a_ij L_vq,i − h² Σ_k â_ik a_kj L_qq,k − h â_ij L_qv,j   (L_qv = L_vqᵀ)
/// (with a force, L_qq,k + F_q,k and L_qv,j + F_v,j),
/// evaluated at the iterates (kept once a change falls below ε^(1/4) of the quantities, see
/// `iterate`) and factored by Eigen's LU: partial pivoting for built-in floating types (a pivot
/// below ε·size·max|J| is a singular Jacobian), full pivoting for the others (Newton's method;
/// the model gives L's first and second derivatives in one evaluation of L on jets, so a Jacobian
/// costs little more than a residual). A step that continues the last one (same h, from the state
/// it reached) starts from its stages extrapolated, error O(h^s), corrected by that
/// extrapolation's misses on the steps before (`predict`). The iteration stops by the quadratic
/// rules of solver/settling_iteration.hpp. Measured on the nonlinear double pendulum, h = t̄/100
/// (bench/bench_galerkin.cpp): 2.44 iterations a step at Degree 2 and 2.0 at Degree 4 in double,
/// 3.0 at mp50 (corrections in T after the start in double, below); the simplified Newton
/// iteration it replaced (the Jacobian at the guess only) took 6.6 and 15.4 at Degree 2. After a step, `step_jacobian()` gives ∂(q₁, p₁)/∂(q, p)
/// by the implicit function theorem at the converged stages (the one-step map's Jacobian
/// through the solver, used to measure symplecticity).
///
/// Sizes: with n and s known at compile time (`lobatto_newton<T, N, S>`, what the Galerkin
/// stepper takes for fixed-size states: `std::array<T, n>`, `Eigen::Matrix<T, n, 1>`) the stage
/// matrices, the Jacobian and its LU are fixed-size and the model's derivatives come from jets of
/// exactly 2n directions (`lagrangian_system`'s fixed-size forms); the same formulas as at
/// run-time sizes, whose states they give to round-off (1.6 ε after 200 steps of the double
/// pendulum at double; test_galerkin). Measured on the double pendulum at double, Degree 2, h = t̄/100
/// (callgrind): 16 758 instructions a step against 49 059 for `Eigen::VectorXd` states.
///
/// Forces (discrete Lagrange–d'Alembert; Marsden & West 2001, §3.2.3–3.2.4): a non-conservative
/// force F(q, v, t) enters the Galerkin discrete Lagrangian's variational principle through its
/// virtual work by the same Gauss–Lobatto rule, Σ_j h b_j F(Q_j, V_j, t + c_j h)·δQ_j, and the
/// stage equations become those above with ∂L/∂q(Q_j, V_j) replaced by
///     ∂L/∂q(Q_j, V_j) + F(Q_j, V_j, t + c_j h)
/// (in the momenta's stages and in Δp); the Jacobian's terms from the right-hand side gain
/// ∂F/∂q (beside L_qq) and ∂F/∂v (beside L_qv). With F = f(t) − C v on L = ½ vᵀMv − ½ qᵀKq and
/// Degree 2 they are eqs. (6)–(9) of scheme/linear/lagrange_dalembert.hpp.
///
/// Holonomic constraints g(q) = 0 (`constrained(lagrangian, constraints)`; Jay 1996, GNI §VII.1.5:
/// the Lobatto IIIA–IIIB pair with multipliers, order 2·Degree in q and p): ∂L/∂q(Q_j, V_j) in
/// the momenta's stages and in Δp becomes ∂L/∂q(Q_j, V_j) − G(Q_j)ᵀΛ_j for j = 1 … s − 1, the
/// unknowns gain Λ_1 … Λ_{s−1} (m each) and the equations g(Q_i) = 0, i = 2 … s (Q_1 = q is on
/// the manifold already). Newton's Jacobian is bordered,
///     [[J, E], [D, 0]],  E_ij = h â_ij G(Q_j)ᵀ,  D_ik = h a_ik G(Q_i),
/// with J's L_qq,k replaced by L_qq,k − Σ_l Λ_k,l ∇²g_l(Q_k) (second-order jets); then
/// p₁ = p + Δp − G(q₁)ᵀκ with G(q₁) v(q₁, p₁) = 0 (v the inverse Legendre transform; Newton on
/// κ with the Jacobian −G L_vv⁻¹ Gᵀ: one linear step for a quadratic kinetic energy).
///
/// Mixed precision (scalars wider than long double: quad, float128, dd, mp<D>, mpfr<D>): the
/// Jacobian is assembled in T but factored in double, and each Newton correction is solved in
/// double from the residual evaluated in T (iterative refinement: the corrections still converge
/// to T's tolerance, at the rate of the double Jacobian's relative error, about the change since
/// it was formed plus ε_double·cond). The Jacobian is refreshed while the change exceeds
/// √ε_double instead of √ε_T: a warm step forms it once, where the T path formed and factored it
/// in T two or three times.
/// A model with a double-precision copy of itself (`lagrangian_system::with_double_model`;
/// unconstrained steps) goes further: the step is first solved in double on the copy (its own
/// warm start), the copy's stage Jacobian at that solution is factored in double, and the
/// corrections in T start from there; each gains about 16 digits, so mp50 takes three and quad
/// two, and L's second derivatives are not formed in T unless a correction exceeds √ε_double (a
/// copy that is not the same system). Measured on the double pendulum at mp50, h = t̄/100
/// (bench/step_instructions.sh): 5.75 → 2.95 million instructions a step at Degree 2, 8.53 → 5.04
/// at Degree 4.
///
/// A model provides `derivatives(q, v, d)` (into a `lagrangian_derivatives<T>`) and
/// `velocity(q, p)` (the inverse Legendre transform, for the starting guess), and, when
/// `has_force`, `force(q, v, t, d, jacobians)` (into d.F, d.Fq, d.Fv): `lagrangian_system`, or
/// the views of `quadratic_lagrangian` and `structural_system` (model/lagrangian_view.hpp).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/solver/settling_iteration.hpp"
#include "geomint/sparse.hpp"

#include <cassert>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// Whether a Lagrangian model has a non-conservative force (`Model::has_force`).
template <class Model>
constexpr bool has_force() {
    if constexpr (requires { Model::has_force; }) return Model::has_force;
    else return false;
}

/// No holonomic constraints on the Newton step (the default).
struct no_constraints {};

/// Whether a Lagrangian model carries a double-precision copy of itself
/// (`lagrangian_system::with_double_model`).
template <class Model>
constexpr bool has_double_model() {
    if constexpr (requires { Model::has_double_model; }) return Model::has_double_model;
    else return false;
}

namespace detail {
template <class U, int N, int S>
struct double_start;
struct no_double_start {};
}  // namespace detail

/// Work arrays and the converged stages of the Newton step, kept by the stepper.
/// \tparam N n at compile time (a stepper's fixed-size states: the stage matrices, the Jacobian
///           and its LU are then fixed-size and the model is evaluated on fixed-size jets), or
///           Eigen::Dynamic.
/// \tparam S the number of stages s at compile time, or Eigen::Dynamic.
/// Constrained steps take N = Eigen::Dynamic.
template <class T, int N = Eigen::Dynamic, int S = Eigen::Dynamic>
class lobatto_newton {
    static constexpr bool mixed = mixed_precision_corrections<T>;
    static constexpr int NS = N == Eigen::Dynamic || S == Eigen::Dynamic ? Eigen::Dynamic : N * S;
    using state_vector = vector<T, N>;
    using stage_matrix = Eigen::Matrix<T, N, S>;          // n × s: a quantity at every stage
    using coefficient_matrix = Eigen::Matrix<T, S, S>;    // s × s: the pair's μ, μ̂, extrapolation
    using jacobian_matrix = Eigen::Matrix<T, NS, NS>;     // n·s × n·s (bordered when constrained)
    using stage_vector = vector<T, NS>;                   // n·s (and the multipliers)

public:
    /// The increments (Δq, Δp) of one step of size h (h < 0 steps backward) from (q, p) at time
    /// t (used by a forced model's F); `continuing`: (q, p) is the state the last step reached
    /// (its stages then give the guess).
    /// `constraints`: a `holonomic_constraints` (the constrained step of the file comment; (q, p)
    /// on the constrained phase space), or `no_constraints`.
    /// \throws geomint::convergence_error (naming iterations, last change, h) when Newton does not
    ///         settle; geomint::singular_step_error when the stage Jacobian is singular (naming h
    ///         and q); std::domain_error from the model (degenerate or non-finite L).
    template <class Model, class Constraints = no_constraints>
    void step(const lobatto_pair<T>& c, const Model& m, const state_vector& q, const state_vector& p, const T& t,
              const T& h, state_vector& dq, state_vector& dp, const iteration_options& opt, const char* name,
              bool continuing = false, const Constraints& constraints = {}) {
        static_assert(N == Eigen::Dynamic || !constrained<Constraints>,
                      "lobatto_newton: constrained steps work at run-time sizes (N = Eigen::Dynamic)");
        const Eigen::Index n = q.size(), s = c.c.size();
        assert(S == Eigen::Dynamic || s == S);
        m_c = &c;
        m_mu = c.mu;
        m_mu_hat = c.mu_hat;
        m_h = h;
        m_t = t;
        m_forced = has_force<Model>();
        // starting guess: the last step's stage velocities extrapolated when this step continues
        // it (`continuing`: from the state it reached; and the same h), corrected by the misses of
        // that extrapolation on the steps before (`predict`), else the velocity at (q, p) at every
        // stage
        const T h_last = m_h_last;
        const int misses = m_misses;
        m_h_last = T(0);  // a step that throws leaves no guess behind
        m_misses = 0;
        const bool warm = continuing && m_V.rows() == n && m_V.cols() == s && h == h_last;
        bool factored = false;  // m_guess solved in double, m_lu_double its Jacobian (start_in_double)
        if constexpr (mixed && has_double_model<Model>() && !constrained<Constraints>)
            factored = start_in_double(c, m.double_model(), q, p, t, h, opt, name, continuing);
        if (!factored) {
            if (warm) predict(c, misses);
            else m_guess = m.velocity(q, p).replicate(1, s);
        }
        m_q = q;
        m_d.resize(std::size_t(s));
        m_beta = c.b * h;
        if constexpr (constrained<Constraints>) {
            m_constrained = true;
            const Eigen::Index m_count = constraints.size();
            if (!(warm && m_lambda.rows() == m_count && m_lambda.cols() == s - 1)) m_lambda.setZero(m_count, s - 1);
            m_G.resize(std::size_t(s));
            m_H.resize(std::size_t(s));
        } else {
            m_constrained = false;
        }
        iterate(c, m, q, p, h, m_guess, opt, name, constraints, factored);
        if (!factored && warm) record_miss(misses);
        dq.noalias() = m_V * m_beta;
        dp.noalias() = m_Lq * m_beta;  // with the constraint forces of stages 1 … s − 1
        if constexpr (constrained<Constraints>)
            dp -= detail::hidden_constraint_correction(m, constraints, vector<T>(q + dq), vector<T>(p + dp), opt, name);
        m_h_last = h;
    }

    /// ∂(q + Δq, p + Δp)/∂(q, p) of the last step (2n × 2n, blocks [[∂q₁/∂q, ∂q₁/∂p],
    /// [∂p₁/∂q, ∂p₁/∂p]]) on the model `m` it was taken on, by the implicit function theorem
    /// at the converged stages (L's second derivatives recomputed there).
    /// \throws std::logic_error after a constrained step (its map lives on the constrained phase
    ///         space: analysis/restricted_symplecticity.hpp measures it).
    template <class Model>
    matrix<T> step_jacobian(const Model& m) {
        if (m_constrained)
            throw std::logic_error("galerkin_vi: last_step_jacobian is not defined after a constrained step (use "
                                   "geomint::restricted_symplecticity_defect)");
        const lobatto_pair<T>& c = *m_c;
        const Eigen::Index s = c.c.size(), n = m_V.rows();
        const T& h = m_h;
        m_forced = has_force<Model>();
        stage_jacobian(m);
        // ∂R/∂(q, p): block row i = [L_vq,i − h Σ_k â_ik (L_qq,k + F_q,k),  −I]
        matrix<T> Rx(n * s, 2 * n);
        for (Eigen::Index i = 0; i < s; ++i) {
            matrix<T> rq = m_d[std::size_t(i)].Lvq;
            for (Eigen::Index k = 0; k < s; ++k) rq -= h * c.a_hat(i, k) * force_q(m_d[std::size_t(k)]);
            Rx.block(i * n, 0, n, n) = rq;
            Rx.block(i * n, n, n, n) = -matrix<T>::Identity(n, n);
        }
        matrix<T> dV;  // ∂V/∂(q, p) = −J⁻¹ ∂R/∂(q, p)
        if (!try_solve(m_J, matrix<T>(-Rx), dV)) throw singular_step_error("galerkin_vi: singular stage Jacobian");
        matrix<T> Phi = matrix<T>::Identity(2 * n, 2 * n);
        for (Eigen::Index j = 0; j < s; ++j) {
            const auto dVj = dV.middleRows(j * n, n);
            matrix<T> dQj = matrix<T>::Zero(n, 2 * n);
            dQj.leftCols(n).setIdentity();
            for (Eigen::Index k = 0; k < s; ++k) dQj += h * c.a(j, k) * dV.middleRows(k * n, n);
            const auto& d = m_d[std::size_t(j)];
            Phi.topRows(n) += h * c.b(j) * dVj;
            Phi.bottomRows(n) += h * c.b(j) * (force_q(d) * dQj + force_v(d) * dVj);
        }
        return Phi;
    }

    /// The stage equations' Jacobian (n·s × n·s, the block formula of the file comment) at the
    /// last unconstrained step's converged stages, on the model `m` it was taken on.
    template <class Model>
    const jacobian_matrix& stage_jacobian(const Model& m) {
        m_forced = has_force<Model>();
        evaluate_stages<true>(*m_c, m, m_q, no_constraints{});
        assemble(m_V.rows(), m_V.cols());
        return m_J;
    }

    /// The converged stage velocities V_1 … V_s of the last step (n × s).
    const stage_matrix& stage_velocities() const { return m_V; }

    /// Newton iterations of the last step (in T: a start in double is not counted).
    int iterations() const { return m_iterations; }

private:
    /// The mixed-precision start from the model's double copy `md`: the step solved in double
    /// (its own warm start from its last stages), its stages into m_guess and the Jacobian of
    /// md's stage equations there factored into m_lu_double. False, leaving the usual start to
    /// the caller, when the state is beyond double's range or the double step fails (md's errors
    /// are not the step's: the step in T reports its own).
    template <class DoubleModel>
    bool start_in_double(const lobatto_pair<T>& c, const DoubleModel& md, const state_vector& q, const state_vector& p,
                         const T& t, const T& h, const iteration_options& opt, const char* name, bool continuing) {
        auto& d = m_double;
        if (d.pair.degree != c.degree) d.pair = lobatto_iiia_iiib<double>(c.degree);
        d.q = in_double(q);
        d.p = in_double(p);
        const double hd = static_cast<double>(h), td = static_cast<double>(t);
        if (!d.q.allFinite() || !d.p.allFinite() || !std::isfinite(hd) || !std::isfinite(td) || hd == 0) return false;
        try {
            d.newton.step(d.pair, md, d.q, d.p, td, hd, d.dq, d.dp, opt, name, continuing);
            m_lu_double.compute(d.newton.stage_jacobian(md));
        } catch (const geomint::error&) {  // convergence_error, singular_step_error
            return false;
        } catch (const std::domain_error&) {  // md's L not finite or degenerate in double
            return false;
        }
        if (!m_lu_double.isInvertible()) return false;
        m_guess = d.newton.stage_velocities().unaryExpr([](double x) { return from_double<T>(x); });
        return true;
    }

    /// m_guess for a step that continues the last one: its stages extrapolated (m_extrapolated,
    /// the polynomial through them at the next step's nodes: error O(h^s)) plus that
    /// extrapolation's next miss, extrapolated from its last `misses` ones (r₁ the last step's):
    /// r₁, 2r₁ − r₂ or 3r₁ − 3r₂ + r₃ (the misses vary smoothly from step to step). Measured on the
    /// double pendulum at double, Degree 2, h = t̄/100 (the first Newton change): 5e-5 to 1.6e-4
    /// from the extrapolation alone, about 1e-5 with r₁, 4e-7 to 9e-6 with two, 1e-7 to 4e-6 with
    /// three; a Degree 2 step then forms the Jacobian once instead of often twice and takes 2.44
    /// iterations where it took 2.99 (instructions with three misses, with two: 16 758, 17 549).
    void predict(const lobatto_pair<T>& c, int misses) {
        m_extrapolated.noalias() = m_V * coefficient_matrix(c.extrapolation).transpose();
        m_guess = m_extrapolated;
        if (misses >= 3) m_guess += T(3) * (m_miss[0] - m_miss[1]) + m_miss[2];
        else if (misses == 2) m_guess += T(2) * m_miss[0] - m_miss[1];
        else if (misses == 1) m_guess += m_miss[0];
    }
    /// Keeps the miss of this step's extrapolation (m_V − m_extrapolated) as r₁, the older ones
    /// moving down.
    void record_miss(int misses) {
        std::swap(m_miss[2], m_miss[1]);
        std::swap(m_miss[1], m_miss[0]);
        m_miss[0] = m_V - m_extrapolated;
        m_misses = misses < miss_memory ? misses + 1 : miss_memory;
    }

    /// Newton's method from `guess` (and the multipliers m_lambda, when constrained). Leaves the
    /// stage velocities in m_V, ∂L/∂q (minus the constraint forces) at those stages in m_Lq.
    /// `factored`: m_lu_double holds the Jacobian at `guess` already (start_in_double).
    template <class Model, class Constraints>
    void iterate(const lobatto_pair<T>& c, const Model& m, const state_vector& q, const state_vector& p, const T& h,
                 const stage_matrix& guess, const iteration_options& opt, const char* name, const Constraints& constraints,
                 bool factored = false) {
        const Eigen::Index n = q.size(), s = c.c.size();
        const Eigen::Index mc = constrained<Constraints> ? m_lambda.rows() : 0;  // constraints
        const Eigen::Index size = n * s + mc * (s - 1);
        m_V = guess;
        m_Lv.resize(n, s);
        m_Lq.resize(n, s);
        // built-in floating types stop at ε/1024 of the quantities (`quadratic_margin`): at ε, the
        // error the stop left in the iterate, about ε·scale, was systematic (the double pendulum at
        // double, Degree 2, h = t̄/100: 1.97e-10 from a 40-digit run of the same scheme after
        // 4·10⁵ steps, growing as the square of the steps; 4.7e-12 at ε/1024 with the start of
        // `predict`). Other scalars keep ε (the mixed-precision corrections: measured there).
        settling_iteration<T> monitor(name, "Newton's method on the stage equations", h, opt,
                                      std::is_floating_point_v<T> ? convergence::quadratic_margin
                                                                  : convergence::quadratic);
        // exact types refresh at every iteration (ε = 0); mixed precision below √ε of double,
        // the accuracy of the Jacobian it factors; double and long double below ε^(1/4): a
        // Jacobian kept after a change of that relative size contracts the next changes by about
        // as much, so a warm step started by `predict` forms it once (the double pendulum at
        // h = t̄/100, Degree 2: first changes 1e-7 to 4e-6; from the extrapolation alone they were
        // 5e-5 to 1.6e-4, around ε^(1/4), and many steps formed it twice; √ε refreshed it twice)
        const T refresh_below = [] {
            if constexpr (is_exact_v<T>) return T(0);
            else if constexpr (mixed) return from_double<T>(std::sqrt(std::numeric_limits<double>::epsilon()));
            else {
                using std::sqrt;
                return T(sqrt(sqrt(scalar_traits<T>::epsilon())));
            }
        }();
        stage_vector rhs;
        rhs.resize(size);
        for (bool refresh = !factored;;) {
            if (refresh) {
                evaluate_stages<true>(c, m, q, constraints);
                assemble(n, s);
                if constexpr (constrained<Constraints>) border(n, s, mc);
                bool invertible = false;
                if constexpr (mixed) {
                    m_lu_double.compute(in_double(m_J));
                    invertible = m_lu_double.isInvertible();
                } else {
                    m_lu.compute(m_J);
                    if constexpr (partial_pivoting) {
                        invertible = pivots_invertible(m_lu, max_abs(m_J));
                    } else {
                        if constexpr (is_exact_v<T>) m_lu.setThreshold(T(0));
                        invertible = m_lu.isInvertible();
                    }
                }
                if (!invertible)
                    throw singular_step_error(std::string(name) + ": the stage equations' Jacobian is singular at h = " +
                                              geomint::to_string(h) + ", q = (" + entries_to_string(q) +
                                              (constrained<Constraints>
                                                   ? ") (a degenerate Lagrangian, redundant constraints, or a step too large)"
                                                   : ") (a degenerate Lagrangian, or a step too large)"));
            } else {
                evaluate_stages<false>(c, m, q, constraints);
            }
            m_R.noalias() = m_Lv - (m_Lq * m_beta.asDiagonal()) * m_mu_hat.transpose();
            m_R.colwise() -= p;
            rhs.head(n * s) = -m_R.reshaped();
            if constexpr (constrained<Constraints>)
                for (Eigen::Index i = 1; i < s; ++i) rhs.segment(n * s + (i - 1) * mc, mc) = -constraints.value(vector<T>(m_Q.col(i)));
            if constexpr (mixed)
                m_dV = m_lu_double.solve(in_double(rhs)).unaryExpr([](double x) { return from_double<T>(x); });
            else
                m_dV.noalias() = m_lu.solve(rhs);
            m_V += Eigen::Map<const stage_matrix>(m_dV.data(), n, s);
            if constexpr (constrained<Constraints>) m_lambda += m_dV.tail(mc * (s - 1)).reshaped(mc, s - 1);
            using std::abs;
            const T delta = max_abs(m_dV.head(n * s)) * abs(h);
            T scale = max_abs(q);
            if (const T sv = max_abs(m_V) * abs(h); sv > scale) scale = sv;
            if (monitor.settled(delta, scale)) break;
            // a change below `refresh_below` of the quantities leaves the Jacobian good enough (the next
            // contraction factor is of the change's relative size): the next iteration needs L's
            // gradient only
            refresh = !(delta <= refresh_below * (scale > T(1) ? scale : T(1)));
        }
        m_iterations = monitor.iterations();
        // ∂L/∂q at the final stages: the quadratic stop leaves a last change above round-off, so
        // the forces of the iterate before it would make Δp inconsistent with Δq (measured: the
        // double pendulum's +h/−h return at mp50 missed by 1e-38 instead of 1e-47)
        evaluate_stages<false>(c, m, q, constraints);
    }

    /// ∂L/∂q (+ F for a forced model) and ∂L/∂v at the stages (m_Q, m_V) into m_Lq and m_Lv;
    /// with `Hessian`, all of L's derivatives (and F's Jacobians) into m_d as well (what the
    /// Jacobian is assembled from).
    /// Constrained: G(Q_i) into m_G, and G(Q_j)ᵀΛ_j subtracted from m_Lq for j < s − 1; with
    /// `Hessian`, Σ_l Λ_j,l ∇²g_l(Q_j) into m_H.
    template <bool Hessian, class Model, class Constraints>
    void evaluate_stages(const lobatto_pair<T>& c, const Model& m, const state_vector& q, const Constraints& constraints) {
        stage_positions(q);
        for (Eigen::Index i = 0; i < m_V.cols(); ++i) {
            m_qi = m_Q.col(i);
            m_vi = m_V.col(i);
            auto& d = Hessian ? m_d[std::size_t(i)] : m_gradient;
            if constexpr (Hessian) m.derivatives(m_qi, m_vi, d);
            else m.gradient(m_qi, m_vi, d);
            m_Lv.col(i) = d.Lv;
            if constexpr (has_force<Model>()) {
                m.force(m_qi, m_vi, T(m_t + c.c(i) * m_h), d, Hessian);
                m_Lq.col(i) = d.Lq + d.F;
            } else {
                m_Lq.col(i) = d.Lq;
            }
            if constexpr (constrained<Constraints>) {
                auto& G = m_G[std::size_t(i)];
                G = dense_copy(constraints.jacobian(m_qi));
                if (i + 1 < m_V.cols()) {
                    m_Lq.col(i) -= G.transpose() * m_lambda.col(i);
                    if constexpr (Hessian) m_H[std::size_t(i)] = constraints.multiplier_hessian(m_qi, vector<T>(m_lambda.col(i)));
                }
            }
        }
    }

    /// Whether a partial-pivoting LU of a matrix whose largest entry is `scale` is invertible at
    /// T's precision: every pivot above ε·size·scale (the test FullPivLU makes of its pivots, against
    /// the largest entry instead of the largest pivot).
    static bool pivots_invertible(const Eigen::PartialPivLU<jacobian_matrix>& lu, const T& scale) {
        const auto pivots = lu.matrixLU().diagonal().cwiseAbs();
        return scale > T(0) && pivots.minCoeff() > scalar_traits<T>::epsilon() * T(pivots.size()) * scale;
    }

    /// ∂(L_q + F)/∂q and ∂(L_q + F)/∂v at a stage (F's terms only for a forced model).
    matrix<T, N> force_q(const lagrangian_derivatives<T, N>& d) const {
        return m_forced ? matrix<T, N>(d.Lqq + d.Fq) : d.Lqq;
    }
    matrix<T, N> force_v(const lagrangian_derivatives<T, N>& d) const {
        return m_forced ? matrix<T, N>(d.Lvq.transpose() + d.Fv) : matrix<T, N>(d.Lvq.transpose());
    }

    /// m_Q = the stage positions Q_i = q + Σ_j μ_ij β_j V_j of the stage velocities m_V.
    void stage_positions(const state_vector& q) {
        m_Q.noalias() = (m_V * m_beta.asDiagonal()) * m_mu.transpose();
        m_Q.colwise() += q;
    }

    /// m_J from m_d (the block formula of the file comment), written in place entry by entry: the
    /// blocks are n × n with n small (a block expression's set-up costs more than its arithmetic:
    /// 8 200 instructions a Degree 2 assembly of the double pendulum at double, 4 850 this way). Each
    /// entry takes the same operations in the same order as the block form did.
    void assemble(Eigen::Index n_run, Eigen::Index s_run) {
        // compile-time sizes where known: the loops unroll
        const Eigen::Index n = N == Eigen::Dynamic ? n_run : N, s = S == Eigen::Dynamic ? s_run : S;
        const lobatto_pair<T>& c = *m_c;
        const T& h = m_h;
        m_J.resize(n * s, n * s);
        for (Eigen::Index i = 0; i < s; ++i) {
            const auto& di = m_d[std::size_t(i)];
            for (Eigen::Index j = 0; j < s; ++j) {
                const auto& dj = m_d[std::size_t(j)];
                const T ha = h * c.a(i, j), hah = h * c.a_hat(i, j);
                const bool force_v = m_forced;
                for (Eigen::Index col = 0; col < n; ++col)
                    for (Eigen::Index row = 0; row < n; ++row) {
                        T v = ha * di.Lvq(row, col);
                        v -= hah * dj.Lvq(col, row);
                        if (force_v) v -= hah * dj.Fv(row, col);
                        if (i == j) v += di.Lvv(row, col);
                        m_J(i * n + row, j * n + col) = v;
                    }
                for (Eigen::Index k = 0; k < s; ++k) {
                    const T w = h * h * c.a_hat(i, k) * c.a(k, j);
                    if (w == T(0)) continue;
                    const auto& dk = m_d[std::size_t(k)];
                    const bool force_q = m_forced, multipliers = m_constrained && k + 1 < s;
                    for (Eigen::Index col = 0; col < n; ++col)
                        for (Eigen::Index row = 0; row < n; ++row) {
                            T& v = m_J(i * n + row, j * n + col);
                            v -= w * dk.Lqq(row, col);
                            if (force_q) v -= w * dk.Fq(row, col);
                            if (multipliers) v += w * m_H[std::size_t(k)](row, col);
                        }
                }
            }
        }
    }

    /// m_J bordered by the constraints (the file comment): E_ij = h â_ij G(Q_j)ᵀ (j < s − 1),
    /// D_ik = h a_ik G(Q_i) (i >= 1).
    void border(Eigen::Index n, Eigen::Index s, Eigen::Index mc) {
        const lobatto_pair<T>& c = *m_c;
        const T& h = m_h;
        const Eigen::Index ns = n * s, size = ns + mc * (s - 1);
        m_J.conservativeResize(size, size);
        m_J.rightCols(size - ns).setZero();
        m_J.bottomRows(size - ns).setZero();
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j + 1 < s; ++j)
                if (c.a_hat(i, j) != T(0)) m_J.block(i * n, ns + j * mc, n, mc) = (h * c.a_hat(i, j)) * m_G[std::size_t(j)].transpose();
        for (Eigen::Index i = 1; i < s; ++i)
            for (Eigen::Index k = 0; k < s; ++k)
                if (c.a(i, k) != T(0)) m_J.block(ns + (i - 1) * mc, k * n, mc, n) = (h * c.a(i, k)) * m_G[std::size_t(i)];
    }

    template <class Constraints>
    static constexpr bool constrained = !std::is_same_v<Constraints, no_constraints>;

    const lobatto_pair<T>* m_c = nullptr;
    coefficient_matrix m_mu, m_mu_hat;  // the pair's μ and μ̂ (at compile-time sizes when S is)
    T m_h = T(0);
    T m_t = T(0);
    state_vector m_q;
    vector<T, S> m_beta;
    T m_h_last = T(0);
    stage_matrix m_V, m_guess, m_Q, m_Lq, m_Lv, m_R;
    // the starting guess's parts (predict): the extrapolated stages, and the extrapolation's
    // misses on the last `m_misses` continued steps (m_miss[0] the last)
    static constexpr int miss_memory = 3;
    stage_matrix m_extrapolated;
    stage_matrix m_miss[miss_memory];
    int m_misses = 0;
    jacobian_matrix m_J;
    state_vector m_qi, m_vi;
    stage_vector m_dV;  // the Newton change of (V, Λ)
    // built-in floating types: partial pivoting (its 6 × 6 LU and three solves take 233 ns where full
    // pivoting takes 404); others, and the double factors of mixed precision, full pivoting
    static constexpr bool partial_pivoting = std::is_floating_point_v<T> && !mixed;
    std::conditional_t<partial_pivoting, Eigen::PartialPivLU<jacobian_matrix>, Eigen::FullPivLU<jacobian_matrix>> m_lu;
    // mixed precision: the Jacobian factored in double
    Eigen::FullPivLU<Eigen::Matrix<double, NS, NS>> m_lu_double;
    // mixed precision: the step in double of a model's double copy (start_in_double)
    std::conditional_t<mixed, detail::double_start<double, N, S>, detail::no_double_start> m_double{};
    bool m_constrained = false;
    bool m_forced = false;              ///< the model has a force F (its terms in the Jacobian)
    matrix<T> m_lambda;                 ///< Λ_1 … Λ_{s−1} (m × (s − 1)), when constrained
    std::vector<matrix<T>> m_G, m_H;    ///< G(Q_i) and Σ_l Λ_i,l ∇²g_l(Q_i) at the stages
    std::vector<lagrangian_derivatives<T, N>> m_d;
    lagrangian_derivatives<T, N> m_gradient;  // its Lq and Lv
    int m_iterations = 0;
};

namespace detail {
/// What the mixed-precision start keeps between steps: the Newton step in double, its Lobatto
/// pair and its state.
template <class U, int N, int S>
struct double_start {
    lobatto_newton<U, N, S> newton;
    lobatto_pair<U> pair;
    vector<U, N> q, p, dq, dp;
};
}  // namespace detail

}  // namespace geomint::scheme
