// Google Benchmark harness for the FE-size paths of issue 45:
// - ω_max by Lanczos (analysis/largest_frequency.hpp) on the generated spring grids of
//   test/linear/spring_grid.hpp at n = 10⁴ and 10⁵, uniform (a clustered top spectrum: the hard
//   case) and varying, at the relative tolerances 1e-6 (the program's) and 1e-10 (the default);
// - one step of the Galerkin VI (Degrees 1–3) on a sparse damped, driven structural_system against
//   one Simpson step (Lagrange–d'Alembert) on the same model, factorizations excluded (they happen
//   once per run: the first step is taken before timing), and the first step with them.
//
//   build/bench/bench_fe_model --benchmark_min_time=0.2
// Counters: omega_max (rad per time unit), n, nonzeros of the model.
#include "../test/linear/spring_grid.hpp"

#include <geomint/analysis/largest_frequency.hpp>
#include <geomint/model/structural_system.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <vector>

namespace {
using SM = geomint::sparse_matrix<double>;

void omega_max(benchmark::State& state) {
    const int N = static_cast<int>(state.range(0));
    const bool vary = state.range(1) != 0;
    const double tolerance = state.range(2) == 6 ? 1e-6 : 1e-10;
    SM M, K;
    geomint_test::spring_grid(N, vary, M, K);
    double w = 0;
    for (auto _ : state) benchmark::DoNotOptimize(w = geomint::largest_frequency(M, K, tolerance));
    state.counters["omega_max"] = w;
    state.counters["n"] = N * N;
    if (!vary) state.counters["relative_error"] = (w - geomint_test::uniform_grid_omega_max(N)) / w;
}
BENCHMARK(omega_max)
    ->ArgsProduct({{100, 316}, {0, 1}, {6, 10}})
    ->ArgNames({"N", "vary", "tol_exp"})
    ->Unit(benchmark::kMillisecond);

/// The varying grid with Rayleigh damping and a load on one node: a sparse structural model.
auto grid_model(int N) {
    SM M, K;
    geomint_test::spring_grid(N, true, M, K);
    const Eigen::Index n = M.rows();
    return geomint::structural_system(M, geomint::rayleigh_damping<double>{1e-3, 1e-3}, K, [n](const double& t) {
        Eigen::VectorXd f = Eigen::VectorXd::Zero(n);
        f(n / 2) = std::cos(t);
        return f;
    });
}

template <class Stepper>
void step(benchmark::State& state) {
    const int N = static_cast<int>(state.range(0));
    const auto sys = grid_model(N);
    const Eigen::Index n = sys.size();
    auto x = std::make_pair(std::vector<double>(std::size_t(n), 0.0), std::vector<double>(std::size_t(n), 0.0));
    x.first[std::size_t(n / 3)] = 1e-2;
    const double h = 0.1;  // ω_max ≈ 3.3: ω_max h = 0.33
    Stepper stepper;
    double t = 0;
    stepper.do_step(sys, x, t, h);  // factors
    for (auto _ : state) {
        t += h;
        stepper.do_step(sys, x, t, h);
    }
    state.counters["n"] = double(n);
    state.counters["nonzeros_K"] = double(sys.stiffness().nonZeros());
}
template <class Stepper>
void first_step(benchmark::State& state) {
    const int N = static_cast<int>(state.range(0));
    const auto sys = grid_model(N);
    const Eigen::Index n = sys.size();
    for (auto _ : state) {
        auto x = std::make_pair(std::vector<double>(std::size_t(n), 0.0), std::vector<double>(std::size_t(n), 0.0));
        Stepper stepper;
        stepper.do_step(sys, x, 0.0, 0.1);
    }
    state.counters["n"] = double(n);
}
using V = std::vector<double>;
BENCHMARK(step<geomint::simpson_stepper<V>>)->Arg(45)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(step<geomint::galerkin_vi_stepper<V, 1>>)->Arg(45)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(step<geomint::galerkin_vi_stepper<V, 2>>)->Arg(45)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(step<geomint::galerkin_vi_stepper<V, 3>>)->Arg(45)->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(first_step<geomint::simpson_stepper<V>>)->Arg(45)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK(first_step<geomint::galerkin_vi_stepper<V, 2>>)->Arg(45)->Arg(100)->Unit(benchmark::kMillisecond);
}  // namespace

BENCHMARK_MAIN();
