#pragma once
/// \file
/// The two solves of every step on a constrained phase space (GNI §VII.1.4), shared by RATTLE and
/// by the projection of a user's initial state:
/// - **position**: ν with g(q̃ − B ν) = 0, B = M⁻¹ G(q₀)ᵀ (n × m) — the point of the manifold
///   reached from q̃ along the constraint forces' directions at q₀; Newton on ν with the Jacobian
///   −G(q̃ − Bν) B (m × m), to the tolerance of `solve_vector` (solver/newton_raphson.hpp) on the
///   scale |G(q₀)| |q|; the factorizations go through a caller's `reusable_lu` (sparse.hpp);
/// - **momentum**: p − G(q)ᵀ κ with G(q) M⁻¹ (p − G(q)ᵀ κ) = 0 — linear, (G M⁻¹ Gᵀ) κ = G M⁻¹ p,
///   by LU (full pivoting; sparse LU for a sparse G), with the rank of G M⁻¹ Gᵀ (that of G: M is
///   definite) reported when the constraints are redundant.
/// Then `constraint_residuals` measures |g(q)|∞ and |G(q) M⁻¹ p|∞ of a state, and
/// `geomint::project_onto_constraints` puts a user's state on the constrained phase space.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/solver/sparse_newton_step.hpp"
#include "geomint/sparse.hpp"

#include <Eigen/SparseQR>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint {

/// How far a state is from the constrained phase space.
template <class T>
struct constraint_residual {
    T position;  ///< |g(q)|∞
    T hidden;    ///< |G(q) M⁻¹ p|∞ (the velocity constraint)
};

}  // namespace geomint

