#pragma once
/// \file
/// One step of the Lobatto IIIA–IIIB pair (scheme/galerkin/lobatto.hpp) for a separable system
/// dq/dt = f(p), dp/dt = g(q) given only by f and g (odeint's symplectic pair form), solved by
/// fixed-point iteration on the stage derivatives: the pair-form path of the Galerkin VI.
///
/// Stages (GNI §II.2.2, eq. (2.2) with the pair of §VI.6) in the scaled form of the pair
/// (lobatto.hpp: a_ij = μ_ij b_j, â_ij = μ̂_ij b_j): with β_j = h b_j, F_j = f(P_j), G_j = g(Q_j),
///     Q_i = q + Σ_j μ_ij β_j F_j,   P_i = p + Σ_j μ̂_ij β_j G_j,
///     Δq = Σ_j β_j F_j,              Δp = Σ_j β_j G_j,
/// symplectic for the rounded coefficients (μ̂_ij + μ_ji = 1 exactly, the same β on both sides).
/// Iteration k evaluates G from the Q of the current F, then F from the P of the new G (a
/// Gauss–Seidel sweep over the two halves), and stops by Hairer's rule on the change of the
/// stage increments Q − q, P − p (solver/settling_iteration.hpp). Cost per iteration: s calls of
/// f and s − 1 of g (Lobatto IIIA's first stage is Q_0 = q: g(q) is evaluated once a step) and
/// O(n s²) arithmetic, of which the pair's exact zeros and ones take none (IIIA's first row is
/// zero and its last row one; IIIB's last column is zero and its first column one); memory
/// O(n s): no n × n matrix anywhere.
///
/// The scalar U is T or `dual<T>` (then the tangents iterate with the values, and the result's
/// tangents are the one-step map's directional derivative).
///
/// Starting guess (GNI §VIII.6.1). A step that continues the last one at the same h predicts its
/// stage rates two ways: within the last step, its stage polynomial extrapolated one step on
/// (error O(h^s)), and across steps, each stage's rate extrapolated in t from the last six steps'
/// settled values (a polynomial of degree 5 through them, error O(h^6): Σ_j ∇^j F of the backward
/// differences, kept as the steps settle). It starts from the second where, on the last step, it
/// came at least twice as near the settled rates; otherwise from the first, which also starts the
/// first six steps of a run and every step after a change of h. Degrees 2 and 3 only (from
/// Degree 4 the first is of order 5 or more, and the history costs more than it saves; Degree 1
/// takes 3 sweeps either way), and not while a start is given (`start_from`). At mp50 on Kepler
/// (e = 0.6, h = P/200) the sweeps a step fell from 5.08 to 4.60 at Degree 2 and 4.995 to 4.59 at
/// Degree 3 (with the corrections' earlier stopping rule; 4.48 and 4.50 with today's); at double
/// from 5.69 and 5.36 to 4.86; on q̈ = −q − 0.3 q³ at ωh ≥ 0.5 every step keeps the first (the
/// same steps). The fixed point, and so the outputs within the iteration's tolerance, are the same.
///
/// Newton corrections (`iteration_options::corrections`; GNI §VIII.6.2 with mixed precision as
/// in lagrangian_stages.hpp). The sweeps contract linearly, by about h²‖∂g/∂q‖ a sweep: at 50
/// digits that is 10–14 sweeps a step on Kepler e = 0.6 at h = P/200. Newton's method on
/// R(F) = F − Φ(F), Φ one sweep, converges quadratically instead. Its Jacobian is
///     ∂R/∂F, block (i, k) = δ_ik I − ∂f/∂p(P_i) Σ_j â_ij h a_jk ∂g/∂q(Q_j)    (ns × ns).
/// - The stage Jacobians ∂g/∂q(Q_j), ∂f/∂p(P_i) come from forward differences in T, with steps
///   √ε_T·max(1, |x|): the pair form gives f and g only. That costs n calls of f a stage and n
///   of g at each of the s − 2 inner stages (â_i,s−1 = 0 and a_0k = 0: ∂g/∂q at the end points
///   does not enter the sum).
/// - The Jacobian is formed in double and factored by full-pivoting LU (a singular one throws
///   `singular_step_error`). It is refreshed while the last correction exceeded √ε_double, as on
///   the Newton path (formed once a step instead, the corrections gain fewer digits each: 6.7
///   sweeps a step instead of 5.1 at Degree 2 on Kepler, and no less time).
/// - Each correction is solved in double from the residual in T. The iterate converges to T's
///   tolerance at the rate of the Jacobian's relative error. The iteration stops when the
///   correction itself, |h|·‖ΔF‖ (and ‖ΔZ‖ with a force) in the stage increments' units, is below
///   ε_T·max(scale, 1) (`convergence::correction`): the correction estimates the iterate's error,
///   and it is in double at no cost in T, where the change of the stage increments between sweeps
///   costs 2ns subtractions at T's width an iteration. At mp50 on Kepler (e = 0.6, h = P/200),
///   against the change's quadratic rule with a margin (θδ <= ε/1024): 4.48 sweeps a step
///   instead of 4.64 at Degree 2, 4.37 instead of 4.71 at Degree 4; 404,154 instructions a step
///   instead of 428,181 at Degree 2 and 942,129 instead of 1,001,788 at Degree 4; the same
///   deviation from a 100-digit run (RMS over 3000 steps, six starts: docs/benchmarks.md).
/// - With a force (below), the force sees the stage momenta of the sweep before, so a sweep
///   contracts by about h‖∂F/∂p‖ at best (21 sweeps a step at mp50 on the damped, driven Duffing
///   oscillator at h = 1/20). Newton then runs on R(F, Z) = (F, Z) − Φ(F, Z), Z the stage
///   momenta's increments the force is evaluated at (2ns unknowns): with
///   A_ik = Σ_j â_ij h a_jk ∂(g + F)/∂q(Q_j, P_j) and B_ik = â_ik ∂F/∂p(Q_k, P_k),
///       ∂R/∂(F, Z) = I − [[∂f/∂p(P_i) A, ∂f/∂p(P_i) B], [A, B]],
///   the force's Jacobians by the same differences (n calls of f and g and 2n of F a stage):
///   5 sweeps a step there, 2.4–2.8× less time (`GalerkinForces.ForcedPairNewtonCorrectionsAt50Digits`).
/// - A start from the stage equations solved in double (`start_from`: the Galerkin VI with a pair's
///   copy at double, model/pair_with_double_model.hpp) is within about 1e-16 of the solution:
///   one Jacobian a step (the correction is below √ε_double from the first) and 3.9–4.0 sweeps
///   at mp50 on Kepler at h = P/200 (Degrees 2 and 4), where the predicted start takes 4.4–4.5
///   sweeps and more Jacobians (`GalerkinDoubleModel.APairsDoubleCopySetsTheCostNotTheResult`).
/// Only scalars wider than long double (mixed_precision_corrections) take them; the others always
/// sweep. `automatic` takes them once the mean number of sweeps of the warm steps so far exceeds
/// n + 4: about what a corrected step costs in sweeps, its n for the differences. The fixed point
/// is the same either way: the outputs differ within the iteration's tolerance.
///
/// With a non-conservative force F(q, p, t) on dp/dt (`forced_pair`, discrete Lagrange–d'Alembert:
/// its virtual work by the same Gauss–Lobatto rule, as in lagrangian_stages.hpp) the momenta's
/// stage rates are G_j = g(Q_j) + F(Q_j, P_j, t + c_j h), P_j from the sweep before: still one
/// Gauss–Seidel sweep per iteration, s more calls of F. The first sweep's P_j are p on a cold
/// start and, on a warm one, extrapolated as the stage rates are (the last step's P_j − p on the
/// stage polynomial, less its Δp): at double on the forced Duffing oscillator, Degree 4,
/// h = 1/20, 6.2 sweeps a step instead of 8.0 with P_j = p. A start given by `start_from` may
/// carry them (a forced pair's copy at double).

