#pragma once
/// \file
/// One step of the s-stage Gauss–Legendre method (scheme/gauss/gauss_legendre.hpp) on a
/// Hamiltonian system dx/dt = f(x, t) = J∇H(x, t), x = (q, p): the stage equations solved for
/// the stage rates F_i = f(X_i, t + c_i h) by fixed-point sweeps or by simplified Newton.
///
/// Stages in the scaled form (β_j = h b_j, μ_ij = a_ij / b_j with μ_ij + μ_ji = 1 exactly):
///     X_i = x + Z_i,  Z_i = Σ_j μ_ij β_j F_j,  F_i = f(X_i, t + c_i h),   Δx = Σ_j β_j F_j.
/// The rounded method is symplectic and symmetric (gauss_legendre.hpp).
///
/// Starting values (GNI §VIII.6.1): a step that continues the last one (from the state it
/// reached, with the same h) starts from the last step's stage rates extrapolated along its
/// collocation polynomial's derivative, F ← F Eᵀ (e_ij = ℓ_j(1 + c_i), error O(h^s)); otherwise
/// from F_i = f(x, t) at every stage.
///
/// Iterations, each one sweep (s evaluations of ∇H on first-order jets):
/// - fixed point (`iteration_options::corrections = never`): F ← f(x + Z(F)), stopped by Hairer's
///   rule on the change of the stage increments Z (solver/settling_iteration.hpp, `linear`);
///   it contracts by about |h|·‖∇f‖ a sweep;
/// - simplified Newton (the default; `stage_jacobian::each_stage`): Newton on R(F) = F − f(x + Z(F))
///   with the Jacobian frozen at the starting stages X_i = x + Z_i(F), block (i, k) = δ_ik I −
///   μ_ik β_k ∇f(X_i), ∇f = J∇²H
///   (∇²H from one evaluation of H on second-order jets a stage). At the predicted stages of a
///   warm step, error O(h^{s+1}), it is nearly Newton's own Jacobian; the Jacobian at the step's
///   start alone (I − (μ diag β) ⊗ ∇f(x)) took 4.74 sweeps a step instead of ≈ 3 on the double
///   pendulum at double (s = 2, h = 0.01) and 13.4 instead of 7.0 at mp50 (s = 3). Refreshing it
///   while a correction exceeds √ε_double took 3.5 µs a step instead of 2.2 at double (s = 2),
///   and at mp50 saved time at s = 2 (441 against 569 µs) but lost it at s = 3 (678 against 591):
///   not done. It is factored once a step: in T for double and narrower, in
///   double for wider scalars, whose corrections are solved in double from the residual in T
///   (mixed precision, as the Galerkin VI's corrections: scheme/galerkin/fixed_point.hpp). It
///   contracts by about h²‖∇f‖² a sweep. The iteration stops when the correction itself,
///   |h|·‖ΔF‖ in the units of x, is below ε·max(‖x‖, 1) (`convergence::correction`): the
///   correction estimates the iterate's error, so the stop is at T's ε whatever T is (a stop at a
///   fixed tolerance leaves its error in the symplecticity and the symmetry of the map: at 100
///   digits a stop at 1e-25 left defects of 7e-27, DESIGN.md). Its size costs nothing at T's
///   width (a double).
/// - simplified Newton with one Jacobian a step (`stage_jacobian::one_per_step`): ∇f once, at the
///   mean predicted stage x̄ = x + Σ_i b_i Z_i at t + h/2, so that the Newton matrix is
///   I − h A ⊗ ∇f(x̄); with Aᵀ = W Λ W⁻¹ (A's eigen-decomposition, computed once in double: it only
///   shapes the corrections) the correction G = ΔF W has columns solving (I − hλ_k ∇f) g_k =
///   (R W)_k, one real system of size 4n per complex pair λ = α ± iβ (and per real λ of an odd s)
///   instead of one of size 2ns (Butcher 1976; Hairer & Wanner, *Solving ODEs II*, §IV.8). One
///   Hessian a step instead of s; it contracts by about h‖A‖·max_i ‖∇f(X_i) − ∇f(x̄)‖ a sweep.
///   Measured (bench/bench_hamiltonian.cpp, docs/hamiltonian.md): on the banana orbit's canonical
///   H (n = 3, ∇f nearly constant over a step) 5.4 µs a step at s = 4 instead of 9.2, the sweeps
///   4.18 instead of 4.02; on the double pendulum (h = t̄/100) 1.3–1.4 sweeps more a step at
///   double (s = 4 still faster, s = 2 slower) and 15.5 instead of 10.4 at mp50.
/// The step's increment uses the last sweep's rates F_i = f(X_i) at the stages X_i of the last
/// iterate. The iteration cap and a diverging or stalled iteration throw `convergence_error`
/// naming the iterations, the last change, h and (Newton) the stage equations' residual
/// |h|·max|F − f(X)| in the units of x; a singular Newton matrix throws
/// `singular_step_error` naming h.
///
/// After a step, `step_jacobian(sys)` gives ∂x₁/∂x₀ by the implicit function theorem at the
/// converged stages (∇²H at each stage, the linear system solved in T by full-pivoting LU):
/// the one-step map's Jacobian, whose symplecticity defect ‖ΦᵀJΦ − J‖ the tests measure.
///
/// Sizes: n and s fixed at compile time (N, S) keep the stage matrices, the Newton matrix and its
/// LU on the stack; Eigen::Dynamic otherwise.

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/scheme/gauss/gauss_legendre.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/solver/settling_iteration.hpp"