namespace geomint::scheme::detail {

/// The size of the terms of g near q (|G(q)|∞ |q|∞, or |G|∞ when q = 0): the scale of the
/// position solve's tolerance and of the manifold checks. G dense or sparse.
template <class Matrix, class T = typename Matrix::Scalar>
T constraint_scale(const Matrix& G, const vector<T>& q) {
    const T x = max_abs(q);
    const T s = max_abs(G) * (x > T(0) ? x : T(1));
    return s > T(0) ? s : T(1);
}

/// Throws std::invalid_argument naming `who`, the rank of A = G M⁻¹ Gᵀ and m: the constraints
/// are redundant at q (G rank-deficient). A dense or sparse.
template <class Matrix, class T = typename Matrix::Scalar>
[[noreturn]] void throw_redundant(const Matrix& A, const char* who) {
    Eigen::Index rank;
    if constexpr (is_sparse_matrix_v<Matrix>) {
        sparse_matrix<T> c = A;
        c.makeCompressed();
        rank = Eigen::SparseQR<sparse_matrix<T>, Eigen::COLAMDOrdering<int>>(c).rank();
    } else {
        rank = Eigen::FullPivLU<matrix<T>>(A).rank();
    }
    throw std::invalid_argument(std::string(who) + ": the constraints are redundant at q: G(q) M^-1 G(q)^T has rank " +
                                std::to_string(rank) + " < m = " + std::to_string(A.rows()) +
                                " (precondition: the Jacobian G(q) has full row rank)");
}

/// ν with g(q̃ − B ν) = 0 (B = M⁻¹ G(q₀)ᵀ, n × m, dense or sparse as the model's), from ν = 0, by
/// Newton; the Jacobian −G(q̃ − Bν) B is factored by `lu` (kept by the caller: a sparse one keeps
/// its ordering and workspace between iterations and steps).
/// \throws geomint::convergence_error (naming `who`, iterations, residual) when Newton fails;
///         std::invalid_argument (the rank) when it fails because the constraints are redundant.
template <class Model, class T = typename Model::value_type>
vector<T> position_multiplier(const Model& model, const vector<T>& q_tilde, const typename Model::jacobian_type& B,
                              const T& scale, const iteration_options& opt, const char* who,
                              reusable_lu<typename Model::jacobian_type>& lu) {
    using jacobian = typename Model::jacobian_type;  // G B: sparse × sparse, or dense
    const auto residual = [&](const vector<T>& nu) {
        const vector<T> q = q_tilde - B * nu;
        jacobian J = -(model.constraint_jacobian(q) * B);
        return std::make_pair(model.constraint(q), geomint::detail::jacobian_factored_by<jacobian>{std::move(J), &lu});
    };
    try {
        return geomint::detail::solve_vector(residual, vector<T>(vector<T>::Zero(B.cols())), scale, opt, who);
    } catch (const convergence_error&) {
        const jacobian A = model.constraint_jacobian(q_tilde) * B;  // singular: redundant constraints
        if (!lu.factorize(A)) throw_redundant(A, who);
        throw;
    }
}

/// The correction Gᵀ κ with G M⁻¹ (p − Gᵀ κ) = 0, for G = G(q) (m × n) and B = M⁻¹ Gᵀ (dense or
/// both sparse): the projected momentum is p − Gᵀ κ. G M⁻¹ Gᵀ is factored by `lu` (full pivoting,
/// or SparseLU with its ordering kept: tridiagonal for a chain).
/// \throws std::invalid_argument naming `who`, the rank of G M⁻¹ Gᵀ and m when the constraints
///         are redundant at q (G rank-deficient).
template <class Matrix, class T = typename Matrix::Scalar>
vector<T> momentum_correction(const Matrix& G, const Matrix& B, const vector<T>& p, const char* who,
                              reusable_lu<Matrix>& lu) {
    const Matrix A = G * B;
    if (!lu.factorize(A)) throw_redundant(A, who);
    const vector<T> kappa = lu.solve(vector<T>(B.transpose() * p));
    return G.transpose() * kappa;
}

/// G(q)ᵀκ with G(q) v(q, p̂ − G(q)ᵀκ) = 0 for a Lagrangian model `m` (model/lagrangian_view.hpp:
/// v its inverse Legendre transform) and holonomic `constraints`: the momentum projection onto the
/// hidden constraint, by Newton on κ with the Jacobian −G L_vv⁻¹ Gᵀ at the current v (one linear
/// step for a kinetic energy quadratic in v). Dense.
/// \throws geomint::convergence_error (naming `who`) when Newton fails; singular_step_error when
///         ∂²L/∂v² is singular; std::invalid_argument (the rank) for redundant constraints.
template <class Model, class Constraints, class T>
vector<T> hidden_constraint_correction(const Model& m, const Constraints& constraints, const vector<T>& q,
                                       const vector<T>& p_hat, const iteration_options& opt, const char* who) {
    const matrix<T> G = dense_copy(constraints.jacobian(q));
    reusable_lu<matrix<T>> lu;
    const auto residual = [&](const vector<T>& kappa) {
        const vector<T> v = m.velocity(q, vector<T>(p_hat - G.transpose() * kappa));
        const auto d = m.derivatives(q, v);
        matrix<T> W_inverse_Gt;
        if (!try_solve(d.Lvv, matrix<T>(G.transpose()), W_inverse_Gt))
            throw singular_step_error(std::string(who) + ": d2L/dv2 is singular at q = (" + entries_to_string(q) +
                                      ") (a degenerate Lagrangian)");
        matrix<T> J = -(G * W_inverse_Gt);
        return std::make_pair(vector<T>(G * v), geomint::detail::jacobian_factored_by<matrix<T>>{std::move(J), &lu});
    };
    const T scale = constraint_scale(G, m.velocity(q, p_hat));
    try {
        const vector<T> kappa =
            geomint::detail::solve_vector(residual, vector<T>(vector<T>::Zero(G.rows())), scale, opt, who);
        return G.transpose() * kappa;
    } catch (const convergence_error&) {
        const matrix<T> A = G * G.transpose();
        if (!lu.factorize(A)) throw_redundant(A, who);
        throw;
    }
}

/// A `holonomic_constraints` seen as the model `position_multiplier` reads (dense G).
template <class Constraints>
struct constraints_only {
    using value_type = typename Constraints::value_type;
    using jacobian_type = matrix<value_type>;
    const Constraints& constraints;
    vector<value_type> constraint(const vector<value_type>& q) const { return constraints.value(q); }
    jacobian_type constraint_jacobian(const vector<value_type>& q) const { return dense_copy(constraints.jacobian(q)); }
};

/// Checks that a state is on the constrained phase space: |g(q)|∞ and |G(q) v|∞ at most 1024 ε
/// times their scale (|G|∞ |q|∞, and |G|∞ |v|∞), for `g` = g(q), `G` = G(q) (dense or sparse) and
/// `v` the velocity (M⁻¹p, or a Lagrangian's inverse Legendre transform).
/// \throws std::invalid_argument naming `who`, the residual and the bound, and the remedy
///         (geomint::project_onto_constraints).
template <class Matrix, class T = typename Matrix::Scalar>
void require_on_manifold(const vector<T>& g, const Matrix& G, const vector<T>& q, const vector<T>& v, const char* who) {
    const T tolerance = T(1024) * std::numeric_limits<T>::epsilon();
    const T position = max_abs(g);
    const T position_scale = constraint_scale(G, q);
    const T hidden = max_abs(vector<T>(G * v));
    const T hidden_scale = constraint_scale(G, v);
    const char* advice = "; geomint::project_onto_constraints(system, x) projects a state onto it)";
    if (!(position <= tolerance * position_scale))
        throw std::invalid_argument(std::string(who) + ": the state is off the constraint manifold: |g(q)| = " +
                                    geomint::to_string(position) + " > 1024 eps |G| |q| = " +
                                    geomint::to_string(T(tolerance * position_scale)) + " (precondition: g(q) = 0" +
                                    advice);
    if (!(hidden <= tolerance * hidden_scale))
        throw std::invalid_argument(std::string(who) + ": the momentum is off the hidden constraint: |G(q) v(q, p)| = " +
                                    geomint::to_string(hidden) + " > 1024 eps |G| |v| = " +
                                    geomint::to_string(T(tolerance * hidden_scale)) +
                                    " (precondition: G(q) v = 0, v = M^-1 p" + advice);
}

/// |g(q)|∞ and |G(q) M⁻¹ p|∞ for a `constrained_model`.
template <class Model, class T = typename Model::value_type>
constraint_residual<T> constraint_residuals(const Model& model, const vector<T>& q, const vector<T>& p) {
    return {max_abs(model.constraint(q)), max_abs(vector<T>(model.constraint_jacobian(q) * model.inverse_mass(p)))};
}

}  // namespace geomint::scheme::detail

