// A downstream campaign over MPI through the installed geomint::ensemble_mpi target; run as one
// rank (no launcher) by test/install/downstream.cmake: 5 members, their records in order.
#include <geomint/ensemble_mpi.hpp>

#include <iostream>

int main(int argc, char** argv) {
    boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled);
    boost::mpi::communicator world;
    const geomint::ensemble::campaign c{"downstream", "", {"square"}, 5, [](std::size_t i) {
                                            return geomint::ensemble::record{std::to_string(i * i)};
                                        }};
    const auto r = geomint::ensemble::run(world, c);
    if (!r.root) return 0;
    for (std::size_t i = 0; i < 5; ++i)
        if (!r.records[i] || (*r.records[i])[0] != std::to_string(i * i)) {
            std::cerr << "member " << i << " wrong\n";
            return 1;
        }
    std::cout << "downstream ensemble: 5 members in order\n";
    return 0;
}
