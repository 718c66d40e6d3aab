#pragma once
/// \file
/// The Galerkin VI's solvers of the models, for `galerkin_vi_stepper` (its header steps the pair
/// forms only): a `structural_system` by its linear stage equations (scheme/galerkin/linear_stages.hpp),
/// a `lagrangian_system` or dense `quadratic_lagrangian` by Newton's method on the stage
/// velocities (scheme/galerkin/lagrangian_stages.hpp), and the constrained systems by the Lobatto
/// IIIA–IIIB pair with multipliers (scheme/constrained/constrained_lobatto.hpp; the Lagrangian ones
/// on the Newton path). Included by <geomint/galerkin.hpp> and <geomint/constrained.hpp>.

#include "geomint/error.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/model/lagrangian_view.hpp"
#include "geomint/scheme/constrained/constrained_lobatto.hpp"
#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/scheme/galerkin/lagrangian_stages.hpp"
#include "geomint/scheme/galerkin/linear_stages.hpp"
#include "geomint/sparse.hpp"
#include "geomint/stepper/factor_cache.hpp"
#include "geomint/stepper/galerkin_vi_stepper.hpp"

#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint::detail {

/// The model solvers of a `galerkin_vi_stepper` with scalar U, working vectors vector<U, N> and
/// state types `Coor`, `Momentum`: their factorizations, Newton's warm start and work arrays,
/// kept between steps (the stepper makes this object on its first step on a model).
template <class U, int N, int Stages, class Coor, class Momentum>
class galerkin_model_paths {
public:
    /// What a step reports: its iterations, and whether it was a Newton step on a Lagrangian
    /// model (so that `step_jacobian` applies).
    struct step_result {
        int iterations;  ///< Newton or fixed-point iterations of the step (1 for a linear solve)
        bool newton;     ///< a Newton step on a Lagrangian model
    };

    /// (dq, dp) of one step of the Galerkin VI with coefficients `c` from (q, p) at t, step h, on
    /// the model `sys` (see `galerkin_vi_stepper`); with `Check`, a constrained state must be on
    /// the constrained phase space.
    /// \throws std::invalid_argument (dof mismatch, a state off the constraints), singular_step_error,
    ///         convergence_error, std::domain_error from a model.
    template <bool Check, class S>
    step_result step(const scheme::lobatto_pair<U>& c, S& sys, const vector<U, N>& q, const vector<U, N>& p, const U& t,
                     const U& h, vector<U, N>& dq, vector<U, N>& dp, const iteration_options& options, const char* name,
                     bool continuing) {
        if constexpr (form_of<S>() == system_form::structural) {
            static_assert(!is_dual_v<U> && std::is_same_v<typename S::value_type, U>,
                          "galerkin_vi on a structural_system: states of the model's scalar type");
            require_dof(q.size(), sys.size(), name);
            using model_matrix = std::conditional_t<S::is_sparse, sparse_matrix<U>, matrix<U>>;  // run-time size
            const auto make = [&] {
                auto f = std::make_shared<const scheme::galerkin_stage_solver<U, model_matrix>>(
                    c, model_matrix(sys.mass()), model_matrix(sys.damping()), model_matrix(sys.stiffness()), h,
                    sys.rayleigh());
                if (!f->invertible())
                    throw singular_step_error(std::string(name) +
                                              ": the stage matrix of the structural model is singular at h = " +
                                              geomint::to_string(h));
                return f;
            };
            const auto& stages = [&]() -> const scheme::galerkin_stage_solver<U, model_matrix>& {
                if constexpr (S::is_sparse) return m_sparse_stages.get(sys.id(), h, make);
                else return m_dense_stages.get(sys.id(), h, make);
            }();
            scheme::galerkin_linear_step(c, sys, stages, vector<U>(q), vector<U>(p), t, h, m_dq, m_dp);
            dq = m_dq;
            dp = m_dp;
            return {1, false};
        } else if constexpr (has_lagrangian_view<S>()) {
            static_assert(!is_dual_v<U>, "galerkin_vi: for the Jacobian of a step on a Lagrangian model use "
                                         "last_step_jacobian() (dual states work on the pair-form path)");
            with_lagrangian_view(std::as_const(sys), [&](const auto& view) {
                require_dof(q.size(), static_cast<Eigen::Index>(view.dof()), name);
                m_newton.step(c, view, q, p, t, h, dq, dp, options, name, continuing);
            });
            return {m_newton.iterations(), true};
        } else if constexpr (form_of<S>() == system_form::constrained_lagrangian) {
            static_assert(!is_dual_v<U> && N == Eigen::Dynamic,
                          "galerkin_vi on a constrained Lagrangian model: states of run-time length (std::vector, "
                          "Eigen::VectorX) of a non-dual scalar");
            with_lagrangian_view(std::as_const(sys.lagrangian), [&](const auto& view) {
                require_dof(q.size(), static_cast<Eigen::Index>(view.dof()), name);
                if constexpr (Check)
                    scheme::detail::require_on_manifold(sys.constraints.value(q), sys.constraints.jacobian(q), q,
                                                        view.velocity(q, p), name);
                m_newton.step(c, view, q, p, t, h, dq, dp, options, name, continuing, sys.constraints);
            });
            return {m_newton.iterations(), true};  // step_jacobian explains that it is not defined here
        } else {
            static_assert(form_of<S>() == system_form::constrained_pair);
            static_assert(!is_dual_v<U>, "galerkin_vi on a constrained system: dual states are not supported (use "
                                         "geomint::restricted_symplecticity_defect for the tangent map)");
            const scheme::detail::constrained_model<U, Coor, Momentum, S> model(sys, m_constraint_calls);
            m_q = q;
            m_p = p;
            if constexpr (Check)
                scheme::detail::require_on_manifold(model.constraint(m_q), model.constraint_jacobian(m_q), m_q,
                                                    model.inverse_mass(m_p), name);
            m_constrained.step(c, model, m_q, m_p, h, options, name, m_dq, m_dp);
            dq = m_dq;
            dp = m_dp;
            return {m_constrained.iterations(), false};
        }
    }

    /// ∂(q₁, p₁)/∂(q₀, p₀) of the last Newton step, on the Lagrangian model `sys` it was taken on.
    template <class System>
    matrix<U> step_jacobian(const System& sys) {
        return with_lagrangian_view(sys, [&](const auto& view) { return m_newton.step_jacobian(view); });
    }

private:
    // the stage equations of a structural model, factored per (model, h)
    template <class Factor>
    using stage_cache = std::conditional_t<is_dual_v<U>, int, factor_cache<Factor, U>>;
    stage_cache<scheme::galerkin_stage_solver<U, matrix<U>>> m_dense_stages;
    stage_cache<scheme::galerkin_stage_solver<U, sparse_matrix<U>>> m_sparse_stages;
    // fixed-size stages and Jacobian for fixed-size states (the stage count then fixed too); at
    // run-time sizes one instantiation serves every Degree
    std::conditional_t<is_dual_v<U>, int, scheme::lobatto_newton<U, N, N == Eigen::Dynamic ? Eigen::Dynamic : Stages>>
        m_newton{};
    std::conditional_t<is_dual_v<U>, int, scheme::constrained_lobatto<U>> m_constrained{};
    scheme::detail::constrained_workspace<Coor, Momentum> m_constraint_calls;
    vector<U> m_q, m_p, m_dq, m_dp;  // run-time-size copies for the solvers
};

}  // namespace geomint::detail
