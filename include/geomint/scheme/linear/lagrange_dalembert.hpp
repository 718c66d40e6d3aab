#pragma once
/// \file
/// The discrete Lagrange–d'Alembert principle for Newmark's and Simpson's schemes: the forced,
/// damped linear system M q̈ + C q̇ + K q = f(t) (model/structural_system.hpp).
///
/// Principle (Marsden & West, Acta Numerica 10 (2001) §3.2; for Newmark, Kane, Marsden, Ortiz &
/// West, IJNME 49 (2000) 1295): with the scheme's discrete Lagrangian L_d and the virtual work of
/// the non-conservative force F(q, q̇, t) = f(t) − C q̇ integrated by the same quadrature,
///
///     δ Σ_j L_d(q_j, q_{j+1}) + Σ_j [F_d⁻_j · δq_j + F_d⁺_j · δq_{j+1}] = 0,             (1)
///
/// and the forced discrete Legendre transforms p_j = −D₁L_d − F_d⁻, p_{j+1} = D₂L_d + F_d⁺   (2)
/// define the step (q_j, p_j) ↦ (q_{j+1}, p_{j+1}). With C = 0 and f = 0 it is the conservative
/// scheme (the steppers then take that path, bit for bit). h is signed: both schemes are
/// symmetric, so a step with −h from (q_{j+1}, p_{j+1}) at t + h returns (q_j, p_j).
///
/// **Newmark** (Rojas-Quintero et al. 2024, eq. (7)): L_d = (h/2) ġᵀMġ − (h/2) q̄ᵀKq̄,
/// ġ = d/h, d = q_{j+1} − q_j, q̄ = q_j + d/2 — the midpoint rule. The same rule for the work:
///
///     F_d⁻ = F_d⁺ = (h/2) (f(t + h/2) − C d/h).                                           (3)
///
/// (2) gives p_{j+1} + p_j = (2/h) M d and p_{j+1} − p_j = −h K q̄ − C d + h f(t + h/2), i.e.
///
///     ((2/h) M + (h/2) K + C) d = 2 p_j − h K q_j + h f(t + h/2),                          (4)
///     q_{j+1} = q_j + d,   p_{j+1} = (2/h) M d − p_j:                                       (5)
///
/// the implicit midpoint rule of the first-order system. (Classical average-acceleration Newmark
/// samples the load as (f(t) + f(t + h))/2 instead of f(t + h/2): the trapezoidal virtual work,
/// which is not the quadrature of this L_d; both are of order 2.)
///
/// **Simpson** (eqs. (13)–(16)): the quadratic q(τ) through q_j, q_m, q_{j+1} at τ = 0, h/2, h,
/// the Gear derivatives g_ℓ = (4e + d)/h, g_m = d/h, g_r = (d − 4e)/h with e = q_m − q_j − d/2, and
/// Simpson's rule (h/6, 2h/3, h/6) for the action and for the work: with F_i = f(t_i) − C g_i,
///
///     F_d⁻ = (h/6) F_ℓ,   F_d^m = (2h/3) F_m (on δq_m),   F_d⁺ = (h/6) F_r.                 (6)
///
/// Stationarity in the internal node, ∂L_d/∂q_m + F_d^m = 0, reads
///
///     (8/h²) M e − K (q_j + d/2 + e) − C d/h + f(t + h/2) = 0,                              (7)
///
/// and (2) at the left node, p_j = M (d + (8/3) e)/h + (h/6)(K q_j + C g_ℓ − f(t)). Scaled by
/// h²/8 and h, (7) and that are the 2n × 2n system in (e, d)
///
///     [ M − (h²/8) K          −(h/8) C − (h²/16) K ] [e]   [ (h²/8)(K q_j − f(t + h/2))        ]
///     [ (8/3) M + (2h/3) C      M + (h/6) C        ] [d] = [ h p_j − (h²/6)(K q_j − f(t))      ]   (8)
///
/// then q_{j+1} = q_j + d, the internal node q_m = q_j + d/2 + e, and (2) at the right node
///
///     p_{j+1} = M (d − (8/3) e)/h − (h/6) K q_{j+1} − C (d − 4e)/6 + (h/6) f(t + h).           (9)
///
/// Both variants of the paper give the same step (they differ in whether q_m is eliminated).
/// With C = 0 and f = 0, (8)–(9) are eqs. (26)–(28) of the paper. Stability of the undamped
/// part: S = M − (h²/8) K positive definite (ω_max |h| < 2√2), as without forces.
///
/// Forced Noether (Marsden & West §3.2.2): if L_d is invariant under q ↦ q + s ξ (K ξ = 0), the
/// momentum map ξᵀp changes over a step by exactly the discrete impulse ξᵀ(F_d⁻ + F_d⁺) (Simpson:
/// ξᵀ(F_d⁻ + F_d^m + F_d⁺)) — a round-off identity the tests check at 50 digits.
///
/// The step operators of (4) and (8) are factored once per (model, h) by LU (dense: full
/// pivoting; sparse: SparseLU) — with C ≠ 0 they are not symmetric in (8), and (4) is indefinite
/// for h < 0. Cost per step: one solve of size n (Newmark) or 2n (Simpson) and four to six
/// products with M, C, K.
///
/// **Matrix-free models** (`matrix_free(f, g).with_damping(c).with_load(f)`) give M⁻¹, K, C only
/// as operators (F = M⁻¹). With the unknowns in momentum units, d = F y (Newmark) and
/// e = F ε, d = F δ (Simpson), (4) becomes the symmetric system
///
///     [(2/h) F + F ((h/2) K + C) F] y = F (2 p_j − h K q_j + h f(t + h/2)),                (10)
///     q_{j+1} = q_j + F y,   p_{j+1} = (2/h) y − p_j,                                        (11)
///
/// positive definite for h > 0 (conjugate gradients; h < 0: BiCGSTAB), and (8) becomes
///
///     [ I − (h²/8) K F             −(h/8) C F − (h²/16) K F ] [ε]   [r₁]
///     [ (8/3) I + (2h/3) C F        I + (h/6) C F           ] [δ] = [r₂]                  (12)
///
/// with (r₁, r₂) the right side of (8), non-symmetric (BiCGSTAB), and (9) reads
///
///     p_{j+1} = (δ − (8/3) ε)/h − (h/6) K q_{j+1} − C (d − 4e)/6 + (h/6) f(t + h).            (13)
///
/// An application of (10) costs 2 calls of f, 1 of g and 1 of c; of (12), 2, 2 and 2. Nothing is
/// factored: the iterations (Eigen's Krylov solvers to 16 ε, scheme/linear/matrix_free_operators.hpp)
/// grow with ω_max |h| and the damping, and with the precision.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/linear/matrix_free_operators.hpp"
#include "geomint/sparse.hpp"

