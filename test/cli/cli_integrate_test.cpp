// `geomint integrate` as an engineer meets it: every bad input (a missing file, a non-square
// matrix, mismatched sizes, a NaN entry, an unsymmetric K, a malformed line, dt <= 0, t1 not after
// t0, an unstable step, a short vector, a load history that does not cover the run) fails fast
// with exit code 2, one `geomint: error:` line naming the file (and line) and nothing written;
// and a small elastic beam — Euler–Bernoulli elements, matrices written by Eigen's saveMarket in
// symmetric storage — released in its first mode comes back after one analytic period.
#include "run_program.hpp"

#include <unsupported/Eigen/SparseExtra>
#include <boost/multiprecision/cpp_bin_float.hpp>

#include <cctype>
#include <cmath>
#include <map>
#include <numbers>
#include <regex>
#include <set>
#include <sstream>

namespace {
using namespace geomint_cli_test;

void write(const fs::path& p, const std::string& text) { std::ofstream(p) << text; }

/// A 3-dof model: M = diag(2, 1, 1), K = chain tridiag(-1, 2, -1) in symmetric storage (lower).
fs::path model_dir(const std::string& name) {
    const fs::path d = fresh_dir(name);
    write(d / "M.mtx", "%%MatrixMarket matrix coordinate real general\n% a comment\n3 3 3\n1 1 2\n2 2 1\n3 3 1\n");
    write(d / "K.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 5\n1 1 2\n2 1 -1\n2 2 2\n3 2 -1\n3 3 2\n");
    write(d / "q0.csv", "0.1\n0\n-0.1\n");
    return d;
}

std::vector<std::string> base() {
    return {"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--q0", "q0.csv", "--scheme", "simpson",
            "--dt", "0.1", "--t1", "1", "--out", "o"};
}

/// `base()` with option `name` set to `value` (added if absent).
std::vector<std::string> with(std::vector<std::string> a, const std::string& name, const std::string& value) {
    for (std::size_t i = 0; i + 1 < a.size(); ++i)
        if (a[i] == name) {
            a[i + 1] = value;
            return a;
        }
    a.push_back(name);
    a.push_back(value);
    return a;
}

struct bad_case {
    std::vector<std::string> args;
    std::map<std::string, std::string> files;  ///< written beside the model before the run
    std::string expected;                      ///< in the error line
};

/// A CalculiX stiffness file S.sti with this text beside a good M.mas, and the expected error.
bad_case calculix_stiffness(const std::string& sti, const std::string& expected) {
    return {with(with(base(), "--stiffness", "S.sti"), "--mass", "M.mas"),
            {{"S.sti", sti}, {"M.mas", "1 1 1\n2 2 1\n3 3 1\n"}},
            expected};
}

TEST(CliIntegrate, BadInputsAreRefusedUpFrontWithExitCode2) {
    const std::vector<bad_case> cases{
        {with(base(), "--mass", "missing.mtx"), {}, "--mass 'missing.mtx' cannot be opened"},
        {with(base(), "--stiffness", "R.mtx"),
         {{"R.mtx", "%%MatrixMarket matrix coordinate real general\n3 2 2\n1 1 1\n2 2 1\n"}},
         "stiffness matrix K is 3x2 (precondition: square"},
        {with(base(), "--stiffness", "K2.mtx"),
         {{"K2.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1\n2 2 1\n"}},
         "M, C, K are 3, 3, 2 square"},
        {with(base(), "--mass", "N.mtx"),
         {{"N.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 3\n1 1 2\n2 2 nan\n3 3 1\n"}},
         "--mass 'N.mtx' line 4: value 'nan' is not a finite decimal number"},
        {with(base(), "--stiffness", "U.mtx"),
         {{"U.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 1 2\n1 2 -1\n2 1 -2\n2 2 2\n3 3 2\n"}},
         "stiffness matrix K is not symmetric"},
        {with(base(), "--stiffness", "B.mtx"),
         {{"B.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 2\n2 x 2\n"}},
         "--stiffness 'B.mtx' line 4: '2 x 2' is not an entry 'i j value'"},
        {with(base(), "--stiffness", "O.mtx"),
         {{"O.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 1\n4 1 2\n"}},
         "line 3: entry (4, 1) is outside the 3 x 3 matrix"},
        {with(base(), "--dt", "0"), {}, "--dt '0' is not > 0"},
        {with(base(), "--dt", "-0.1"), {}, "--dt '-0.1' is not > 0"},
        {with(base(), "--t1", "0"), {}, "--t1 '0' is not after --t0 '0'"},
        {with(with(base(), "--t0", "2"), "--t1", "1"), {}, "--t1 '1' is not after --t0 '2'"},
        {with(base(), "--dt", "2"), {}, "is unstable for simpson: omega_max = "},
        {with(base(), "--q0", "short.csv"), {{"short.csv", "1,2\n"}}, "has 2 numbers but the model has n = 3"},
        {with(base(), "--load", "f.csv"), {{"f.csv", "0,1,0,0\n0.5,1,0,0\n"}}, "covers [0, 0.5], not the whole run"},
        {with(base(), "--load", "g.csv"), {{"g.csv", "0,1,0,0\n0,1,0,0\n2,0,0,0\n"}}, "row 2: time 0 does not increase"},
        {with(base(), "--scheme", "galerkin:7"), {}, "--scheme 'galerkin:7' is not one of"},
        {with(with(base(), "--damping", "K.mtx"), "--rayleigh", "0.1,0.2"), {}, "exclude each other"},
        {with(base(), "--rayleigh", "0.1,-1"), {}, "'-1' is not a finite decimal >= 0"},
        {with(base(), "--dofs", "1,4"), {}, "--dofs: equation 4 is beyond the model's n = 3"},
        // issue 45: the hints and the readable lines
        {with(base(), "--stiffness", "T.mtx"),
         {{"T.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 5\n1 1 2\n2 1 -1\n2 2 2\n3 2 -1\n3 3 2\n"}},
         "declared 'general' but stores entries on one side of the diagonal only: a symmetric matrix stored as one "
         "triangle is declared '%%MatrixMarket matrix coordinate real symmetric'"},
        {with(base(), "--q0", "spaced.csv"), {{"spaced.csv", std::string("0.1 0 -0.1") + std::string(24000, ' ') + "1\n"}},
         "--q0 'spaced.csv' line 1: '0.1 0 -0.1"},
        {with(base(), "--mass", "S.mtx"),
         {{"S.mtx", "%%MatrixMarket matrix coordinate real symmetric\n3 3 4\n1 1 1\n2 1 1\n2 2 1\n3 3 1\n"}},
         "mass matrix M is singular (positive semidefinite, not definite): 1 of its 3 eigenvalues are below"},
        {with(base(), "--dt", "3"), {}, "the largest stable dt is 2 sqrt(2)/omega_max = "},
        {with(with(base(), "--scheme", "galerkin:1"), "--dt", "2"), {}, "is unstable for galerkin:1: omega_max = "},
        {with(with(base(), "--scheme", "galerkin:3"), "--dt", "3"), {}, ">= x* = 3.11271764"},
        {with(with(base(), "--v0", "q0.csv"), "--p0", "q0.csv"), {}, "--v0 and --p0 exclude each other"},
        {with(base(), "--dofs", "7.2"), {}, "--dofs '7.2' names node.direction: it needs --dof-map"},
        {with(base(), "--dofs", "7.9"), {}, "'7.9' is neither a positive whole number nor node.direction"},
        {with(base(), "--scheme", "hht-beta"), {}, "--scheme 'hht-beta' is not one of"},
        {with(base(), "--alpha", "-0.05"), {}, "--alpha applies to --scheme hht only"},
        {with(with(base(), "--scheme", "hht"), "--alpha", "-0.5"), {}, "--alpha '-0.5' is outside [-1/3, 0]"},
        // CalculiX's files (job.sti, job.mas, job.dof)
        calculix_stiffness("1 1 2\n2 1 -1\n2 2 2\n",
                           "--stiffness 'S.sti' (CalculiX 'i j value' lines) line 2: entry (2, 1) is below the diagonal"),
        calculix_stiffness("i j value\n1 1 2\n",
                           "line 1: 'i j value' is not an entry 'i j value' with 1-based whole numbers i, j"),
        calculix_stiffness("0 0 2\n", "line 1: '0 0 2' is not an entry"),
        calculix_stiffness("1 1 2\n1 3 -1\n3 3 2\n",
                           "equation 2 of 3 has no diagonal entry (CalculiX writes every one, zeros included"),
        calculix_stiffness("1 1 2\n1 2 -1\n1 1 2\n", "line 3: entry (1, 1) is stored twice"),
        {with(with(with(base(), "--stiffness", "K.sti"), "--mass", "M.mas"), "--dof-map", "bad.dof"),
         {{"K.sti", "1 1 2\n1 2 -1\n2 2 2\n2 3 -1\n3 3 2\n"}, {"M.mas", "1 1 1\n2 2 1\n3 3 1\n"},
          {"bad.dof", "5.1\n5.7\n6.1\n"}},
         "--dof-map 'bad.dof' (CalculiX 'node.direction' lines) line 2: '5.7' is not 'node.direction'"},
        {with(with(with(base(), "--stiffness", "K.sti"), "--mass", "M.mas"), "--dof-map", "two.dof"),
         {{"K.sti", "1 1 2\n1 2 -1\n2 2 2\n2 3 -1\n3 3 2\n"}, {"M.mas", "1 1 1\n2 2 1\n3 3 1\n"},
          {"two.dof", "5.1\n5.2\n"}},
         "has equation 3 but the dof map lists 2 (the files of two different jobs?)"},
        {with(with(with(with(base(), "--stiffness", "K.sti"), "--mass", "M.mas"), "--dof-map", "job.dof"), "--dofs", "9.1"),
         {{"K.sti", "1 1 2\n1 2 -1\n2 2 2\n2 3 -1\n3 3 2\n"}, {"M.mas", "1 1 1\n2 2 1\n3 3 1\n"},
          {"job.dof", "5.1\n5.2\n6.1\n"}},
         "--dofs: node 9 direction 1 is not an equation of the model"},
        {{"integrate", "--calculix", "nojob", "--scheme", "newmark", "--dt", "0.1", "--t1", "1", "--out", "o"},
         {},
         "--dof-map 'nojob.dof' (CalculiX 'node.direction' lines) cannot be opened"},
    };
    for (const auto& c : cases) {
        const fs::path dir = model_dir("integrate_bad");
        for (const auto& [name, text] : c.files) write(dir / name, text);
        const auto before = files_under(dir);
        const outcome r = run(c.args, dir);
        EXPECT_EQ(r.code, 2) << show(c.args) << "\n" << r.err;
        std::string err = r.err;
        while (!err.empty() && err.back() == '\n') err.pop_back();
        EXPECT_EQ(err.rfind("geomint: error: ", 0), 0u) << show(c.args) << ": " << r.err;
        EXPECT_EQ(err.find('\n'), std::string::npos) << show(c.args) << ": more than one line:\n" << r.err;
        EXPECT_NE(err.find(c.expected), std::string::npos) << show(c.args) << ": " << err;
        EXPECT_EQ(files_under(dir).size(), before.size()) << show(c.args) << ": a file was written";
        EXPECT_FALSE(fs::exists(dir / "o")) << show(c.args);
        EXPECT_LT(r.seconds, 10.0) << show(c.args);
        EXPECT_LE(err.size(), 800u) << show(c.args) << ": an unreadable line";
        std::cout << show(c.args) << " -> " << err << "\n";
    }
}

/// A simply supported Euler–Bernoulli beam (length 1, EI = ρA = 1) of `elements` Hermite cubic
/// elements with consistent mass; dofs (w, θ) per node, the end deflections removed. Written by
/// Eigen's saveMarket (symmetric storage: the lower triangle).
Eigen::Index write_beam(const fs::path& dir, int elements) {
    const double le = 1.0 / elements;
    const int nodes = elements + 1;
    // element matrices (Przemieniecki, Theory of Matrix Structural Analysis, 1968, §11)
    Eigen::Matrix4d k, m;
    k << 12, 6 * le, -12, 6 * le, 6 * le, 4 * le * le, -6 * le, 2 * le * le, -12, -6 * le, 12, -6 * le, 6 * le,
        2 * le * le, -6 * le, 4 * le * le;
    k /= le * le * le;
    m << 156, 22 * le, 54, -13 * le, 22 * le, 4 * le * le, 13 * le, -3 * le * le, 54, 13 * le, 156, -22 * le, -13 * le,
        -3 * le * le, -22 * le, 4 * le * le;
    m *= le / 420;
    // global dof of node i: w_i = 2i, θ_i = 2i + 1; w_0 and w_{nodes-1} removed
    std::vector<int> index(2 * nodes, -1);
    int n = 0;
    for (int g = 0; g < 2 * nodes; ++g)
        if (g != 0 && g != 2 * (nodes - 1)) index[std::size_t(g)] = n++;
    std::vector<Eigen::Triplet<double>> tk, tm;
    for (int e = 0; e < elements; ++e)
        for (int a = 0; a < 4; ++a)
            for (int b = 0; b < 4; ++b) {
                const int i = index[std::size_t(2 * e + a)], j = index[std::size_t(2 * e + b)];
                if (i < 0 || j < 0 || i < j) continue;  // the lower triangle
                tk.emplace_back(i, j, k(a, b));
                tm.emplace_back(i, j, m(a, b));
            }
    Eigen::SparseMatrix<double> K(n, n), M(n, n);
    K.setFromTriplets(tk.begin(), tk.end());
    M.setFromTriplets(tm.begin(), tm.end());
    Eigen::saveMarket(K, (dir / "K.mtx").string(), Eigen::Symmetric);
    Eigen::saveMarket(M, (dir / "M.mtx").string(), Eigen::Symmetric);
    // the first mode: w = sin(πx), θ = π cos(πx)
    std::ostringstream q0;
    q0.precision(17);
    for (int g = 0; g < 2 * nodes; ++g) {
        if (index[std::size_t(g)] < 0) continue;
        const double x = (g / 2) * le;
        q0 << (g % 2 == 0 ? std::sin(std::numbers::pi * x) : std::numbers::pi * std::cos(std::numbers::pi * x)) << "\n";
    }
    write(dir / "q0.csv", q0.str());
    return n;
}

/// The last row of trajectory.csv, as numbers.
std::vector<double> last_row(const fs::path& csv) {
    std::ifstream in(csv);
    std::string line, last;
    while (std::getline(in, line))
        if (!line.empty()) last = line;
    std::vector<double> v;
    std::stringstream s(last);
    for (std::string cell; std::getline(s, cell, ',');) v.push_back(std::stod(cell));
    return v;
}

// The beam's first mode has ω₁ = π² (EI = ρA = L = 1); 20 elements reproduce it to ~1e-7. Its
// ω_max is 2.0e4, so Simpson needs dt < 1.4e-4: 10⁴ steps of T/10⁴ = 6.4e-5.
// Released in that mode, the midspan deflection is cos(ω₁ t): back to 1 after T = 2π/ω₁.
TEST(CliIntegrate, ElasticBeamReturnsAfterOnePeriod) {
    const fs::path dir = fresh_dir("integrate_beam");
    const Eigen::Index n = write_beam(dir, 20);
    const double period = 2 * std::numbers::pi / (std::numbers::pi * std::numbers::pi);
    const std::string midspan = std::to_string(20);  // node 10's deflection: 1-based dof 2·10 − 1 + 1
    for (const std::string scheme : {"simpson", "newmark", "galerkin:2"}) {
        const fs::path out = dir / scheme.substr(0, 7);
        const std::vector<std::string> args{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--q0", "q0.csv",
                                            "--scheme", scheme, "--dt", std::to_string(period / 10000), "--t1",
                                            std::to_string(period), "--dofs", midspan, "--no-plots", "--out",
                                            out.filename().string()};
        const outcome r = run(args, dir);
        ASSERT_EQ(r.code, 0) << show(args) << "\n" << r.err;
        const auto row = last_row(out / "trajectory.csv");
        ASSERT_EQ(row.size(), 7u);  // t, q20, v20, energy, work, dissipated, residual
        const double t1 = std::stod(std::to_string(period));
        EXPECT_NEAR(row[0], t1, 1e-12);
        // cos(π² t1) at the printed t1 (6 decimals), FE frequency error ~1e-7, time error of the scheme
        // (the sampled sin(πx) holds the FE beam's higher modes at ~1e-6)
        EXPECT_NEAR(row[1], std::cos(std::numbers::pi * std::numbers::pi * t1), 5e-5) << scheme;
        // the velocity: -π² sin(π² t1)
        EXPECT_NEAR(row[2], -std::numbers::pi * std::numbers::pi * std::sin(std::numbers::pi * std::numbers::pi * t1), 1e-3)
            << scheme;
        EXPECT_NEAR(row[6], 0.0, 1e-6 * row[3]) << scheme << ": undamped, unloaded: E(t1) = E(t0)";
        std::cout << scheme << ": n = " << n << ", midspan " << row[1] << ", energy " << row[3] << "\n";
    }
}

// --precision mpfr50 (where the program was built with MPFR) prints the digits cpp_bin_float's
// mp50 prints: both round every operation of the linear Simpson step correctly at 50 digits. A
// program built without MPFR refuses it, naming the Debian packages.
TEST(CliIntegrate, MpfrPrintsTheDigitsOfMp50) {
    const fs::path dir = model_dir("integrate_mpfr");
    std::map<std::string, std::string> trajectory;
    for (const std::string precision : {"mp50", "mpfr50"}) {
        const auto args = with(with(with(base(), "--precision", precision), "--out", "o_" + precision), "--t1", "10");
        const outcome r = run(args, dir);
        if (precision == "mpfr50" && r.code == 2 && r.err.find("built without MPFR") != std::string::npos) {
            EXPECT_NE(r.err.find("libmpfr-dev"), std::string::npos) << r.err;
            GTEST_SKIP() << "this geomint was built without MPFR";
        }
        ASSERT_EQ(r.code, 0) << show(args) << "\n" << r.err;
        trajectory[precision] = slurp(dir / ("o_" + precision) / "trajectory.csv");
    }
    EXPECT_GT(trajectory["mp50"].size(), 1000u);
    EXPECT_EQ(trajectory["mp50"], trajectory["mpfr50"]);
}

// --precision dd (where the program was built with QD): the trajectory agrees with mp50's to
// double-double's accuracy (the rows compared as 50-digit numbers), and is not mp50's digits
// (dd rounds differently). A program built without QD refuses it, naming the Debian package.
TEST(CliIntegrate, DoubleDoubleAgreesWithMp50ToItsDigits) {
    const fs::path dir = model_dir("integrate_dd");
    std::map<std::string, std::vector<std::vector<boost::multiprecision::cpp_bin_float_50>>> rows;
    for (const std::string precision : {"mp50", "dd"}) {
        const auto args = with(with(with(base(), "--precision", precision), "--out", "o_" + precision), "--t1", "10");
        const outcome r = run(args, dir);
        if (precision == "dd" && r.code == 2 && r.err.find("built without QD") != std::string::npos) {
            EXPECT_NE(r.err.find("libqd-dev"), std::string::npos) << r.err;
            GTEST_SKIP() << "this geomint was built without QD";
        }
        ASSERT_EQ(r.code, 0) << show(args) << "\n" << r.err;
        std::istringstream in(slurp(dir / ("o_" + precision) / "trajectory.csv"));
        std::string line;
        std::getline(in, line);  // the header
        while (std::getline(in, line)) {
            std::vector<boost::multiprecision::cpp_bin_float_50> row;
            std::istringstream cells(line);
            for (std::string cell; std::getline(cells, cell, ',');) row.emplace_back(cell);
            rows[precision].push_back(row);
        }
    }
    ASSERT_GT(rows["mp50"].size(), 10u);
    ASSERT_EQ(rows["mp50"].size(), rows["dd"].size());
    boost::multiprecision::cpp_bin_float_50 worst = 0, scale = 0;
    for (std::size_t i = 0; i < rows["mp50"].size(); ++i) {
        ASSERT_EQ(rows["mp50"][i].size(), rows["dd"][i].size()) << "row " << i;
        for (std::size_t j = 1; j < rows["mp50"][i].size(); ++j) {
            worst = (std::max)(worst, boost::multiprecision::cpp_bin_float_50(abs(rows["mp50"][i][j] - rows["dd"][i][j])));
            scale = (std::max)(scale, boost::multiprecision::cpp_bin_float_50(abs(rows["mp50"][i][j])));
        }
    }
    std::cout << "integrate at dd vs mp50: largest difference " << worst << " (values up to " << scale << ")\n";
    EXPECT_LT(worst, scale * 1e-28);
    EXPECT_GT(worst, scale * 1e-40) << "dd printed mp50's digits";
}

// Damped and loaded: the run writes its CSV, figure and summary, and the energy balance closes
// to the trapezoidal rule's accuracy.
TEST(CliIntegrate, DampedLoadedBeamWritesItsOutputs) {
    const fs::path dir = fresh_dir("integrate_damped");
    const Eigen::Index n = write_beam(dir, 8);
    std::ostringstream load;
    for (int k = 0; k <= 20; ++k) {
        load << 0.05 * k;
        for (Eigen::Index i = 0; i < n; ++i) load << "," << (i == 6 ? std::sin(3.0 * 0.05 * k) : 0.0);
        load << "\n";
    }
    write(dir / "f.csv", load.str());
    const std::vector<std::string> args{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--q0", "q0.csv",
                                        "--rayleigh", "0.5,0.0001", "--load", "f.csv", "--scheme", "generalized-alpha",
                                        "--dt", "0.0005", "--t1", "1", "--out", "o"};
    const outcome r = run(args, dir);
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_TRUE(fs::exists(dir / "o" / "trajectory.csv"));
    EXPECT_TRUE(fs::exists(dir / "o" / "trajectory.png"));
    EXPECT_TRUE(fs::exists(dir / "o" / "summary.txt"));
    const auto row = last_row(dir / "o" / "trajectory.csv");  // t, q1..q5, v1..v5, energy, work, dissipated, residual
    ASSERT_EQ(row.size(), 15u);
    const double dissipated = row[13];
    EXPECT_GT(dissipated, 0.0) << "energy dissipated by C";
    EXPECT_LT(std::abs(row.back()), 1e-2 * dissipated) << "balance residual";
}

/// The rows of a CSV file after its header, as numbers; the header in `header`.
std::vector<std::vector<double>> rows_of(const fs::path& csv, std::vector<std::string>* header = nullptr,
                                         std::vector<std::vector<std::string>>* text = nullptr) {
    std::ifstream in(csv);
    std::string line;
    std::vector<std::vector<double>> rows;
    for (bool first = true; std::getline(in, line); first = false) {
        std::stringstream s(line);
        std::vector<std::string> cells;
        for (std::string c; std::getline(s, c, ',');) cells.push_back(c);
        if (first) {
            if (header) *header = cells;
            continue;
        }
        std::vector<double> v;
        for (const auto& c : cells) v.push_back(std::stod(c));
        rows.push_back(v);
        if (text) text->push_back(cells);
    }
    return rows;
}

/// The 3-dof model of `model_dir` as CalculiX writes it: job.sti, job.mas (upper triangle, 1-based,
/// explicit zeros), job.dof (equations 1..3 are node 5 x, node 5 y, node 6 x).
void write_calculix_job(const fs::path& dir) {
    write(dir / "job.sti", "1 1  2.0000000000000e+00\n1 2 -1.0000000000000e+00\n2 2  2.0000000000000e+00\n"
                           "1 3  0.0000000000000e+00\n2 3 -1.0000000000000e+00\n3 3  2.0000000000000e+00\n");
    write(dir / "job.mas", "1 1  2.0000000000000e+00\n1 2  0.0000000000000e+00\n2 2  1.0000000000000e+00\n"
                           "1 3  0.0000000000000e+00\n2 3  0.0000000000000e+00\n3 3  1.0000000000000e+00\n");
    write(dir / "job.dof", "5.1\n5.2\n6.1\n");
}

// CalculiX's files read directly give the run the Matrix Market files give (bit for bit), the
// outputs name the coordinates node.direction, q and v are written, the times have at most 17
// significant digits, and the final state read back by --q0/--v0 continues the run.
TEST(CliIntegrate, CalculixFilesDofNamesAndContinuation) {
    const fs::path dir = model_dir("integrate_calculix");
    write_calculix_job(dir);
    write(dir / "v0.csv", "0\n0.5\n0\n");
    const std::vector<std::string> common{"--q0", "q0.csv", "--v0", "v0.csv", "--scheme", "hht-alpha", "--alpha", "-0.05",
                                          "--dt", "0.1", "--no-plots"};
    const auto run_ok = [&](std::vector<std::string> a) {
        const outcome r = run(a, dir);
        EXPECT_EQ(r.code, 0) << show(a) << "\n" << r.err;
        return r;
    };
    std::vector<std::string> a{"integrate", "--calculix", "job", "--dofs", "6.1,5.2", "--t1", "2", "--out", "ccx"};
    a.insert(a.end(), common.begin(), common.end());
    run_ok(a);
    std::vector<std::string> b{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--dofs", "3,2", "--t1", "2", "--out", "mm"};
    b.insert(b.end(), common.begin(), common.end());
    run_ok(b);
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> text;
    const auto ccx = rows_of(dir / "ccx" / "trajectory.csv", &header, &text);
    const auto mm = rows_of(dir / "mm" / "trajectory.csv");
    EXPECT_EQ(header, (std::vector<std::string>{"t", "q6.1", "q5.2", "v6.1", "v5.2", "energy", "work_of_load", "dissipated",
                                                "balance_residual"}));
    ASSERT_EQ(ccx.size(), 21u);
    EXPECT_EQ(ccx, mm) << "the same model through either format";
    EXPECT_EQ(ccx.front()[4], 0.5) << "v0 of node 5, y";
    for (const auto& row : text) {  // t0 + j dt by t += dt: 0.30000000000000004, never 21 digits
        std::string digits;
        for (char c : row[0]) if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
        EXPECT_LE(digits.size(), 18u) << row[0];
    }
    EXPECT_EQ(text.back()[0], "2");
    // continue from the final state (Newmark: its state is (q, p), nothing carried): [0, 1] then
    // [1, 2] against [0, 2]
    const auto newmark = [&](const std::string& out, const std::string& t0, const std::string& t1, const std::string& from) {
        std::vector<std::string> c{"integrate", "--calculix", "job", "--scheme", "newmark", "--dt", "0.1", "--t0", t0,
                                   "--t1", t1, "--no-plots", "--out", out, "--dofs", "6.1,5.2"};
        const std::vector<std::string> start =
            from.empty() ? std::vector<std::string>{"--q0", "q0.csv", "--v0", "v0.csv"}
                         : std::vector<std::string>{"--q0", from + "/final_q.csv", "--v0", from + "/final_v.csv"};
        c.insert(c.end(), start.begin(), start.end());
        run_ok(c);
        return rows_of(dir / out / "trajectory.csv");
    };
    const auto whole = newmark("whole", "0", "2", "");
    newmark("first", "0", "1", "");
    const auto continued = newmark("second", "1", "2", "first");
    ASSERT_FALSE(continued.empty());
    for (std::size_t k = 0; k <= 4; ++k) EXPECT_NEAR(continued.back()[k], whole.back()[k], 1e-14) << header[k];
    EXPECT_NE(slurp(dir / "ccx" / "summary.txt").find("continue with --q0 final_q.csv --v0 final_v.csv --t0 2"),
              std::string::npos);
}

// From rest without a load, plots on: the run succeeds (a constant series used to make gnuplot fail
// with "empty y range" after the CSV was written); a run whose figure fails leaves nothing behind.
TEST(CliIntegrate, FromRestPlotsAndAFailedRunLeavesNothing) {
    const fs::path dir = model_dir("integrate_rest");
    const std::vector<std::string> a{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--scheme", "newmark",
                                     "--dt", "0.1", "--t1", "1", "--out", "o"};
    const outcome r = run(a, dir);
    ASSERT_EQ(r.code, 0) << r.err;
    for (const char* f : {"trajectory.csv", "trajectory.png", "summary.txt", "final_q.csv", "final_v.csv"})
        EXPECT_TRUE(fs::exists(dir / "o" / f)) << f;
    for (const auto& row : rows_of(dir / "o" / "trajectory.csv"))
        for (std::size_t k = 1; k < row.size(); ++k) EXPECT_EQ(row[k], 0.0);
    // a gnuplot that fails: exit code 1, and neither the folder nor a file is left
    const fs::path bin = dir / "bin";
    fs::create_directories(bin);
    write(bin / "gnuplot", "#!/bin/sh\necho 'gnuplot: warning: this one always fails' >&2\nexit 1\n");
    fs::permissions(bin / "gnuplot", fs::perms::owner_all);
    const std::vector<std::string> b{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--q0", "q0.csv",
                                     "--scheme", "newmark", "--dt", "0.1", "--t1", "1", "--out", "failed"};
    const outcome f = run(b, dir, bin.string() + ":/usr/bin:/bin");
    EXPECT_EQ(f.code, 1) << f.err;
    EXPECT_FALSE(fs::exists(dir / "failed")) << "a failed run left its folder";
    // into a folder that exists: the folder stays, and holds nothing of the run
    fs::create_directories(dir / "kept");
    write(dir / "kept" / "mine.txt", "a user's file");
    const outcome g = run(with(b, "--out", "kept"), dir, bin.string() + ":/usr/bin:/bin");
    EXPECT_EQ(g.code, 1) << g.err;
    EXPECT_EQ(files_under(dir / "kept"), (std::vector<fs::path>{dir / "kept" / "mine.txt"}));
}

// Every scheme name the guide shows after --scheme (or in its list `a|b|c`) is accepted.
TEST(CliIntegrate, EverySchemeNameInTheDocsIsAccepted) {
    const fs::path dir = model_dir("integrate_names");
    std::set<std::string> names;
    for (const auto& page : fs::directory_iterator(fs::path(GEOMINT_SOURCE_DIR) / "docs")) {
        if (page.path().extension() != ".md") continue;
        const std::string text = slurp(page.path());
        static const std::regex scheme(R"(--scheme[ =`]+([a-z0-9:_|.-]+))");
        for (auto it = std::sregex_iterator(text.begin(), text.end(), scheme); it != std::sregex_iterator(); ++it) {
            std::stringstream list((*it)[1].str());
            for (std::string name; std::getline(list, name, '|');) {
                if (name.empty() || name.back() == ':') continue;  // galerkin:D
                names.insert(name);
            }
        }
    }
    names.insert({"galerkin:1", "galerkin:4"});
    EXPECT_GE(names.size(), 6u) << "the docs name the schemes";
    for (const auto& name : names) {
        const std::vector<std::string> a{"integrate", "--mass", "M.mtx", "--stiffness", "K.mtx", "--q0", "q0.csv",
                                         "--scheme", name, "--dt", "0.1", "--t1", "0.2", "--no-plots", "--out", "o"};
        const outcome r = run(a, dir);
        EXPECT_EQ(r.code, 0) << "--scheme " << name << " (named in docs/): " << r.err;
        std::cout << "--scheme " << name << ": exit " << r.code << "\n";
    }
}

}  // namespace
