#pragma once
/// \file
/// The Galerkin variational integrator of degree r on a linear structural model
/// M q̈ + C q̇ + K q = f(t): its stage equations are linear, so a step is one solve with a matrix
/// factored once per (model, h) — O(r·nonzeros) a step instead of Newton on a dense n(r+1)-square
/// Jacobian (300 s a step at n = 1 800 before; the FE guide gives today's figures).
///
/// The scheme is the (r + 1)-stage Lobatto IIIA–IIIB pair (scheme/galerkin/lobatto.hpp; Marsden &
/// West 2001 §2.6, Hairer–Lubich–Wanner VI.6), with the non-conservative force F = f(t) − C q̇ by
/// the discrete Lagrange–d'Alembert principle, its virtual work by the same Gauss–Lobatto rule
/// (Marsden & West §3.2), as the Newton path of `galerkin_vi_stepper` computes it. With the stage
/// velocities V_j = M⁻¹P_j (s = r + 1 stages, nodes c_j, IIIA a, IIIB â, weights b):
///
///     Q_i = q + h Σ_j a_ij V_j,
///     M V_i = p + h Σ_j â_ij (f(t + c_j h) − K Q_j − C V_j),
///
/// i.e. the s n-square system 𝒜 V = r with
///
///     𝒜 = I_s ⊗ M + h Â ⊗ C + h² (Â A) ⊗ K,   r_i = p − h (Σ_j â_ij) K q + h Σ_j â_ij f(t + c_j h),
///
/// and the step q₁ = q + h Σ_j b_j V_j, p₁ = p + h Σ_j b_j (f(t + c_j h) − K Q_j − C V_j).
///
/// `galerkin_stage_solver` factors 𝒜 once per (model, h). For a general C, 𝒜 itself (s n square;
/// sparse LU, COLAMD, for a sparse model). When C = α M + β K is known (Rayleigh damping, or no
/// damping), 𝒜 = P ⊗ M + Q ⊗ K with the s × s matrices P = I + hαÂ, Q = hβÂ + h²ÂA, and the
/// stages decouple (the device of Butcher 1976 and of Hairer & Wanner's RADAU5, on the s × s side
/// only): with the real Schur form P⁻¹Q = U S Uᵀ (U orthogonal, S quasi-upper-triangular),
///
///     𝒜 = (P U ⊗ I)(I ⊗ M + S ⊗ K)(Uᵀ ⊗ I),
///
/// so V = (U ⊗ I) Y where Y solves the block-triangular system (I ⊗ M + S ⊗ K) Y = (Uᵀ P⁻¹ ⊗ I) r
/// by back substitution: an n-square solve with M + S_kk K for each real eigenvalue of P⁻¹Q
/// (equal eigenvalues share one factorization; LDLᵀ when S_kk >= 0, the matrix then being
/// symmetric positive definite), a 2n-square LU for each complex pair. The
/// factors then hold about as many nonzeros as a few n-square LU factorizations of the model,
/// where 𝒜's LU fills in like an s-times larger model (the FE guide gives the figures).
/// Exact (rational) scalars take the coupled path (a real Schur form needs square roots).

#include "geomint/linalg.hpp"
#include "geomint/model/structural_system.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/sparse.hpp"

#include <Eigen/Eigenvalues>

#include <limits>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// Σ_k X_k ⊗ A_k (b n × b n) for b × b coefficient matrices X_k and n × n model matrices A_k
/// (dense or sparse, one type); zero coefficients add nothing (a sparse result keeps the
/// pattern of the nonzero blocks only).
template <class T, class Matrix>
Matrix kronecker_sum(const std::vector<std::pair<matrix<T>, const Matrix*>>& terms) {
    const Eigen::Index b = terms.front().first.rows(), n = terms.front().second->rows();
    if constexpr (is_sparse_matrix_v<Matrix>) {
        std::vector<Eigen::Triplet<T>> entries;
        for (const auto& [x, a] : terms) {
            for (Eigen::Index i = 0; i < b; ++i)
                for (Eigen::Index j = 0; j < b; ++j) {
                    const T w = x(i, j);
                    if (w == T(0)) continue;
                    for (Eigen::Index col = 0; col < a->outerSize(); ++col)
                        for (typename Matrix::InnerIterator it(*a, col); it; ++it)
                            entries.emplace_back(i * n + it.row(), j * n + it.col(), w * it.value());
                }
        }
        Matrix sum(b * n, b * n);
        sum.setFromTriplets(entries.begin(), entries.end());  // duplicates summed
        sum.makeCompressed();
        return sum;
    } else {
        matrix<T> sum = matrix<T>::Zero(b * n, b * n);
        for (const auto& [x, a] : terms) {
            const matrix<T> ad(*a);  // run-time size, converted once a term
            for (Eigen::Index i = 0; i < b; ++i)
                for (Eigen::Index j = 0; j < b; ++j)
                    if (x(i, j) != T(0)) sum.block(i * n, j * n, n, n) += x(i, j) * ad;
        }
        return Matrix(sum);
    }
}