#include "geomint/matrix.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/solver/forward_difference.hpp"
#include "geomint/solver/settling_iteration.hpp"

#include <Eigen/LU>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

namespace geomint::scheme {

/// No force on the fixed point's stages (the conservative pair form).
struct no_stage_force {};

/// Work arrays of the fixed-point step (n × s each), kept between steps by the stepper.
/// \tparam N the state's compile-time length (Eigen::Dynamic when it has none), S the number of
///         stages Degree + 1: fixed sizes keep every product of the sweeps on the stack and
///         unrolled (the pair form on std::array states).
template <class U, int N = Eigen::Dynamic, int S = Eigen::Dynamic>
class lobatto_fixed_point {
public:
    /// State vector type.
    using vec = vector<U, N>;

    /// The increments (Δq, Δp) of one step of size h (h < 0 steps backward) from (q, p) (length n
    /// each), with the pair `c` in U (S stages when S is fixed). `f(p, out)` and `g(q, out)` write
    /// length-n vectors. `name` prefixes error messages. `continuing`: (q, p) is the state the last
    /// step reached (then, for the same h, the last steps' stage rates predict this one's: the
    /// starting guess of the file comment).
    /// `force(q, p, t, out)`, when given, is the force F at time t (the step starts at `t`).
    /// \throws geomint::convergence_error naming the iteration count, the last change of the stage
    ///         increments and the remedy (a smaller step).
    template <class F, class G, class Force = no_stage_force>
    void step(const lobatto_pair<U>& c, F&& f, G&& g, const vec& q, const vec& p, const U& h, vec& dq, vec& dp,
              const iteration_options& opt, const char* name, bool continuing = false, Force&& force = {},
              const U& t = U(0)) {
        constexpr bool forced = !std::is_same_v<std::decay_t<Force>, no_stage_force>;
        const Eigen::Index n = q.size(), s = c.c.size();
        if (&c != m_pair) {  // the pair's matrices at the work arrays' sizes, once per pair
            m_mu = c.mu;
            m_mu_hat = c.mu_hat;
            m_extrapolation = c.extrapolation.template cast<history_scalar>();
            m_b = c.b;
            m_nodes = c.c;
            m_pair = &c;
            if constexpr (newton_capable) {
                m_mu_double = in_double(m_mu);
                m_mu_hat_double = in_double(m_mu_hat);
            }
            m_mu_pattern.classify(m_mu);
            m_mu_hat_pattern.classify(m_mu_hat);
            m_needs_g.resize(s);
            for (Eigen::Index j = 0; j < s; ++j)  // ∂g/∂q(Q_j) enters ∂R/∂F through â_ij a_jk
                m_needs_g(j) = m_mu_hat_pattern.used_column(j) && !m_mu_pattern.zero_row(j);
        }
        m_out.resize(n);
        m_g_at_base.resize(n);
        m_f_at_base.resize(n);
        const U h_last = m_h_last;
        m_h_last = U(0);  // a step that throws leaves no guess behind
        // starting guess: the stage rates given by `start_from`, else predicted from the last steps'
        // when this step continues it (`continuing`: from the state it reached; and the same h),
        // else f(p) at every stage
        const bool given = m_given && m_F.rows() == n && m_F.cols() == s;
        m_given = false;
        const bool chain = continuing && m_F.rows() == n && m_F.cols() == s && h == h_last;
        // the history across steps: kept at Degrees 2 and 3 (`across_stages`), and not while another
        // precision's solve gives the start; it restarts where the last steps no longer describe this
        m_track = s >= 3 && s <= across_stages && !given;
        if (!chain || !m_track) {
            m_levels = 0;
            m_across_nearer = false;  // until a step has compared the two
        }
        const bool warm = given || chain;
        m_predicted = false;
        if (warm && !given) {
            if (m_levels == history_length) {  // both predictions; the one nearer on the last step
                m_across = m_difference[0];    // Σ_{j≥1} ∇^j F (m_last is ∇⁰F)
                for (int j = 1; j < history_length - 1; ++j) m_across += m_difference[j];
                m_predicted = true;
            }
            const bool across = m_predicted && m_across_nearer;
            extrapolate(m_F, m_within_from, m_within, !across);
            if (across)
                for (Eigen::Index j = 0; j < s; ++j)
                    for (Eigen::Index r = 0; r < n; ++r) m_F(r, j) = m_last(r, j) + in_U(m_across(r, j));
        } else if (!warm) {
            m_F.resize(n, s);
            f(p, m_out);
            for (Eigen::Index j = 0; j < s; ++j) m_F.col(j) = m_out;
        }
        if constexpr (forced) {  // the stage momenta the force sees first: extrapolated, given, or P = p
            if (warm && !given && m_Zp_start.rows() == n && m_Zp_start.cols() == s)
                extrapolate(m_Zp_start, m_offsets, m_shifts);
            else if (!(given && m_given_momenta))
                m_Zp_start.setZero(n, s);
        }
        m_given_momenta = false;
        m_G.resize(n, s);
        T scale = max_magnitude(q);
        if (const T sp = max_magnitude(p); sp > scale) scale = sp;
        m_beta = m_b * h;
        if constexpr (newton_capable) {
            if (take_corrections(opt, n)) {
                newton(f, g, force, q, p, h, t, opt, name, scale);
                finish<forced>(h, dq, dp);
                return;
            }
        }
        settling_iteration<T> monitor(name, "the fixed-point iteration", value_of(h), opt);
        if constexpr (forced) m_Zp_old = m_Zp_start;  // the first sweep's stage momenta
        for (int k = 0;; ++k) {
            sweep(m_F, m_mu, m_mu_pattern, q, g, m_Zq, m_G, m_g_at_base, k == 0);  // Q from the F, then G = g(Q)
            if constexpr (forced) add_force(force, q, p, m_Zp_old, t, h, false);  // P from the last sweep
            sweep(m_G, m_mu_hat, m_mu_hat_pattern, p, f, m_Zp, m_F, m_f_at_base, k == 0);  // P from the new G, then F = f(P)
            if (k > 0 && monitor.settled(stage_change(), scale)) break;
            m_Zq_old.swap(m_Zq);
            m_Zp_old.swap(m_Zp);
        }
        m_iterations = monitor.iterations() + 1;
        if (warm) {  // the warm steps' sweeps decide on the corrections (`automatic`)
            m_warm_sweeps += m_iterations;
            ++m_warm_steps;
        }
        finish<forced>(h, dq, dp);
    }

