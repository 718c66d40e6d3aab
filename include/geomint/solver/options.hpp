#pragma once
/// \file
/// `iteration_options`: the one settings type of every iterative solve inside an implicit step —
/// the Newton–Raphson solves of the Newton-equation and truss schemes (solver/newton_raphson.hpp)
/// and the fixed-point and Newton iterations of the Galerkin steps (solver/settling_iteration.hpp).
/// Explicit schemes take none. How each solve decides to stop is its stopping rule, documented
/// with the solver: a residual test tied to the scalar's ε (Newton–Raphson, Gauss–Newton) or
/// Hairer's settling rule on the iterate's change (the Galerkin iterations).

namespace geomint {

/// The linear solver of a vector Newton step.
enum class jacobian_storage {
    automatic,  ///< sparse where the scheme provides a sparse Jacobian and the system is large
    dense,      ///< dense Jacobian, partial-pivoting LU
    sparse      ///< sparse Jacobian (where the scheme provides one), Eigen's SparseLU
};

/// Newton corrections on the fixed point of the Galerkin VI's pair form
/// (scheme/galerkin/fixed_point.hpp); for the Gauss collocation stepper (scheme/gauss/gauss_stages.hpp)
/// `never` selects fixed-point sweeps and the others simplified Newton.
enum class stage_corrections {
    automatic,  ///< for scalars wider than long double, when the plain sweeps of the last steps
                ///< cost more than the corrections would (see fixed_point.hpp)
    never,      ///< plain fixed-point sweeps only
    always      ///< Newton corrections at every step (scalars wider than long double, no stage force)
};

/// The Jacobian of the Gauss collocation stepper's simplified Newton iteration
/// (scheme/gauss/gauss_stages.hpp, which reports what each costs).
enum class stage_jacobian {
    each_stage,   ///< ∇f at each predicted stage: one Newton matrix of size 2n·s; fewest sweeps
    one_per_step  ///< ∇f once a step, at the mean predicted stage, the stage system transformed by the
                  ///< Butcher matrix's eigenvectors into ⌈s/2⌉ real systems of size 4n: cheaper for
                  ///< many stages or degrees of freedom, more sweeps where ∇f varies across a step
};

/// Settings of the iterative solves inside an implicit step.
struct iteration_options {
    /// Iteration cap per solve; reaching it without meeting the stopping rule throws
    /// `geomint::convergence_error`. Default 50 (Newton converges quadratically; the Galerkin
    /// stepper, whose fixed point contracts only linearly, defaults to 100: see
    /// `galerkin_vi_stepper`).
    int max_iterations = 50;
    /// Jacobian storage of vector Newton solves (trusses: see scheme/truss/sparse_solve.hpp).
    jacobian_storage storage = jacobian_storage::automatic;
    /// Whether the Galerkin pair form's fixed point takes Newton corrections (and the Gauss stepper
    /// simplified Newton: all but `never`).
    stage_corrections corrections = stage_corrections::automatic;
    /// The Gauss collocation stepper's Newton Jacobian (see `stage_jacobian`).
    stage_jacobian jacobian = stage_jacobian::each_stage;
};

}  // namespace geomint
