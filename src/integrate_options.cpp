#include "integrate_options.hpp"

#include "cli_options.hpp"
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
/// A finite decimal number (from_chars' grammar: optional '-', digits, '.', exponent); nothing else.
std::optional<double> decimal(const std::string& text) {
    if (text.empty()) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

double require_decimal(const std::string& option, const std::string& text) {
    const auto v = decimal(text);
    if (!v) throw usage_error("--" + option + " '" + text + "' is not a finite decimal number");
    return *v;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> r;
    std::size_t start = 0;
    for (;;) {
        const std::size_t k = s.find(sep, start);
        r.push_back(s.substr(start, k == std::string::npos ? std::string::npos : k - start));
        if (k == std::string::npos) return r;
        start = k + 1;
    }
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

struct raw {
    std::string mass, stiffness, damping, rayleigh, load, q0, p0, scheme, dt, t0, t1, precision, dofs, rho, rows, out;
};

po::options_description description(raw& r) {
    po::options_description d(
        "geomint integrate: integrate a user's structural model M q'' + C q' + K q = f(t)\n"
        "(Matrix Market matrices, CSV vectors and load history) by a structure-preserving scheme\n\nOptions");
    d.add_options()("help,h", "print this help")(
        "mass", po::value(&r.mass), "M: Matrix Market file (symmetric positive definite), required")(
        "stiffness", po::value(&r.stiffness), "K: Matrix Market file (symmetric positive semidefinite), required")(
        "damping", po::value(&r.damping), "C: Matrix Market file (symmetric positive semidefinite)")(
        "rayleigh", po::value(&r.rayleigh), "A,B: Rayleigh damping C = A M + B K (A, B >= 0)")(
        "load", po::value(&r.load),
        "CSV load history: rows t,f_1,...,f_n with increasing t covering [t0, t1], interpolated linearly")(
        "q0", po::value(&r.q0), "CSV: the n initial coordinates, required")(
        "p0", po::value(&r.p0), "CSV: the n initial momenta p = M q' (default 0)")(
        "scheme", po::value(&r.scheme),
        "simpson | newmark | hht | generalized-alpha | galerkin:D (D = 1..4, order 2D), required")(
        "dt", po::value(&r.dt), "step size, > 0, required")("t0", po::value(&r.t0)->default_value("0"), "start time")(
        "t1", po::value(&r.t1), "end time, > t0, required")(
        "rho-infinity", po::value(&r.rho), "spectral radius at infinite step of hht (0.5..1) or generalized-alpha (0..1); default 0.9")(
        "precision", po::value(&r.precision)->default_value("double"), "double | quad | mp50")(
        "dofs", po::value(&r.dofs), "comma-separated 1-based indices of the coordinates written (default: up to the first 5)")(
        "rows", po::value(&r.rows)->default_value("2000"), "at most this many output rows, 2..1000000")(
        "out,o", po::value(&r.out), "output folder (created if missing), required")(
        "no-plots", "write CSV only, no PNG");
    return d;
}
}  // namespace

std::string integrate_help_text() {
    raw r;
    std::ostringstream s;
    s << description(r)
      << "\nOutputs (in --out): trajectory.csv (t, the chosen q_i, energy, work of f, energy dissipated by C,\n"
         "balance residual), trajectory.png, summary.txt.\n"
         "Exit codes: 0 success, 1 a failure during the run (no partial file is left), 2 a bad command line\n"
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
    for (const char* required : {"mass", "stiffness", "q0", "scheme", "dt", "t1", "out"})
        if (!vm.count(required) || vm[required].as<std::string>().empty())
            throw usage_error(std::string("--") + required + " is required");
    o.mass = r.mass;
    o.stiffness = r.stiffness;
    o.q0 = r.q0;
    o.out = r.out;
    if (!r.p0.empty()) o.p0 = r.p0;
    if (!r.load.empty()) o.load = r.load;
    if (vm.count("damping") && vm.count("rayleigh")) throw usage_error("--damping and --rayleigh exclude each other");
    if (vm.count("damping")) {
        if (r.damping.empty()) throw usage_error("--damping is empty (expected a Matrix Market file)");
        o.damping = r.damping;
    }
    if (vm.count("rayleigh")) {
        const auto parts = split(r.rayleigh, ',');
        if (parts.size() != 2) throw usage_error("--rayleigh '" + r.rayleigh + "' is not A,B");
        for (const auto& p : parts)
            if (const auto v = decimal(p); !v || *v < 0)
                throw usage_error("--rayleigh '" + r.rayleigh + "': '" + p + "' is not a finite decimal >= 0");
        o.rayleigh = std::make_pair(parts[0], parts[1]);
    }
    if (r.scheme == "simpson" || r.scheme == "newmark" || r.scheme == "hht" || r.scheme == "generalized-alpha") {
        o.scheme = r.scheme;
    } else if (r.scheme.rfind("galerkin:", 0) == 0 && r.scheme.size() == 10 && r.scheme[9] >= '1' && r.scheme[9] <= '4') {
        o.scheme = "galerkin";
        o.galerkin_degree = static_cast<unsigned>(r.scheme[9] - '0');
    } else {
        throw usage_error("--scheme '" + r.scheme + "' is not one of simpson, newmark, hht, generalized-alpha, galerkin:D (D = 1..4)");
    }
    const double dt = require_decimal("dt", r.dt), t0 = require_decimal("t0", r.t0), t1 = require_decimal("t1", r.t1);
    if (!(dt > 0)) throw usage_error("--dt '" + r.dt + "' is not > 0");
    if (!(t1 > t0)) throw usage_error("--t1 '" + r.t1 + "' is not after --t0 '" + r.t0 + "'");
    if ((t1 - t0) / dt > 1e9) throw usage_error("--dt '" + r.dt + "' makes more than 10^9 steps over [t0, t1]");
    o.dt = r.dt;
    o.t0 = r.t0;
    o.t1 = r.t1;
    if (vm.count("rho-infinity")) {
        if (o.scheme != "hht" && o.scheme != "generalized-alpha")
            throw usage_error("--rho-infinity applies to --scheme hht or generalized-alpha only");
        const double rho = require_decimal("rho-infinity", r.rho);
        const double low = o.scheme == "hht" ? 0.5 : 0.0;
        if (rho < low || rho > 1)
            throw usage_error("--rho-infinity '" + r.rho + "' is outside [" + (o.scheme == "hht" ? "0.5" : "0") + ", 1]");
        o.rho_infinity = r.rho;
    }
    if (r.precision != "double" && r.precision != "quad" && r.precision != "mp50")
        throw usage_error("--precision '" + r.precision + "' is not one of double, quad, mp50");
    o.precision = r.precision;
    if (vm.count("dofs")) {
        for (const auto& item : split(r.dofs, ',')) {
            unsigned long long v = 0;
            const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
            if (item.empty() || ec != std::errc() || end != item.data() + item.size() || v < 1 || v > 100000000ULL)
                throw usage_error("--dofs '" + r.dofs + "': '" + item + "' is not a positive whole number");
            o.dofs.push_back(static_cast<std::size_t>(v - 1));
        }
    }
    {
        unsigned long long v = 0;
        const auto [end, ec] = std::from_chars(r.rows.data(), r.rows.data() + r.rows.size(), v);
        if (r.rows.empty() || ec != std::errc() || end != r.rows.data() + r.rows.size() || v < 2 || v > 1000000)
            throw usage_error("--rows '" + r.rows + "' is not a whole number in [2, 1000000]");
        o.rows = static_cast<std::size_t>(v);
    }
    o.plots = !vm.count("no-plots");
    return o;
}

market_header validate_matrix_market(const std::string& option, const fs::path& file) {
    const std::string where = "--" + option + " '" + file.string() + "'";
    std::ifstream in(file);
    if (!in) throw usage_error(where + " cannot be opened");
    market_header h;
    std::string line;
    long long number = 0, seen = 0;
    bool sizes = false;
    const auto fail = [&](const std::string& what) {
        throw usage_error(where + " line " + std::to_string(number) + ": " + what);
    };
    if (!std::getline(in, line)) throw usage_error(where + " is empty (expected a Matrix Market file)");
    number = 1;
    {
        std::istringstream banner(line);
        std::string tag, object, format, field, symmetry;
        banner >> tag >> object >> format >> field >> symmetry;
        const auto lower = [](std::string s) {
            for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            return s;
        };
        if (tag != "%%MatrixMarket" || lower(object) != "matrix")
            fail("not a Matrix Market banner (expected '%%MatrixMarket matrix coordinate real general')");
        if (lower(format) != "coordinate") fail("format '" + format + "' is not supported (expected coordinate)");
        if (lower(field) != "real" && lower(field) != "integer") fail("field '" + field + "' is not real or integer");
        if (lower(symmetry) == "symmetric") h.symmetric = true;
        else if (lower(symmetry) != "general") fail("symmetry '" + symmetry + "' is not general or symmetric");
    }
    while (std::getline(in, line)) {
        ++number;
        const std::string t = trim(line);
        if (t.empty() || t[0] == '%') continue;
        std::istringstream s(t);
        if (!sizes) {
            if (!(s >> h.rows >> h.cols >> h.entries) || h.rows < 1 || h.cols < 1 || h.entries < 0)
                fail("'" + t + "' is not a size line 'rows cols entries' of positive counts");
            std::string rest;
            if (s >> rest) fail("unexpected '" + rest + "' after the size line");
            sizes = true;
            continue;
        }
        long long i = 0, j = 0;
        std::string value, rest;
        if (!(s >> i >> j >> value)) fail("'" + t + "' is not an entry 'i j value'");
        if (s >> rest) fail("unexpected '" + rest + "' after the entry");
        if (i < 1 || i > h.rows || j < 1 || j > h.cols)
            fail("entry (" + std::to_string(i) + ", " + std::to_string(j) + ") is outside the " + std::to_string(h.rows) +
                 " x " + std::to_string(h.cols) + " matrix");
        if (!decimal(value)) fail("value '" + value + "' is not a finite decimal number");
        if (++seen > h.entries) fail("more entries than the " + std::to_string(h.entries) + " declared");
    }
    if (!sizes) throw usage_error(where + " has no size line");
    if (seen != h.entries)
        throw usage_error(where + " has " + std::to_string(seen) + " entries but declares " + std::to_string(h.entries));
    if (h.symmetric && h.rows != h.cols) throw usage_error(where + " is declared symmetric but is not square");
    return h;
}

std::vector<std::vector<std::string>> read_number_table(const std::string& option, const fs::path& file) {
    const std::string where = "--" + option + " '" + file.string() + "'";
    std::ifstream in(file);
    if (!in) throw usage_error(where + " cannot be opened");
    std::vector<std::vector<std::string>> rows;
    std::string line;
    for (long long number = 1; std::getline(in, line); ++number) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') continue;
        std::vector<std::string> cells;
        for (const auto& cell : split(t, ',')) {
            const std::string c = trim(cell);
            if (!decimal(c))
                throw usage_error(where + " line " + std::to_string(number) + ": '" + c + "' is not a finite decimal number");
            cells.push_back(c);
        }
        rows.push_back(std::move(cells));
    }
    if (rows.empty()) throw usage_error(where + " holds no number");
    return rows;
}

}  // namespace geomint::cli
