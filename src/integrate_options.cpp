#include "integrate_options.hpp"

#include "cli_options.hpp"
#include "model_files.hpp"
#include "parse_options.hpp"

#include <boost/program_options.hpp>

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

namespace geomint::cli {
namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace {
double require_decimal(const std::string& option, const std::string& text) {
    const auto v = finite_decimal(text);
    if (!v) throw usage_error("--" + option + " " + excerpt(text) + " is not a finite decimal number");
    return *v;
}

struct raw {
    std::string mass, stiffness, damping, rayleigh, load, q0, v0, p0, calculix, dof_map, scheme, dt, t0, t1, precision,
        dofs, rho, alpha, rows, out;
};

po::options_description description(raw& r) {
    po::options_description d(
        "geomint integrate: integrate a user's structural model M q'' + C q' + K q = f(t)\n"
        "(matrices from Matrix Market or CalculiX files, CSV vectors and load history) by a\n"
        "structure-preserving scheme\n\nOptions");
    d.add_options()("help,h", "print this help")(
        "calculix", po::value(&r.calculix),
        "JOB: CalculiX's files JOB.sti (K), JOB.mas (M) and JOB.dof (the equations' node.direction), written by a "
        "step '*FREQUENCY, SOLVER=MATRIXSTORAGE'")(
        "mass", po::value(&r.mass),
        "M: Matrix Market file, or CalculiX's .mas (symmetric positive definite); required without --calculix")(
        "stiffness", po::value(&r.stiffness),
        "K: Matrix Market file, or CalculiX's .sti (symmetric positive semidefinite); required without --calculix")(
        "damping", po::value(&r.damping), "C: Matrix Market file, or CalculiX format (.dmp) (symmetric positive semidefinite)")(
        "rayleigh", po::value(&r.rayleigh), "A,B: Rayleigh damping C = A M + B K (A, B >= 0)")(
        "dof-map", po::value(&r.dof_map),
        "CalculiX's .dof file: names the equations node.direction in --dofs and in the outputs")(
        "load", po::value(&r.load),
        "CSV load history: rows t,f_1,...,f_n with increasing t covering [t0, t1], interpolated linearly")(
        "q0", po::value(&r.q0), "CSV: the n initial coordinates (default 0: from rest)")(
        "v0", po::value(&r.v0), "CSV: the n initial velocities q' (default 0)")(
        "p0", po::value(&r.p0), "CSV: the n initial momenta p = M q' (instead of --v0)")(
        "scheme", po::value(&r.scheme),
        "simpson | newmark | hht | generalized-alpha | galerkin:D (D = 1..4, order 2D), required")(
        "dt", po::value(&r.dt), "step size, > 0, required")("t0", po::value(&r.t0)->default_value("0"), "start time")(
        "t1", po::value(&r.t1), "end time, > t0, required")(
        "rho-infinity", po::value(&r.rho),
        "spectral radius at infinite step of hht (0.5..1) or generalized-alpha (0..1); default 0.9")(
        "alpha", po::value(&r.alpha),
        "hht: Hilber's alpha in [-1/3, 0] (CalculiX's and Abaqus' ALPHA), instead of --rho-infinity")(
        "precision", po::value(&r.precision)->default_value("double"), precision_choices(program_part::integrate).c_str())(
        "dofs", po::value(&r.dofs),
        "comma-separated coordinates written: 1-based equation numbers, or node.direction with a dof map "
        "(default: the first 5)")(
        "rows", po::value(&r.rows)->default_value("2000"), "at most this many output rows, 2..1000000")(
        "out,o", po::value(&r.out), "output folder (created if missing), required")(
        "no-plots", "write CSV only, no PNG");
    return d;
}

/// The canonical name of a scheme as written (aliases accepted), or "".
std::string canonical_scheme(const std::string& s) {
    if (s == "simpson" || s == "newmark") return s;
    if (s == "hht" || s == "hht-alpha" || s == "hht_alpha") return "hht";
    if (s == "generalized-alpha" || s == "generalized_alpha" || s == "galpha") return "generalized-alpha";
    return "";
}
}  // namespace

std::vector<std::string> integrate_scheme_names() {
    return {"simpson",  "newmark",    "hht",        "hht-alpha",  "hht_alpha", "generalized-alpha", "generalized_alpha",
            "galpha",   "galerkin:1", "galerkin:2", "galerkin:3", "galerkin:4"};
}

std::string integrate_help_text() {
    raw r;
    std::ostringstream s;
    s << description(r)
      << "\nOutputs (in --out): trajectory.csv (t, the chosen q_i and v_i, energy, work of f, energy dissipated\n"
         "by C, balance residual), trajectory.png, summary.txt, final_q.csv and final_v.csv (the state at t1, read\n"
         "back by --q0 and --v0 to continue with --t0 t1).\n"
         "Exit codes: 0 success, 1 a failure during the run (no output is left), 2 a bad command line\n"
         "or input file (reported before any computation; nothing is written).\n";
    return s.str();
}

integrate_options parse_integrate_command_line(int argc, const char* const* argv) {
    raw r;
    const auto desc = description(r);
    const po::variables_map vm = parse_options(argc, argv, desc);
    integrate_options o;
    if (vm.count("help")) {
        o.help = true;
        return o;
    }
    const auto given = [&](const char* name) {
        if (!vm.count(name)) return false;
        if (vm[name].as<std::string>().empty()) throw usage_error(std::string("--") + name + " is empty");
        return true;
    };
    if (given("calculix")) {
        for (const char* clash : {"mass", "stiffness", "dof-map"})
            if (vm.count(clash))
                throw usage_error(std::string("--calculix names the files itself: --") + clash + " cannot be given with it");
        o.stiffness = r.calculix + ".sti";
        o.mass = r.calculix + ".mas";
        o.dof_map = r.calculix + ".dof";
    } else {
        for (const char* required : {"mass", "stiffness"})
            if (!given(required)) throw usage_error(std::string("--") + required + " is required (or --calculix JOB)");
        o.mass = r.mass;
        o.stiffness = r.stiffness;
        if (given("dof-map")) o.dof_map = r.dof_map;
    }
    for (const char* required : {"scheme", "dt", "t1", "out"})
        if (!given(required)) throw usage_error(std::string("--") + required + " is required");
    o.out = r.out;
    if (given("q0")) o.q0 = r.q0;
    if (given("v0") && vm.count("p0")) throw usage_error("--v0 and --p0 exclude each other (p0 = M v0)");
    if (given("v0")) o.v0 = r.v0;
    if (given("p0")) o.p0 = r.p0;
    if (given("load")) o.load = r.load;
    if (vm.count("damping") && vm.count("rayleigh")) throw usage_error("--damping and --rayleigh exclude each other");
    if (given("damping")) o.damping = r.damping;
    if (vm.count("rayleigh")) {
        const auto parts = split(r.rayleigh, ',');
        if (parts.size() != 2) throw usage_error("--rayleigh " + excerpt(r.rayleigh) + " is not A,B");
        for (const auto& p : parts)
            if (const auto v = finite_decimal(p); !v || *v < 0)
                throw usage_error("--rayleigh " + excerpt(r.rayleigh) + ": " + excerpt(p) + " is not a finite decimal >= 0");
        o.rayleigh = std::make_pair(parts[0], parts[1]);
    }
    if (const std::string c = canonical_scheme(r.scheme); !c.empty()) {
        o.scheme = c;
    } else if (r.scheme.rfind("galerkin:", 0) == 0 && r.scheme.size() == 10 && r.scheme[9] >= '1' && r.scheme[9] <= '4') {
        o.scheme = "galerkin";
        o.galerkin_degree = static_cast<unsigned>(r.scheme[9] - '0');
    } else {
        throw usage_error("--scheme " + excerpt(r.scheme) +
                          " is not one of simpson, newmark, hht (hht-alpha), generalized-alpha, galerkin:D (D = 1..4)");
    }
    const double dt = require_decimal("dt", r.dt), t0 = require_decimal("t0", r.t0), t1 = require_decimal("t1", r.t1);
    if (!(dt > 0)) throw usage_error("--dt '" + r.dt + "' is not > 0");
    if (!(t1 > t0)) throw usage_error("--t1 '" + r.t1 + "' is not after --t0 '" + r.t0 + "'");
    if ((t1 - t0) / dt > 1e9) throw usage_error("--dt '" + r.dt + "' makes more than 10^9 steps over [t0, t1]");
    o.dt = r.dt;
    o.t0 = r.t0;
    o.t1 = r.t1;
    if (vm.count("rho-infinity") && vm.count("alpha")) throw usage_error("--rho-infinity and --alpha exclude each other");
    if (vm.count("rho-infinity")) {
        if (o.scheme != "hht" && o.scheme != "generalized-alpha")
            throw usage_error("--rho-infinity applies to --scheme hht or generalized-alpha only");
        const double rho = require_decimal("rho-infinity", r.rho);
        const double low = o.scheme == "hht" ? 0.5 : 0.0;
        if (rho < low || rho > 1)
            throw usage_error("--rho-infinity '" + r.rho + "' is outside [" + (o.scheme == "hht" ? "0.5" : "0") + ", 1]");
        o.rho_infinity = r.rho;
    }
    if (vm.count("alpha")) {
        if (o.scheme != "hht") throw usage_error("--alpha applies to --scheme hht only (generalized-alpha: --rho-infinity)");
        const double a = require_decimal("alpha", r.alpha);
        if (a < -1.0 / 3 || a > 0) throw usage_error("--alpha '" + r.alpha + "' is outside [-1/3, 0]");
        o.hht_alpha = r.alpha;
    }
    check_precision(r.precision, "--precision", program_part::integrate);
    o.precision = r.precision;
    if (vm.count("dofs")) {
        for (const auto& item : split(r.dofs, ',')) {
            const auto parts = split(item, '.');
            const auto whole = [](const std::string& t, unsigned long long limit) {
                unsigned long long v = 0;
                const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
                return !t.empty() && ec == std::errc() && end == t.data() + t.size() && v >= 1 && v <= limit;
            };
            const bool equation = parts.size() == 1 && whole(parts[0], 100000000ULL);
            const bool node_direction = parts.size() == 2 && whole(parts[0], 1000000000ULL) && whole(parts[1], 6);
            if (!equation && !node_direction)
                throw usage_error("--dofs " + excerpt(r.dofs) + ": " + excerpt(item) +
                                  " is neither a positive whole number nor node.direction (direction 1..6)");
            if (node_direction && o.dof_map.empty())
                throw usage_error("--dofs " + excerpt(item) + " names node.direction: it needs --dof-map (or --calculix)");
            o.dofs.push_back(item);
        }
    }
    {
        unsigned long long v = 0;
        const auto [end, ec] = std::from_chars(r.rows.data(), r.rows.data() + r.rows.size(), v);
        if (r.rows.empty() || ec != std::errc() || end != r.rows.data() + r.rows.size() || v < 2 || v > 1000000)
            throw usage_error("--rows " + excerpt(r.rows) + " is not a whole number in [2, 1000000]");
        o.rows = static_cast<std::size_t>(v);
    }
    o.plots = !vm.count("no-plots");
    return o;
}

}  // namespace geomint::cli