#include <memory>
#include <vector>

namespace geomint::scheme {

/// The model's matrices at one signed step size h and the LU factors of the scheme's step
/// operator (eq. (4) or (8)). `Matrix`: `matrix<T>` or `sparse_matrix<T>`.
template <class Matrix>
struct lagrange_dalembert_factors {
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    Matrix M;  ///< mass matrix
    Matrix C;  ///< damping matrix
    Matrix K;  ///< stiffness matrix
    /// Step size h.
    value_type h;
    /// LU factorization of the step operator.
    lu_factorization<Matrix> step_operator;

    /// Factors the step operator \p a for (M, C, K) at step size h.
    lagrange_dalembert_factors(Matrix M_, Matrix C_, Matrix K_, const value_type& h_, const Matrix& a)
        : M(std::move(M_)), C(std::move(C_)), K(std::move(K_)), h(h_), step_operator(a) {}
};

namespace detail {
/// [a11 a12; a21 a22] for n × n blocks, dense or sparse.
template <class Matrix>
Matrix block_2x2(const Matrix& a11, const Matrix& a12, const Matrix& a21, const Matrix& a22) {
    const Eigen::Index n = a11.rows();
    if constexpr (is_sparse_matrix_v<Matrix>) {
        using T = typename Matrix::Scalar;
        std::vector<Eigen::Triplet<T>> entries;
        entries.reserve(static_cast<std::size_t>(a11.nonZeros() + a12.nonZeros() + a21.nonZeros() + a22.nonZeros()));
        const auto add = [&entries](const Matrix& b, Eigen::Index r0, Eigen::Index c0) {
            for (Eigen::Index j = 0; j < b.outerSize(); ++j)
                for (typename Matrix::InnerIterator it(b, j); it; ++it)
                    entries.emplace_back(it.row() + r0, it.col() + c0, it.value());
        };
        add(a11, 0, 0);
        add(a12, 0, n);
        add(a21, n, 0);
        add(a22, n, n);
        Matrix out(2 * n, 2 * n);
        out.setFromTriplets(entries.begin(), entries.end());
        return out;
    } else {
        Matrix out(2 * n, 2 * n);
        out << a11, a12, a21, a22;
        return out;
    }
}

/// Builds the factors, or throws when the step operator is singular.
template <class Matrix>
std::shared_ptr<const lagrange_dalembert_factors<Matrix>> factor_step_operator(const char* scheme, const Matrix& M,
                                                                               const Matrix& C, const Matrix& K,
                                                                               const typename Matrix::Scalar& h,
                                                                               const Matrix& a) {
    auto f = std::make_shared<const lagrange_dalembert_factors<Matrix>>(M, C, K, h, a);
    if (!f->step_operator.invertible())
        throw singular_step_error(std::string(scheme) + ": the Lagrange-d'Alembert step operator is singular at h = " +
                                  geomint::to_string(h));
    return f;
}
}  // namespace detail

/// Newmark's scheme with forces: eqs. (3)–(5).
struct newmark_lagrange_dalembert {
    /// Factors of (2/h) M + (h/2) K + C (eq. 4). M, C, K: n × n; h ≠ 0 (signed).
    /// \throws geomint::singular_step_error if that matrix is singular.
    template <class Matrix>
    static auto factors(const Matrix& M, const Matrix& C, const Matrix& K, const typename Matrix::Scalar& h) {
        using T = typename Matrix::Scalar;
        const Matrix a = Matrix(M * (T(2) / h)) + Matrix(K * (h / T(2))) + C;
        return detail::factor_step_operator("newmark", M, C, K, h, a);
    }

