#pragma once
/// \file
/// Module header of the Galerkin family: the Galerkin variational integrators of any degree
/// (`galerkin_vi_stepper<Coor, Degree>`, order 2·Degree) for odeint's separable forms and for any
/// regular Lagrangian (`lagrangian_system`), with or without a non-conservative force
/// (`make_lagrangian_system<T>(n, L, F)`, `forced_pair(f, g, F)`), and a pair or a Lagrangian with
/// its copy at double (`with_double_model`).

#include "geomint/model/forced_pair.hpp"
#include "geomint/model/pair_with_double_model.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/stepper/galerkin_vi_models.hpp"
#include "geomint/stepper/galerkin_vi_stepper.hpp"
