#pragma once
/// \file
/// Running a campaign across the ranks of an MPI communicator (Boost.MPI). Opt-in: include
/// <geomint/ensemble_mpi.hpp> and link Boost::mpi (CMake: `geomint::ensemble_mpi`).
///
/// Rank 0 coordinates: it hands out member indices one at a time to the rank that asks
/// (dynamic load balancing: a rank that finished asks for the next), journals each result as it
/// arrives, and writes the output in member order (ensemble/journal.hpp). It also computes
/// members itself, on a second thread, so K ranks compute K members at once. Every rank must
/// call `run` with the same campaign (the same name, parameters, columns, N and member
/// function); the member function runs on any rank.
///
/// Bitwise identity across rank counts holds when the member's record depends on its index only
/// and every rank runs the same binary (the same compiler flags: an FMA contraction on one
/// build changes last bits).
///
/// Threads: rank 0 runs a compute thread beside the one that calls MPI, so MPI must be
/// initialized with at least `boost::mpi::threading::funneled`, and `run` called from the main
/// thread. Messages: `run` talks on a duplicate of the communicator it is given, so the program's
/// own messages on that communicator are never mixed with the campaign's.

#include "geomint/ensemble/campaign.hpp"
#include "geomint/ensemble/journal.hpp"

#include <boost/mpi/collectives.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/serialization/string.hpp>

#include <chrono>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace geomint::ensemble {

namespace detail {
enum mpi_tag : int { tag_ready = 7101, tag_result = 7102, tag_assign = 7103 };

/// What rank 0 tells every rank at the start and at the end: 0 = fine, 1 = invalid argument,
/// 2 = run-time error (with its message), and the number of failed members.
struct mpi_status {
    int kind = 0;
    std::string message;
    unsigned long long failed = 0;

    void broadcast(const boost::mpi::communicator& world) {
        boost::mpi::broadcast(world, kind, 0);
        boost::mpi::broadcast(world, message, 0);
        boost::mpi::broadcast(world, failed, 0);
    }
    void rethrow() const {
        if (kind == 1) throw std::invalid_argument(message);
        if (kind == 2) throw std::runtime_error(message);
    }
    void set(const std::exception_ptr& e) {
        try {
            std::rethrow_exception(e);
        } catch (const std::invalid_argument& x) {
            kind = 1;
            message = x.what();
        } catch (const std::exception& x) {
            kind = 2;
            message = x.what();
        }
    }
};
}  // namespace detail

/// Run campaign `c` across the ranks of `world` (collective: every rank calls it). On rank 0
/// the result is complete and the files are written as by the one-process `run`; on the other
/// ranks `root == false` and only `failed` is set. `o.threads` is ignored (one member per rank
/// at a time); `o.progress` is called on rank 0.
/// \throws std::invalid_argument (on every rank) for an invalid campaign, a checkpoint of
///         another campaign, or MPI initialized below threading::funneled or called off the main
///         thread; std::runtime_error (on every rank) if rank 0 cannot read, lock or write its
///         files. What a member throws is recorded, never thrown.
inline campaign_result run(const boost::mpi::communicator& comm, const campaign& c, const run_options& o = {}) {
    namespace mpi = boost::mpi;
    using detail::mpi_status;
    if (mpi::environment::thread_level() < mpi::threading::funneled || !mpi::environment::is_main_thread())
        throw std::invalid_argument(
            "ensemble::run(communicator, …): MPI must be initialized with boost::mpi::threading::funneled or higher "
            "(boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled)) and run called from the "
            "main thread");
    const mpi::communicator world(comm, mpi::comm_duplicate);  // the campaign's own channel (collective)
    const unsigned long long stop = c.members;  // an assignment of N means "no more members"

    if (world.rank() != 0) {
        mpi_status start;
        start.broadcast(world);
        start.rethrow();
        world.send(0, detail::tag_ready, 0);
        for (;;) {
            unsigned long long i = 0;
            world.recv(0, detail::tag_assign, i);
            if (i >= stop) break;
            std::string line = detail::journal_line(detail::evaluate(c, static_cast<std::size_t>(i)));
            line.pop_back();
            world.send(0, detail::tag_result, line);
        }
        mpi_status end;
        end.broadcast(world);
        end.rethrow();
        campaign_result r;
        r.root = false;
        r.failed = end.failed;
        return r;
    }

    mpi_status start;
    std::optional<detail::collector> col;
    try {
        col.emplace(c, o);
    } catch (...) {
        start.set(std::current_exception());
    }
    start.broadcast(world);
    start.rethrow();

    detail::dispatcher members(*col);
    std::jthread local([&] { members.compute(c); });
    int stopped = 0;
    const int workers = world.size() - 1;
    while (stopped < workers) {
        const auto st = world.iprobe(mpi::any_source, mpi::any_tag);
        if (!st) {
            std::this_thread::sleep_for(std::chrono::microseconds(50));
            continue;
        }
        if (st->tag() == detail::tag_result) {
            std::string line;
            world.recv(st->source(), detail::tag_result, line);
            try {
                members.accept(detail::parse_journal_line(line, c, "rank " + std::to_string(st->source())));
            } catch (...) {
                members.fail(std::current_exception());
            }
        } else {
            int ready = 0;
            world.recv(st->source(), st->tag(), ready);
        }
        const unsigned long long assignment = members.next().value_or(stop);
        if (assignment == stop) ++stopped;
        world.send(st->source(), detail::tag_assign, assignment);
    }
    local.join();

    mpi_status end;
    campaign_result r;
    if (const auto e = members.error()) {
        end.set(e);
    } else {
        try {
            r = col->finish();
            end.failed = r.failed;
        } catch (...) {
            end.set(std::current_exception());
        }
    }
    end.broadcast(world);
    end.rethrow();
    return r;
}

}  // namespace geomint::ensemble
