#pragma once
// The command line of `geomint integrate` (a user's structural model M q'' + C q' + K q = f(t)
// from Matrix Market and CSV files), parsed and checked before any file is read or written:
// every mistake is one `geomint: error:` line and exit code 2.
#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace geomint::cli {

/// What `geomint integrate` was asked to do. Numbers are kept as the decimal text the user
/// wrote (checked here in double) and converted in the run's precision.
struct integrate_options {
    std::filesystem::path mass, stiffness, damping, load, q0, v0, p0, dof_map, out;  ///< empty: not given
    std::optional<std::pair<std::string, std::string>> rayleigh;  ///< --rayleigh A,B
    std::string scheme;            ///< simpson | newmark | hht | generalized-alpha | galerkin
    unsigned galerkin_degree = 0;  ///< for galerkin:D, 1 <= D <= 4
    std::string dt, t0 = "0", t1;  ///< decimal text; dt > 0, t1 > t0
    std::string rho_infinity;      ///< --rho-infinity (hht, generalized-alpha), or from --alpha; empty: the default
    std::string hht_alpha;         ///< --alpha (hht): Hilber's alpha in [-1/3, 0]; empty: not given
    std::string precision = "double";
    /// --dofs as written: 1-based equation numbers ("12") or, with a dof map, "node.direction" ("7.2").
    std::vector<std::string> dofs;
    std::size_t rows = 2000;  ///< at most this many output rows (every k-th step, plus the last)
    bool plots = true;
    bool help = false;
};

/// The scheme names `--scheme` accepts: the canonical ones and their aliases (hht-alpha,
/// generalized_alpha, ...), galerkin:D for D = 1..4.
std::vector<std::string> integrate_scheme_names();

/// The --help text of `geomint integrate`.
std::string integrate_help_text();

/// Parse and check `geomint integrate`'s arguments (argv[0] is "integrate"): required options
/// present (--calculix JOB stands for --stiffness JOB.sti --mass JOB.mas --dof-map JOB.dof),
/// --damping and --rayleigh not both, --v0 and --p0 not both, numbers finite decimals with
/// dt > 0, t1 > t0, rho in the scheme's range, --dofs a list of positive integers or, with a dof
/// map, node.direction pairs, --scheme known. No file system access.
/// \throws usage_error naming the option, the value and the rule.
integrate_options parse_integrate_command_line(int argc, const char* const* argv);

}  // namespace geomint::cli