namespace geomint {

/// (q, p) projected onto the constrained phase space of `system` (a `constrained_system`): q moved
/// along M⁻¹ G(q)ᵀ onto g = 0 (Newton), then p onto G(q) M⁻¹ p = 0 (the M⁻¹-orthogonal
/// projection) — the explicit option for an initial state that is off it. `x`: a (q, p) pair of
/// the user's containers, changed in place.
/// \throws geomint::convergence_error when the position Newton fails; std::invalid_argument when
///         the constraints are redundant at the projected q.
template <class System, class Coor, class Momentum>
void project_onto_constraints(System& system, std::pair<Coor, Momentum>& x, iteration_options options = {}) {
    using T = typename state_traits<Coor>::scalar;
    scheme::detail::constrained_workspace<Coor, Momentum> calls;
    const scheme::detail::constrained_model<T, Coor, Momentum, System> model(system, calls);
    using product = typename std::remove_cvref_t<decltype(model)>::jacobian_type;
    const vector<T> q0 = as_eigen(x.first);
    const product G0 = model.constraint_jacobian(q0);
    const product B0 = model.inverse_mass_times_transpose(G0);
    reusable_lu<product> lu;
    const vector<T> nu = scheme::detail::position_multiplier(model, q0, B0, scheme::detail::constraint_scale(G0, q0),
                                                             options, "project_onto_constraints", lu);
    const vector<T> q = q0 - B0 * nu;
    const product G = model.constraint_jacobian(q);
    const vector<T> p = as_eigen(x.second);
    const vector<T> p1 = p - scheme::detail::momentum_correction(G, model.inverse_mass_times_transpose(G), p,
                                                                 "project_onto_constraints", lu);
    as_eigen(x.first) = q;
    as_eigen(x.second) = p1;
}

/// (q, p) projected onto the constrained phase space of a constrained Lagrangian model
/// (`constrained(lagrangian, constraints)`): q moved along W⁻¹ G(q)ᵀ onto g = 0 (Newton; W =
/// ∂²L/∂v² at (q, v(q, p)), the kinetic metric), then p − G(q)ᵀκ onto G(q) v(q, p) = 0 (Newton on
/// κ). `x`: a (q, p) pair of the user's containers, changed in place.
/// \throws geomint::convergence_error when a Newton solve fails; std::invalid_argument when the
///         constraints are redundant; singular_step_error for a degenerate Lagrangian.
template <class Lagrangian, class Constraints, class Coor, class Momentum>
void project_onto_constraints(const constrained_lagrangian_system<Lagrangian, Constraints>& system,
                              std::pair<Coor, Momentum>& x, iteration_options options = {}) {
    using T = typename state_traits<Coor>::scalar;
    const char* who = "project_onto_constraints";
    with_lagrangian_view(system.lagrangian, [&](const auto& view) {
        const vector<T> q0 = as_eigen(x.first), p = as_eigen(x.second);
        const matrix<T> G0 = dense_copy(system.constraints.jacobian(q0));
        matrix<T> B0;  // W⁻¹ G(q0)ᵀ
        if (!try_solve(view.derivatives(q0, view.velocity(q0, p)).Lvv, matrix<T>(G0.transpose()), B0))
            throw singular_step_error(std::string(who) + ": d2L/dv2 is singular (a degenerate Lagrangian)");
        const scheme::detail::constraints_only<Constraints> model{system.constraints};
        reusable_lu<matrix<T>> lu;
        const vector<T> nu = scheme::detail::position_multiplier(model, q0, B0, scheme::detail::constraint_scale(G0, q0),
                                                                 options, who, lu);
        const vector<T> q = q0 - B0 * nu;
        const vector<T> p1 = p - scheme::detail::hidden_constraint_correction(view, system.constraints, q, p, options, who);
        as_eigen(x.first) = q;
        as_eigen(x.second) = p1;
    });
}

}  // namespace geomint