    /// Sweeps of the last step (each calls f and g s times; a corrected step also calls each n s
    /// times for each Jacobian it forms).
    int iterations() const { return m_iterations; }

    /// The stage rates F_j = f(P_j) the last step settled on (n × s).
    const Eigen::Matrix<U, N, S>& stage_rates() const { return m_F; }

    /// The next step starts from the stage rates `F` (n × s, entries convertible to U) instead of
    /// its own guess: the same stage equations solved in another precision (the double copy of a
    /// pair, model/pair_with_double_model.hpp). A step counts it as warm (`automatic`).
    template <class Derived>
    void start_from(const Eigen::MatrixBase<Derived>& F) {
        m_F = F.unaryExpr([](const typename Derived::Scalar& x) { return in_U(x); });
        m_given = true;
    }

    /// The same with a forced pair's stage momenta: `Zp` (n × s) the increments P_i − p its force
    /// is first evaluated at (`stage_momenta()` of the other precision's solve).
    template <class DerivedF, class DerivedZ>
    void start_from(const Eigen::MatrixBase<DerivedF>& F, const Eigen::MatrixBase<DerivedZ>& Zp) {
        start_from(F);
        m_Zp_start = Zp.unaryExpr([](const typename DerivedZ::Scalar& x) { return in_U(x); });
        m_given_momenta = true;
    }