    /// One step from (q, p) at t by `f.h`; `load(t)` returns f(t). Writes (q1, p1); `midpoint`
    /// is not used (Newmark has no internal node).
    template <class Matrix, class Load, class V>
    static void step(const lagrange_dalembert_factors<Matrix>& f, const Load& load, const V& q, const V& p,
                     const typename Matrix::Scalar& t, V& q1, V& p1, V* /*midpoint*/) {
        using T = typename Matrix::Scalar;
        const T& h = f.h;
        vector<T> rhs = T(2) * p;
        rhs.noalias() -= h * (f.K * q);
        rhs += h * load(t + h / T(2));
        const vector<T> d = f.step_operator.solve(rhs);
        q1 = q + d;
        p1.noalias() = (T(2) / h) * (f.M * d);
        p1 -= p;
    }

    /// The same step for a matrix-free model (eqs. (10)–(11)): `model` a
    /// `detail::matrix_free_model`, h ≠ 0 (signed). Writes (q1, p1); `midpoint` is not used.
    /// \throws geomint::convergence_error if the Krylov solve fails; std::invalid_argument from
    ///         the callables (wrong length) or the load (model/load.hpp).
    template <class Model, class V>
    static void matrix_free_step(const Model& model, const V& q, const V& p, const typename Model::value_type& t,
                                 const typename Model::value_type& h, V& q1, V& p1, V* /*midpoint*/) {
        using T = typename Model::value_type;
        vector<T> Kq, b, u, w, Cu;
        model.stiffness(q, Kq);
        const vector<T> rhs = T(2) * p - h * Kq + h * model.load(t + h / T(2));
        model.inverse_mass(rhs, b);
        const auto apply = [&](const Eigen::Ref<const vector<T>>& y, vector<T>& out) {
            model.inverse_mass(y, u);  // u = F y
            model.stiffness(u, w);
            w *= h / T(2);
            w += (T(2) / h) * y;
            model.damping(u, Cu);
            w += Cu;
            model.inverse_mass(w, out);
        };
        using detail::krylov_method;
        const vector<T> y = detail::krylov_solve<T>(
            apply, b, vector<T>((h / T(2)) * rhs),
            h > T(0) ? krylov_method::conjugate_gradient : krylov_method::bicgstab,
            "are f, g and c linear, with M symmetric positive definite and K, C symmetric positive semidefinite?");
        model.inverse_mass(y, u);
        q1 = q + u;
        p1 = (T(2) / h) * y - p;
    }
};

/// Simpson's scheme (both variants) with forces: eqs. (6)–(9).
struct simpson_lagrange_dalembert {
    /// Factors of the 2n × 2n matrix of eq. (8). M, C, K: n × n; h ≠ 0 (signed).
    /// \throws geomint::singular_step_error if that matrix is singular.
    template <class Matrix>
    static auto factors(const Matrix& M, const Matrix& C, const Matrix& K, const typename Matrix::Scalar& h) {
        using T = typename Matrix::Scalar;
        const Matrix a11 = M - Matrix(K * (h * h / T(8)));
        const Matrix a12 = Matrix(C * (-h / T(8))) - Matrix(K * (h * h / T(16)));
        const Matrix a21 = Matrix(M * (T(8) / T(3))) + Matrix(C * (T(2) * h / T(3)));
        const Matrix a22 = M + Matrix(C * (h / T(6)));
        return detail::factor_step_operator("simpson", M, C, K, h, detail::block_2x2(a11, a12, a21, a22));
    }

