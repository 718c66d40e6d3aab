#pragma once
/// \file
/// Module header of the Galerkin family: the Galerkin variational integrators of any degree
/// (`galerkin_vi_stepper<Coor, Degree>`, order 2·Degree) for odeint's separable forms and for any
/// regular Lagrangian (`lagrangian_system`).

#include "geomint/model/lagrangian_system.hpp"
#include "geomint/stepper/galerkin_vi_stepper.hpp"