    /// The stage momenta's increments P_i − p of the last step's last sweep (n × s).
    const Eigen::Matrix<U, N, S>& stage_momenta() const { return m_Zp; }

private:
    using stages = Eigen::Matrix<U, N, S>;
    using square = Eigen::Matrix<U, S, S>;
    using T = value_type_of_t<U>;
    /// Scalars the corrections apply to: wider than long double (at double and long double the
    /// sweeps reach round-off in 4–6 sweeps, and the double LU's instantiation would add about
    /// 2.5 s to every translation unit stepping the pair form); not dual (its tangents iterate
    /// with the values).
    static constexpr bool newton_capable = !is_dual_v<U> && mixed_precision_corrections<T>;
    /// The scalar of the starting guess's arithmetic: double for the software scalars (their
    /// arithmetic costs 50–100 times double's, and the guess carries their digits only through
    /// the stage rates it starts from: F + δ with the offsets δ in double, GNI's O(h^s) and O(h⁶)
    /// errors far above double's rounding of δ ≈ h F'), U otherwise.
    using history_scalar = std::conditional_t<newton_capable, double, U>;
    using history = Eigen::Matrix<history_scalar, N, S>;
    /// Steps the prediction across steps extrapolates from (a polynomial of degree 5 in t).
    static constexpr int history_length = 6;
    /// The most stages (Degree + 1) that predict across steps: from 5 stages on, the prediction
    /// within a step is of order 5 or more, and the history costs more than it saves (Degree 4 at
    /// mp50 on Kepler: 4.67 → 4.60 sweeps a step for 5 % more instructions). Degree 1 (Störmer–
    /// Verlet) takes its 3 sweeps a step either way.
    static constexpr Eigen::Index across_stages = 4;

    /// x in U: exactly by from_double when x is a double (a start or a correction solved in double).
    template <class X>
    static U in_U(const X& x) {
        if constexpr (std::is_same_v<X, double>) return from_double<U>(x);
        else return U(x);
    }

    /// x in the history scalar.
    static history_scalar in_history(const U& x) {
        if constexpr (std::is_same_v<history_scalar, U>) return x;
        else return static_cast<history_scalar>(x);
    }

