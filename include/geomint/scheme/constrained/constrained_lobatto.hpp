#pragma once
/// \file
/// One step of the Lobatto IIIA–IIIB pair with Lagrange multipliers (Jay, SIAM J. Numer. Anal. 33
/// (1996) 368; Hairer, Lubich, Wanner, GNI (2006) §VII.1.5; the constrained Galerkin variational
/// integrator of degree r = s − 1, `galerkin_vi_stepper` on a `constrained_system`) for
/// H = ½ pᵀ M⁻¹ p + V(q) on the manifold g(q) = 0, F = −∇V, G = ∂g/∂q:
///
///     Q_i = q + h Σ_j a_ij M⁻¹ P_j,   P_i = p + h Σ_j â_ij (F(Q_j) − G(Q_j)ᵀ Λ_j),   g(Q_i) = 0,
///     q₁ = Q_s,   p₁ = p + h Σ_j b_j (F(Q_j) − G(Q_j)ᵀ Λ_j),   G(q₁) M⁻¹ p₁ = 0           (1)
///
/// (a, â the pair of scheme/galerkin/lobatto.hpp). Because the first row of a and the last column
/// of â vanish, Q_1 = q (on the manifold already) and Λ_s acts on p₁ alone. With M constant the
/// stage momenta drop out: Q_i = q + h c_i M⁻¹ p + Σ_j ā_ij (h² M⁻¹ F(Q_j) − B(Q_j) ν_j), with
/// ā = a â (s × s), B = M⁻¹ Gᵀ and ν_j = h² Λ_j, so the unknowns are Q_2 … Q_s and
/// ν_1 … ν_{s−1} (n(s − 1) + m(s − 1)), and the equations
///
///     R_i = Q_i − q − h c_i M⁻¹ p − Σ_{j<s} ā_ij (h² M⁻¹ F(Q_j) − B(Q_j) ν_j) = 0,   g(Q_i) = 0,   i = 2 … s.   (2)
///
/// Solved by simplified Newton: the Jacobian keeps the identity and the constraint blocks,
/// [[I, Ā⊗B], [G, 0]] with G(Q_i), B(Q_j) at the current iterate (it drops h² ∂(M⁻¹F − Bν)/∂Q, so
/// the iteration contracts like (h ω)²); eliminating ΔQ leaves the Schur system
///     Σ_j ā_ij G(Q_i) B(Q_j) Δν_j = g(Q_i) − G(Q_i) R_i,       ΔQ_i = −R_i − Σ_j ā_ij B(Q_j) Δν_j,
/// of size m(s − 1), dense, or sparse when G is (banded for a chain: assembled from the blocks and
/// factored by SparseLU). Then p₁ is the momentum projection of
/// p + h Σ_{j<s} b_j (F(Q_j) − G(Q_j)ᵀ ν_j / h²) + h b_s F(q₁) onto G(q₁) M⁻¹ p₁ = 0
/// (manifold_projection.hpp). Degree 1 (s = 2, ā = ((0, 0), (½, 0))) is RATTLE.
///
/// For scalars wider than long double (mixed_precision_corrections) with a dense G, the simplified
/// iteration's (h ω)² a step costs many iterations (16.5 a step at mp50 on the spherical pendulum,
/// Degree 2, h = 1/50). There the step takes Newton's method with the full Jacobian instead,
///     [[I − Ā⊗∂(h² M⁻¹F − Bν)/∂Q, Ā⊗B], [G, 0]]   ((n + m)(s − 1) square),
/// its derivative along Q by forward differences in T and the whole formed and factored in double
/// (LU with full pivoting), refreshed while the change exceeds √ε_double; the residual (2) is
/// evaluated in T, so each correction gains about 16 digits and the iterate converges to (2) in T
/// (mixed precision, as the fixed point's corrections, scheme/galerkin/fixed_point.hpp). A singular
/// full Jacobian hands the iterate to the simplified iteration. Sparse models keep the simplified
/// iteration (the full Jacobian would be dense).
///
/// Properties (Jay 1996; GNI Theorems VII.1.23–1.25): order 2s − 2 = 2r in q and p, symplectic on
/// the constrained phase space, symmetric; q₁ on the manifold to the Newton tolerance, p₁ on the
/// hidden constraint to rounding. The multipliers Λ are not returned (they are of lower order).
/// Unlike the pair-form fixed point (fixed_point.hpp), (2) is written with the products ā = a â,
/// so the rounded method is symplectic only to O(ε) per step: at double, a long run's energy
/// error picks up a rounding drift of O(ε) per step (negligible beside the scheme's error
/// unless h is tiny).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/solver/forward_difference.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/solver/settling_iteration.hpp"
#include "geomint/sparse.hpp"

