#pragma once
// The pendulum-paper experiments of the `geomint` program (Cieśliński & Ratkiewicz), templated on
// the precision; each precision is instantiated in its own translation unit (pendulum_<p>.cpp).
#include "experiments.hpp"

namespace geomint::cli {

/// Tables 2, 3, 4 (every column, ε = 0.02 and 0.5): pendulum_tables.csv / .txt.
template <class T>
void run_pendulum_tables(const options& o);

/// Table 1 (period stability, p0 = 1.95, ε = 0.2, J = 0 and J = o.table1_periods): pendulum_table1.csv / .txt.
template <class T>
void run_pendulum_table1(const options& o);

/// Figures 12–16 as CSV and PNG.
template <class T>
void run_pendulum_figures(const options& o);

}  // namespace geomint::cli