    /// X's columns (stages) extrapolated one step on along their stage polynomial, X ← X Eᵀ, as
    /// X_i ← X_{s−1} + Σ_j e_ij (X_j − X_{s−1}) (the rows of E sum to 1): the offsets
    /// d_j = X_j − X_{s−1} and w = d Eᵀ in the history scalar; X itself only when `apply`.
    void extrapolate(stages& X, history& d, history& w, bool apply = true) const {
        const Eigen::Index n = X.rows(), s = X.cols();
        d.resize(n, s);
        for (Eigen::Index j = 0; j + 1 < s; ++j)
            for (Eigen::Index r = 0; r < n; ++r) d(r, j) = in_history(U(X(r, j) - X(r, s - 1)));
        d.col(s - 1).setZero();
        w.noalias() = d * m_extrapolation.transpose();
        if (!apply) return;
        for (Eigen::Index i = 0; i < s; ++i)  // the last stage last: it is the others' base
            for (Eigen::Index r = 0; r < n; ++r) X(r, i) = X(r, s - 1) + in_U(w(r, i));
    }

    /// Whether this step takes Newton corrections (file comment).
    bool take_corrections(const iteration_options& opt, Eigen::Index n) const {
        switch (opt.corrections) {
        case stage_corrections::always: return true;
        case stage_corrections::never: return false;
        case stage_corrections::automatic: break;
        }
        return m_warm_steps > 0 && m_warm_sweeps > (n + 4) * m_warm_steps;
    }

    /// G.col(i) += F(Q_i, p + Zp.col(i), t + c_i h) at the stages Q_i = q + m_Zq.col(i) (a forced
    /// pair's force on the momenta's stage rates); `keep`: the force's values also into m_force_at.
    template <class Force>
    void add_force(Force& force, const vec& q, const vec& p, const stages& Zp, const U& t, const U& h, bool keep) {
        for (Eigen::Index i = 0; i < m_G.cols(); ++i) {
            m_stage = q + m_Zq.col(i);
            m_stage_p = p + Zp.col(i);
            force(m_stage, m_stage_p, U(t + m_nodes(i) * h), m_out);
            m_G.col(i) += m_out;
            if (keep) m_force_at.col(i) = m_out;
        }
    }

    /// Newton's method on F = Φ(F) from the guess in m_F (file comment); with a force, on
    /// (F, Z) = Φ(F, Z), Z the stage momenta's increments the force is evaluated at. Leaves the
    /// stage rates of the last sweep in m_F, m_G, as the plain iteration does.
    template <class F, class G, class Force>
    void newton(F& f, G& g, Force& force, const vec& q, const vec& p, const U& h, const U& t,
                const iteration_options& opt, const char* name, const T& scale) {
        constexpr bool forced = !std::is_same_v<std::decay_t<Force>, no_stage_force>;
        const Eigen::Index n = q.size(), s = m_F.cols(), m = n * s;
        settling_iteration<T> monitor(name, "Newton's corrections on the fixed point", value_of(h), opt,
                                      convergence::correction);
        const double step = std::abs(static_cast<double>(h));
        const T refresh_below = from_double<T>(std::sqrt(std::numeric_limits<double>::epsilon()));
        m_F_swept.resize(n, s);
        if constexpr (forced) {
            m_Zp_in = m_Zp_start;  // the first sweep's stage momenta
            m_force_at.resize(n, s);
            m_out_force.resize(n);
        }
        m_residual.resize(forced ? 2 * m : m);
        T delta(0);  // the last correction's size in the stage increments: |h|·|ΔF|, and |ΔZ|
        double rates_size = 0, gain = 0;  // ‖F‖ after the first sweep; the most ‖ΔF‖/‖residual‖ so far
        for (int k = 0;; ++k) {
            sweep(m_F, m_mu, m_mu_pattern, q, g, m_Zq, m_G, m_g_at_base, k == 0);
            if constexpr (forced) add_force(force, q, p, m_Zp_in, t, h, true);
            sweep(m_G, m_mu_hat, m_mu_hat_pattern, p, f, m_Zp, m_F_swept, m_f_at_base, k == 0);
            // the Jacobian on the first iteration, and again while the last correction exceeded √ε_double
            if (k == 0 || !(delta <= refresh_below * (scale > T(1) ? scale : T(1)))) {
                factor_jacobian(f, g, force, q, p, t, h);
                if (!m_lu.isInvertible())
                    throw singular_step_error(std::string(name) + ": the fixed point's Newton Jacobian is singular at h = " +
                                              geomint::to_string(h) + " (a step too large)");
            }
            // the residual in double, then one solve on a plain vector (a single instantiation of it)
            m_residual.head(m) = in_double(m_F - m_F_swept).reshaped();
            if constexpr (forced) m_residual.tail(m) = in_double(m_Zp_in - m_Zp).reshaped();
            m_correction = m_lu.solve(m_residual);
            const double correction = max_magnitude(m_correction.head(m));
            double size = step * correction;
            if constexpr (forced)
                if (const double z = max_magnitude(m_correction.tail(m)); !(z <= size)) size = z;
            delta = from_double<T>(size);
            // the correction's own rounding: the residual's (ε_T·‖F‖ an entry) through J⁻¹, whose
            // gain is at least ‖correction‖/‖residual‖ (the most seen this step); it sets the levels
            // where it exceeds `scale` (a stiff step: q̈ = −100 q at h = 1 corrects to about 260 ε
            // and no further at quad)
            if (k == 0) rates_size = max_magnitude(in_double(m_F_swept));
            if (const double residual = max_magnitude(m_residual.head(m)); residual > 0 && correction / residual > gain)
                gain = correction / residual;
            T level = scale;
            if (const T floor = from_double<T>(step * gain * rates_size); floor > level) level = floor;
            if (monitor.settled(delta, level)) break;  // the sweep's rates are within ε of the solution
            const auto to_U = [](double x) { return in_U(x); };
            if constexpr (forced) m_Zp_in -= m_correction.tail(m).reshaped(n, s).unaryExpr(to_U);
            m_F -= m_correction.head(m).reshaped(n, s).unaryExpr(to_U);
        }
        m_iterations = monitor.iterations();  // each iteration sweeps once, and every one is checked
        m_F.swap(m_F_swept);
    }

