// Google Benchmark harness: cost per step of Algorithm MC (Graham & Jelenić) schemes (a)–(d)
// against the number of nodes N, on a cubic lattice truss (nx × nx × nx nodes, bars along the
// edges and the face diagonals, St. Venant–Kirchhoff, pre-stretched 5 %, a slow spin), at double.
// Dense solve: 6N autodiff passes per Newton iteration, each forming N × N matrices (products of
// them for (c), (d)), so cost grows like N³ for (a), (b) and N⁴ for (c), (d). Sparse solve
// (scheme/truss/sparse_solve.hpp; (a), (b) only — the M⁻¹ products of (6.2) make (c), (d)
// dense): 6 × colours passes over the bars, and SparseLU.
//
//   build/bench/bench_truss --benchmark_min_time=0.1
#include <geomint/scheme/truss/energy_conserving.hpp>
#include <geomint/scheme/truss/energy_momentum.hpp>
#include <geomint/scheme/truss/fourth_order.hpp>
#include <geomint/scheme/truss/midpoint.hpp>

#include <benchmark/benchmark.h>

namespace {
using namespace geomint;
using svk = st_venant_kirchhoff<double>;

struct lattice {
    truss<double, svk> sys;
    nodal<double> R, P;
    explicit lattice(int nx) {
        const auto id = [nx](int i, int j, int k) { return std::size_t((i * nx + j) * nx + k); };
        for (int i = 0; i < nx; ++i)
            for (int j = 0; j < nx; ++j)
                for (int k = 0; k < nx; ++k) sys.add_node({double(i), double(j), double(k)}, 1.0);
        R = sys.positions();
        const auto bar = [&](std::size_t a, std::size_t b) {
            const double l = (R.row(Eigen::Index(a)) - R.row(Eigen::Index(b))).norm();
            sys.add_bar(a, b, l / 1.05, svk{100.0});
        };
        for (int i = 0; i < nx; ++i)
            for (int j = 0; j < nx; ++j)
                for (int k = 0; k < nx; ++k) {
                    if (i + 1 < nx) bar(id(i, j, k), id(i + 1, j, k));
                    if (j + 1 < nx) bar(id(i, j, k), id(i, j + 1, k));
                    if (k + 1 < nx) bar(id(i, j, k), id(i, j, k + 1));
                    if (i + 1 < nx && j + 1 < nx) bar(id(i, j, k), id(i + 1, j + 1, k));
                    if (j + 1 < nx && k + 1 < nx) bar(id(i, j, k), id(i, j + 1, k + 1));
                    if (i + 1 < nx && k + 1 < nx) bar(id(i, j, k), id(i + 1, j, k + 1));
                }
        P = nodal<double>::Zero(R.rows(), 3);
        for (Eigen::Index a = 0; a < R.rows(); ++a) {  // spin about z (ω = 0.1) through the centre
            const double c = (nx - 1) / 2.0;
            P(a, 0) = -0.1 * (R(a, 1) - c);
            P(a, 1) = 0.1 * (R(a, 0) - c);
        }
    }
};

template <class Scheme, jacobian_storage Storage>
void mc_step_cost(benchmark::State& s) {
    lattice l(static_cast<int>(s.range(0)));
    iteration_options opt;
    opt.storage = Storage;
    for (auto _ : s) {
        scheme::mc_step<Scheme>(l.sys, l.R, l.P, 0.0, 0.01, opt);
        benchmark::DoNotOptimize(l.R.data());
    }
    s.counters["nodes"] = double(l.R.rows());
    s.counters["bars"] = double(l.sys.bars().size());
}

constexpr auto dense = jacobian_storage::dense;
constexpr auto sparse = jacobian_storage::sparse;
// dense: up to 64 nodes (cost ~ N³ and N⁴); sparse (bar-assembled (a), (b) only): up to 343
BENCHMARK(mc_step_cost<scheme::truss_midpoint, dense>)->DenseRange(2, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(mc_step_cost<scheme::truss_energy_momentum, dense>)->DenseRange(2, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(mc_step_cost<scheme::truss_fourth_order, dense>)->DenseRange(2, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(mc_step_cost<scheme::truss_energy_conserving<>, dense>)->DenseRange(2, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(mc_step_cost<scheme::truss_midpoint, sparse>)->DenseRange(2, 7)->Unit(benchmark::kMillisecond);
BENCHMARK(mc_step_cost<scheme::truss_energy_momentum, sparse>)->DenseRange(2, 7)->Unit(benchmark::kMillisecond);
}  // namespace

BENCHMARK_MAIN();
