#pragma once
/// \file
/// Ensembles across MPI ranks (Boost.MPI; link Boost::mpi, CMake target `geomint::ensemble_mpi`):
/// <geomint/ensemble.hpp> plus `ensemble::run(communicator, campaign, options)`.
///
///     boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled);
///     boost::mpi::communicator world;
///     auto r = geomint::ensemble::run(world, c, {.output = "out/sweep.csv"});
///     if (r.root) { /* rank 0: r.records in member order */ }
///     return r.failed == 0 ? 0 : 1;
/// Run it with `mpirun -np K program`.

#include "geomint/ensemble.hpp"
#include "geomint/ensemble/mpi.hpp"