#include <Eigen/LU>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace geomint::scheme {

/// The constrained step (1)–(2) with its work arrays (kept between steps by the stepper).
template <class T>
class constrained_lobatto {
public:
    /// The increments dq = q₁ − q and dp = p₁ − p of one step of signed h ≠ 0 from (q, p) on the
    /// constrained phase space, with the pair `c` (s = c.degree + 1 stages) and the
    /// `constrained_model` `model`. `name` prefixes error messages.
    /// \throws geomint::convergence_error when the simplified Newton iteration does not settle
    ///         (its iterations, last change and h); std::invalid_argument when the constraints are
    ///         redundant (the rank of G M⁻¹ Gᵀ at q₁) or the stage system is singular at a stage.
    template <class Model>
    void step(const lobatto_pair<T>& c, const Model& model, const vector<T>& q, const vector<T>& p, const T& h,
              const iteration_options& opt, const char* name, vector<T>& dq, vector<T>& dp) {
        using jacobian = typename Model::jacobian_type;
        const Eigen::Index s = c.c.size(), k = s - 1, n = q.size(), m = model.constraint_count();
        if (&c != m_pair) {
            m_abar = c.a * c.a_hat;
            if constexpr (full_newton<jacobian>) m_abar_double = in_double(m_abar);
            m_pair = &c;
        }
        const T h2 = h * h;
        const vector<T> v = model.inverse_mass(p);
        // Q_i, i = 0 … s − 1 (Q_0 = q); M⁻¹F(Q_j) and G, B at Q_j; ν_j for j = 0 … s − 2
        std::vector<vector<T>> Q(s, q), F(s), MF(s), nu(k, vector<T>::Zero(m));
        std::vector<jacobian> G(s), B(s);
        for (Eigen::Index i = 1; i < s; ++i) Q[i] = q + (h * c.c(i)) * v;
        G[0] = model.constraint_jacobian(q);
        B[0] = model.inverse_mass_times_transpose(G[0]);
        F[0] = model.force(q);
        MF[0] = model.inverse_mass(F[0]);
        const T scale = detail::constraint_scale(G[0], q);
        bool solved = false;
        if constexpr (full_newton<jacobian>) solved = newton_in_double(c, model, q, v, h, opt, name, scale, Q, F, MF, G, B, nu);
        settling_iteration<T> monitor(name, "the constrained stage iteration", h, opt);
        for (; !solved;) {
            evaluate(model, Q, F, MF, G, B);
            // residuals R_i and right-hand sides g(Q_i) − G(Q_i) R_i of the Schur system
            std::vector<vector<T>> R(k);
            vector<T> rhs(m * k);
            for (Eigen::Index i = 1; i < s; ++i) {
                vector<T> r = stage_residual(c, q, v, h, i, Q, MF, B, nu);
                rhs.segment((i - 1) * m, m) = model.constraint(Q[i]) - G[i] * r;
                R[i - 1] = std::move(r);
            }
            const vector<T> dnu = solve_schur(G, B, rhs, m, k, name);
            T change(0);
            for (Eigen::Index i = 1; i < s; ++i) {
                vector<T> dQ = -R[i - 1];
                for (Eigen::Index j = 0; j < k; ++j)
                    if (m_abar(i, j) != T(0)) dQ -= m_abar(i, j) * (B[j] * dnu.segment(j * m, m));
                Q[i] += dQ;
                change = std::max(change, max_abs(dQ));
            }
            for (Eigen::Index j = 0; j < k; ++j) nu[j] += dnu.segment(j * m, m);
            if (monitor.settled(change, scale)) break;
        }
        if (!solved) m_iterations = monitor.iterations();
        // the increments from the converged stages, as sums of their terms
        evaluate(model, Q, F, MF, G, B);
        dq = (h * c.c(k)) * v;
        dp = vector<T>::Zero(n);
        for (Eigen::Index j = 0; j < k; ++j) {
            dq -= m_abar(k, j) * (B[j] * nu[j]);
            dq += (m_abar(k, j) * h2) * MF[j];
            dp += (h * c.b(j)) * F[j] - G[j].transpose() * nu[j] * (c.b(j) / h);
        }
        const vector<T> q1 = q + dq;
        const jacobian G1 = model.constraint_jacobian(q1);
        const jacobian B1 = model.inverse_mass_times_transpose(G1);
        dp += (h * c.b(k)) * model.force(q1);
        dp -= detail::momentum_correction(G1, B1, vector<T>(p + dp), name, lu_of<jacobian>().momentum);
    }

