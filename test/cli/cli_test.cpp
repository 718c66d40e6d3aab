// The `geomint` program as a user meets it: bad command lines fail fast (exit code 2, one
// `geomint: error:` line, no file written), an output path full of quotes, spaces and non-ASCII
// characters reaches no shell (an injection attempt creates nothing) and gets its figures, and
// the figure module refuses a series with nothing to plot. The program is started with an
// argument vector (posix_spawn), never through a shell.
#include "cli_options.hpp"
#include "figure.hpp"
#include "run_program.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace {
using namespace geomint::cli;
using namespace geomint_cli_test;

// Each bad command line: exit code 2, exactly one `geomint: error:` line, nothing written, and
// no computation started (the run takes a fraction of a second; 10 s only guards against a hang).
TEST(CliBadArguments, RefusedUpFrontWithExitCode2) {
    const std::vector<std::vector<std::string>> cases{
        {"--truss-steps", "-1"},       {"--truss-steps=-1"},         {"--drift-steps=-5"},
        {"--table1-periods=-1"},       {"--table1-periods", "0"},    {"--truss-steps", "5"},
        {"--drift-steps", "3"},        {"--truss-steps", "1e3"},     {"--truss-steps", "12.5"},
        {"--galerkin-steps", "99"},    {"--galerkin-horizon", "0"},  {"--galerkin-horizon", "1.5"},
        {"--section-time", "49"},      {"--kepler-periods", "19"},   {"--kepler-periods", "1e4"},
        {"--constrained-steps", "999"},
        {"--truss-steps", " 20"},      {"--drift-steps", "+20"},     {"--drift-steps", "99999999999999999999999"},
        {"--only", ""},                {"--only", "table2,"},        {"--only", ",,"},
        {"--only", "tables"},          {"--precision", "float16"},   {"--precision", ""},
        {"--out", ""},                 {"--bogus"},                  {"positional"},
        {"--only", "drift", "--only", "table2"}, {"--only", "drift\ntable2"},  {"--precision", "quad\n"}};
    for (const auto& args : cases) {
        const fs::path dir = fresh_dir("bad");
        std::vector<std::string> a = args;
        a.insert(a.end(), {"--out", "o"});
        if (args.size() >= 2 && args[0] == "--out") a = args;  // the case is about --out itself
        const outcome r = run(a, dir);
        const std::string err = expect_refused(r, dir, a);
        std::cout << show(a) << " -> " << err << " (" << r.seconds << " s)\n";
    }
}

