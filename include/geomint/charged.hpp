#pragma once
/// \file
/// Module header of the charged-particle family: `charged_particle` (q/m, fields E(x, t) and
/// B(x, t) as callables) and `boris_stepper<Coor, Method>`, the Boris pusher as a symmetric
/// one-step map on (x, v) and its compositions to orders 4, 6, 8; `relativistic_charged_particle`
/// (with c, state (x, u = γv)) and `pusher_stepper<Coor, Pusher, Method>` with the relativistic
/// Boris, Vay and Higuera–Cary pushers; `canonical_charged_particle` (potentials A(x, t), φ(x, t):
/// the canonical H = ½|p − (q/m)A|² + (q/m)φ as a `hamiltonian_system` for Gauss collocation).

#include "geomint/model/canonical_charged_particle.hpp"
#include "geomint/model/charged_particle.hpp"
#include "geomint/model/relativistic_charged_particle.hpp"
#include "geomint/stepper/pusher_stepper.hpp"