    /// Newton iterations of the last step (simplified, or with the full Jacobian in double).
    int iterations() const { return m_iterations; }

private:
    /// R_i of (2): Q_i − q − h c_i M⁻¹p − Σ_{j<s} ā_ij (h² M⁻¹F(Q_j) − B(Q_j) ν_j), v = M⁻¹p.
    template <class Matrix>
    vector<T> stage_residual(const lobatto_pair<T>& c, const vector<T>& q, const vector<T>& v, const T& h,
                             Eigen::Index i, const std::vector<vector<T>>& Q, const std::vector<vector<T>>& MF,
                             const std::vector<Matrix>& B, const std::vector<vector<T>>& nu) const {
        const T h2 = h * h;
        vector<T> r = (Q[i] - q) - (h * c.c(i)) * v;
        for (Eigen::Index j = 0; j + 1 < c.c.size(); ++j)
            if (m_abar(i, j) != T(0)) r -= m_abar(i, j) * (h2 * MF[j] - B[j] * nu[j]);
        return r;
    }

    /// Scalars wider than long double with dense constraint Jacobians take Newton's method with
    /// the full Jacobian in double (file comment); sparse models keep the simplified iteration.
    template <class Matrix>
    static constexpr bool full_newton = mixed_precision_corrections<T> && !is_sparse_matrix_v<Matrix>;

