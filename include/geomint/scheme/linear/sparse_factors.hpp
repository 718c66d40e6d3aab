#pragma once
/// \file
/// Kick–drift–kick of the linear variational schemes applied by sparse solves, for sparse M, K.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz (2024), eqs. (11), (28) and (31), and the
/// kick–drift–kick form of the partitioned scheme (34) in scheme/linear/partitioned_form.hpp:
///     p_½ = p_j − Y q_j,   q_{j+1} = q_j + W p_½,   p_{j+1} = p_½ − Y q_{j+1},   W = 2 Z⁻¹, Z = X + Y.
/// Y and W are dense for Simpson's scheme (they contain inverses), so they are never formed;
/// each is applied to a vector through LDLᵀ factorizations of sparse symmetric matrices computed
/// once per step size:
///
/// - Newmark (eq. 11): Y = (h/2) K, Z = R with R = (2/h) M + (h/2) K, so W v = 2 R⁻¹ v.
/// - Simpson (eq. 31): with S = M − (h²/8) K (so L = M⁻¹ S and K L⁻¹ = K S⁻¹ M),
///     Y = (h/6) K + (h/3) K S⁻¹ M,
///     Z = X_s + Y_s = (2/h) M + (h/3) K S⁻¹ M = [(2/h) S + (h/3) K] S⁻¹ M = R S⁻¹ M,
///   where R = (2/h) M + (h/12) K, so W v = 2 M⁻¹ S R⁻¹ v. Variant 1's internal node (first
///   row of eq. 28, L q_{j+½} = (q_j + q_{j+1})/2) is q_{j+½} = S⁻¹ M (q_j + q_{j+1})/2.
///   Both variants have the same Φ, hence the same factors.
///
/// R is symmetric positive definite for every h > 0 (M, K are), so a step never fails; S is
/// positive definite exactly when ω_max h < 2√2 (Propositions 4–5), which is the stability test
/// (its LDLᵀ pivots, by Sylvester's law of inertia: no eigenvalue problem is solved). Per step:
/// Newmark 1 solve with R and 2 products with K; Simpson 4 solves (S twice, R, M) and 6 sparse
/// products. Memory: the factors' nonzeros (O(n) for a chain or any banded model).
///
/// Unlike the dense path, the applied W is not exactly symmetric in floating point, so the
/// computed map is symplectic to O(ε) per step rather than exactly symplectic.

#include "geomint/error.hpp"
#include "geomint/sparse.hpp"

#include <memory>

namespace geomint {

/// The kick Y q and drift W p of a linear variational scheme on a sparse model (see the file
/// comment), with the stability verdict of its step size. Built by `Scheme::sparse_factors`;
/// immutable (shared between steppers by `std::shared_ptr<const ...>`).
template <class T>
class sparse_kick_drift_kick {
public:
    /// Newmark's factors: Y = (h/2) K, W = 2 R⁻¹, R = (2/h) M + (h/2) K. M, K: n × n SPD.
    static std::shared_ptr<const sparse_kick_drift_kick> newmark(const sparse_matrix<T>& M, const sparse_matrix<T>& K,
                                                                 const T& h) {
        auto f = std::make_shared<sparse_kick_drift_kick>();
        f->m_K = K;
        f->m_a = h / T(2);
        f->factor_r(sparse_matrix<T>(M * (T(2) / h) + K * (h / T(2))), "newmark");
        return f;
    }

    /// Simpson's factors (either variant): Y = (h/6) K + (h/3) K S⁻¹ M, W = 2 M⁻¹ S R⁻¹.
    /// \throws geomint::singular_step_error if S = M − (h²/8) K is singular.
    static std::shared_ptr<const sparse_kick_drift_kick> simpson(const sparse_matrix<T>& M, const sparse_matrix<T>& K,
                                                                 const T& h) {
        auto f = std::make_shared<sparse_kick_drift_kick>();
        f->m_K = K;
        f->m_M = M;
        f->m_a = h / T(6);
        f->m_b = h / T(3);
        f->m_S = sparse_matrix<T>(M - K * (h * h / T(8)));
        f->m_S_ldlt = std::make_unique<sparse_ldlt<T>>(f->m_S);
        if (f->m_S_ldlt->info() != Eigen::Success || !all_finite(f->m_S_ldlt->vectorD()))
            throw singular_step_error("simpson: S = M - (h^2/8) K is singular at h = " + geomint::to_string(h) +
                                      " (omega_i h = 2 sqrt(2) for some mode)");
        f->m_admissible = has_positive_pivots(*f->m_S_ldlt);
        f->m_M_ldlt = std::make_unique<sparse_ldlt<T>>(M);
        f->factor_r(sparse_matrix<T>(M * (T(2) / h) + K * (h / T(12))), "simpson");
        return f;
    }

    sparse_kick_drift_kick() = default;  // for make_shared; use newmark() or simpson()
    sparse_kick_drift_kick(const sparse_kick_drift_kick&) = delete;
    sparse_kick_drift_kick& operator=(const sparse_kick_drift_kick&) = delete;

    /// Y q (length n).
    vector<T> kick(const vector<T>& q) const {
        vector<T> y = m_K * q;
        if (m_S_ldlt) {
            const vector<T> Mq = m_M * q;
            const vector<T> u = m_S_ldlt->solve(Mq);
            vector<T> Ku = m_K * u;
            y *= m_a;
            y += Ku * m_b;
        } else {
            y *= m_a;
        }
        return y;
    }

    /// W p (length n).
    vector<T> drift(const vector<T>& p) const {
        vector<T> w = m_R_ldlt->solve(p);
        if (m_S_ldlt) {
            const vector<T> Sw = m_S * w;
            w = m_M_ldlt->solve(Sw);
        }
        w *= T(2);
        return w;
    }

    /// Simpson variant 1's internal node q_{j+½} = S⁻¹ M (q_j + q_{j+1})/2 (eq. 28, first row).
    vector<T> internal_node(const vector<T>& q0, const vector<T>& q1) const {
        const vector<T> Mq = m_M * ((q0 + q1) / T(2));
        return m_S_ldlt->solve(Mq);
    }

    /// Whether the step size satisfies the scheme's stability bound (Simpson: S positive
    /// definite ⇔ ω_max h < 2√2; Newmark: always).
    bool admissible() const { return m_admissible; }

private:
    void factor_r(const sparse_matrix<T>& R, const char* name) {
        m_R_ldlt = std::make_unique<sparse_ldlt<T>>(R);
        if (!has_positive_pivots(*m_R_ldlt))
            throw singular_step_error(std::string(name) + ": R = (2/h) M + c h K is not positive definite "
                                                          "(M or K is not positive definite at this precision)");
    }

    sparse_matrix<T> m_K, m_M, m_S;
    T m_a{}, m_b{};
    std::unique_ptr<sparse_ldlt<T>> m_S_ldlt, m_M_ldlt, m_R_ldlt;  ///< S, M only for Simpson
    bool m_admissible = true;
};

}  // namespace geomint
