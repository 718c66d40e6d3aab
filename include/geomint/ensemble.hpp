#pragma once
/// \file
/// Ensembles: N independent members (member index ↦ result record) run in one process on
/// threads, checkpointed member by member, the output written in member order and bitwise the
/// same however the campaign was run or interrupted. Across MPI ranks: <geomint/ensemble_mpi.hpp>.
///
///     geomint::ensemble::campaign c{"sweep", "h=0.01", {"sigma", "error"}, 64,
///                                   [](std::size_t i) { return record_of(i); }};
///     auto r = geomint::ensemble::run(c, {.output = "out/sweep.csv", .threads = 2});
///     // r.failed members threw; out/sweep.csv holds the others in member order.

#include "geomint/ensemble/atomic_file.hpp"
#include "geomint/ensemble/campaign.hpp"
#include "geomint/ensemble/journal.hpp"
#include "geomint/ensemble/local.hpp"
