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
/// f and of g and O(n s²) arithmetic; memory O(n s): no n × n matrix anywhere.
///
/// The scalar U is T or `dual<T>` (then the tangents iterate with the values, and the result's
/// tangents are the one-step map's directional derivative).
///
/// With a non-conservative force F(q, p, t) on dp/dt (`forced_pair`, discrete Lagrange–d'Alembert:
/// its virtual work by the same Gauss–Lobatto rule, as in lagrangian_stages.hpp) the momenta's
/// stage rates are G_j = g(Q_j) + F(Q_j, P_j, t + c_j h), P_j from the sweep before (p at the
/// first): still one Gauss–Seidel sweep per iteration, s more calls of F.

#include "geomint/matrix.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/solver/settling_iteration.hpp"

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
    /// step reached (then, for the same h, its stages extrapolated are the starting guess).
    /// `force(q, p, t, out)`, when given, is the force F at time t (the step starts at `t`).
    /// \throws geomint::convergence_error naming the iteration count, the last change of the stage
    ///         increments and the remedy (a smaller step).
    template <class F, class G, class Force = no_stage_force>
    void step(const lobatto_pair<U>& c, F&& f, G&& g, const vec& q, const vec& p, const U& h, vec& dq, vec& dp,
              const iteration_options& opt, const char* name, bool continuing = false, Force&& force = {},
              const U& t = U(0)) {
        constexpr bool forced = !std::is_same_v<std::decay_t<Force>, no_stage_force>;
        using T = value_type_of_t<U>;
        const Eigen::Index n = q.size(), s = c.c.size();
        if (&c != m_pair) {  // the pair's matrices at the work arrays' sizes, once per pair
            m_mu = c.mu;
            m_mu_hat = c.mu_hat;
            m_extrapolation = c.extrapolation;
            m_b = c.b;
            m_nodes = c.c;
            m_pair = &c;
        }
        m_out.resize(n);
        const U h_last = m_h_last;
        m_h_last = U(0);  // a step that throws leaves no guess behind
        // starting guess: the last step's stage rates extrapolated when this step continues it
        // (`continuing`: from the state it reached; and the same h), else f(p) at every stage
        if (continuing && m_F.rows() == n && m_F.cols() == s && h == h_last) {
            m_F = (m_F * m_extrapolation.transpose()).eval();
        } else {
            m_F.resize(n, s);
            f(p, m_out);
            for (Eigen::Index j = 0; j < s; ++j) m_F.col(j) = m_out;
        }
        m_G.resize(n, s);
        T scale = max_magnitude(q);
        if (const T sp = max_magnitude(p); sp > scale) scale = sp;
        m_beta = m_b * h;
        settling_iteration<T> monitor(name, "the fixed-point iteration", value_of(h), opt);
        if constexpr (forced) m_Zp_old.setZero(n, s);  // the first sweep's stage momenta: P = p
        for (int k = 0;; ++k) {
            sweep(m_F, m_mu, q, g, m_Zq, m_G);  // Q from the F, then G = g(Q)
            if constexpr (forced) {             // G += F(Q, P, t + c h), P from the last sweep
                for (Eigen::Index i = 0; i < s; ++i) {
                    m_stage = q + m_Zq.col(i);
                    m_stage_p = p + m_Zp_old.col(i);
                    force(m_stage, m_stage_p, U(t + m_nodes(i) * h), m_out);
                    m_G.col(i) += m_out;
                }
            }
            sweep(m_G, m_mu_hat, p, f, m_Zp, m_F);  // P from the new G, then F = f(P)
            if (k > 0) {
                T delta = max_magnitude(m_Zq - m_Zq_old);
                if (const T dz = max_magnitude(m_Zp - m_Zp_old); dz > delta) delta = dz;
                if (monitor.settled(delta, scale)) break;
            }
            m_Zq_old.swap(m_Zq);
            m_Zp_old.swap(m_Zp);
        }
        m_iterations = monitor.iterations() + 1;
        dq.noalias() = m_F * m_beta;
        dp.noalias() = m_G * m_beta;
        m_h_last = h;
    }

    /// Sweeps of the last step (each calls f and g s times).
    int iterations() const { return m_iterations; }

private:
    using stages = Eigen::Matrix<U, N, S>;
    using square = Eigen::Matrix<U, S, S>;

    /// Z = (rates·diag β)·Mᵀ (the stage increments), then out.col(i) = rate(base + Z.col(i)).
    template <class Rate>
    void sweep(const stages& rates, const square& M, const vec& base, Rate& rate, stages& Z, stages& out) {
        m_scaled.noalias() = rates * m_beta.asDiagonal();
        Z.noalias() = m_scaled * M.transpose();
        for (Eigen::Index i = 0; i < Z.cols(); ++i) {
            m_stage = base + Z.col(i);
            rate(m_stage, m_out);
            out.col(i) = m_out;
        }
    }

    const lobatto_pair<U>* m_pair = nullptr;
    square m_mu, m_mu_hat, m_extrapolation;
    Eigen::Matrix<U, S, 1> m_b, m_beta, m_nodes;
    stages m_F, m_G, m_Zq, m_Zp, m_Zq_old, m_Zp_old, m_scaled;
    vec m_out, m_stage, m_stage_p;
    U m_h_last = U(0);
    int m_iterations = 0;
};

}  // namespace geomint::scheme
