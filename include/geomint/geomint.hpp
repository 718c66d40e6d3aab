#pragma once
/// \file
/// Umbrella header: everything the library offers (no reproduction code, and only the parts of
/// Boost.Odeint the steppers need: include <boost/numeric/odeint.hpp> for odeint's integrate
/// functions and steppers). Include finer headers to cut compile time.

#include "geomint/scalar.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"

#include "geomint/autodiff.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/model/newton_system.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/model/difference_quotient.hpp"
#include "geomint/model/truss.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/scheme/traits.hpp"

#include "geomint/scheme/linear/partitioned_form.hpp"
#include "geomint/scheme/linear/newmark.hpp"
#include "geomint/scheme/linear/simpson.hpp"
#include "geomint/scheme/linear/sparse_factors.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/scheme/linear/matrix_free_factors.hpp"
#include "geomint/scheme/newton_equation/splitting.hpp"
#include "geomint/scheme/newton_equation/implicit_midpoint.hpp"
#include "geomint/scheme/newton_equation/projection.hpp"
#include "geomint/scheme/newton_equation/suris.hpp"
#include "geomint/scheme/newton_equation/discrete_gradient.hpp"

#include "geomint/model/linear_system.hpp"
#include "geomint/stepper/stepper_base.hpp"
#include "geomint/stepper/linear_variational_stepper.hpp"
#include "geomint/stepper/newton_equation_stepper.hpp"
#include "geomint/stepper/truss_stepper.hpp"

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
#include "geomint/problems/double_pendulum.hpp"
#include "geomint/problems/spring_chain.hpp"
#include "geomint/problems/tumbling_tetrahedron.hpp"
