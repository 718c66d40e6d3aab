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
/// (its LDLᵀ pivots, by Sylvester's law of inertia: no eigenvalue problem is solved).
///
/// Node coordinates. Simpson's kick is Y q = K ((h/6) q + (h/3) u) with u = S⁻¹ M q, and the
/// drift changes u by exactly w = 2 R⁻¹ p_½ (from R S⁻¹ M (q_{j+1} − q_j) = 2 p_½). So the
/// stepper solves with S only to start (or when handed a state it did not write), then carries
/// u_{j+1} = u_j + w_j, and variant 1's internal node (eq. 28, first row:
/// L q_{j+½} = (q_j + q_{j+1})/2) is q_{j+½} = (u_j + u_{j+1})/2. The carried u equals S⁻¹ M q
/// in exact arithmetic; in floating point it differs by the rounding of the steps so far (a random
/// walk, like that of q itself). The closing kick of a step is the opening kick of the next
/// (first same as last). A step costs: Newmark 1 solve with R and 1 product with K; Simpson
/// 1 solve with R, products with S and K, and M⁻¹ (a division when M is diagonal, else a solve
/// with M). Memory: the factors' nonzeros (O(n) for a chain or any banded model).
///
/// Unlike the dense path, the applied W is not exactly symmetric in floating point, so the
/// computed map is symplectic to O(ε) per step rather than exactly symplectic.

#include "geomint/error.hpp"
#include "geomint/sparse.hpp"

#include <memory>

namespace geomint::scheme {

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

    /// Simpson's factors (either variant): Y = K ((h/6) I + (h/3) S⁻¹ M), W = 2 M⁻¹ S R⁻¹.
    /// \throws geomint::singular_step_error if S = M − (h²/8) K is singular.
    static std::shared_ptr<const sparse_kick_drift_kick> simpson(const sparse_matrix<T>& M, const sparse_matrix<T>& K,
                                                                 const T& h) {
        auto f = std::make_shared<sparse_kick_drift_kick>();
        f->m_K = K;
        f->m_a = h / T(6);
        f->m_b = h / T(3);
        f->m_S = sparse_matrix<T>(M - K * (h * h / T(8)));
        f->m_S_ldlt = std::make_unique<sparse_ldlt<T>>(f->m_S);
        if (f->m_S_ldlt->info() != Eigen::Success || !all_finite(f->m_S_ldlt->vectorD()))
            throw singular_step_error("simpson: S = M - (h^2/8) K is singular at h = " + geomint::to_string(h) +
                                      " (omega_i h = 2 sqrt(2) for some mode)");
        f->m_admissible = has_positive_pivots(*f->m_S_ldlt);
        f->set_mass(M);
        f->factor_r(sparse_matrix<T>(M * (T(2) / h) + K * (h / T(12))), "simpson");
        return f;
    }

    sparse_kick_drift_kick() = default;  // for make_shared; use newmark() or simpson()
    sparse_kick_drift_kick(const sparse_kick_drift_kick&) = delete;
    sparse_kick_drift_kick& operator=(const sparse_kick_drift_kick&) = delete;

    /// Whether the kick carries u = S⁻¹ M q (Simpson) or not (Newmark).
    bool has_node_coordinates() const { return static_cast<bool>(m_S_ldlt); }

    /// u = S⁻¹ M q, the "node coordinates" of q (Simpson only: one solve with S).
    vector<T> node_coordinates(const vector<T>& q) const { return m_S_ldlt->solve(mass_times(q)); }

    /// Y q = K ((h/6) q + (h/3) u) from q and u = S⁻¹ M q (Simpson), or (h/2) K q (Newmark;
    /// `u` unused): one product with K, no solve.
    vector<T> kick(const vector<T>& q, const vector<T>& u) const {
        if (!m_S_ldlt) return m_K * (q * m_a);
        const vector<T> v = q * m_a + u * m_b;
        return m_K * v;
    }

    /// The drift dq = W p = M⁻¹ S w with w = 2 R⁻¹ p (Newmark: W p = w), one solve with R. `w`
    /// is the change of the node coordinates, u(q + W p) = u(q) + w.
    void drift(const vector<T>& p, vector<T>& w, vector<T>& dq) const {
        w = m_R_ldlt->solve(p);
        w *= T(2);
        if (!m_S_ldlt) {
            dq = w;
            return;
        }
        dq.noalias() = m_S * w;
        if (m_M_ldlt) dq = m_M_ldlt->solve(dq);
        else dq.array() /= m_mass_diagonal.array();
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

    /// A diagonal M (lumped masses, the usual case) is kept as its diagonal; otherwise as M and
    /// its LDLᵀ.
    void set_mass(const sparse_matrix<T>& M) {
        bool diagonal = true;
        for (Eigen::Index j = 0; j < M.outerSize() && diagonal; ++j)
            for (typename sparse_matrix<T>::InnerIterator it(M, j); it; ++it)
                if (it.row() != it.col() && it.value() != T(0)) diagonal = false;
        if (diagonal) {
            m_mass_diagonal = M.diagonal();
        } else {
            m_M = M;
            m_M_ldlt = std::make_unique<sparse_ldlt<T>>(M);
        }
    }
    vector<T> mass_times(const vector<T>& v) const {
        if (m_M_ldlt) return m_M * v;
        return m_mass_diagonal.cwiseProduct(v);
    }

    sparse_matrix<T> m_K, m_M, m_S;
    vector<T> m_mass_diagonal;  ///< M's diagonal when M is diagonal (then m_M_ldlt is empty)
    T m_a{}, m_b{};
    std::unique_ptr<sparse_ldlt<T>> m_S_ldlt, m_M_ldlt, m_R_ldlt;  ///< S, M only for Simpson
    bool m_admissible = true;
};

}  // namespace geomint::scheme
