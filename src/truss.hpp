#pragma once
// The truss-paper experiments of the `geomint` program (Graham & Jelenić, Algorithm MC), templated
// on the precision; each precision is instantiated in its own translation unit (truss_<p>.cpp).
#include "experiments.hpp"

namespace geomint::cli {

/// Tumbling tetrahedron, schemes (a)–(d), o.truss_steps steps of 0.02: energy and momentum
/// drift over time (truss_tumbling.csv/.txt, truss_energy.png, truss_momenta.png).
template <class T>
void run_truss_tumbling(const options& o);

/// Spinning triangle in relative equilibrium, schemes (a)–(d), o.truss_steps steps of 0.05:
/// bar-length drift, λ_r and λ_t of (4.9) (truss_spinning.csv/.txt, truss_spinning.png).
template <class T>
void run_truss_spinning(const options& o);

/// Convergence of (a)–(d) on the tumbling tetrahedron at t = 1/2 against odeint's RK-Fehlberg
/// 7(8): errors and fitted orders (truss_convergence.csv/.txt, truss_convergence.png).
template <class T>
void run_truss_convergence(const options& o);

}  // namespace geomint::cli
