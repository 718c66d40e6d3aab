#pragma once
/// \file
/// Module header of the linear family (M q̈ + K q = 0; Rojas-Quintero, Dubois, Cabrera-Díaz 2024):
/// the `quadratic_lagrangian` model (dense or sparse), `matrix_free(f, g)`, the Newmark and
/// Simpson schemes and their odeint steppers (`newmark_stepper`, `simpson_stepper`,
/// `simpson_variant1_stepper`), transfer matrices, the conserved quadratic form and the stability
/// report; the forced, damped `structural_system` (M q̈ + C q̇ + K q = f(t)), stepped by the same
/// steppers (discrete Lagrange–d'Alembert) and by the peers `hht_alpha_stepper`,
/// `generalized_alpha_stepper`.

#include "geomint/analysis/conserved_form.hpp"
#include "geomint/analysis/stability.hpp"
#include "geomint/analysis/symplecticity.hpp"
#include "geomint/analysis/transfer_matrix.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/model/structural_system.hpp"
#include "geomint/stepper/linear_variational_stepper.hpp"
#include "geomint/stepper/generalized_alpha_stepper.hpp"
