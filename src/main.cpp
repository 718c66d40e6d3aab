// `geomint`: reproduces the experiments of the Simpson paper (Table 2, Figures 2-8), the
// rounding-drift report, the pendulum paper (Tables 1-4, Figures 12-16) and the truss paper's
// demonstrations (Algorithm MC: tumbling truss, spinning triangle, convergence). Run `geomint --help`.
#include "experiments.hpp"
#include "pendulum.hpp"
#include "truss.hpp"

#include <geomint/scalar.hpp>

#include <boost/program_options.hpp>

#include <iostream>
#include <set>
#include <sstream>

namespace po = boost::program_options;
using namespace geomint::cli;

namespace {
std::set<std::string> split(const std::string& s) {
    std::set<std::string> out;
    std::stringstream ss(s);
    for (std::string item; std::getline(ss, item, ',');) out.insert(item);
    return out;
}

template <class T>
void run(const options& o, const std::set<std::string>& what) {
    if (what.count("table2")) run_table2<T>(o);
    if (what.count("figures")) run_figures<T>(o);
    if (what.count("pendulum-tables")) run_pendulum_tables<T>(o);
    if (what.count("pendulum-figures")) run_pendulum_figures<T>(o);
    if (what.count("pendulum-table1")) run_pendulum_table1<T>(o);
    if (what.count("truss-tumbling")) run_truss_tumbling<T>(o);
    if (what.count("truss-spinning")) run_truss_spinning<T>(o);
    if (what.count("truss-convergence")) run_truss_convergence<T>(o);
}

const std::string all_experiments =
    "table2,figures,drift,pendulum-tables,pendulum-figures,pendulum-table1,truss-tumbling,truss-spinning,"
    "truss-convergence";
const std::set<std::string> experiments = split(all_experiments);
}  // namespace

int main(int argc, char** argv) {
    options o;
    std::string only = all_experiments;
    std::string out = o.out.string();
    po::options_description desc(
        "geomint: reproduce Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Section 6,\n"
        "Cieslinski & Ratkiewicz, Tables 1-4 and Figures 12-16, and Graham & Jelenic's\n"
        "Algorithm MC demonstrations\n\nOptions");
    desc.add_options()("help,h", "print this help")(
        "precision,p", po::value(&o.precision)->default_value(o.precision), "double | quad | mp50")(
        "out,o", po::value(&out)->default_value(out), "output folder (created if missing)")(
        "only", po::value(&only)->default_value(only), ("comma-separated subset of: " + all_experiments).c_str())(
        "drift-steps", po::value(&o.drift_steps)->default_value(o.drift_steps),
        "steps of the rounding-drift run (h = 0.1 tbar), >= 10")(
        "table1-periods", po::value(&o.table1_periods)->default_value(o.table1_periods),
        "J of the pendulum paper's Table 1 (periods before the second window), >= 1")(
        "truss-steps", po::value(&o.truss_steps)->default_value(o.truss_steps),
        "steps of the tumbling-truss and spinning-triangle runs, >= 10")("no-plots", "write CSV only, no PNG");
    try {
        po::variables_map vm;
        po::store(po::parse_command_line(argc, argv, desc), vm);
        if (vm.count("help")) {
            std::cout << desc
                      << "\nOutputs (in --out): table2.csv/.txt, fig2..fig8 *.csv/*.png, drift.csv/.txt/.png,\n"
                         "pendulum_tables.csv/.txt, pendulum_table1.csv/.txt, pfig12..pfig16 *.csv/*.png,\n"
                         "truss_tumbling.csv/.txt, truss_energy.png, truss_momenta.png, truss_spinning.csv/.txt/.png,\n"
                         "truss_convergence.csv/.txt/.png\n";
            return 0;
        }
        po::notify(vm);
        o.out = out;
        o.plots = !vm.count("no-plots");
        const auto what = split(only);
        for (const auto& w : what)
            if (!experiments.count(w))
                throw po::error("--only: unknown experiment '" + w + "' (expected one of " + all_experiments + ")");
        if (o.table1_periods < 1) throw po::error("--table1-periods must be >= 1, got 0");
        if (o.truss_steps < 10) throw po::error("--truss-steps must be >= 10, got " + std::to_string(o.truss_steps));
        if (o.drift_steps < 10) throw po::error("--drift-steps must be >= 10, got " + std::to_string(o.drift_steps));
        if (o.precision != "double" && o.precision != "quad" && o.precision != "mp50")
            throw po::error("--precision: unknown precision '" + o.precision + "' (expected double, quad or mp50)");
        if (o.precision == "double") run<double>(o, what);
        if (o.precision == "quad") run<geomint::quad>(o, what);
        if (o.precision == "mp50") run<geomint::mp<50>>(o, what);
        if (what.count("drift")) run_drift(o);
        std::cerr << "geomint: outputs written to " << o.out.string() << "\n";
        return 0;
    } catch (const po::error& e) {
        std::cerr << "geomint: error: " << e.what() << " (see --help)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "geomint: error: " << e.what() << "\n";
        return 1;
    }
}
