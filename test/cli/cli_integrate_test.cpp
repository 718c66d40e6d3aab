// `geomint integrate` as an engineer meets it: every bad input (a missing file, a non-square
// matrix, mismatched sizes, a NaN entry, an unsymmetric K, a malformed line, dt <= 0, t1 not after
// t0, an unstable step, a short vector, a load history that does not cover the run) fails fast
// with exit code 2, one `geomint: error:` line naming the file (and line) and nothing written;
// and a small elastic beam — Euler–Bernoulli elements, matrices written by Eigen's saveMarket in
// symmetric storage — released in its first mode comes back after one analytic period.
#include "run_program.hpp"

#include <unsupported/Eigen/SparseExtra>

#include <cmath>
#include <map>
#include <numbers>

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
         {{"U.mtx", "%%MatrixMarket matrix coordinate real general\n3 3 4\n1 1 2\n1 2 -1\n2 2 2\n3 3 2\n"}},
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
        {with(base(), "--dofs", "1,4"), {}, "--dofs: index 4 is beyond the model's n = 3"},
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
        ASSERT_EQ(row.size(), 6u);  // t, q20, energy, work, dissipated, residual
        const double t1 = std::stod(std::to_string(period));
        EXPECT_NEAR(row[0], t1, 1e-12);
        // cos(π² t1) at the printed t1 (6 decimals), FE frequency error ~1e-7, time error of the scheme
        // (the sampled sin(πx) holds the FE beam's higher modes at ~1e-6)
        EXPECT_NEAR(row[1], std::cos(std::numbers::pi * std::numbers::pi * t1), 5e-5) << scheme;
        EXPECT_NEAR(row[5], 0.0, 1e-6 * row[2]) << scheme << ": undamped, unloaded: E(t1) = E(t0)";
        std::cout << scheme << ": n = " << n << ", midspan " << row[1] << ", energy " << row[2] << "\n";
    }
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
    const auto row = last_row(dir / "o" / "trajectory.csv");  // t, q1..q5, energy, work, dissipated, residual
    ASSERT_EQ(row.size(), 10u);
    const double dissipated = row[8];
    EXPECT_GT(dissipated, 0.0) << "energy dissipated by C";
    EXPECT_LT(std::abs(row.back()), 1e-2 * dissipated) << "balance residual";
}

}  // namespace