/// The stage matrix 𝒜 = I ⊗ M + h Â ⊗ C + h² (Â A) ⊗ K (s n × s n) of the pair `c` for the model's
/// M, C, K (n × n, dense or sparse) at step h.
template <class T, class Matrix>
Matrix galerkin_linear_stage_matrix(const lobatto_pair<T>& c, const Matrix& M, const Matrix& C, const Matrix& K, const T& h) {
    const Eigen::Index s = c.b.size();
    return kronecker_sum<T, Matrix>({{matrix<T>::Identity(s, s), &M},
                                     {matrix<T>(h * c.a_hat), &C},
                                     {matrix<T>(h * h * (c.a_hat * c.a)), &K}});
}

/// The stage equations 𝒜 V = r of the pair `c` on a structural model at step h, factored once:
/// decoupled by the real Schur form when C = α M + β K is known, else 𝒜 whole (see the file's
/// comment). Matrix: the model's matrix type at run-time size (dense or sparse).
template <class T, class Matrix>
class galerkin_stage_solver {
public:
    /// \param c the Lobatto IIIA–IIIB pair (s stages).
    /// \param M, C, K the model's matrices (n × n).
    /// \param h the step size.
    /// \param rayleigh (α, β) when C = α M + β K is known: the stages are then decoupled.
    galerkin_stage_solver(const lobatto_pair<T>& c, const Matrix& M, const Matrix& C, const Matrix& K, const T& h,
                          const std::optional<rayleigh_damping<T>>& rayleigh)
        : m_n(M.rows()) {
        const Eigen::Index s = c.b.size();
        const matrix<T> identity = matrix<T>::Identity(s, s);
        if constexpr (!is_exact_v<T>) {
            if (rayleigh) {
                const matrix<T> P = identity + h * rayleigh->alpha * c.a_hat;
                const matrix<T> Q = h * rayleigh->beta * c.a_hat + h * h * (c.a_hat * c.a);
                const Eigen::FullPivLU<matrix<T>> p_lu(P);
                if (!p_lu.isInvertible()) {
                    m_invertible = false;
                    return;
                }
                const Eigen::RealSchur<matrix<T>> schur(matrix<T>(p_lu.solve(Q)));
                m_out = schur.matrixU();
                m_in = m_out.transpose() * p_lu.inverse();
                m_s = schur.matrixT();
                for (Eigen::Index k = 0; k < s;) {
                    const Eigen::Index size = k + 1 < s && m_s(k + 1, k) != T(0) ? 2 : 1;
                    add_block(k, size, M, K);
                    k += size;
                }
                return;
            }
        }
        m_out = identity;
        m_in = identity;
        m_s = matrix<T>::Zero(s, s);
        m_blocks.push_back({0, s, factor(galerkin_linear_stage_matrix(c, M, C, K, h), false)});
        m_invertible = m_blocks.back().lu->invertible();
    }

    /// False when 𝒜 is singular at the working precision.
    bool invertible() const { return m_invertible; }
    /// The factorizations held: 1 on the coupled path; on the decoupled one, one for each distinct
    /// real eigenvalue and each complex pair of P⁻¹Q.
    std::size_t factorizations() const { return m_distinct; }
    /// The largest order factored (s n coupled; n or 2n decoupled).
    Eigen::Index largest_order() const {
        Eigen::Index order = 0;
        for (const auto& b : m_blocks) order = std::max(order, b.size * m_n);
        return order;
    }

    /// V = 𝒜⁻¹ r (s n entries, stage-major). `K`: the model's stiffness (n × n, any matrix type
    /// whose product with a vector is defined). Precondition: invertible().
    template <class KMatrix>
    vector<T> solve(const vector<T>& r, const KMatrix& K) const {
        const Eigen::Index s = m_s.rows(), n = m_n;
        const vector<T> g = mix(m_in, r);
        vector<T> y(s * n), ky(s * n);
        for (auto b = m_blocks.rbegin(); b != m_blocks.rend(); ++b) {
            vector<T> rhs = g.segment(b->first * n, b->size * n);
            for (Eigen::Index i = 0; i < b->size; ++i)
                for (Eigen::Index j = b->first + b->size; j < s; ++j)
                    if (m_s(b->first + i, j) != T(0)) rhs.segment(i * n, n) -= m_s(b->first + i, j) * ky.segment(j * n, n);
            y.segment(b->first * n, b->size * n) = b->lu->solve(rhs);
            if (b->first > 0)
                for (Eigen::Index i = b->first; i < b->first + b->size; ++i) ky.segment(i * n, n) = K * y.segment(i * n, n);
        }
        return mix(m_out, y);
    }

private:
    using ldlt_type = std::conditional_t<is_sparse_matrix_v<Matrix>, sparse_ldlt<T>, Eigen::LDLT<matrix<T>>>;
    // a block's factorization: LDLᵀ when it is symmetric positive definite (M + λK, λ >= 0: an
    // n-square factor and its L only), else LU
    struct factor_type {
        std::shared_ptr<const ldlt_type> ldlt;
        std::shared_ptr<const lu_factorization<Matrix>> lu;
        bool invertible() const { return ldlt || lu->invertible(); }
        vector<T> solve(const vector<T>& b) const { return ldlt ? vector<T>(ldlt->solve(b)) : lu->solve(b); }
    };
    struct block {
        Eigen::Index first, size;  ///< the stages of S's diagonal block
        std::shared_ptr<const factor_type> lu;
    };