#include <Eigen/Eigenvalues>
#include <Eigen/LU>

#include <cmath>
#include <complex>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// A model whose Hessian the simplified Newton iteration can form: `derivatives(q, p, t, d)` into a
/// `hamiltonian_derivatives<T, N>` (a `hamiltonian_system`; odeint's separable pair gives only the
/// gradient, and is solved by fixed-point sweeps).
template <class System, class T, int N>
concept gives_hamiltonian_hessian = requires(const System& s, const vector<T, N>& x, const T& t,
                                             hamiltonian_derivatives<T, N>& d) { s.derivatives(x, x, t, d); };

/// Work arrays and warm start of the Gauss–Legendre step (file comment), kept between steps by
/// the stepper.
/// \tparam T the scalar; N the degrees of freedom n at compile time (or Eigen::Dynamic); S the
///         stages s at compile time (or Eigen::Dynamic).
template <class T, int N = Eigen::Dynamic, int S = Eigen::Dynamic>
class gauss_stages {
    static constexpr int D = phase_size(N);  // 2n
    /// The scalar the Newton matrix is factored in: T up to double's width, double beyond.
    using factor_scalar = std::conditional_t<mixed_precision_corrections<T>, double, T>;

public:
    /// n-vector (q or p).
    using vec = vector<T, N>;
    /// 2n-vector x = (q, p).
    using phase = vector<T, D>;

