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
    std::filesystem::path mass, stiffness, damping, load, q0, p0, out;
    std::optional<std::pair<std::string, std::string>> rayleigh;  ///< --rayleigh A,B
    std::string scheme;            ///< simpson | newmark | hht | generalized-alpha | galerkin
    unsigned galerkin_degree = 0;  ///< for galerkin:D, 1 <= D <= 4
    std::string dt, t0 = "0", t1;  ///< decimal text; dt > 0, t1 > t0
    std::string rho_infinity;      ///< --rho-infinity (hht, generalized-alpha); empty: the stepper's default
    std::string precision = "double";
    std::vector<std::size_t> dofs;  ///< 0-based indices of the written coordinates (--dofs is 1-based)
    std::size_t rows = 2000;        ///< at most this many output rows (every k-th step, plus the last)
    bool plots = true;
    bool help = false;
};

/// The --help text of `geomint integrate`.
std::string integrate_help_text();

/// Parse and check `geomint integrate`'s arguments (argv[0] is "integrate"): required options
/// present, --damping and --rayleigh not both, numbers finite decimals with dt > 0, t1 > t0,
/// 0 <= rho <= 1, --dofs a list of positive integers, --scheme known. No file system access.
/// \throws usage_error naming the option, the value and the rule.
integrate_options parse_integrate_command_line(int argc, const char* const* argv);

/// A Matrix Market file's header, validated line by line (`validate_matrix_market`).
struct market_header {
    long long rows = 0, cols = 0, entries = 0;
    bool symmetric = false;  ///< only the lower or upper triangle is stored
};

/// Validate a Matrix Market file before it is read (Eigen's loadMarket checks nothing and reports
/// no line): banner "%%MatrixMarket matrix coordinate real|integer general|symmetric", a size line,
/// then exactly `entries` lines "i j value" with 1 <= i <= rows, 1 <= j <= cols and a finite
/// decimal value, nothing else but comments and blank lines.
/// \throws usage_error naming `option`, the file, the line number and what is wrong (or that the
///         file cannot be opened).
market_header validate_matrix_market(const std::string& option, const std::filesystem::path& file);

/// A CSV file of numbers: rows of comma-separated finite decimals (blank lines and lines starting
/// with '#' skipped), each row's cells as written. \throws usage_error naming `option`, the file
/// and the line of the first bad cell, or that the file cannot be opened or holds no number.
std::vector<std::vector<std::string>> read_number_table(const std::string& option, const std::filesystem::path& file);

}  // namespace geomint::cli
