#pragma once
/// \file
/// Module header of the general-Hamiltonian family: `hamiltonian_system` (any H(q, p) or
/// H(q, p, t), separable or not, derivatives by forward-mode jets) and the Gauss–Legendre
/// collocation stepper `gauss_collocation_stepper<Coor, Stages>` (order 2·Stages, symplectic and
/// symmetric for every H), and Tao's explicit extended-phase-space method `tao_stepper<Coor, Method>`.

#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/stepper/gauss_collocation_stepper.hpp"
#include "geomint/stepper/tao_stepper.hpp"
