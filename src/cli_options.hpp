#pragma once
// The command line of the `geomint` program: parsed and validated completely before any
// computation starts, so that every mistake is one `geomint: error:` line and exit code 2
// within a second, and no file is written.
#include <cstddef>
#include <filesystem>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint::cli {

/// What the experiments read.
struct options {
    std::string precision = "double";
    std::filesystem::path out = "out";
    std::size_t drift_steps = 1000000;
    std::size_t table1_periods = 1800000;  ///< J of the pendulum paper's Table 1
    std::size_t truss_steps = 10000;       ///< steps of the tumbling-truss and spinning-triangle runs
    std::size_t galerkin_steps = 100000;   ///< steps of the Galerkin VI energy run (h = t̄/100)
    std::size_t galerkin_horizon = 100;    ///< t̄ of the Galerkin work–precision runs
    std::size_t section_time = 2000;       ///< end time of the Hénon–Heiles section runs
    std::size_t kepler_periods = 10000;    ///< periods of the Kepler pericentre runs
    std::size_t adaptive_orbits = 10000;   ///< orbits of the adaptive-step Kepler runs (e = 0.99)
    std::size_t dzhanibekov_flips = 1000;  ///< intermediate-axis flips of the rigid-body runs
    std::size_t banana_gyrations = 10000;  ///< gyrations of the banana-orbit runs
    std::size_t constrained_steps = 100000;  ///< steps of the constrained double-pendulum runs (h = t̄/100)
    std::size_t noise_members = 16;  ///< members per (σ, step size) of the noisy-(M, K) study
    std::size_t threads = 1;         ///< threads per process for the members of a sweep (without MPI)
    bool plots = true;
};

/// A bad command line (exit code 2). The message names the option, the value and the rule.
class usage_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The parsed command line.
struct command_line {
    options opt;
    std::set<std::string> experiments;  ///< non-empty subset of `all_experiments()`
    bool help = false;                  ///< --help: print `help_text()` and run nothing
    bool version = false;               ///< --version: print the version (GEOMINT_VERSION_STRING) and run nothing
};

/// Every experiment name `--only` accepts, comma-separated.
const std::string& all_experiments();

/// The part of the program a --precision value is for: the papers' experiments or `geomint integrate`.
enum class program_part { experiments, integrate };

/// The precisions --precision accepts, as the help lists them: "double | quad | mp50", then
/// "| mpfr50" when the program was built with MPFR (the component geomint::mp) and "| dd" when
/// built with QD (the component geomint::qd). The test build's program
/// (GEOMINT_PROGRAM_TEST_PRECISIONS, set by GEOMINT_COMPILE_FAST) lists what it was built with:
/// the experiments at double and mp50, `integrate` at all of these but quad.
std::string precision_choices(program_part part);

/// Check a --precision value for `part` (`option`: the option's name in the message).
/// \throws usage_error naming the value and the accepted ones; for mpfr50 or dd in a program
///         built without MPFR or QD, naming the Debian packages that provide them; for a
///         precision the test build's program leaves out, naming the build that has it.
void check_precision(const std::string& precision, const std::string& option, program_part part);

/// The --help text.
std::string help_text();

/// Parse and check the arguments (argv[0] is the program): counts are unsigned decimal integers
/// within their documented ranges (a sign, a fraction or trailing text is refused), --precision
/// one of `precision_choices(program_part::experiments)`, --only a non-empty list of known experiments. No file system
/// access.
/// \throws usage_error naming the option, the offending value and the violated condition.
command_line parse_command_line(int argc, const char* const* argv);

/// Make the output folder usable before computing: create it if missing, refuse a path that
/// exists and is not a folder, confirm it is writable (a temporary file is created and removed),
/// and, when plots are asked for, that gnuplot can be started.
/// \throws usage_error naming the folder and what is wrong.
void prepare_output(const options& o);

}  // namespace geomint::cli
