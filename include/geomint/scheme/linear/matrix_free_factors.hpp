#pragma once
/// \file
/// Kick–drift–kick of the linear variational schemes with only the callables of odeint's pair
/// form, F = f (p ↦ M⁻¹ p) and K = −g (q ↦ K q): the matrix-free counterpart of
/// scheme/linear/sparse_factors.hpp (same formulas, same node coordinates; read that file first).
///
/// The solves with R = α M + β K (α = 2/h; β = h/12 for Simpson, h/2 for Newmark) and with
/// S = M − (h²/8) K become solves with the symmetric operators
///     A(α, β) = M⁻¹ (α M + β K) M⁻¹ = α M⁻¹ + β M⁻¹ K M⁻¹,   y ↦ F(α y + β K F(y)),
/// by Eigen's conjugate gradient (positive definite: R always, S exactly when ω_max h < 2√2):
///     w = 2 R⁻¹ p = F(y) with A(α, β) y = 2 F(p),    u = S⁻¹ M q = F(y) with A(1, −h²/8) y = q.
/// One operator application costs 2 calls of f and 1 of g; the iterations needed grow with the
/// condition number of A (that of M times 1 + β ω_max²/α, ≤ 4/3 for Simpson within its bound)
/// and with the precision. The drift is dq = M⁻¹ S w = w − (h²/8) F(K w) (Newmark: dq = w).

#include "geomint/linalg.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/scheme/linear/matrix_free_operators.hpp"
#include "geomint/state.hpp"

namespace geomint::scheme {

/// The kick, drift and node coordinates of Newmark's or Simpson's scheme for a
/// `matrix_free_system` at one step size h > 0, with the interface of `sparse_kick_drift_kick`.
/// Built per step (it refers to the system the step was given); it factors nothing.
/// \tparam Coor, Momentum the containers the callables take.
template <class T, class Coor, class Momentum, class System>
class matrix_free_kick_drift_kick {
public:
    /// Newmark: Y = (h/2) K, W p = 2 R⁻¹ p with R = (2/h) M + (h/2) K.
    using workspace = detail::matrix_free_workspace<T, Coor, Momentum>;

    /// Newmark: Y = (h/2) K, W p = 2 R⁻¹ p with R = (2/h) M + (h/2) K.
    static matrix_free_kick_drift_kick newmark(System& sys, Eigen::Index n, const T& h, workspace& ws) {
        return matrix_free_kick_drift_kick(sys, n, h, false, h / T(2), T(0), h / T(2), ws);
    }
    /// Simpson (either variant): Y q = K ((h/6) q + (h/3) u), W p = M⁻¹ S (2 R⁻¹ p),
    /// R = (2/h) M + (h/12) K, S = M − (h²/8) K.
    static matrix_free_kick_drift_kick simpson(System& sys, Eigen::Index n, const T& h, workspace& ws) {
        return matrix_free_kick_drift_kick(sys, n, h, true, h / T(6), h / T(3), h / T(12), ws);
    }

    /// Whether the scheme has the internal node (Simpson).
    bool has_node_coordinates() const { return m_simpson; }

    /// u = S⁻¹ M q (Simpson): one CG solve with A(1, −h²/8).
    /// \throws geomint::convergence_error if CG fails (S is not positive definite: ω_max h ≥ 2√2).
    vector<T> node_coordinates(const vector<T>& q) const { return inverse_mass(solve(T(1), -m_h * m_h / T(8), q)); }

    /// Y q (Newmark, `u` unused) or K ((h/6) q + (h/3) u) (Simpson): one call of g.
    vector<T> kick(const vector<T>& q, const vector<T>& u) const {
        if (!m_simpson) return stiffness(q) * m_a;
        return stiffness(vector<T>(q * m_a + u * m_b));
    }

    /// w = 2 R⁻¹ p by CG, dq = M⁻¹ S w (Newmark: dq = w).
    /// \throws geomint::convergence_error if CG fails.
    void drift(const vector<T>& p, vector<T>& w, vector<T>& dq) const {
        w = inverse_mass(solve(T(2) / m_h, m_beta_r, vector<T>(inverse_mass(p) * T(2))));
        if (!m_simpson) {
            dq = w;
            return;
        }
        dq = w - inverse_mass(stiffness(w)) * (m_h * m_h / T(8));
    }

    /// What identifies these factors for the stepper's memo of the last kick: h and the
    /// callables' values on v = (1, ..., n), (F v, K v).
    void key(vector<T>& k) const {
        k.resize(2 * m_n + 1);
        k(0) = m_h;
        m_model.inverse_mass(m_ws->v, m_ws->t1);
        k.segment(1, m_n) = m_ws->t1;
        m_model.stiffness(m_ws->v, m_ws->t1);
        k.tail(m_n) = m_ws->t1;
    }

private:
    matrix_free_kick_drift_kick(System& sys, Eigen::Index n, const T& h, bool simpson, const T& a, const T& b,
                                const T& beta_r, workspace& ws)
        : m_model(sys, n, ws), m_n(n), m_h(h), m_simpson(simpson), m_a(a), m_b(b), m_beta_r(beta_r), m_ws(&ws) {
        ws.resize(n);
    }

    vector<T> inverse_mass(const vector<T>& x) const {
        vector<T> out;
        m_model.inverse_mass(x, out);
        return out;
    }
    vector<T> stiffness(const vector<T>& x) const {
        vector<T> out;
        m_model.stiffness(x, out);
        return out;
    }

    /// y with A(α, β) y = b by conjugate gradient from y = b/α.
    vector<T> solve(const T& alpha, const T& beta, const vector<T>& b) const {
        vector<T>& t1 = m_ws->t1;
        vector<T>& t2 = m_ws->t2;
        const auto apply = [&, alpha, beta](const Eigen::Ref<const vector<T>>& y, vector<T>& out) {
            m_model.inverse_mass(y, t1);
            m_model.stiffness(t1, t2);
            t2 *= beta;
            t2 += alpha * y;
            m_model.inverse_mass(t2, out);
        };
        return detail::krylov_solve<T>(apply, b, vector<T>(b / alpha), detail::krylov_method::conjugate_gradient,
                                       "are f and g linear, with M and K symmetric positive definite and omega_max h "
                                       "< 2 sqrt(2) (Simpson)?");
    }

    detail::matrix_free_model<T, Coor, Momentum, System> m_model;
    Eigen::Index m_n;
    T m_h;
    bool m_simpson;
    T m_a, m_b, m_beta_r;
    workspace* m_ws;
};

}  // namespace geomint::scheme