    /// The increments (Δq, Δp) of one step of size h (h < 0 steps backward) from (q, p) at t, on
    /// the Hamiltonian model `sys` (`gradient(q, p, t, d)` and, for Newton, `derivatives(q, p, t, d)`
    /// into a `hamiltonian_derivatives<T, N>`; a model with the gradient only is swept), with the
    /// coefficients `c` (S stages when S is fixed).
    /// `continuing`: (q, p) is the state the last step reached (then, at the same h, its stage rates
    /// start this one). `name` prefixes error messages.
    /// \throws geomint::convergence_error, geomint::singular_step_error (file comment);
    ///         std::domain_error from the model (a non-finite H or derivative).
    template <class System>
    void step(const gauss_coefficients<T>& c, const System& sys, const vec& q, const vec& p, const T& t, const T& h,
              vec& dq, vec& dp, const iteration_options& opt, const char* name, bool continuing) {
        const Eigen::Index n = q.size(), d = 2 * n, s = c.stages;
        if (&c != m_coefficients) {
            m_mu = c.mu;
            m_b = c.b;
            m_nodes = c.c;
            m_extrapolation = c.extrapolation;
            m_coefficients = &c;
        }
        m_x.resize(d);
        m_x.head(n) = q;
        m_x.tail(n) = p;
        m_t = t;
        m_h = h;
        const bool warm = continuing && m_F.rows() == d && m_F.cols() == s && h == m_h_last;
        m_h_last = T(0);  // a step that throws leaves no start behind
        if (warm) {
            m_swept.noalias() = m_F * m_extrapolation.transpose();
            m_F.swap(m_swept);
        } else {
            m_F.resize(d, s);
            rate(sys, m_x, t, m_rate);
            for (Eigen::Index j = 0; j < s; ++j) m_F.col(j) = m_rate;
        }
        m_beta = m_b * h;
        m_swept.resize(d, s);
        T scale = max_magnitude(m_x);
        if constexpr (gives_hamiltonian_hessian<System, T, N>) {
            if (opt.corrections == stage_corrections::never) fixed_point(sys, opt, name, scale);
            else newton(sys, opt, name, scale);
        } else {
            fixed_point(sys, opt, name, scale);
        }
        const phase dx = m_F * m_beta;
        dq = dx.head(n);
        dp = dx.tail(n);
        m_h_last = h;
    }

    /// The last step's collocation polynomial at t + θh (θ ∈ [0, 1]), u = x + h Σ_j w_j(θ) F_j with
    /// w_j(θ) = ∫_0^θ ℓ_j (scheme/collocation.hpp): the polynomial of degree s whose derivative
    /// takes the stage rates at the nodes; u(t + c_i h) are the stages, u(t + h) the step's end.
    /// Error O(h^{s+1}) inside a step (GNI Theorem II.1.5), against O(h^{2s}) at the nodes.
    /// \throws std::logic_error before any step.
    void collocation_polynomial(const T& theta, vec& q, vec& p) const {
        if (m_x.size() == 0 || m_h_last == T(0))
            throw std::logic_error("gauss_legendre: the collocation polynomial needs a completed step");
        const Eigen::Index n = m_x.size() / 2;
        const phase u = m_x + m_h * (m_F * detail::integrated_lagrange_basis(m_b, m_nodes, theta));
        q = u.head(n);
        p = u.tail(n);
    }

    /// Sweeps of the last step (each evaluates ∇H at the s stages; a Newton step also forms ∇²H
    /// once).
    int iterations() const { return m_iterations; }

    /// ∂(q₁, p₁)/∂(q₀, p₀) of the last step (2n × 2n), by the implicit function theorem at its
    /// stages on the model `sys` it was taken on: with K_i = ∂F_i/∂x₀,
    ///     K_i − ∇f(X_i) Σ_k μ_ik β_k K_k = ∇f(X_i),   ∂x₁/∂x₀ = I + Σ_j β_j K_j,
    /// solved in T (full-pivoting LU).
    /// \throws std::logic_error before any step; geomint::singular_step_error if the system is
    ///         singular.
    template <class System>
    matrix<T> step_jacobian(const System& sys) const {
        const Eigen::Index d = m_x.size(), s = m_F.cols(), n = d / 2;
        if (d == 0 || m_h_last == T(0))
            throw std::logic_error("gauss_legendre: step_jacobian needs a completed step");
        matrix<T> A = matrix<T>::Identity(d * s, d * s), rhs(d * s, d);
        hamiltonian_derivatives<T, N> hd;
        for (Eigen::Index i = 0; i < s; ++i) {
            const phase X = m_x + m_Z.col(i);
            sys.derivatives(vec(X.head(n)), vec(X.tail(n)), T(m_t + m_nodes(i) * m_h), hd);
            const matrix<T> Jf = rate_jacobian(hd.hessian, n);
            rhs.middleRows(i * d, d) = Jf;
            for (Eigen::Index k = 0; k < s; ++k) A.block(i * d, k * d, d, d) -= (m_mu(i, k) * m_beta(k)) * Jf;
        }
        Eigen::FullPivLU<matrix<T>> lu(A);
        if (!lu.isInvertible())
            throw singular_step_error("gauss_legendre: the step's Jacobian system is singular at h = " +
                                      geomint::to_string(m_h));
        const matrix<T> K = lu.solve(rhs);
        matrix<T> Phi = matrix<T>::Identity(d, d);
        for (Eigen::Index j = 0; j < s; ++j) Phi += m_beta(j) * K.middleRows(j * d, d);
        return Phi;
    }

private:
    using stages = Eigen::Matrix<T, D, S>;
    using square = Eigen::Matrix<T, S, S>;
    static constexpr int DS = D == Eigen::Dynamic || S == Eigen::Dynamic ? Eigen::Dynamic : D * S;
    static constexpr int D2 = D == Eigen::Dynamic ? Eigen::Dynamic : 2 * D;
    using newton_block = Eigen::Matrix<factor_scalar, D2, D2>;

