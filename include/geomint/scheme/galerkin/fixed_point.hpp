#pragma once
/// \file
/// One step of the Lobatto IIIA–IIIB pair (scheme/galerkin/lobatto.hpp) for a separable system
/// dq/dt = f(p), dp/dt = g(q) given only by f and g (odeint's symplectic pair form), solved by
/// fixed-point iteration on the stage derivatives.
///
/// Stages (GNI §II.2.2, eq. (2.2) with the pair of §VI.6): with F_j = f(P_j), G_j = g(Q_j),
///     Q_i = q + h Σ_j a_ij F_j,   P_i = p + h Σ_j â_ij G_j,
///     Δq = h Σ_j b_j F_j,          Δp = h Σ_j b_j G_j.
/// Iteration k evaluates G from the Q of the current F, then F from the P of the new G (a
/// Gauss–Seidel sweep over the two halves). Stopping rule (Hairer's, as in GniCodes' gni_irk2):
/// with δ_k the max-norm change of the stage increments h(A F, Â G), stop when δ_k = 0, or when
/// δ_k >= δ_{k−1} while δ_k is at round-off level (the iteration has stopped contracting); a fixed
/// tolerance would either stop early (drift) or never stop (multiprecision). If δ_k grows while
/// still far above round-off, or after `max_iterations`, the step size is too large for the
/// iteration: geomint::convergence_error.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"

#include <string>

namespace geomint {

/// Fixed-point controls. The default cap is generous: the iteration contracts like
/// (C h L)^k, so a step that needs more is a step too large.
struct fixed_point_options {
    int max_iterations = 100;
};

/// The increments (Δq, Δp) of one step of size h from (q, p) (length n each). `f(p, out)` and
/// `g(q, out)` write length-n Eigen vectors. `name` prefixes error messages.
/// \throws geomint::convergence_error naming the iteration count, the last change of the stage
///         increments and the remedy (a smaller step).
template <class T, class F, class G>
void lobatto_fixed_point_step(const lobatto_pair<T>& c, F&& f, G&& g, const vector<T>& q, const vector<T>& p, const T& h,
                              vector<T>& dq, vector<T>& dp, const fixed_point_options& opt, const char* name) {
    const Eigen::Index n = q.size(), s = c.c.size();
    using stages = Eigen::Matrix<T, Eigen::Dynamic, Eigen::Dynamic>;
    stages Fs(n, s), Gs(n, s), Zq(n, s), Zp(n, s), Zq_old, Zp_old;
    vector<T> out(n), stage(n);
    f(p, out);
    for (Eigen::Index j = 0; j < s; ++j) Fs.col(j) = out;
    const T round_off = scalar_traits<T>::tolerance(64);
    T delta_old(-1);
    using std::abs;
    using std::max;
    int k = 0;
    for (;; ++k) {
        if (k >= opt.max_iterations)
            throw convergence_error(std::string(name) + ": the fixed-point iteration did not settle in " +
                                        std::to_string(k) + " iterations (last change of the stage increments " +
                                        geomint::to_string(delta_old) + ") at h = " + geomint::to_string(h) +
                                        ": use a smaller step",
                                    k, static_cast<long double>(delta_old));
        Zq.noalias() = Fs * c.a.transpose() * h;
        for (Eigen::Index i = 0; i < s; ++i) {
            stage = q + Zq.col(i);
            g(stage, out);
            Gs.col(i) = out;
        }
        Zp.noalias() = Gs * c.a_hat.transpose() * h;
        for (Eigen::Index i = 0; i < s; ++i) {
            stage = p + Zp.col(i);
            f(stage, out);
            Fs.col(i) = out;
        }
        if (k == 0) {
            Zq_old = Zq;
            Zp_old = Zp;
            continue;
        }
        const T delta = max(max_abs(stages(Zq - Zq_old)), max_abs(stages(Zp - Zp_old)));
        const T scale = max(max(max_abs(q), max_abs(p)), T(1));
        if (!is_finite(delta))
            throw convergence_error(std::string(name) + ": the fixed-point iteration diverged (non-finite stage) at h = " +
                                        geomint::to_string(h) + ": use a smaller step",
                                    k, static_cast<long double>(delta));
        if (delta == T(0)) break;
        if (delta_old >= T(0) && delta >= delta_old) {
            if (delta <= round_off * scale) break;  // no longer contracting: round-off reached
            throw convergence_error(std::string(name) + ": the fixed-point iteration is not contracting (change " +
                                        geomint::to_string(delta) + " after " + geomint::to_string(delta_old) +
                                        ") at h = " + geomint::to_string(h) + ": use a smaller step",
                                    k, static_cast<long double>(delta));
        }
        delta_old = delta;
        Zq_old = Zq;
        Zp_old = Zp;
    }
    dq.noalias() = Fs * c.b * h;
    dp.noalias() = Gs * c.b * h;
}

}  // namespace geomint
