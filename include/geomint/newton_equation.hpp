#pragma once
/// \file
/// Module header of the Newton-equation family (q̈ = −∇V(q); Cieśliński & Ratkiewicz): the
/// `newton_system` and `separable_system` models, the eight schemes of the pendulum paper and
/// their odeint steppers (`leapfrog_stepper`, …, `modified_discrete_gradient_stepper`), and the
/// period and amplitude estimators.

#include "geomint/analysis/period_amplitude.hpp"
#include "geomint/model/newton_system.hpp"
#include "geomint/model/separable_system.hpp"
#include "geomint/stepper/newton_equation_stepper.hpp"
