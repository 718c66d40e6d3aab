// The cost of the ensemble machinery itself: a campaign of N members that each spin for C µs
// (a busy core), so with K ranks on K free cores the ideal wall time is N C / K and the rest,
// per member, is the runner's overhead (hand-out, MPI round trip, journal append, final write).
// Run it as `mpirun -np K build/bench/bench_ensemble_overhead [N [C]]` (defaults 2000, 1000);
// rank 0 prints wall time, efficiency N C / (K T) and overhead K T / N − C per member.
// Not a Google Benchmark: the measured unit is a collective MPI run.
#include <geomint/ensemble_mpi.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>

int main(int argc, char** argv) {
    boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled);
    boost::mpi::communicator world;
    const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2000;
    const double cost_us = argc > 2 ? std::strtod(argv[2], nullptr) : 1000;
    const std::filesystem::path out = std::filesystem::temp_directory_path() / "geomint_ensemble_overhead.csv";
    const geomint::ensemble::campaign c{"overhead", "", {"x"}, n,
                                        [cost_us](std::size_t i) {
                                            const auto until = std::chrono::steady_clock::now() +
                                                               std::chrono::duration<double, std::micro>(cost_us);
                                            while (std::chrono::steady_clock::now() < until) {
                                            }
                                            return geomint::ensemble::record{std::to_string(i)};
                                        }};
    for (const bool journal : {false, true}) {
        geomint::ensemble::run_options o;
        if (journal) o.output = out;
        world.barrier();
        const auto t0 = std::chrono::steady_clock::now();
        const auto r = geomint::ensemble::run(world, c, o);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (r.root)
            std::cout << world.size() << " rank(s), " << n << " members of " << cost_us << " us, "
                      << (journal ? "with" : "without") << " the journal and output: " << s << " s, efficiency "
                      << 1e-6 * double(n) * cost_us / (world.size() * s) << ", overhead "
                      << 1e6 * world.size() * s / double(n) - cost_us << " us per member\n";
    }
    if (world.rank() == 0) std::filesystem::remove(out);
    return 0;
}
