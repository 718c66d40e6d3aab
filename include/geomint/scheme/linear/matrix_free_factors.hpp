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

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/state.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace geomint::detail {
template <class T, class Apply>
class matrix_free_operator;
}  // namespace geomint::detail

namespace Eigen::internal {
template <class T, class Apply>
struct traits<geomint::detail::matrix_free_operator<T, Apply>> : traits<Eigen::SparseMatrix<T>> {};
}  // namespace Eigen::internal

namespace geomint::detail {

/// A symmetric n × n operator given by `apply(x, y)` (y = A x) as an Eigen matrix for its
/// iterative solvers (Eigen's documented matrix-free pattern).
template <class T, class Apply>
class matrix_free_operator : public Eigen::EigenBase<matrix_free_operator<T, Apply>> {
public:
    using Scalar = T;
    using RealScalar = T;
    using StorageIndex = int;
    enum { ColsAtCompileTime = Eigen::Dynamic, MaxColsAtCompileTime = Eigen::Dynamic, IsRowMajor = false };

    matrix_free_operator(Eigen::Index n, const Apply& apply) : m_n(n), m_apply(&apply) {}
    Eigen::Index rows() const { return m_n; }
    Eigen::Index cols() const { return m_n; }

    template <class Rhs>
    Eigen::Product<matrix_free_operator, Rhs, Eigen::AliasFreeProduct> operator*(const Eigen::MatrixBase<Rhs>& x) const {
        return Eigen::Product<matrix_free_operator, Rhs, Eigen::AliasFreeProduct>(*this, x.derived());
    }
    /// dst += alpha A x, through a buffer kept between calls (no allocation per iteration).
    template <class Dest>
    void add_product(Dest& dst, const Eigen::Ref<const vector<T>>& x, const T& alpha) const {
        (*m_apply)(x, m_y);
        dst += alpha * m_y;
    }

private:
    Eigen::Index m_n;
    const Apply* m_apply;
    mutable vector<T> m_y;
};

}  // namespace geomint::detail

namespace Eigen::internal {
template <class T, class Apply, class Rhs>
struct generic_product_impl<geomint::detail::matrix_free_operator<T, Apply>, Rhs, SparseShape, DenseShape, GemvProduct>
    : generic_product_impl_base<geomint::detail::matrix_free_operator<T, Apply>, Rhs,
                                generic_product_impl<geomint::detail::matrix_free_operator<T, Apply>, Rhs>> {
    template <class Dest>
    static void scaleAndAddTo(Dest& dst, const geomint::detail::matrix_free_operator<T, Apply>& lhs, const Rhs& rhs,
                              const T& alpha) {
        lhs.add_product(dst, rhs, alpha);
    }
};
}  // namespace Eigen::internal

namespace geomint::scheme {

namespace detail {
/// Buffers of the matrix-free path (callable arguments and results, CG operator temporaries,
/// the memo key), owned by the stepper so that steps reuse them: vectors of 10⁵ entries
/// allocated and freed every step cost more in page faults than the arithmetic.
template <class T, class Coor, class Momentum>
struct matrix_free_workspace {
    geomint::detail::callable_adapter<Momentum, Coor> f_call;  ///< p ↦ M⁻¹ p
    geomint::detail::callable_adapter<Coor, Momentum> g_call;  ///< q ↦ −K q
    vector<T> t1, t2, v;

    void resize(Eigen::Index n) {
        if (v.size() == n) return;
        v.resize(n);
        for (Eigen::Index i = 0; i < n; ++i) v(i) = T(static_cast<int>(i + 1));
    }
};
}  // namespace detail

/// The kick, drift and node coordinates of Newmark's or Simpson's scheme for a
/// `matrix_free_system` at one step size h > 0, with the interface of `sparse_kick_drift_kick`.
/// Built per step (it refers to the system the step was given); it factors nothing.
/// \tparam Coor, Momentum the containers the callables take.
template <class T, class Coor, class Momentum, class System>
class matrix_free_kick_drift_kick {
public:
    /// Newmark: Y = (h/2) K, W p = 2 R⁻¹ p with R = (2/h) M + (h/2) K.
    using workspace = detail::matrix_free_workspace<T, Coor, Momentum>;

