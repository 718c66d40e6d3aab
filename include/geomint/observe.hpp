#pragma once
/// \file
/// Module header of the observation layer: dense output for every (q, p) stepper
/// (`dense_output_stepper`, `make_dense_output`) and event location on it (`find_events`).
/// Include it with the module header of the family whose steppers it wraps.

#include "geomint/observe/dense_output_stepper.hpp"
#include "geomint/observe/find_events.hpp"
