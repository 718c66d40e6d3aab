#pragma once
/// \file
/// Running a campaign in one process, on `run_options::threads` threads (MPI ranks:
/// ensemble/mpi.hpp). Threads take the next unfinished member as they become free (dynamic load
/// balancing: members may differ in cost); finished members are journaled as they arrive.

#include "geomint/ensemble/campaign.hpp"
#include "geomint/ensemble/journal.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
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
    const std::vector<std::size_t> pending = col.pending();
    std::atomic<std::size_t> next{0};
    std::mutex m;
    std::exception_ptr journal_error;
    const auto work = [&] {
        for (std::size_t k; (k = next.fetch_add(1)) < pending.size();) {
            detail::outcome out = detail::evaluate(c, pending[k]);
            const std::lock_guard<std::mutex> lock(m);
            if (journal_error) return;
            try {
                col.accept(std::move(out));
            } catch (...) {
                journal_error = std::current_exception();
                next = pending.size();  // stop handing out members
                return;
            }
        }
    };
    const unsigned n = static_cast<unsigned>(std::min<std::size_t>(o.threads, pending.size()));
    if (n <= 1) {
        work();
    } else {
        std::vector<std::jthread> pool;
        for (unsigned t = 0; t < n; ++t) pool.emplace_back(work);
    }
    if (journal_error) std::rethrow_exception(journal_error);
    return col.finish();
}

}  // namespace geomint::ensemble
