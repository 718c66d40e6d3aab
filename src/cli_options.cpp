#include "cli_options.hpp"
#include "model_files.hpp"

#include "figure.hpp"
#include "parse_options.hpp"
#include "output.hpp"

#include <boost/program_options.hpp>

#include <algorithm>
#include <charconv>
#include <iterator>
#include <fstream>
#include <sstream>

namespace geomint::cli {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {
const std::set<std::string>& experiment_set() {
    static const std::set<std::string> s = [] {
        std::set<std::string> r;
        std::stringstream ss(all_experiments());
        for (std::string item; std::getline(ss, item, ',');) r.insert(item);
        return r;
    }();
    return s;
}

/// A count option: its name, help, documented range and where the parsed value goes.
struct count_option {
    const char* name;
    const char* help;
    unsigned long long min, max;
    std::size_t options::*field;
};

/// An unsigned decimal count: digits only (no sign, space, fraction or exponent), within range.
std::size_t parse_count(const count_option& r, const std::string& text) {
    const std::string where = "--" + std::string(r.name) + " '" + text + "'";
    const std::string range = "[" + std::to_string(r.min) + ", " + std::to_string(r.max) + "]";
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        throw usage_error(where + " is not a whole number in " + range);
    unsigned long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < r.min || v > r.max)
        throw usage_error(where + " is outside " + range);
    return static_cast<std::size_t>(v);
}

const std::vector<count_option>& count_options() {
    static const std::vector<count_option> c{
        {"drift-steps", "steps of the rounding-drift run (h = 0.1 tbar),", 10, 1000000000ULL, &options::drift_steps},
        {"table1-periods", "J of the pendulum paper's Table 1 (periods before the second window),", 1, 100000000ULL,
         &options::table1_periods},
        {"truss-steps", "steps of the tumbling-truss and spinning-triangle runs,", 10, 100000000ULL,
         &options::truss_steps},
        {"galerkin-steps", "steps of the Galerkin VI energy run on the nonlinear double pendulum (h = tbar/100),", 100,
         100000000ULL, &options::galerkin_steps},
        {"galerkin-horizon", "time span of the Galerkin work-precision runs, in tbar,", 1, 100000ULL,
         &options::galerkin_horizon},
        {"section-time", "end time of the Henon-Heiles Poincare-section runs,", 50, 1000000ULL, &options::section_time},
        {"kepler-periods", "periods of the Kepler pericentre-timing runs,", 20, 10000000ULL, &options::kepler_periods},
        {"adaptive-orbits", "orbits of the adaptive-step Kepler runs (e = 0.99),", 10, 10000000ULL,
         &options::adaptive_orbits},
        {"dzhanibekov-flips", "intermediate-axis flips of the rigid-body runs,", 10, 10000000ULL, &options::dzhanibekov_flips},
        {"banana-gyrations", "gyrations of the banana-orbit runs (sampled every 10),", 20, 10000000ULL,
         &options::banana_gyrations},
        {"constrained-steps", "steps of the constrained double-pendulum runs (h = tbar/100),", 1000, 100000000ULL,
         &options::constrained_steps},
        {"noise-members", "members per noise level and step size of the noisy-(M, K) study,", 2, 100000ULL,
         &options::noise_members},
        {"threads",
         "threads computing the members of a sweep in one process (under mpirun each rank computes one member at a "
         "time),",
         1, 256, &options::threads}};
    return c;
}

po::options_description description(std::string& precision, std::string& out, std::string& only,
                                    std::vector<std::string>& counts) {
    const options d;
    po::options_description desc(
        "geomint: reproduce Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Section 6,\n"
        "Cieslinski & Ratkiewicz, Tables 1-4 and Figures 12-16, and Graham & Jelenic's\n"
        "Algorithm MC demonstrations, and the Galerkin variational integrators on the\n"
        "nonlinear double pendulum, and dense output with events (Henon-Heiles sections,\n"
        "Kepler pericentre timing), and the noisy-(M, K) study. The sweeps (pendulum-tables,\n"
        "pendulum-figures, pendulum-table1, noise) run their members across MPI ranks under mpirun -np K.\n\nOptions");
    desc.add_options()("help,h", "print this help")("version", "print the version and exit")(
        "precision,p", po::value(&precision)->default_value(d.precision), precision_choices(program_part::experiments).c_str())(
        "out,o", po::value(&out)->default_value(d.out.string()), "output folder (created if missing)")(
        "only", po::value(&only)->default_value(all_experiments()),
        ("comma-separated subset of: " + all_experiments()).c_str());
    counts.resize(count_options().size());
    for (std::size_t k = 0; k < counts.size(); ++k) {
        const auto& c = count_options()[k];
        desc.add_options()(c.name, po::value(&counts[k])->default_value(std::to_string(d.*c.field)),
                           (c.help + std::string(" [") + std::to_string(c.min) + ", " + std::to_string(c.max) + "]")
                               .c_str());
    }
    desc.add_options()("no-plots", "write CSV only, no PNG");
    return desc;
}
}  // namespace

