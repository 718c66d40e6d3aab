#pragma once
/// \file
/// The two solves of every step on a constrained phase space (GNI §VII.1.4), shared by RATTLE and
/// by the projection of a user's initial state:
/// - **position**: ν with g(q̃ − B ν) = 0, B = M⁻¹ G(q₀)ᵀ (n × m) — the point of the manifold
///   reached from q̃ along the constraint forces' directions at q₀; Newton on ν with the Jacobian
///   −G(q̃ − Bν) B (m × m), to the tolerance of `solve_vector` (solver/newton_raphson.hpp) on the
///   scale |G(q₀)| |q|;
/// - **momentum**: p − G(q)ᵀ κ with G(q) M⁻¹ (p − G(q)ᵀ κ) = 0 — linear, (G M⁻¹ Gᵀ) κ = G M⁻¹ p,
///   by full-pivoting LU, which reports the rank of G M⁻¹ Gᵀ (that of G: M is definite) when the
///   constraints are redundant.
/// Then `constraint_residuals` measures |g(q)|∞ and |G(q) M⁻¹ p|∞ of a state.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/solver/options.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::scheme::detail {

/// The size of the terms of g near q (|G(q)|∞ |q|∞, or |G|∞ when q = 0): the scale of the
/// position solve's tolerance and of the manifold checks.
template <class T>
T constraint_scale(const matrix<T>& G, const vector<T>& q) {
    const T x = max_abs(q);
    const T s = max_abs(G) * (x > T(0) ? x : T(1));
    return s > T(0) ? s : T(1);
}

/// ν with g(q̃ − B ν) = 0 (B = M⁻¹ G(q₀)ᵀ, n × m), from ν = 0, by Newton.
/// \throws geomint::convergence_error (naming `who`, iterations, residual) when Newton fails.
template <class Model, class T = typename Model::value_type>
vector<T> position_multiplier(const Model& model, const vector<T>& q_tilde, const matrix<T>& B, const T& scale,
                              const iteration_options& opt, const char* who) {
    const auto residual = [&](const vector<T>& nu) {
        const vector<T> q = q_tilde - B * nu;
        matrix<T> J = -(model.constraint_jacobian(q) * B);
        return std::make_pair(model.constraint(q), std::move(J));
    };
    return geomint::detail::solve_vector(residual, vector<T>(vector<T>::Zero(B.cols())), scale, opt, who);
}

/// The correction Gᵀ κ with G M⁻¹ (p − Gᵀ κ) = 0, for G = G(q) (m × n) and B = M⁻¹ Gᵀ: the
/// projected momentum is p − Gᵀ κ.
/// \throws std::invalid_argument naming `who`, the rank of G M⁻¹ Gᵀ and m when the constraints
///         are redundant at q (G rank-deficient).
template <class T>
vector<T> momentum_correction(const matrix<T>& G, const matrix<T>& B, const vector<T>& p, const char* who) {
    const matrix<T> A = G * B;
    const Eigen::FullPivLU<matrix<T>> lu(A);
    if (lu.rank() < A.rows())
        throw std::invalid_argument(std::string(who) + ": the constraints are redundant at q: G(q) M^-1 G(q)^T has rank " +
                                    std::to_string(lu.rank()) + " < m = " + std::to_string(A.rows()) +
                                    " (precondition: the Jacobian G(q) has full row rank)");
    const vector<T> kappa = lu.solve(vector<T>(B.transpose() * p));
    return G.transpose() * kappa;
}

/// How far a state is from the constrained phase space.
template <class T>
struct constraint_residual {
    T position;  ///< |g(q)|∞
    T hidden;    ///< |G(q) M⁻¹ p|∞ (the velocity constraint)
};

/// |g(q)|∞ and |G(q) M⁻¹ p|∞ for a `constrained_model`.
template <class Model, class T = typename Model::value_type>
constraint_residual<T> constraint_residuals(const Model& model, const vector<T>& q, const vector<T>& p) {
    return {max_abs(model.constraint(q)), max_abs(vector<T>(model.constraint_jacobian(q) * model.inverse_mass(p)))};
}

}  // namespace geomint::scheme::detail