    std::shared_ptr<const factor_type> factor(const Matrix& a, bool positive_definite) {
        ++m_distinct;
        factor_type f;
        if (positive_definite) {
            auto ldlt = std::make_shared<const ldlt_type>(a);
            bool ok = ldlt->info() == Eigen::Success;
            if constexpr (is_sparse_matrix_v<Matrix>) ok = ok && has_positive_pivots(*ldlt);
            else ok = ok && ldlt->isPositive();
            if (ok) f.ldlt = std::move(ldlt);
        }
        if (!f.ldlt) f.lu = std::make_shared<const lu_factorization<Matrix>>(a);
        return std::make_shared<const factor_type>(std::move(f));
    }

    // the diagonal block S_kk of order `size`: I ⊗ M + S_kk ⊗ K, shared with a 1 × 1 block equal
    // within 16 ε max|S| (a multiple eigenvalue, split by the Schur form's rounding; S_kk is then
    // set to the shared value, a change within that rounding)
    void add_block(Eigen::Index k, Eigen::Index size, const Matrix& M, const Matrix& K) {
        using std::abs;
        const T tolerance = 16 * std::numeric_limits<T>::epsilon() * m_s.cwiseAbs().maxCoeff();
        for (const auto& b : m_blocks)
            if (size == 1 && b.size == 1 && abs(m_s(b.first, b.first) - m_s(k, k)) <= tolerance) {
                m_s(k, k) = m_s(b.first, b.first);
                m_blocks.push_back({k, size, b.lu});
                return;
            }
        const matrix<T> skk = m_s.block(k, k, size, size);
        m_blocks.push_back({k, size,
                            factor(kronecker_sum<T, Matrix>({{matrix<T>::Identity(size, size), &M}, {skk, &K}}),
                                   size == 1 && skk(0, 0) >= T(0))});
        m_invertible = m_invertible && m_blocks.back().lu->invertible();
    }

    // (X ⊗ I) v: stage i of the result is Σ_j X_ij v_j
    vector<T> mix(const matrix<T>& x, const vector<T>& v) const {
        const Eigen::Index s = x.rows(), n = m_n;
        vector<T> out = vector<T>::Zero(s * n);
        for (Eigen::Index i = 0; i < s; ++i)
            for (Eigen::Index j = 0; j < s; ++j)
                if (x(i, j) != T(0)) out.segment(i * n, n) += x(i, j) * v.segment(j * n, n);
        return out;
    }

    Eigen::Index m_n;
    matrix<T> m_in, m_out, m_s;  ///< Uᵀ P⁻¹, U, S (identity, identity, zero when coupled)
    std::vector<block> m_blocks;  ///< S's diagonal blocks, in order
    std::size_t m_distinct = 0;
    bool m_invertible = true;
};

/// One step's increments (dq, dp) on the structural model `sys` (mass(), damping(), stiffness(),
/// load(t)) from (q, p) at t with step h, the stage equations factored in `stages`.
/// \throws std::invalid_argument from the model's load (wrong length, non-finite entries).
template <class T, class System, class Matrix>
void galerkin_linear_step(const lobatto_pair<T>& c, const System& sys, const galerkin_stage_solver<T, Matrix>& stages,
                          const vector<T>& q,
                          const vector<T>& p, const T& t, const T& h, vector<T>& dq, vector<T>& dp) {
    const Eigen::Index n = q.size(), s = c.b.size();
    std::vector<vector<T>> f(static_cast<std::size_t>(s));
    for (Eigen::Index j = 0; j < s; ++j) f[static_cast<std::size_t>(j)] = sys.load(T(t + c.c(j) * h));
    const vector<T> kq = sys.stiffness() * q;
    vector<T> r(s * n);
    for (Eigen::Index i = 0; i < s; ++i) {
        auto ri = r.segment(i * n, n);
        ri = p;
        for (Eigen::Index j = 0; j < s; ++j) {
            const T w = h * c.a_hat(i, j);
            if (w != T(0)) ri += w * (f[static_cast<std::size_t>(j)] - kq);
        }
    }
    const vector<T> v = stages.solve(r, sys.stiffness());
    dq = vector<T>::Zero(n);
    dp = vector<T>::Zero(n);
    for (Eigen::Index j = 0; j < s; ++j) {
        vector<T> Qj = q;
        for (Eigen::Index k = 0; k < s; ++k)
            if (c.a(j, k) != T(0)) Qj += T(h * c.a(j, k)) * v.segment(k * n, n);
        const T w = h * c.b(j);
        dq += w * v.segment(j * n, n);
        vector<T> g = f[static_cast<std::size_t>(j)];
        g.noalias() -= sys.stiffness() * Qj;
        g.noalias() -= sys.damping() * v.segment(j * n, n);
        dp += w * g;
    }
}

}  // namespace geomint::scheme
