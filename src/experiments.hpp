#pragma once
// The experiments of the `geomint` program, templated on the precision. Each precision is
// instantiated in its own translation unit (experiments_<precision>.cpp).
#include "cli_options.hpp"

namespace geomint::cli {


/// Table 2 of the Simpson paper: printed, and written to table2.csv / table2.txt.
template <class T>
void run_table2(const options& o);

/// Figures 2–8 of the Simpson paper (publisher's numbering) as CSV and PNG.
template <class T>
void run_figures(const options& o);

/// The noisy-(M, K) study (src/noise.ipp): the Simpson paper's open question, as an ensemble of
/// o.noise_members members per noise level and step size (noise_members.csv, noise.csv/.txt/.png).
template <class T>
void run_noise(const options& o);

/// Rounding-drift report: Simpson at h = 0.1 t̄ over o.drift_steps steps, double vs mp50.
void run_drift(const options& o);

/// The Galerkin VIs on the nonlinear double pendulum (at double, whatever --precision says):
/// where the linear Simpson scheme fails, energy over o.galerkin_steps steps, work–precision
/// against odeint (galerkin_*.csv/.png, galerkin_pendulum.txt).
void run_galerkin_pendulum(const options& o);

/// Dense output and events (src/events.cpp): Poincaré sections of the Hénon–Heiles system at
/// E = 1/12 and 1/8 over t <= o.section_time, double against mp50 (henon_heiles_section.*,
/// henon_heiles_rounding.png).
void run_henon_heiles_section(const options& o);

/// Kepler e = 0.6: pericentre timing error over o.kepler_periods periods, geomint's symplectic
/// steppers against odeint's dopri5 dense output (kepler_pericentre.*), at double.
void run_kepler_pericentre(const options& o);

/// The linear double pendulum with Rayleigh damping and a load at the first resonance: Simpson,
/// Newmark, HHT-alpha and generalized-alpha against the closed-form modal solution, with the
/// energy balance (damped_pendulum.csv/.txt/.png), at double.
void run_damped_pendulum(const options& o);

/// The nonlinear double pendulum in Cartesian coordinates with its rod constraints (RATTLE,
/// RATTLE x yoshida4) against its angle form (Galerkin VI Degree 2): errors, energy and
/// constraint residuals over 10^5 steps (constrained_pendulum.csv/.txt/.png), at double.
void run_constrained_pendulum(const options& o);

/// Kepler e = 0.99 over o.adaptive_orbits orbits: fixed steps, odeint's controlled steppers and
/// geomint's time-transformed splittings, energy and position error per orbit, the adaptive step
/// over an orbit (adaptive_kepler.csv/.txt/.png, adaptive_kepler_steps.csv), at double.
void run_adaptive_kepler(const options& o);
/// Burrau's Pythagorean three-body problem to t = 70: geomint's extrapolated logarithmic leapfrog
/// and kahan_li8 on the logarithmic Hamiltonian against odeint's Bulirsch–Stoer, energy error and
/// trajectories, against a 50-digit run (pythagorean.csv/.txt/.png), at double.
void run_pythagorean(const options& o);
/// The intermediate-axis (Dzhanibekov) flip of a free rigid body near the separatrix:
/// o.dzhanibekov_flips flip times against the exact ones, geomint's kahan_li8 composition of exact
/// rotations at double and 50 digits against odeint's rk4 and rkf78 on the quaternion form
/// (dzhanibekov.csv/.txt/.png).
void run_dzhanibekov(const options& o);
/// The banana orbit of a charged particle in a model tokamak field over o.banana_gyrations
/// gyrations: Boris, Boris ∘ yoshida4, Gauss s = 2–4 on the canonical H, odeint's rkf78 and
/// Bulirsch–Stoer against a long-double reference; energy, magnetic moment, position error, and
/// Gauss's run time at rkf78's largest error (banana_orbit.csv/.txt/.png, banana_orbit_work.csv), at double.
void run_banana_orbit(const options& o);

}  // namespace geomint::cli
