#pragma once
/// \file
/// Module header of the splitting family: the explicit splitting and composition methods at any
/// precision (`yoshida4_stepper`, …, `mclachlan_sb3a_stepper`, `blanes_moan_srkn6_stepper`) for
/// odeint's separable forms, and their time-transformed form with adaptive physical steps
/// (`time_transformed_stepper`).

#include "geomint/stepper/splitting_stepper.hpp"
#include "geomint/stepper/time_transformed_stepper.hpp"
