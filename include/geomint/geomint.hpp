#pragma once
/// \file
/// Umbrella header: everything the library offers (no reproduction code, and only the parts of
/// Boost.Odeint the steppers need: include <boost/numeric/odeint.hpp> for odeint's integrate
/// functions and steppers). To cut compile time include a family's module header instead:
/// <geomint/linear.hpp>, <geomint/newton_equation.hpp>, <geomint/truss.hpp>,
/// <geomint/galerkin.hpp>, <geomint/splitting.hpp> (and <geomint/conformance.hpp> for the kit,
/// <geomint/observe.hpp> for dense output and events).

#include "geomint/scalar.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"
#include "geomint/summation.hpp"

#include "geomint/autodiff.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/model/newton_system.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/model/difference_quotient.hpp"
#include "geomint/model/truss.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/separable_rates.hpp"
#include "geomint/model/lagrangian_view.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/scheme/traits.hpp"

#include "geomint/scheme/linear/partitioned_form.hpp"
#include "geomint/scheme/linear/newmark.hpp"
#include "geomint/scheme/linear/simpson.hpp"
#include "geomint/scheme/linear/sparse_factors.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/scheme/linear/matrix_free_factors.hpp"
#include "geomint/scheme/newton_equation/leapfrog.hpp"
#include "geomint/scheme/newton_equation/implicit_midpoint.hpp"
#include "geomint/scheme/newton_equation/projection.hpp"
#include "geomint/scheme/newton_equation/suris.hpp"
#include "geomint/scheme/newton_equation/discrete_gradient.hpp"

#include "geomint/model/linear_system.hpp"
#include "geomint/stepper/stepper_base.hpp"
#include "geomint/observe/dense_output_stepper.hpp"
#include "geomint/observe/find_events.hpp"
#include "geomint/stepper/linear_variational_stepper.hpp"
#include "geomint/stepper/newton_equation_stepper.hpp"
#include "geomint/stepper/truss_stepper.hpp"
#include "geomint/stepper/galerkin_vi_stepper.hpp"
#include "geomint/stepper/splitting_stepper.hpp"

#include "geomint/analysis/symplecticity.hpp"
#include "geomint/analysis/transfer_matrix.hpp"
#include "geomint/analysis/conserved_form.hpp"
#include "geomint/analysis/stability.hpp"
#include "geomint/analysis/order.hpp"
#include "geomint/analysis/trajectory_error.hpp"
#include "geomint/analysis/rounding_drift.hpp"
#include "geomint/analysis/one_step_map.hpp"
#include "geomint/analysis/period_amplitude.hpp"
#include "geomint/analysis/relative_equilibrium_fit.hpp"

#include "geomint/exact/modal_solution.hpp"
#include "geomint/exact/pendulum_solution.hpp"
#include "geomint/exact/spinning_truss.hpp"
#include "geomint/exact/truss_reference.hpp"
#include "geomint/problems/double_pendulum.hpp"
#include "geomint/problems/fpu_chain.hpp"
#include "geomint/problems/henon_heiles.hpp"
#include "geomint/problems/kepler.hpp"
#include "geomint/problems/unit_mass_rate.hpp"
#include "geomint/problems/spring_chain.hpp"
#include "geomint/problems/tumbling_tetrahedron.hpp"
