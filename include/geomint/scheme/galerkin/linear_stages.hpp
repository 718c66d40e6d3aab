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
/// 𝒜 is dense or sparse like the model (sparse LU, COLAMD, for a sparse one; its nonzeros are at
/// most s² times the model's).

#include "geomint/linalg.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/sparse.hpp"

#include <vector>

namespace geomint::scheme {

/// The stage matrix 𝒜 = I ⊗ M + h Â ⊗ C + h² (Â A) ⊗ K (s n × s n) of the pair `c` for the model's
/// M, C, K (n × n, dense or sparse) at step h.
template <class T, class Matrix>
Matrix galerkin_linear_stage_matrix(const lobatto_pair<T>& c, const Matrix& M, const Matrix& C, const Matrix& K, const T& h) {
    const Eigen::Index n = M.rows(), s = c.b.size();
    const matrix<T> aa = c.a_hat * c.a;
    if constexpr (is_sparse_matrix_v<Matrix>) {
        std::vector<Eigen::Triplet<T>> entries;
        entries.reserve(static_cast<std::size_t>(M.nonZeros() * s + (C.nonZeros() + K.nonZeros()) * s * s));
        const auto add = [&](Eigen::Index bi, Eigen::Index bj, const Matrix& X, const T& w) {
            if (w == T(0)) return;
            for (Eigen::Index col = 0; col < X.outerSize(); ++col)
                for (typename Matrix::InnerIterator it(X, col); it; ++it)
                    entries.emplace_back(bi * n + it.row(), bj * n + it.col(), w * it.value());
        };
        for (Eigen::Index i = 0; i < s; ++i) {
            add(i, i, M, T(1));
            for (Eigen::Index j = 0; j < s; ++j) {
                add(i, j, C, T(h * c.a_hat(i, j)));
                add(i, j, K, T(h * h * aa(i, j)));
            }
        }
        Matrix a(s * n, s * n);
        a.setFromTriplets(entries.begin(), entries.end());  // duplicates summed
        a.makeCompressed();
        return a;
    } else {
        const matrix<T> Md(M), Cd(C), Kd(K);  // run-time size, converted once
        matrix<T> a = matrix<T>::Zero(s * n, s * n);
        for (Eigen::Index i = 0; i < s; ++i) {
            a.block(i * n, i * n, n, n) += Md;
            for (Eigen::Index j = 0; j < s; ++j)
                a.block(i * n, j * n, n, n) += T(h * c.a_hat(i, j)) * Cd + T(h * h * aa(i, j)) * Kd;
        }
        return Matrix(a);
    }
}

/// One step's increments (dq, dp) on the structural model `sys` (mass(), damping(), stiffness(),
/// load(t)) from (q, p) at t with step h, the stage matrix factored in `lu` (`lu.solve(r)`).
/// \throws std::invalid_argument from the model's load (wrong length, non-finite entries).
template <class T, class System, class Factor>
void galerkin_linear_step(const lobatto_pair<T>& c, const System& sys, const Factor& lu, const vector<T>& q,
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
    const vector<T> v = lu.solve(r);
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