po::variables_map parse_options(int argc, const char* const* argv, const po::options_description& desc) {
    po::variables_map vm;
    try {
        const auto parsed = po::command_line_parser(argc, argv).options(desc).run();
        // positional words are not options of this program (program_options would drop them)
        const auto extra = po::collect_unrecognized(parsed.options, po::include_positional);
        if (!extra.empty()) throw usage_error("unexpected argument '" + extra.front() + "' (every option starts with --)");
        po::store(parsed, vm);
        po::notify(vm);
    } catch (const po::error& e) {
        throw usage_error(e.what());
    }
    return vm;
}

namespace {
/// Whether this program has `part`'s code at `precision`, one of the scalars it knows: all of
/// them, except in the test build's program (GEOMINT_PROGRAM_TEST_PRECISIONS), which compiles the
/// precisions its tests run only (src/CMakeLists.txt).
bool built_at([[maybe_unused]] const std::string& precision, [[maybe_unused]] program_part part) {
#if defined(GEOMINT_PROGRAM_TEST_PRECISIONS)
    if (part == program_part::experiments) return precision == "double" || precision == "mp50";
    return precision != "quad";
#else
    return true;
#endif
}
}  // namespace

std::string precision_choices(program_part part) {
    std::string choices;
    for (const char* p : {"double", "quad", "mp50",
#if defined(GEOMINT_HAS_MPFR)
                          "mpfr50",
#endif
#if defined(GEOMINT_HAS_QD)
                          "dd",
#endif
         }) {
        if (!built_at(p, part)) continue;
        choices += (choices.empty() ? "" : " | ") + std::string(p);
    }
    return choices;
}

void check_precision(const std::string& precision, const std::string& option, program_part part) {
    if (precision != "double" && precision != "quad" && precision != "mp50") {
        // the optional scalars: whether this program was built with their component
        struct optional_precision {
            const char* name;
            bool built;
            const char* without;
        };
        const optional_precision optional[] = {
#if defined(GEOMINT_HAS_MPFR)
            {"mpfr50", true, ""},
#else
            {"mpfr50", false, "MPFR (the component geomint::mp; Debian packages libmpfr-dev and libgmp-dev)"},
#endif
#if defined(GEOMINT_HAS_QD)
            {"dd", true, ""},
#else
            {"dd", false, "QD (the component geomint::qd; Debian package libqd-dev)"},
#endif
        };
        const auto o = std::find_if(std::begin(optional), std::end(optional),
                                    [&](const optional_precision& c) { return precision == c.name; });
        if (o == std::end(optional))
            throw usage_error(option + " " + excerpt(precision) + " is not one of " + precision_choices(part));
        if (!o->built) throw usage_error(option + " " + o->name + ": this geomint was built without " + o->without);
    }
    if (!built_at(precision, part))
        throw usage_error(option + " " + precision + ": this is the test build's geomint (configured with " +
                          "GEOMINT_COMPILE_FAST), built at " + precision_choices(part) +
                          " only; scripts/run-main.sh builds every precision");
}

const std::string& all_experiments() {
    static const std::string s =
        "table2,figures,drift,pendulum-tables,pendulum-figures,pendulum-table1,truss-tumbling,truss-spinning,"
        "truss-convergence,galerkin-pendulum,henon-heiles-section,kepler-pericentre,damped-pendulum,constrained-pendulum,"
        "adaptive-kepler,pythagorean,dzhanibekov,banana-orbit,noise";
    return s;
}