    /// Forms ∂R/∂F in double at the last sweep's stages (file comment) and factors it; with a
    /// force, ∂R/∂(F, Z) (2ns × 2ns), the force's ∂F/∂q entering with ∂g/∂q and its ∂F/∂p at the
    /// stage momenta p + Z.
    template <class F, class G, class Force>
    void factor_jacobian(F& f, G& g, Force& force, const vec& q, const vec& p, const U& t, const U& h) {
        constexpr bool forced = !std::is_same_v<std::decay_t<Force>, no_stage_force>;
        const Eigen::Index n = q.size(), s = m_F.cols(), m = n * s;
        m_Jg.resize(n, m);
        m_Jf.resize(n, m);
        if constexpr (forced) m_Jp.resize(n, m);
        for (Eigen::Index j = 0; j < s; ++j) {
            if constexpr (forced) {
                const U tj = t + m_nodes(j) * h;
                if (m_needs_g(j)) {  // ∂(g + F)/∂q at (Q_j, P_j)
                    m_stage = q + m_Zq.col(j);
                    m_stage_p = p + m_Zp_in.col(j);
                    auto rate = [&](const vec& Q, vec& out) {
                        g(Q, out);
                        force(Q, m_stage_p, tj, m_out_force);
                        out += m_out_force;
                    };
                    forward_difference_in_double<T>(rate, m_stage, m_out, m_G.col(j), m_Jg.middleCols(j * n, n));
                }
                if (m_mu_hat_pattern.used_column(j)) {  // ∂F/∂p at (Q_j, P_j)
                    m_stage_p = q + m_Zq.col(j);
                    m_stage = p + m_Zp_in.col(j);
                    auto rate = [&](const vec& P, vec& out) { force(m_stage_p, P, tj, out); };
                    forward_difference_in_double<T>(rate, m_stage, m_out, m_force_at.col(j), m_Jp.middleCols(j * n, n));
                }
            } else if (m_needs_g(j)) {
                m_stage = q + m_Zq.col(j);
                forward_difference_in_double<T>(g, m_stage, m_out, m_G.col(j), m_Jg.middleCols(j * n, n));
            }
            m_stage = p + m_Zp.col(j);
            forward_difference_in_double<T>(f, m_stage, m_out, m_F_swept.col(j), m_Jf.middleCols(j * n, n));
        }
        // h a and h â in double from μ, μ̂ and β in double (the Jacobian's accuracy; products in T
        // would cost 2 s² multiplications at T's width a Jacobian)
        const Eigen::VectorXd beta = in_double(m_beta);
        const Eigen::MatrixXd a = m_mu_double * beta.asDiagonal();
        const Eigen::MatrixXd a_hat = m_mu_hat_double * beta.asDiagonal();
        m_jacobian.setIdentity(forced ? 2 * m : m, forced ? 2 * m : m);
        Eigen::MatrixXd sum(n, n);
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index k = 0; k < s; ++k) {
                sum.setZero();  // ∂Z'_i/∂F_k = Σ_j â_ij a_jk ∂(g + F)/∂q(Q_j)
                for (Eigen::Index j = 0; j < s; ++j)
                    if (m_needs_g(j)) sum += (a_hat(i, j) * a(j, k)) * m_Jg.middleCols(j * n, n);
                const auto Jf_i = m_Jf.middleCols(i * n, n);
                m_jacobian.block(i * n, k * n, n, n).noalias() -= Jf_i.lazyProduct(sum);  // lazy: no GEMM kernel instantiated
                if constexpr (forced) {
                    m_jacobian.block(m + i * n, k * n, n, n) -= sum;
                    if (m_mu_hat_pattern.used_column(k) && a_hat(i, k) != 0) {  // ∂Z'_i/∂Z_k = â_ik ∂F/∂p(Q_k, P_k)
                        sum = a_hat(i, k) * m_Jp.middleCols(k * n, n);
                        m_jacobian.block(m + i * n, m + k * n, n, n) -= sum;
                        m_jacobian.block(i * n, m + k * n, n, n).noalias() -= Jf_i.lazyProduct(sum);
                    }
                }
            }
        m_lu.compute(m_jacobian);
    }

