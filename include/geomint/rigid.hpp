#pragma once
/// \file
/// Module header of the rigid-body family: the rotation group (`so3`: rotation matrices, unit
/// quaternions, the projection onto SO(3)), the rigid body model (`rigid_body`: inertia as
/// principal moments or a symmetric positive definite tensor, a potential V(R) with its torque by
/// autodiff), the splitting into exact rotations and its compositions as odeint steppers
/// (`rigid_body_stepper`, `composed_rigid_body_stepper`), the symmetric top's splitting
/// (`symmetric_top_stepper`), the splitting into the free body's exact flow and kicks
/// (`exact_free_flow_stepper`), the Lie group variational integrator
/// (`lie_group_variational_stepper`), the free rigid body's exact body angular momentum (Jacobi's
/// elliptic functions) and attitude (`problems::free_rigid_body`), and the gravity-gradient
/// satellite (`problems::gravity_gradient_satellite`); a body that also translates under a
/// potential V(R, x) (`translating_rigid_body`; the full body problem's
/// `problems::orbiting_rigid_body`); for comparisons with general-purpose
/// methods, the quaternion form as an odeint system (`rigid_body_ode`); the body on the nine
/// entries of R as a constrained system (`embedded_rigid_body`: RATTLE on rotation matrices) and
/// the symplecticity defect of a rigid stepper on T*SO(3) (`rigid_symplecticity_defect`); chains
/// of bodies joined by ball joints (`problems::rigid_body_chain`).

#include "geomint/analysis/rigid_symplecticity.hpp"
#include "geomint/model/embedded_rigid_body.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/model/rigid_body_ode.hpp"
#include "geomint/model/translating_rigid_body.hpp"
#include "geomint/problems/free_rigid_body.hpp"
#include "geomint/problems/gravity_gradient.hpp"
#include "geomint/problems/orbiting_rigid_body.hpp"
#include "geomint/problems/rigid_body_chain.hpp"
#include "geomint/scheme/rigid/exact_free_flow_splitting.hpp"
#include "geomint/scheme/rigid/rotor_splitting.hpp"
#include "geomint/scheme/rigid/symmetric_top_splitting.hpp"
#include "geomint/so3.hpp"
#include "geomint/stepper/rigid_body_stepper.hpp"
