#pragma once
// How the `geomint` program spreads the members of its sweep experiments: across MPI ranks when
// it runs under mpirun (built with Boost.MPI), else on --threads threads in one process. Rank 0
// prints, journals and writes every file; the other ranks only compute. The MPI calls live in
// distribute.cpp alone.
#include "cli_options.hpp"

#include <geomint/ensemble.hpp>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace geomint::cli {

/// The program's MPI session: created first thing in main, finalized last. MPI is initialized
/// only when an MPI launcher started the program (mpirun, mpiexec, srun); otherwise, and in a
/// build without Boost.MPI, the program is one rank.
class rank_session {
public:
    rank_session(int& argc, char**& argv);
    ~rank_session();
    rank_session(const rank_session&) = delete;
    rank_session& operator=(const rank_session&) = delete;
    struct impl;  // the MPI environment and communicator (distribute.cpp)

private:
    std::unique_ptr<impl> m;
};

/// This process's rank (0 without MPI) and the number of ranks (1 without MPI).
int rank();
int rank_count();
inline bool is_root() { return rank() == 0; }

/// Run `check` on rank 0 and share its verdict: if it throws usage_error, every rank throws a
/// usage_error with the same message (so all ranks stop together, with exit code 2).
void decide_on_root(const std::function<void()>& check);

/// Stop every rank at once after an error on one of them (MPI_Abort; without MPI: nothing).
void abort_all_ranks(int code);

/// Some members of a campaign failed: every rank throws it (exit code 3).
class members_failed : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Run the members of campaign `c` (collective: every rank calls it with the same campaign),
/// checkpointed in o.out/<stem>_members.csv.journal and written to o.out/<stem>_members.csv, with
/// a progress line on rank 0. The result is complete on rank 0; on the other ranks root == false
/// and the caller returns at once.
/// \throws members_failed naming the count and the failures file if any member failed.
ensemble::campaign_result run_members(const options& o, const std::string& stem, const ensemble::campaign& c);

}  // namespace geomint::cli
