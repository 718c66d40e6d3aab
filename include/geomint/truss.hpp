#pragma once
/// \file
/// Module header of the truss family (Graham & Jelenić): the `truss` model, Algorithm MC's
/// members (mid-point, energy–momentum, fourth order (6.2), energy-conserving) and their odeint
/// steppers, the relative-equilibrium fit and the spinning-truss exact solutions.

#include "geomint/analysis/relative_equilibrium_fit.hpp"
#include "geomint/exact/spinning_truss.hpp"
#include "geomint/exact/truss_reference.hpp"
#include "geomint/model/truss.hpp"
#include "geomint/stepper/truss_stepper.hpp"