    /// out = f(x, t) = (∂H/∂p, −∂H/∂q).
    template <class System>
    void rate(const System& sys, const phase& x, const T& t, phase& out) {
        const Eigen::Index n = x.size() / 2;
        m_q = x.head(n);
        m_p = x.tail(n);
        sys.gradient(m_q, m_p, t, m_derivatives);
        out.resize(2 * n);
        out.head(n) = m_derivatives.Hp;
        out.tail(n) = -m_derivatives.Hq;
    }

    /// ∇f = J∇²H (2n × 2n): rows (∂H_p/∂x, −∂H_q/∂x).
    template <class Hessian>
    static matrix<T, D> rate_jacobian(const Hessian& hessian, Eigen::Index n) {
        matrix<T, D> Jf(2 * n, 2 * n);
        Jf.topRows(n) = hessian.bottomRows(n);
        Jf.bottomRows(n) = -hessian.topRows(n);
        return Jf;
    }

    /// m_Z = F diag(β) μᵀ: the stage increments of the rates in m_F.
    void stage_increments() { m_Z.noalias() = (m_F * m_beta.asDiagonal()) * m_mu.transpose(); }

    /// One sweep: m_swept.col(i) = f(x + Z_i, t + c_i h), Z from m_F (`increments`: formed here, else
    /// already in m_Z).
    template <class System>
    void sweep(const System& sys, bool increments = true) {
        const Eigen::Index s = m_F.cols();
        if (increments) stage_increments();
        for (Eigen::Index i = 0; i < s; ++i) {
            m_stage = m_x + m_Z.col(i);
            rate(sys, m_stage, T(m_t + m_nodes(i) * m_h), m_rate);
            m_swept.col(i) = m_rate;
        }
    }

    template <class System>
    void fixed_point(const System& sys, const iteration_options& opt, const char* name, const T& scale) {
        settling_iteration<T> monitor(name, "the fixed-point iteration", m_h, opt);
        for (int k = 0;; ++k) {
            sweep(sys);
            m_F.swap(m_swept);
            if (k > 0 && monitor.settled(max_magnitude(m_Z - m_Z_old), scale)) break;
            m_Z_old.swap(m_Z);
        }
        m_iterations = monitor.iterations() + 1;
    }

