#pragma once
/// \file
/// Module header of the constrained family: holonomic constraints g(q) = 0 on odeint's pair form
/// (`holonomic_constraints`, `constrained`), RATTLE and its symmetric compositions as odeint
/// steppers (`rattle_stepper`, `composed_rattle_stepper`), the constrained Galerkin variational
/// integrators (`galerkin_vi_stepper` on a constrained system: Lobatto IIIA–IIIB with
/// multipliers), the projection of a state onto the constrained phase space, its diagnostics
/// (constraint residuals, the restricted symplecticity defect), and its problems: the spherical
/// pendulum, the Simpson paper's double pendulum in Cartesian coordinates, the closed four-bar
/// linkage and the rigid-rod chain (sparse multiplier solves).

#include "geomint/analysis/constraint_residuals.hpp"
#include "geomint/analysis/restricted_symplecticity.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/problems/cartesian_double_pendulum.hpp"
#include "geomint/problems/four_bar_linkage.hpp"
#include "geomint/problems/rod_chain.hpp"
#include "geomint/problems/spherical_pendulum.hpp"
#include "geomint/stepper/galerkin_vi_models.hpp"
#include "geomint/stepper/galerkin_vi_stepper.hpp"
#include "geomint/stepper/rattle_stepper.hpp"