    /// Newton's method on (2) with the full Jacobian (file comment), formed and factored in double
    /// at the current iterate while the change exceeds √ε_double, the residual in T. Updates Q and
    /// ν in place; false when the Jacobian is singular (the simplified iteration then continues
    /// from the iterate, and names the cause if it fails too).
    template <class Model, class Matrix>
    bool newton_in_double(const lobatto_pair<T>& c, const Model& model, const vector<T>& q, const vector<T>& v,
                          const T& h, const iteration_options& opt, const char* name, const T& scale,
                          std::vector<vector<T>>& Q, std::vector<vector<T>>& F, std::vector<vector<T>>& MF,
                          std::vector<Matrix>& G, std::vector<Matrix>& B, std::vector<vector<T>>& nu) {
        const Eigen::Index s = c.c.size(), k = s - 1, n = q.size(), m = model.constraint_count(), N = (n + m) * k;
        const T h2 = h * h;
        settling_iteration<T> monitor(name, "the constrained stage iteration", h, opt, convergence::quadratic_margin);
        const T refresh_below = T(std::sqrt(std::numeric_limits<double>::epsilon())) * (scale > T(1) ? scale : T(1));
        vector<T> residual(N), term;
        bool refresh = true;
        for (;;) {
            evaluate(model, Q, F, MF, G, B);
            for (Eigen::Index i = 1; i < s; ++i) {  // R_i and g(Q_i)
                residual.segment((i - 1) * n, n) = stage_residual(c, q, v, h, i, Q, MF, B, nu);
                residual.segment(n * k + (i - 1) * m, m) = model.constraint(Q[i]);
            }
            if (refresh) {
                factor_full_jacobian(model, Q, MF, G, B, nu, h2);
                if (!m_full_lu.isInvertible()) return false;
            }
            m_correction = m_full_lu.solve(in_double(residual));
            const auto in_T = [](double x) { return from_double<T>(x); };
            T change(0);
            for (Eigen::Index i = 1; i < s; ++i) {
                term = m_correction.segment((i - 1) * n, n).unaryExpr(in_T);
                Q[i] -= term;
                change = std::max(change, max_abs(term));
            }
            for (Eigen::Index j = 0; j < k; ++j) nu[j] -= m_correction.segment(n * k + j * m, m).unaryExpr(in_T);
            if (monitor.settled(change, scale)) break;
            refresh = !(change <= refresh_below);
        }
        m_iterations = monitor.iterations();
        return true;
    }

    /// The Jacobian of (R, g) over (Q_1 … Q_k, ν_0 … ν_{k−1}) in double, factored:
    ///     ∂R_i/∂Q_l = δ_il I − ā_il ∂(h² M⁻¹F − M⁻¹Gᵀν_l)/∂Q (Q_l)  (l < k),
    ///     ∂R_i/∂ν_j = ā_ij B(Q_j),   ∂g(Q_i)/∂Q_i = G(Q_i);
    /// the derivative along Q by forward differences in T (steps √ε_T·max(1, |x|)): one call of
    /// the force, of G and of f per coordinate of each inner stage.
    template <class Model, class Matrix>
    void factor_full_jacobian(const Model& model, const std::vector<vector<T>>& Q, const std::vector<vector<T>>& MF,
                              const std::vector<Matrix>& G, const std::vector<Matrix>& B,
                              const std::vector<vector<T>>& nu, const T& h2) {
        const Eigen::Index s = static_cast<Eigen::Index>(Q.size()), k = s - 1, n = Q[0].size(),
                           m = model.constraint_count(), N = (n + m) * k;
        m_full.setIdentity(N, N);
        Eigen::MatrixXd D(n, n);
        for (Eigen::Index l = 1; l < k; ++l) {  // D = ∂(M⁻¹(h² F − Gᵀ ν_l))/∂Q at Q_l
            const vector<T> at = h2 * MF[l] - B[l] * nu[l];
            vector<T> x = Q[l], moved;
            forward_difference_in_double<T>(
                [&](const vector<T>& y, vector<T>& out) {
                    out = model.inverse_mass(vector<T>(h2 * model.force(y) - model.constraint_jacobian(y).transpose() * nu[l]));
                },
                x, moved, at, D);
            for (Eigen::Index i = 1; i <= k; ++i)
                if (m_abar_double(i, l) != 0) m_full.block((i - 1) * n, (l - 1) * n, n, n) -= m_abar_double(i, l) * D;
        }
        for (Eigen::Index i = 1; i <= k; ++i) {
            for (Eigen::Index j = 0; j < k; ++j)
                if (m_abar_double(i, j) != 0)
                    m_full.block((i - 1) * n, n * k + j * m, n, m) = m_abar_double(i, j) * in_double(B[j]);
            m_full.block(n * k + (i - 1) * m, (i - 1) * n, m, n) = in_double(G[i]);
            m_full.block(n * k + (i - 1) * m, n * k + (i - 1) * m, m, m).setZero();
        }
        m_full_lu.compute(m_full);
    }