    template <class System>
    void newton(const System& sys, const iteration_options& opt, const char* name, const T& scale) {
        const Eigen::Index d = m_x.size(), s = m_F.cols(), n = d / 2;
        const bool transformed = opt.jacobian == stage_jacobian::one_per_step;
        if (transformed) factor_transformed(sys, name, n, d);
        else factor_stagewise(sys, name, n, d, s);
        settling_iteration<T> monitor(name, "the simplified Newton iteration", m_h, opt, convergence::correction);
        const factor_scalar step = factor_scalar(abs_value(m_h));
        m_correction.resize(d, s);
        for (bool first = true;; first = false) {
            sweep(sys, !first);  // the first sweep's increments are the Jacobian's, formed by `factor_*`
            m_residual = (m_F - m_swept).template cast<factor_scalar>();
            if (transformed) solve_transformed();
            else m_correction.reshaped() = m_stagewise_lu.solve(m_residual.reshaped());
            const factor_scalar size = step * max_magnitude(m_correction);
            if (monitor.settled(T(size), scale, T(step * max_magnitude(m_residual)))) break;
            m_F -= m_correction.unaryExpr([](const factor_scalar& x) { return in_T(x); });
        }
        m_F.swap(m_swept);
        m_iterations = monitor.iterations();
    }

    /// `stage_jacobian::each_stage`: forms the Newton matrix, block (i, k) = δ_ik I − μ_ik β_k
    /// ∇f(X_i, t + c_i h) at the starting stages X_i = x + Z_i(F), in factor_scalar, and factors it.
    template <class System>
    void factor_stagewise(const System& sys, const char* name, Eigen::Index n, Eigen::Index d, Eigen::Index s) {
        stage_increments();
        m_stagewise.setIdentity(d * s, d * s);
        for (Eigen::Index i = 0; i < s; ++i) {
            m_q = m_x.head(n) + m_Z.col(i).head(n);
            m_p = m_x.tail(n) + m_Z.col(i).tail(n);
            sys.derivatives(m_q, m_p, T(m_t + m_nodes(i) * m_h), m_derivatives);
            const matrix<T, D> Jf = rate_jacobian(m_derivatives.hessian, n);
            for (Eigen::Index k = 0; k < s; ++k) {
                const T w = m_mu(i, k) * m_beta(k);
                for (Eigen::Index col = 0; col < d; ++col)
                    for (Eigen::Index row = 0; row < d; ++row)
                        m_stagewise(i * d + row, k * d + col) -= factor_scalar(T(w * Jf(row, col)));
            }
        }
        m_stagewise_lu.compute(m_stagewise);
        require_regular(m_stagewise_lu, m_stagewise.cwiseAbs().maxCoeff(), name);
    }

    /// Throws `singular_step_error` naming h if a pivot of `lu` is below ε·size·`largest` (the
    /// matrix's largest entry): PartialPivLU does not report a singular matrix.
    template <class LU>
    void require_regular(const LU& lu, const factor_scalar& largest, const char* name) const {
        if (!(lu.matrixLU().diagonal().cwiseAbs().minCoeff() >
              std::numeric_limits<factor_scalar>::epsilon() * factor_scalar(lu.rows()) * largest))
            throw singular_step_error(std::string(name) + ": the simplified Newton matrix is singular at h = " +
                                      geomint::to_string(m_h) + " (a step too large for the Hessian's scale)");
    }

