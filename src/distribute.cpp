#include "distribute.hpp"

#include "output.hpp"

#ifdef GEOMINT_WITH_MPI
#include <geomint/ensemble_mpi.hpp>

#include <boost/mpi/collectives.hpp>
#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>
#include <boost/serialization/string.hpp>
#endif

#include <cstdlib>
#include <optional>

namespace geomint::cli {

#ifdef GEOMINT_WITH_MPI
struct rank_session::impl {
    boost::mpi::environment env;
    boost::mpi::communicator world;
    impl(int& argc, char**& argv) : env(argc, argv, boost::mpi::threading::funneled) {}
};
namespace {
rank_session::impl* session = nullptr;
/// Started by an MPI launcher (mpirun/mpiexec of Open MPI or MPICH, srun with PMIx)? Otherwise
/// MPI is not initialized at all: the program runs as one process, without the launcher's cost.
bool launched_by_mpi() {
    for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
        if (std::getenv(v)) return true;
    return false;
}
}  // namespace
rank_session::rank_session(int& argc, char**& argv) {
    if (!launched_by_mpi()) return;
    m = std::make_unique<impl>(argc, argv);
    session = m.get();
}
rank_session::~rank_session() { session = nullptr; }
int rank() { return session ? session->world.rank() : 0; }
int rank_count() { return session ? session->world.size() : 1; }
void abort_all_ranks(int code) {
    if (session && session->world.size() > 1) session->env.abort(code);
}
#else
struct rank_session::impl {};
rank_session::rank_session(int&, char**&) {}
rank_session::~rank_session() = default;
int rank() { return 0; }
int rank_count() { return 1; }
void abort_all_ranks(int) {}
#endif

void decide_on_root(const std::function<void()>& check) {
    std::string verdict;
    if (is_root()) {
        try {
            check();
        } catch (const usage_error& e) {
            verdict = e.what();
        }
    }
#ifdef GEOMINT_WITH_MPI
    if (session) boost::mpi::broadcast(session->world, verdict, 0);
#endif
    if (!verdict.empty()) throw usage_error(verdict);
}

ensemble::campaign_result run_members(const options& o, const std::string& stem, const ensemble::campaign& c) {
    ensemble::run_options ro;
    ro.output = o.out / (stem + "_members.csv");
    ro.threads = o.threads;
    const std::string label = stem + " members";
    ro.progress = [label](std::size_t done, std::size_t total) { progress(label, done, total); };
#ifdef GEOMINT_WITH_MPI
    ensemble::campaign_result r = session ? ensemble::run(session->world, c, ro) : ensemble::run(c, ro);
#else
    ensemble::campaign_result r = ensemble::run(c, ro);
#endif
    if (r.failed)
        throw members_failed(std::to_string(r.failed) + " of " + std::to_string(c.members) + " members of " + stem +
                             " failed: see " + ro.output.string() + ".failures.csv");
    return r;
}

}  // namespace geomint::cli
