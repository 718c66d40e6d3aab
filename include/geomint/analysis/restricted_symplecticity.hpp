#pragma once
/// \file
/// The symplecticity defect of a one-step map on a constrained phase space.
///
/// On T*Q restricted to the manifold {g(q) = 0, G(q) M⁻¹ p = 0} (dimension 2(n − m)) the
/// full-space test ΦᵀJΦ = J is meaningless: a map is symplectic there when its tangent map Φ'
/// preserves the canonical form on the tangent space of the constrained phase space,
///     (Φ' V)ᵀ J (Φ' V) = Vᵀ J V   for a basis V (2n × 2(n − m)) of that tangent space
/// (Hairer, Lubich, Wanner, GNI (2006) §VII.1.3, Theorem 1.15 for RATTLE). The basis at (q, p):
///     (δq, δp) = (Z a, −Gᵀ (G M⁻¹ Gᵀ)⁻¹ H Z a + W b),
/// Z a basis of ker G(q), W of ker (G M⁻¹), H = ∂/∂q (G(q) v) at v = M⁻¹ p (m × n: the hidden
/// constraint's derivative, by second-order jets). Φ' V is taken by central differences of the
/// stepper's step along each column, from states projected back onto the manifold: truncation
/// O(δ²) and rounding O(ε/δ), so measure in a scalar with more digits than the defect you want to
/// see (δ = ε^{1/3} gives O(ε^{2/3})).

#include "geomint/analysis/symplecticity.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"
#include "geomint/state.hpp"

#include <Eigen/LU>

#include <stdexcept>
#include <string>
#include <utility>

namespace geomint {

/// A basis (columns) of the tangent space of the constrained phase space of `system` (a
/// `constrained_system`) at (q, p): 2n × 2(n − m), ordered (δq; δp).
/// \throws std::invalid_argument if G(q) is rank-deficient (the rank).
template <class Coor, class Momentum = Coor, class System, class T>
matrix<T> constrained_tangent_basis(System& system, const vector<T>& q, const vector<T>& p) {
    scheme::detail::constrained_workspace<Coor, Momentum> calls;
    const scheme::detail::constrained_model<T, Coor, Momentum, System> model(system, calls);
    const Eigen::Index n = q.size();
    const auto G_model = model.constraint_jacobian(q);
    const matrix<T> G = dense_copy(G_model);
    const Eigen::Index m = G.rows();
    const matrix<T> B = dense_copy(model.inverse_mass_times_transpose(G_model));  // Bᵀ = G M⁻¹
    const Eigen::FullPivLU<matrix<T>> lu_G(G), lu_A(matrix<T>(G * B));
    if (lu_G.rank() < m)
        throw std::invalid_argument("constrained_tangent_basis: G(q) has rank " + std::to_string(lu_G.rank()) +
                                    " < m = " + std::to_string(m));
    const matrix<T> Z = lu_G.kernel();                                           // n × (n − m)
    const matrix<T> W = Eigen::FullPivLU<matrix<T>>(matrix<T>(B.transpose())).kernel();  // ker G M⁻¹
    const matrix<T> H = system.constraints.hidden_constraint_jacobian(q, model.inverse_mass(p));
    const matrix<T> P = -(G.transpose() * lu_A.solve(matrix<T>(H * Z)));
    const Eigen::Index k = n - m;
    matrix<T> V = matrix<T>::Zero(2 * n, 2 * k);
    V.topLeftCorner(n, k) = Z;
    V.bottomLeftCorner(n, k) = P;
    V.bottomRightCorner(n, k) = W;
    return V;
}

/// max |(Φ'V)ᵀ J (Φ'V) − Vᵀ J V| / max |Vᵀ J V| for one step of `stepper` with `dt` from the
/// state `x` = (q, p) at t on the constrained phase space of `system`, Φ' by central differences
/// with step `delta` along each basis vector (relative to its max-norm). The perturbed states
/// z ± δv are projected back onto the constrained phase space (`project_onto_constraints`: their
/// O(δ²) offsets are the same for ±δ and cancel in the difference), so a `checked` stepper, which
/// refuses states off the manifold, can be measured. The stepper is copied for every evaluation.
template <class Stepper, class System, class Coor, class Momentum, class T>
T restricted_symplecticity_defect(const Stepper& stepper, System& system, const std::pair<Coor, Momentum>& x, const T& t,
                                  const T& dt, const T& delta) {
    const vector<T> q = as_eigen(x.first), p = as_eigen(x.second);
    const Eigen::Index n = q.size();
    const matrix<T> V = constrained_tangent_basis<Coor, Momentum>(system, q, p);
    const auto step_from = [&](const vector<T>& z) {
        std::pair<Coor, Momentum> y = x;
        as_eigen(y.first) = z.head(n);
        as_eigen(y.second) = z.tail(n);
        project_onto_constraints(system, y);
        Stepper s = stepper;
        s.do_step(system, y, t, dt);
        vector<T> out(2 * n);
        out << as_eigen(y.first), as_eigen(y.second);
        return out;
    };
    vector<T> z(2 * n);
    z << q, p;
    matrix<T> image(2 * n, V.cols());
    for (Eigen::Index j = 0; j < V.cols(); ++j) {
        const vector<T> v = V.col(j) / max_abs(vector<T>(V.col(j)));
        image.col(j) = (step_from(vector<T>(z + delta * v)) - step_from(vector<T>(z - delta * v))) / (T(2) * delta);
        image.col(j) *= max_abs(vector<T>(V.col(j)));
    }
    const matrix<T> J = canonical_matrix<T>(2 * n);
    const matrix<T> before = V.transpose() * J * V;
    const matrix<T> after = image.transpose() * J * image;
    return max_abs(matrix<T>(after - before)) / max_abs(before);
}

}  // namespace geomint