std::string help_text() {
    std::string a, b, c;
    std::vector<std::string> counts;
    std::ostringstream s;
    s << description(a, b, c, counts)
      << "\nOutputs (in --out): table2.csv/.txt, fig2..fig8 *.csv/*.png, drift.csv/.txt/.png,\n"
         "pendulum_tables.csv/.txt, pendulum_table1.csv/.txt, pfig12..pfig16 *.csv/*.png,\n"
         "truss_tumbling.csv/.txt, truss_energy.png, truss_momenta.png, truss_spinning.csv/.txt/.png,\n"
         "truss_convergence.csv/.txt/.png, galerkin_linearization.csv/.png, galerkin_energy.csv/.png,\n"
         "galerkin_work_precision.csv/.png, galerkin_pendulum.txt, henon_heiles_section.csv/.txt/.png,\n"
         "henon_heiles_rounding.png, kepler_pericentre.csv/.txt/.png, damped_pendulum.csv/.txt/.png,\n"
         "constrained_pendulum.csv/.txt/.png, adaptive_kepler.csv/.txt/.png, adaptive_kepler_steps.csv,\n"
         "pythagorean.csv/.txt/.png, dzhanibekov.csv/.txt/.png, banana_orbit.csv/.txt/.png,\n"
         "banana_orbit_work.csv, noise_members.csv, noise.csv/.txt/.png;\n"
         "the sweeps also write <name>_members.csv (one row per member, full precision) and, while\n"
         "running, its .journal: a rerun after an interruption skips the members it holds.\n"
         "Exit codes: 0 success, 1 a failure during the run (no partial file is left), 2 a bad command line,\n"
         "3 some members of a sweep failed (<name>_members.csv.failures.csv lists them).\n"
         "\nOn a cluster: mpirun -np K geomint --only pendulum-tables --precision mp50 (rank 0 writes).\n"
         "\nTo integrate your own structural model (Matrix Market M, K, C and CSV load): geomint integrate --help\n";
    return s.str();
}

command_line parse_command_line(int argc, const char* const* argv) {
    command_line r;
    std::string precision, out, only;
    std::vector<std::string> counts;
    const auto desc = description(precision, out, only, counts);
    const po::variables_map vm = parse_options(argc, argv, desc);
    if (vm.count("help")) {
        r.help = true;
        return r;
    }
    if (vm.count("version")) {
        r.version = true;
        return r;
    }
    check_precision(precision, "--precision", program_part::experiments);
    r.opt.precision = precision;
    if (out.empty()) throw usage_error("--out is empty (expected a folder)");
    r.opt.out = out;
    if (only.empty()) throw usage_error("--only is empty (expected a comma-separated subset of " + all_experiments() + ")");
    for (std::size_t start = 0;;) {
        const std::size_t comma = only.find(',', start);
        const std::string item = only.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) throw usage_error("--only '" + only + "' has an empty item");
        if (!experiment_set().count(item))
            throw usage_error("--only: unknown experiment '" + item + "' (expected one of " + all_experiments() + ")");
        r.experiments.insert(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    for (std::size_t k = 0; k < counts.size(); ++k)
        r.opt.*count_options()[k].field = parse_count(count_options()[k], counts[k]);
    r.opt.plots = !vm.count("no-plots");
    return r;
}

void prepare_output(const options& o) {
    const std::string where = "--out '" + o.out.string() + "'";
    std::error_code ec;
    const auto st = fs::status(o.out, ec);
    if (fs::exists(st) && !fs::is_directory(st)) throw usage_error(where + " exists and is not a folder");
    if (!fs::exists(st)) {
        fs::create_directories(o.out, ec);
        if (ec) throw usage_error(where + " cannot be created: " + ec.message());
    }
    const fs::path probe = temporary_beside(o.out / "write-test");
    {
        std::ofstream f(probe);
        f << "x";
        f.flush();
        if (!f) {
            fs::remove(probe, ec);
            throw usage_error(where + " is not writable");
        }
    }
    fs::remove(probe, ec);
    if (o.plots && !gnuplot_available())
        throw usage_error("gnuplot is not on PATH: install gnuplot-nox (scripts/setup.sh does) or pass --no-plots");
}

}  // namespace geomint::cli
