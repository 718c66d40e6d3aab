// `geomint`: reproduces the experiments of the Simpson paper (Table 2, Figures 2-8), the
// rounding-drift report, the pendulum paper (Tables 1-4, Figures 12-16) and the truss paper's
// demonstrations (Algorithm MC: tumbling truss, spinning triangle, convergence), and the Galerkin
// variational integrators on the nonlinear double pendulum, and dense output with events
// (Hénon–Heiles Poincaré sections, Kepler pericentre timing). Run `geomint --help`.
// `geomint integrate ...` integrates a user's structural model from files (`geomint integrate --help`).
// Exit codes: 0 success; 1 a failure during a run (no partial file is left); 2 a bad command line,
// reported before any computation; 3 some members of a sweep failed.
// Under mpirun the sweeps (pendulum-tables, pendulum-figures, pendulum-table1, noise) spread their members over
// the ranks (distribute.hpp); rank 0 runs everything else, prints and writes.
#include "cli_options.hpp"
#include "distribute.hpp"
#include "experiments.hpp"
#include "integrate.hpp"
#include "pendulum.hpp"
#include "truss.hpp"

#include <geomint/precision.hpp>
#if defined(GEOMINT_HAS_QD)
#include <geomint/double_double.hpp>
#endif
#include <geomint/version.hpp>

#include <iostream>
#include <string>

using namespace geomint::cli;

namespace {
/// An error message on one line: control characters (a newline inside an argument) escaped.
std::string one_line(const std::string& s) {
    std::string r;
    for (unsigned char c : s) {
        if (c == '\n') r += "\\n";
        else if (c < 0x20 || c == 0x7f) r += '?';
        else r += char(c);
    }
    return r;
}

/// The experiments at precision T: the sweeps on every rank, the others on rank 0 only.
template <class T>
void run(const options& o, const std::set<std::string>& what) {
    const bool root = is_root();
    if (root && what.count("table2")) run_table2<T>(o);
    if (root && what.count("figures")) run_figures<T>(o);
    if (what.count("pendulum-tables")) run_pendulum_tables<T>(o);
    if (what.count("pendulum-figures")) run_pendulum_figures<T>(o);
    if (what.count("pendulum-table1")) run_pendulum_table1<T>(o);
    if (what.count("noise")) run_noise<T>(o);
    if (root && what.count("truss-tumbling")) run_truss_tumbling<T>(o);
    if (root && what.count("truss-spinning")) run_truss_spinning<T>(o);
    if (root && what.count("truss-convergence")) run_truss_convergence<T>(o);
}
}  // namespace

/// `geomint integrate ...` (argv[0] is "integrate").
int integrate_command(int argc, char** argv) {
    integrate_options o;
    try {
        o = parse_integrate_command_line(argc, argv);
        if (o.help) {
            std::cout << integrate_help_text();
            return 0;
        }
        if (o.precision == "double") run_integrate<double>(o);
#if !defined(GEOMINT_PROGRAM_TEST_PRECISIONS)  // the test build's program (src/CMakeLists.txt)
        if (o.precision == "quad") run_integrate<geomint::quad>(o);
#endif
        if (o.precision == "mp50") run_integrate<geomint::mp<50>>(o);
#if defined(GEOMINT_HAS_MPFR)
        if (o.precision == "mpfr50") run_integrate<geomint::mpfr<50>>(o);
#endif
#if defined(GEOMINT_HAS_QD)
        if (o.precision == "dd") run_integrate<geomint::dd>(o);
#endif
        return 0;
    } catch (const usage_error& e) {
        std::cerr << "geomint: error: " << one_line(e.what()) << " (see geomint integrate --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "geomint: error: " << one_line(e.what()) << "\n";
        return 1;
    }
}

int main(int argc, char** argv) {
    if (argc > 1 && std::string(argv[1]) == "integrate") return integrate_command(argc - 1, argv + 1);
    rank_session ranks(argc, argv);
    const bool root = is_root();
    command_line cl;
    try {
        cl = parse_command_line(argc, argv);  // every rank parses the same arguments
        if (cl.help) {
            if (root) std::cout << help_text();
            return 0;
        }
        if (cl.version) {
            if (root) std::cout << "geomint " << GEOMINT_VERSION_STRING << "\n";
            return 0;
        }
        decide_on_root([&] { prepare_output(cl.opt); });
    } catch (const usage_error& e) {
        if (root) std::cerr << "geomint: error: " << one_line(e.what()) << " (see --help)\n";
        return 2;
    }
    try {
        const options& o = cl.opt;
        if (o.precision == "double") run<double>(o, cl.experiments);
        if (o.precision == "mp50") run<geomint::mp<50>>(o, cl.experiments);
#if !defined(GEOMINT_PROGRAM_TEST_PRECISIONS)  // the test build's program: double and mp50 only
        if (o.precision == "quad") run<geomint::quad>(o, cl.experiments);
#if defined(GEOMINT_HAS_MPFR)
        if (o.precision == "mpfr50") run<geomint::mpfr<50>>(o, cl.experiments);
#endif
#if defined(GEOMINT_HAS_QD)
        if (o.precision == "dd") run<geomint::dd>(o, cl.experiments);
#endif
#endif
        if (root) {
            if (cl.experiments.count("drift")) run_drift(o);
            if (cl.experiments.count("galerkin-pendulum")) run_galerkin_pendulum(o);
            if (cl.experiments.count("henon-heiles-section")) run_henon_heiles_section(o);
            if (cl.experiments.count("kepler-pericentre")) run_kepler_pericentre(o);
            if (cl.experiments.count("damped-pendulum")) run_damped_pendulum(o);
            if (cl.experiments.count("constrained-pendulum")) run_constrained_pendulum(o);
            if (cl.experiments.count("adaptive-kepler")) run_adaptive_kepler(o);
            if (cl.experiments.count("pythagorean")) run_pythagorean(o);
            if (cl.experiments.count("dzhanibekov")) run_dzhanibekov(o);
            if (cl.experiments.count("banana-orbit")) run_banana_orbit(o);
            std::cerr << "geomint: outputs written to " << o.out.string() << "\n";
        }
        return 0;
    } catch (const members_failed& e) {  // thrown on every rank alike
        if (root) std::cerr << "geomint: error: " << one_line(e.what()) << "\n";
        return 3;
    } catch (const std::exception& e) {
        std::cerr << "geomint: error" << (rank_count() > 1 ? " (rank " + std::to_string(rank()) + ")" : std::string())
                  << ": " << one_line(e.what()) << "\n";
        abort_all_ranks(1);  // the other ranks may be waiting for this one
        return 1;
    }
}