TEST(CliBadArguments, OutputPathThatIsAFile) {
    const fs::path dir = fresh_dir("out_is_file");
    std::ofstream(dir / "afile") << "keep";
    const outcome r = run({"--out", "afile", "--only", "table2"}, dir);
    EXPECT_EQ(r.code, 2) << r.err;
    EXPECT_NE(r.err.find("exists and is not a folder"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(dir / "afile"), "keep");
    EXPECT_EQ(files_under(dir).size(), 1u);
}

// A path built to break out of a shell command, with spaces, quotes and non-ASCII characters: the
// figures are written into it, and nothing else is created anywhere.
TEST(CliOutputPath, InjectionAttemptCreatesNothingAndFiguresAreWritten) {
    if (!gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
    const fs::path dir = fresh_dir("injection");
    const std::string hostile = "x';touch PWNED;' \"$(touch PWNED2)\" `touch PWNED3` é ü 東";
    const outcome r = run({"--only", "figures", "--out", hostile}, dir);
    ASSERT_EQ(r.code, 0) << r.err;
    for (const auto& p : files_under(dir)) {
        const std::string name = p.filename().string();
        EXPECT_TRUE(name != "PWNED" && name != "PWNED2" && name != "PWNED3") << "created " << p;
    }
    EXPECT_FALSE(fs::exists("PWNED") || fs::exists("PWNED2") || fs::exists("PWNED3"));
    const fs::path out = dir / hostile;
    for (const char* png : {"fig2_q_1tbar.png", "fig3_q_10tbar.png", "fig4_p_10tbar.png", "fig5_phase.png",
                            "fig6_energy.png", "fig7_conserved_form.png", "fig8_convergence.png"}) {
        const std::string bytes = slurp(out / png);
        EXPECT_GT(bytes.size(), 1000u) << png;
        EXPECT_EQ(bytes.substr(0, 4), "\x89PNG") << png;
    }
    for (const auto& p : files_under(out))
        EXPECT_NE(p.filename().string()[0], '.') << "temporary file left: " << p;
}

// Every other figure of the main job, from short runs: each renders (a figure with a series that
// has no plottable point, or any gnuplot warning, fails the run with exit code 1).
TEST(CliFigures, EveryFigureRendersWithoutWarnings) {
    if (!gnuplot_available()) GTEST_SKIP() << "gnuplot is not installed";
    const fs::path dir = fresh_dir("figures");
    const outcome r = run({"--only", "drift,pendulum-figures,truss-tumbling,truss-spinning,truss-convergence,galerkin-pendulum,"
                           "henon-heiles-section,kepler-pericentre,damped-pendulum,constrained-pendulum,banana-orbit",
                           "--drift-steps", "2000", "--banana-gyrations", "20", "--truss-steps", "20", "--galerkin-steps", "200", "--galerkin-horizon", "1",
                           "--section-time", "50", "--kepler-periods", "20", "--constrained-steps", "2000", "--out", "out"},
                          dir);
    ASSERT_EQ(r.code, 0) << r.err;
    for (const char* png : {"drift.png", "pfig12_period_p0_0.1.png", "pfig13_amplitude_p0_1.8.png",
                            "pfig14_mdg_period_p0_0.02.png", "pfig15_period_p0_1.21.png", "pfig16_separatrix.png",
                            "truss_energy.png", "truss_momenta.png", "truss_spinning.png", "truss_convergence.png",
                            "galerkin_linearization.png", "galerkin_energy.png", "galerkin_work_precision.png",
                            "henon_heiles_section.png", "henon_heiles_rounding.png", "kepler_pericentre.png",
                            "damped_pendulum.png", "constrained_pendulum.png", "banana_orbit.png"}) {
        const std::string bytes = slurp(dir / "out" / png);
        EXPECT_GT(bytes.size(), 1000u) << png;
        EXPECT_EQ(bytes.substr(0, 4), "\x89PNG") << png;
    }
    EXPECT_EQ(r.err.find("warning"), std::string::npos) << r.err;
}

// A failure during a run (here a gnuplot that warns) ends with exit code 1 and one error line,
// and leaves no image and no temporary file; the CSVs written before it are complete.
TEST(CliFigures, FailureDuringARunLeavesNoPartialFile) {
    const fs::path dir = fresh_dir("failing_plot");
    fs::create_directories(dir / "bin");
    {
        std::ofstream fake(dir / "bin" / "gnuplot");
        fake << "#!/bin/sh\necho 'gnuplot: warning: Skipping data file with no valid points' >&2\nexit 0\n";
    }
    fs::permissions(dir / "bin" / "gnuplot", fs::perms::owner_all);
    const outcome r = run({"--only", "figures", "--out", "out"}, dir, (dir / "bin").string() + ":/usr/bin:/bin");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.err.find("geomint: error: gnuplot warned"), std::string::npos) << r.err;
    for (const auto& p : files_under(dir / "out")) {
        EXPECT_NE(p.extension(), ".png") << p;
        EXPECT_NE(p.filename().string()[0], '.') << "temporary file left: " << p;
    }
    EXPECT_TRUE(fs::exists(dir / "out" / "fig2_q_1tbar.csv"));
}

/// The rows of a CSV the program wrote (no quoting: its cells hold no comma), header dropped.
std::vector<std::vector<std::string>> csv_rows(const fs::path& p) {
    std::vector<std::vector<std::string>> rows;
    std::istringstream in(slurp(p));
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::stringstream ls(line);
        for (std::string c; std::getline(ls, c, ',');) cells.push_back(c);
        rows.push_back(cells);
    }
    return rows;
}

// What docs/observe.md says of the dense-output experiments, kept true on short runs: over 300 Kepler
// periods the pericentre timing error of the symplectic steppers grows like k (ten times from
// k = 30 to 300) and dopri5's like k² (about a hundred times); the Hénon–Heiles sections at
// E = 1/12 (all regular) agree at double and mp50 to rounding, 1e-12, and some orbit at E = 1/8
// (chaotic) departs by more than 1e-6 within t = 1000; the energy at every crossing is E to the
// scheme's error (yoshida6, h = 1/20: below 1e-9).
TEST(CliEvents, TimingErrorGrowthAndSectionRounding) {
    const fs::path dir = fresh_dir("events");
    const outcome r = run({"--only", "henon-heiles-section,kepler-pericentre", "--section-time", "1000", "--kepler-periods",
                           "300", "--no-plots", "--out", "out"},
                          dir);
    ASSERT_EQ(r.code, 0) << r.err;
    std::map<std::string, std::vector<std::pair<double, double>>> err;  // method, setting -> (k, |t_k - 2 pi k|)
    for (const auto& row : csv_rows(dir / "out" / "kepler_pericentre.csv")) {
        ASSERT_EQ(row.size(), 5u);
        err[row[0] + ", " + row[1]].push_back({std::stod(row[2]), std::stod(row[4])});
    }
    ASSERT_EQ(err.size(), 4u);
    for (const auto& [method, e] : err) {
        ASSERT_EQ(e.back().first, 300.0) << method;
        const auto from = std::find_if(e.begin(), e.end(), [](const auto& x) { return x.first >= 30; });
        ASSERT_NE(from, e.end());
        const double exponent = std::log(e.back().second / from->second) / std::log(e.back().first / from->first);
        const bool symplectic = method.rfind("geomint", 0) == 0;
        EXPECT_NEAR(exponent, symplectic ? 1.0 : 2.0, symplectic ? 0.02 : 0.1) << method;
    }
    double regular = 0, chaotic = 0, energy = 0;
    for (const auto& row : csv_rows(dir / "out" / "henon_heiles_section.csv")) {
        ASSERT_EQ(row.size(), 9u);
        const double deviation = std::stod(row[8]);
        if (std::isnan(deviation)) continue;  // a crossing the other precision does not have
        double& worst = row[0] == "1/12" ? regular : chaotic;
        worst = std::max(worst, deviation);
        energy = std::max(energy, std::stod(row[7]));
    }
    EXPECT_LT(regular, 1e-12);
    EXPECT_GT(chaotic, 1e-6);
    EXPECT_LT(energy, 1e-9);
}

