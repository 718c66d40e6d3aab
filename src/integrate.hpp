#pragma once
// `geomint integrate`: a user's structural model, read from files, integrated by one of geomint's
// schemes in the precision T (integrate.ipp; one translation unit per precision).
#include "integrate_options.hpp"

namespace geomint::cli {

/// Reads and checks every input (matrices, vectors, load history, stability of the step), then
/// prepares the output folder, integrates and writes trajectory.csv, trajectory.png and
/// summary.txt there.
/// \throws usage_error for a bad input (before anything is written); std::exception for a failure
///         during the run (no partial file is left).
template <class T>
void run_integrate(const integrate_options& o);

}  // namespace geomint::cli
