#pragma once
/// \file
/// Running a campaign in one process, on `run_options::threads` threads (MPI ranks:
/// ensemble/mpi.hpp). Threads take the next unfinished member as they become free (dynamic load
/// balancing: members may differ in cost); finished members are journaled as they arrive.

#include "geomint/ensemble/campaign.hpp"
#include "geomint/ensemble/journal.hpp"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <thread>
#include <vector>

namespace geomint::ensemble {

/// Run every member of `c` not already in the checkpoint of `o.output`, journal each as it
/// finishes, and write the output in member order (ensemble/journal.hpp). A member that throws
/// is recorded as failed and the others go on; `campaign_result::failed` counts them.
/// \pre c.member may be called concurrently when o.threads > 1.
/// \throws std::invalid_argument for an invalid campaign, threads == 0, or a checkpoint of
///         another campaign; std::runtime_error if a file cannot be read, locked or written.
inline campaign_result run(const campaign& c, const run_options& o = {}) {
    if (o.threads == 0) throw std::invalid_argument("ensemble::run: threads must be at least 1, got 0");
    detail::collector col(c, o);
    detail::dispatcher members(col);
    const unsigned n = static_cast<unsigned>(std::min<std::size_t>(o.threads, col.pending().size()));
    if (n <= 1) {
        members.compute(c);
    } else {
        std::vector<std::jthread> pool;
        for (unsigned t = 0; t < n; ++t) pool.emplace_back([&] { members.compute(c); });
    }
    if (const auto e = members.error()) std::rethrow_exception(e);
    return col.finish();
}

}  // namespace geomint::ensemble