// In-process: the parser's verdicts (also run under the sanitizers and by the fuzz run).
TEST(CliParser, CountsRangesAndLists) {
    const auto parse = [](std::vector<std::string> a) {
        a.insert(a.begin(), "geomint");
        std::vector<const char*> v;
        for (const auto& s : a) v.push_back(s.c_str());
        return parse_command_line(int(v.size()), v.data());
    };
    const auto ok = parse({"--truss-steps", "10", "--only", "drift,table2", "-p", "mp50", "--no-plots"});
    EXPECT_EQ(ok.opt.truss_steps, 10u);
    EXPECT_EQ(ok.opt.precision, "mp50");
    EXPECT_FALSE(ok.opt.plots);
    EXPECT_EQ(ok.experiments, (std::set<std::string>{"drift", "table2"}));
    EXPECT_THROW(parse({"--truss-steps=-1"}), usage_error);
    EXPECT_THROW(parse({"--drift-steps", "18446744073709551615"}), usage_error);
    EXPECT_THROW(parse({"--only", "drift,,table2"}), usage_error);
    EXPECT_TRUE(parse({"--help"}).help);
}

// The test build's program (GEOMINT_COMPILE_FAST) has the experiments at double and mp50 and
// `integrate` at all but quad: a precision it left out is refused up front (exit code 2, nothing
// written) naming the build that has it, and --help lists only what it was built with.
TEST(CliParser, TestBuildNamesThePrecisionsItLeftOut) {
#if defined(GEOMINT_PROGRAM_TEST_PRECISIONS)
    for (const char* p : {"quad", "mpfr50", "dd"}) {
        const fs::path dir = fresh_dir("test_build_precision");
        const std::vector<std::string> a{"--precision", p, "--only", "table2", "--out", "o"};
        const std::string err = expect_refused(run(a, dir), dir, a);
        EXPECT_NE(err.find(std::string("--precision ") + p + ": this is the test build's geomint"), std::string::npos) << err;
        EXPECT_NE(err.find("built at double | mp50 only; scripts/run-main.sh builds every precision"), std::string::npos)
            << err;
    }
    EXPECT_EQ(precision_choices(program_part::experiments), "double | mp50");
    EXPECT_EQ(precision_choices(program_part::integrate).find("quad"), std::string::npos);
    EXPECT_EQ(precision_choices(program_part::integrate).substr(0, 13), "double | mp50");
    const outcome help = run({"--help"}, fresh_dir("test_build_help"));
    EXPECT_EQ(help.code, 0) << help.err;
    EXPECT_NE(help.out.find("double | mp50\n"), std::string::npos) << help.out;
#else
    EXPECT_EQ(precision_choices(program_part::experiments).substr(0, 20), "double | quad | mp50");
    EXPECT_EQ(precision_choices(program_part::experiments), precision_choices(program_part::integrate));
#endif
}

// The figure module: a series with no plottable point is refused by name before gnuplot runs;
// titles cannot close their quotes; the script names no file.
TEST(Figure, RefusesSeriesWithoutPlottablePoints) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const fs::path dir = fresh_dir("figure");
    figure f{"", 1, 1, {panel{"t", "x", "y", false, true, "outside right", {series{"good", {1, 2}, {1, 2}}, series{"zeros", {1, 2}, {0, 0}}}}}};
    try {
        render(f, dir / "a.png");
        FAIL() << "no figure_error";
    } catch (const figure_error& e) {
        EXPECT_NE(std::string(e.what()).find("series 'zeros' has no point that can be plotted"), std::string::npos) << e.what();
    }
    f.panels[0].logy = false;
    f.panels[0].curves[1].y = {nan, std::numeric_limits<double>::infinity()};
    EXPECT_THROW(render(f, dir / "a.png"), figure_error);
    EXPECT_TRUE(files_under(dir).empty());
    figure g{"", 1, 1, {panel{"it's", "x", "y", false, false, "outside right", {series{"a'b", {1}, {nan}}}}}};
    const std::string script = gnuplot_script(g);
    EXPECT_NE(script.find("'it''s'"), std::string::npos) << script;
    EXPECT_NE(script.find("'a''b'"), std::string::npos) << script;
    EXPECT_NE(script.find("NaN NaN"), std::string::npos) << script;
    EXPECT_EQ(script.find("set output"), std::string::npos) << script;
}

}  // namespace
