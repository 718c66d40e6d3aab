#pragma once
/// \file
/// The conformance kit: `geomint::conformance::examine(stepper, problem, claims)` checks any
/// Boost.Odeint stepper's order, symplecticity and time symmetry on the shipped problems
/// (kepler, harmonic_oscillator, henon_heiles, pendulum_chain), in the stepper's precision;
/// `coefficient_residual(stepper, order)` checks a splitting stepper's own coefficients;
/// `examine_constrained(stepper, problem, claims)` checks a stepper on a constrained phase space
/// (order, restricted symplecticity, time symmetry, constraint residuals) on the shipped
/// constrained problems (spherical pendulum, Cartesian double pendulum);
/// `examine_adaptive(make, problem, claims, runs)` checks a stepper that chooses its own steps
/// (order at a fixed physical time, reversibility of the step sequence, no energy drift);
/// `examine_rigid(stepper, problem, claims)` checks a rigid-body stepper (order against the free
/// body's exact solution, symplecticity on T*SO(3), time symmetry, the attitude on SO(3)).
/// GoogleTest and RapidCheck helpers: geomint/conformance/gtest.hpp, geomint/conformance/rapidcheck.hpp.

#include "geomint/conformance/coefficients.hpp"
#include "geomint/conformance/constrained_problems.hpp"
#include "geomint/conformance/examine.hpp"
#include "geomint/conformance/examine_adaptive.hpp"
#include "geomint/conformance/examine_constrained.hpp"
#include "geomint/conformance/examine_rigid.hpp"
#include "geomint/conformance/problems.hpp"