    /// F, M⁻¹F and B at the stages Q_1 … Q_{s−2} (the multipliers' stages), G at Q_1 … Q_{s−1}.
    template <class Model, class Matrix>
    static void evaluate(const Model& model, const std::vector<vector<T>>& Q, std::vector<vector<T>>& F,
                         std::vector<vector<T>>& MF, std::vector<Matrix>& G, std::vector<Matrix>& B) {
        const std::size_t s = Q.size();
        for (std::size_t j = 1; j < s; ++j) {
            G[j] = model.constraint_jacobian(Q[j]);
            if (j + 1 == s) break;
            F[j] = model.force(Q[j]);
            MF[j] = model.inverse_mass(F[j]);
            B[j] = model.inverse_mass_times_transpose(G[j]);
        }
    }

    /// Δν of the Schur system Σ_j ā_ij G(Q_i) B(Q_j) Δν_j = rhs_i (i = 1 … k, j = 0 … k − 1).
    template <class Matrix>
    vector<T> solve_schur(const std::vector<Matrix>& G, const std::vector<Matrix>& B, const vector<T>& rhs,
                          Eigen::Index m, Eigen::Index k, const char* name) {
        Matrix S;
        if constexpr (is_sparse_matrix_v<Matrix>) {
            std::vector<Eigen::Triplet<T>> entries;
            for (Eigen::Index i = 1; i <= k; ++i)
                for (Eigen::Index j = 0; j < k; ++j) {
                    if (m_abar(i, j) == T(0)) continue;
                    const sparse_matrix<T> block = G[i] * B[j];
                    for (Eigen::Index col = 0; col < block.outerSize(); ++col)
                        for (typename sparse_matrix<T>::InnerIterator it(block, col); it; ++it)
                            entries.emplace_back((i - 1) * m + it.row(), j * m + it.col(), m_abar(i, j) * it.value());
                }
            S.resize(m * k, m * k);
            S.setFromTriplets(entries.begin(), entries.end());
        } else {
            S.resize(m * k, m * k);
            for (Eigen::Index i = 1; i <= k; ++i)
                for (Eigen::Index j = 0; j < k; ++j)
                    S.block((i - 1) * m, j * m, m, m) = m_abar(i, j) * (G[i] * B[j]);
        }
        auto& lu = lu_of<Matrix>().schur;
        if (!lu.factorize(S)) {
            const Matrix A = G[0] * B[0];  // redundant constraints at q: name the rank
            if (!lu_factorization<Matrix>(A).invertible()) detail::throw_redundant(A, name);
            throw std::invalid_argument(std::string(name) +
                                        ": the stage system of the multipliers is singular (sum_j abar_ij G(Q_i) M^-1 "
                                        "G(Q_j)^T; precondition: G(q) of full row rank along the step)");
        }
        return lu.solve(rhs);
    }

    /// The Schur system's and the momentum projection's factorizations, kept (dense and sparse).
    template <class Matrix>
    struct factorizations {
        reusable_lu<Matrix> schur, momentum;
    };
    template <class Matrix>
    auto& lu_of() {
        if constexpr (is_sparse_matrix_v<Matrix>) return m_sparse_lu;
        else return m_dense_lu;
    }

    const lobatto_pair<T>* m_pair = nullptr;
    matrix<T> m_abar;  ///< ā = a â (s × s)
    factorizations<matrix<T>> m_dense_lu;
    factorizations<sparse_matrix<T>> m_sparse_lu;
    int m_iterations = 0;
    // Newton with the full Jacobian in double (full_newton)
    Eigen::MatrixXd m_abar_double, m_full;
    Eigen::VectorXd m_correction;
    Eigen::FullPivLU<Eigen::MatrixXd> m_full_lu;
};

}  // namespace geomint::scheme