    /// The eigen-decomposition Aᵀ = W Λ W⁻¹ of the Butcher matrix, in double (it only shapes the
    /// corrections). A real eigenvalue gets a real column; of a complex pair only the member with
    /// Im λ > 0 is kept, its column's conjugate being the other's. Kept: λ_k and the real and
    /// imaginary parts of W's kept columns (s × r) and of the matching rows of W⁻¹ (r × s), where
    /// a pair's row is twice the member's (the pair's two terms add to twice the real part).
    void decompose(const gauss_coefficients<T>& c) {
        const Eigen::Index s = c.stages;
        Eigen::MatrixXd At(s, s);
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j < s; ++j) At(i, j) = double(c.a(j, i));
        const Eigen::EigenSolver<Eigen::MatrixXd> eigen(At);
        if (eigen.info() != Eigen::Success)
            throw std::logic_error("gauss_legendre: the eigen-decomposition of the Butcher matrix failed");
        // W with each pair's conjugate column beside its member, then W⁻¹
        Eigen::MatrixXcd W(s, s);
        std::vector<std::complex<double>> kept;
        std::vector<Eigen::Index> column;
        for (Eigen::Index k = 0, next = 0; k < s; ++k) {
            const std::complex<double> l = eigen.eigenvalues()(k);
            if (l.imag() < 0) continue;  // placed beside its conjugate
            kept.push_back(l);
            column.push_back(next);
            W.col(next) = eigen.eigenvectors().col(k);
            if (l.imag() > 0) W.col(++next) = eigen.eigenvectors().col(k).conjugate();
            ++next;
        }
        const Eigen::MatrixXcd W_inverse = W.inverse();
        const Eigen::Index r = Eigen::Index(kept.size());
        m_eigenvalues.resize(r, 2);
        m_W_re.resize(s, r);
        m_W_im.resize(s, r);
        m_W_inverse_re.resize(r, s);
        m_W_inverse_im.resize(r, s);
        for (Eigen::Index k = 0; k < r; ++k) {
            const Eigen::Index j = column[std::size_t(k)];
            const double twice = kept[std::size_t(k)].imag() > 0 ? 2 : 1;
            m_eigenvalues(k, 0) = factor_scalar(kept[std::size_t(k)].real());
            m_eigenvalues(k, 1) = factor_scalar(kept[std::size_t(k)].imag());
            m_W_re.col(k) = W.col(j).real().template cast<factor_scalar>();
            m_W_im.col(k) = W.col(j).imag().template cast<factor_scalar>();
            m_W_inverse_re.row(k) = (twice * W_inverse.row(j).real()).template cast<factor_scalar>();
            m_W_inverse_im.row(k) = (twice * W_inverse.row(j).imag()).template cast<factor_scalar>();
        }
    }

    /// m_correction = the simplified Newton correction for the residual m_residual (d × s). With
    /// G = ΔF W, column k solves (I − hλ_k ∇f) g_k = (R W)_k, in real form: g = u + iv, R W = a + ib,
    ///     [I − hα∇f, hβ∇f; −hβ∇f, I − hα∇f] (u; v) = (a; b),   λ = α + iβ;
    /// ΔF = Re(G W⁻¹) = U Re(W⁻¹) − V Im(W⁻¹) over the kept columns (decompose).
    void solve_transformed() {
        const Eigen::Index d = m_residual.rows(), r = m_eigenvalues.rows();
        m_transformed_re.noalias() = m_residual * m_W_re;
        m_transformed_im.noalias() = m_residual * m_W_im;
        m_rhs.resize(2 * d);
        for (Eigen::Index k = 0; k < r; ++k) {
            m_rhs.head(d) = m_transformed_re.col(k);
            m_rhs.tail(d) = m_transformed_im.col(k);
            m_solution.noalias() = m_lu[std::size_t(k)].solve(m_rhs);
            m_transformed_re.col(k) = m_solution.head(d);
            m_transformed_im.col(k) = m_solution.tail(d);
        }
        m_correction.noalias() = m_transformed_re * m_W_inverse_re;
        m_correction.noalias() -= m_transformed_im * m_W_inverse_im;
    }

    /// `stage_jacobian::one_per_step`: forms ∇f = J∇²H once, at the mean predicted stage
    /// x + Σ_i b_i Z_i(F) at t + h/2, and factors, for each kept eigenvalue λ_k = α + iβ of the
    /// Butcher matrix (decomposed at the first such step of a coefficient set), the real form of
    /// I − hλ_k ∇f (solve_transformed), in factor_scalar: Hairer & Wanner, *Solving ODEs II*,
    /// §IV.8 — ⌈s/2⌉ systems of size 4n instead of one of size 2ns.
    template <class System>
    void factor_transformed(const System& sys, const char* name, Eigen::Index n, Eigen::Index d) {
        if (m_decomposed != m_coefficients) {
            decompose(*m_coefficients);
            m_decomposed = m_coefficients;
        }
        stage_increments();
        m_stage = m_x + m_Z * m_b;
        m_q = m_stage.head(n);
        m_p = m_stage.tail(n);
        sys.derivatives(m_q, m_p, T(m_t + m_h / 2), m_derivatives);
        const matrix<T, D> Jf = rate_jacobian(m_derivatives.hessian, n);
        const factor_scalar h = factor_scalar(m_h);
        m_hJ.resize(d, d);
        for (Eigen::Index col = 0; col < d; ++col)
            for (Eigen::Index row = 0; row < d; ++row) m_hJ(row, col) = h * factor_scalar(Jf(row, col));
        const factor_scalar largest = m_hJ.cwiseAbs().maxCoeff();
        m_lu.resize(std::size_t(m_eigenvalues.rows()));
        for (Eigen::Index k = 0; k < m_eigenvalues.rows(); ++k) {
            const factor_scalar alpha = m_eigenvalues(k, 0), beta = m_eigenvalues(k, 1);
            m_block.resize(2 * d, 2 * d);
            m_block.topLeftCorner(d, d) = -alpha * m_hJ;
            m_block.topLeftCorner(d, d).diagonal().array() += factor_scalar(1);
            m_block.bottomRightCorner(d, d) = m_block.topLeftCorner(d, d);
            m_block.topRightCorner(d, d) = beta * m_hJ;
            m_block.bottomLeftCorner(d, d) = -beta * m_hJ;
            auto& lu = m_lu[std::size_t(k)];
            lu.compute(m_block);
            using std::abs;
            require_regular(lu, factor_scalar(1) + (abs(alpha) + abs(beta)) * largest, name);
        }
    }

    static T abs_value(const T& x) {
        using std::abs;
        return abs(x);
    }
    /// x in T (exactly, from a double correction).
    static T in_T(const factor_scalar& x) {
        if constexpr (std::is_same_v<factor_scalar, T>) return x;
        else return from_double<T>(x);
    }

    const gauss_coefficients<T>* m_coefficients = nullptr;
    square m_mu, m_extrapolation;
    Eigen::Matrix<T, S, 1> m_b, m_beta, m_nodes;
    stages m_F, m_swept, m_Z, m_Z_old;
    phase m_x, m_stage, m_rate;
    vec m_q, m_p;
    hamiltonian_derivatives<T, N> m_derivatives;
    T m_t = T(0), m_h = T(0), m_h_last = T(0);
    int m_iterations = 0;
    // stage_jacobian::each_stage (`factor_stagewise`)
    Eigen::Matrix<factor_scalar, DS, DS> m_stagewise;
    Eigen::PartialPivLU<Eigen::Matrix<factor_scalar, DS, DS>> m_stagewise_lu;
    // stage_jacobian::one_per_step (`decompose`, `factor_transformed`, `solve_transformed`)
    const gauss_coefficients<T>* m_decomposed = nullptr;
    Eigen::Matrix<factor_scalar, Eigen::Dynamic, 2> m_eigenvalues;  // (α, β) of the kept λ
    Eigen::Matrix<factor_scalar, S, Eigen::Dynamic> m_W_re, m_W_im;
    Eigen::Matrix<factor_scalar, Eigen::Dynamic, S> m_W_inverse_re, m_W_inverse_im;
    Eigen::Matrix<factor_scalar, D, S> m_residual, m_correction;
    Eigen::Matrix<factor_scalar, D, Eigen::Dynamic> m_transformed_re, m_transformed_im;
    Eigen::Matrix<factor_scalar, D, D> m_hJ;
    newton_block m_block;
    Eigen::Matrix<factor_scalar, D2, 1> m_rhs, m_solution;
    std::vector<Eigen::PartialPivLU<newton_block>> m_lu;
};

}  // namespace geomint::scheme