    /// One step from (q, p) at t by `f.h`; `load(t)` returns f(t). Writes (q1, p1) and, when
    /// `midpoint` is not null, the internal node q_m.
    template <class Matrix, class Load, class V>
    static void step(const lagrange_dalembert_factors<Matrix>& f, const Load& load, const V& q, const V& p,
                     const typename Matrix::Scalar& t, V& q1, V& p1, V* midpoint) {
        using T = typename Matrix::Scalar;
        const T& h = f.h;
        const Eigen::Index n = q.size();
        const vector<T> Kq = f.K * q;
        vector<T> rhs(2 * n);
        rhs.head(n) = (h * h / T(8)) * (Kq - load(t + h / T(2)));
        rhs.tail(n) = h * p - (h * h / T(6)) * (Kq - load(t));
        const vector<T> z = f.step_operator.solve(rhs);
        const auto e = z.head(n);
        const auto d = z.tail(n);
        if (midpoint != nullptr) *midpoint = q + d / T(2) + e;
        q1 = q + d;
        const vector<T> d_minus = d - (T(8) / T(3)) * e;
        const vector<T> d_damp = d - T(4) * e;
        p1.noalias() = f.M * d_minus / h;
        p1.noalias() -= (h / T(6)) * (f.K * q1);
        p1.noalias() -= f.C * d_damp / T(6);
        p1 += (h / T(6)) * load(t + h);
    }

    /// The same step for a matrix-free model (eqs. (12)–(13)): `model` a
    /// `detail::matrix_free_model`, h ≠ 0 (signed). Writes (q1, p1) and, when `midpoint` is not
    /// null, the internal node q_m.
    /// \throws geomint::convergence_error if the Krylov solve fails; std::invalid_argument from
    ///         the callables (wrong length) or the load (model/load.hpp).
    template <class Model, class V>
    static void matrix_free_step(const Model& model, const V& q, const V& p, const typename Model::value_type& t,
                                 const typename Model::value_type& h, V& q1, V& p1, V* midpoint) {
        using T = typename Model::value_type;
        const Eigen::Index n = q.size();
        vector<T> Kq, e, d, Ke, Kd, Ce, Cd;
        model.stiffness(q, Kq);
        vector<T> rhs(2 * n);
        rhs.head(n) = (h * h / T(8)) * (Kq - model.load(t + h / T(2)));
        rhs.tail(n) = h * p - (h * h / T(6)) * (Kq - model.load(t));
        const auto apply = [&](const Eigen::Ref<const vector<T>>& z, vector<T>& out) {
            model.inverse_mass(z.head(n), e);
            model.inverse_mass(z.tail(n), d);
            model.stiffness(e, Ke);
            model.stiffness(d, Kd);
            model.damping(e, Ce);
            model.damping(d, Cd);
            out.resize(2 * n);
            out.head(n) = z.head(n) - (h * h / T(8)) * Ke - (h / T(8)) * Cd - (h * h / T(16)) * Kd;
            out.tail(n) = (T(8) / T(3)) * z.head(n) + (T(2) * h / T(3)) * Ce + z.tail(n) + (h / T(6)) * Cd;
        };
        vector<T> guess(2 * n);  // the solution for K = C = 0
        guess.head(n) = rhs.head(n);
        guess.tail(n) = rhs.tail(n) - (T(8) / T(3)) * rhs.head(n);
        const vector<T> z = detail::krylov_solve<T>(
            apply, rhs, guess, detail::krylov_method::bicgstab,
            "are f, g and c linear, with M symmetric positive definite, K, C symmetric positive semidefinite and "
            "omega_max |h| < 2 sqrt(2)?");
        model.inverse_mass(z.head(n), e);
        model.inverse_mass(z.tail(n), d);
        if (midpoint != nullptr) *midpoint = q + d / T(2) + e;
        q1 = q + d;
        model.stiffness(q1, Kq);
        model.damping(vector<T>(d - T(4) * e), Cd);
        p1 = (z.tail(n) - (T(8) / T(3)) * z.head(n)) / h;
        p1 -= (h / T(6)) * Kq;
        p1 -= Cd / T(6);
        p1 += (h / T(6)) * model.load(t + h);
    }
};

}  // namespace geomint::scheme