    /// Max-norm change of the stage increments Q − q, P − p since the last sweep.
    T stage_change() const {
        T delta = max_magnitude(m_Zq - m_Zq_old);
        if (const T dz = max_magnitude(m_Zp - m_Zp_old); dz > delta) delta = dz;
        return delta;
    }

    /// The step's increments from the settled stage rates; the pair's guess for the next step
    /// (`forced`: also the stage momenta, as increments from the next step's p = p + Δp).
    template <bool forced>
    void finish(const U& h, vec& dq, vec& dp) {
        if (m_track) {  // the backward differences ∇^j F of the settled stage rates, j < m_levels
            if (m_levels > 0) {
                const Eigen::Index n = m_F.rows(), s = m_F.cols();
                m_next.resize(n, s);  // this step's ∇¹F
                for (Eigen::Index j = 0; j < s; ++j)
                    for (Eigen::Index r = 0; r < n; ++r) m_next(r, j) = in_history(U(m_F(r, j) - m_last(r, j)));
                if (m_predicted)  // across steps only where it was at least twice as near on this step:
                    // F − (F_last + Σ∇) and F − (F_last,s−1 + w) = ∇¹F + d − w
                    m_across_nearer =
                            2 * max_magnitude(m_next - m_across) < max_magnitude(m_next + m_within_from - m_within);
                for (int j = 1; j < m_levels; ++j) {
                    m_difference[j - 1].swap(m_next);  // now this step's ∇^j; m_next the last step's
                    m_next = m_difference[j - 1] - m_next;
                }
                if (m_levels < history_length) m_difference[m_levels - 1] = m_next;
            }
            m_last = m_F;
            if (m_levels < history_length) ++m_levels;
        }
        dq.noalias() = m_F * m_beta;
        dp.noalias() = m_G * m_beta;
        if constexpr (forced) m_Zp_start = m_Zp.colwise() - dp;
        m_h_last = h;
    }

    /// Where a pair's matrix has exact zeros and ones (none take arithmetic in a sweep), found
    /// once per pair.
    struct pattern {
        static constexpr signed char zero = 0, one = 1, other = 2;
        Eigen::Matrix<signed char, S, S> kind;
        Eigen::Matrix<bool, S, 1> zero_row, used_column;
        void classify(const square& M) {
            const Eigen::Index s = M.rows();
            kind.resize(s, s);
            zero_row.setConstant(s, true);
            used_column.setConstant(s, false);
            for (Eigen::Index i = 0; i < s; ++i)
                for (Eigen::Index j = 0; j < s; ++j) {
                    const T m = value_of(M(i, j));
                    kind(i, j) = m == T(0) ? zero : m == T(1) ? one : other;
                    if (kind(i, j) != zero) {
                        zero_row(i) = false;
                        used_column(j) = true;
                    }
                }
        }
    };