    static matrix_free_kick_drift_kick newmark(System& sys, Eigen::Index n, const T& h, workspace& ws) {
        return matrix_free_kick_drift_kick(sys, n, h, false, h / T(2), T(0), h / T(2), ws);
    }
    /// Simpson (either variant): Y q = K ((h/6) q + (h/3) u), W p = M⁻¹ S (2 R⁻¹ p),
    /// R = (2/h) M + (h/12) K, S = M − (h²/8) K.
    static matrix_free_kick_drift_kick simpson(System& sys, Eigen::Index n, const T& h, workspace& ws) {
        return matrix_free_kick_drift_kick(sys, n, h, true, h / T(6), h / T(3), h / T(12), ws);
    }

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
        inverse_mass_into(m_ws->v, m_ws->t1);
        k.segment(1, m_n) = m_ws->t1;
        stiffness_into(m_ws->v, m_ws->t1);
        k.tail(m_n) = m_ws->t1;
    }

private:
    matrix_free_kick_drift_kick(System& sys, Eigen::Index n, const T& h, bool simpson, const T& a, const T& b,
                                const T& beta_r, workspace& ws)
        : m_sys(&sys), m_n(n), m_h(h), m_simpson(simpson), m_a(a), m_b(b), m_beta_r(beta_r), m_ws(&ws) {
        ws.resize(n);
    }

    /// out = M⁻¹ x by f, through the workspace's adapter (no allocation per call).
    template <class X>
    void inverse_mass_into(const X& x, vector<T>& out) const {
        m_ws->f_call(m_sys->coordinate_rate, x, out, "matrix_free", "coordinate function f(p, dqdt)");
    }
    /// out = K x = −g(x).
    template <class X>
    void stiffness_into(const X& x, vector<T>& out) const {
        out = -as_eigen(m_ws->g_call.call(m_sys->momentum_rate, x, "matrix_free", "momentum function g(q, dpdt)"));
    }
    vector<T> inverse_mass(const vector<T>& x) const {
        vector<T> out;
        inverse_mass_into(x, out);
        return out;
    }
    vector<T> stiffness(const vector<T>& x) const {
        vector<T> out;
        stiffness_into(x, out);
        return out;
    }

    /// y with A(α, β) y = b by conjugate gradient from y = b/α.
    vector<T> solve(const T& alpha, const T& beta, const vector<T>& b) const {
        vector<T>& t1 = m_ws->t1;
        vector<T>& t2 = m_ws->t2;
        const auto apply = [&, alpha, beta](const Eigen::Ref<const vector<T>>& y, vector<T>& out) {
            inverse_mass_into(y, t1);
            stiffness_into(t1, t2);
            t2 *= beta;
            t2 += alpha * y;
            inverse_mass_into(t2, out);
        };
        using op = geomint::detail::matrix_free_operator<T, decltype(apply)>;
        const op A(m_n, apply);
        Eigen::ConjugateGradient<op, Eigen::Lower | Eigen::Upper, Eigen::IdentityPreconditioner> cg;
        cg.setTolerance(scalar_traits<T>::tolerance(16));
        cg.setMaxIterations(static_cast<Eigen::Index>(std::max<long>(200, 2 * static_cast<long>(m_n))));
        cg.compute(A);
        vector<T> y = cg.solveWithGuess(b, vector<T>(b / alpha));
        if (cg.info() != Eigen::Success || !all_finite(y))
            throw convergence_error("matrix_free: conjugate gradient did not converge in " +
                                        std::to_string(cg.iterations()) + " iterations (relative residual " +
                                        geomint::to_string(cg.error()) +
                                        "): are f and g linear, with M and K symmetric positive definite and "
                                        "omega_max h < 2 sqrt(2) (Simpson)?",
                                    static_cast<int>(cg.iterations()), static_cast<long double>(cg.error()));
        return y;
    }

    System* m_sys;
    Eigen::Index m_n;
    T m_h;
    bool m_simpson;
    T m_a, m_b, m_beta_r;
    workspace* m_ws;
};

}  // namespace geomint::scheme