    /// Z = (rates·diag β)·Mᵀ (the stage increments), then out.col(i) = rate(base + Z.col(i)).
    /// A zero row of M is the stage `base` itself: its rate is evaluated into `at_base` on the
    /// step's `first` sweep only. For software scalars (dd, float128, mp) zero entries of M take
    /// no arithmetic and entries one no product (those terms are exact), written entry by entry:
    /// Eigen's block expressions here would cost every translation unit stepping the pair form
    /// more to compile than the sweep is worth. For hardware floating point the dense product
    /// (vectorized, unrolled at fixed sizes) is faster than skipping entries, and the stage
    /// base + Z_i is an Eigen expression at every scalar (fixed sizes unroll): Kepler at double,
    /// Degree 4, h = P/200, 0.31 µs a step, against 0.44 µs with the sums entry by entry and
    /// 0.84 µs with the stage also added entry by entry up to its run-time length.
    template <class Rate>
    void sweep(const stages& rates, const square& M, const pattern& pat, const vec& base, Rate& rate, stages& Z,
               stages& out, vec& at_base, bool first) {
        const Eigen::Index n = rates.rows(), s = M.rows();
        if constexpr (std::is_floating_point_v<U>) {
            m_scaled.noalias() = rates * m_beta.asDiagonal();
            Z.noalias() = m_scaled * M.transpose();
        } else {
            const auto& kind = pat.kind;
            constexpr signed char zero = pattern::zero, one = pattern::one;
            Z.resize(n, s);
            m_scaled.resize(n, s);
            for (Eigen::Index j = 0; j < s; ++j)
                if (pat.used_column(j))
                    for (Eigen::Index r = 0; r < n; ++r) m_scaled(r, j) = rates(r, j) * m_beta(j);
            for (Eigen::Index i = 0; i < s; ++i)
                for (Eigen::Index r = 0; r < n; ++r) {
                    bool started = false;
                    U z(0);
                    for (Eigen::Index j = 0; j < s; ++j) {
                        if (kind(i, j) == zero) continue;
                        if (!started) z = kind(i, j) == one ? m_scaled(r, j) : U(M(i, j) * m_scaled(r, j));
                        else if (kind(i, j) == one) z += m_scaled(r, j);  // in place: no temporary at 50 digits
                        else z += M(i, j) * m_scaled(r, j);
                        started = true;
                    }
                    Z(r, i) = z;
                }
        }
        for (Eigen::Index i = 0; i < s; ++i) {
            if (pat.zero_row(i)) {  // the stage is `base`
                Z.col(i).setZero();
                if (first) rate(base, at_base);
                out.col(i) = at_base;
                continue;
            }
            m_stage = base + Z.col(i);
            rate(m_stage, m_out);
            out.col(i) = m_out;
        }
    }

    const lobatto_pair<U>* m_pair = nullptr;
    square m_mu, m_mu_hat;
    Eigen::Matrix<history_scalar, S, S> m_extrapolation;
    pattern m_mu_pattern, m_mu_hat_pattern;
    Eigen::Matrix<bool, S, 1> m_needs_g;
    Eigen::Matrix<U, S, 1> m_b, m_beta, m_nodes;
    stages m_F, m_G, m_Zq, m_Zp, m_Zq_old, m_Zp_old, m_scaled;
    vec m_out, m_out_force, m_stage, m_stage_p, m_g_at_base, m_f_at_base;
    U m_h_last = U(0);
    // the prediction across steps (file comment): ∇⁰F = m_last and ∇^j F, 1 <= j < m_levels, of the
    // last steps' settled stage rates at the same h; this step's two predictions as offsets (within:
    // d and w of `extrapolate`; across: Σ_{j≥1} ∇^j F), and which was nearer on the last step
    stages m_last;
    std::array<history, history_length - 1> m_difference;
    history m_within_from, m_within, m_across, m_next, m_offsets, m_shifts;
    int m_levels = 0;
    bool m_track = false, m_predicted = false, m_across_nearer = false;
    bool m_given = false;          // m_F holds a start given by start_from
    bool m_given_momenta = false;  // and m_Zp_start too (a forced pair's start)
    int m_iterations = 0;
    long m_warm_sweeps = 0, m_warm_steps = 0;
    // Newton corrections
    stages m_F_swept, m_Zp_in, m_force_at;  // with a force: the stage momenta's increments and F there
    // with a force: the stage momenta's increments P_i − p its first sweep evaluates it at (the
    // last step's extrapolated, as m_F's; zero on a cold start)
    stages m_Zp_start;
    Eigen::MatrixXd m_Jg, m_Jf, m_Jp, m_jacobian, m_mu_double, m_mu_hat_double;
    Eigen::VectorXd m_correction, m_residual;
    Eigen::FullPivLU<Eigen::MatrixXd> m_lu;
};

}  // namespace geomint::scheme
