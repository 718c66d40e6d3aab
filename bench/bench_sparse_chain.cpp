// Google Benchmark harness: time to a given accuracy on a large sparse linear system.
//
// The uniform fixed–fixed spring chain of n masses (problems/spring_chain.hpp: M = I,
// K = tridiag(−1, 2, −1)), started in modes 1, n/2 and n (amplitudes 1, 1/2, 1/4, so the
// fastest mode, ω ≈ 2, is present at every n), integrated to T = 100. The error is the max-norm
// distance of (q, p)(T) to the normal-mode solution. For each method and target error the step
// count N is the smallest of the ladder N_k = ⌈100 · 2^(k/4)⌉ whose error at n = 1000 is below
// the target (searched once, untimed); the timed run integrates from scratch (model, stepper,
// factorizations) with that N, and reports the error it reached at this n.
//
// Methods: geomint's Simpson (variant 2) and Newmark steppers on the sparse model; Simpson on
// odeint's pair form of the same O(n) functors wrapped in geomint::matrix_free (no matrices,
// conjugate-gradient solves; ω_max < 2 given as the bound); odeint's
// symplectic_rkn_sb3a_m4_mclachlan (order 4) with the usual O(n) functor pair; and, up to
// n = 1000, geomint's Simpson on the dense model (the path before sparse models existed).
//
//   build/bench/bench_sparse_chain --benchmark_min_time=0.1
// Counters: steps (N), error (at T), rss_MB (peak resident set of the process so far; run one
// size alone, e.g. --benchmark_filter='/100000/', to read the memory of that size).
#include <geomint/geomint.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_mclachlan.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <benchmark/benchmark.h>

#include "time_to_accuracy.hpp"

#include <sys/resource.h>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using geomint::problems::spring_chain;
using vec = std::vector<double>;

constexpr double final_time = 100;

enum class method { simpson_sparse, newmark_sparse, simpson_dense, simpson_matrix_free, odeint_sb3a_m4 };

std::vector<std::pair<Eigen::Index, double>> modes(Eigen::Index n) { return {{1, 1.0}, {n / 2, 0.5}, {n, 0.25}}; }

/// Integrate the chain of n masses to T = 100 in `steps` steps; returns the max-norm error.
double run(method m, Eigen::Index n, int steps) {
    const spring_chain<double> chain(n);
    const auto [q0, p0] = chain.exact_state(modes(n), 0.0);
    std::pair<vec, vec> x{vec(q0.data(), q0.data() + n), vec(p0.data(), p0.data() + n)};
    const double h = final_time / steps;
    switch (m) {
        case method::simpson_sparse:
            odeint::integrate_n_steps(geomint::simpson_stepper<vec>(), chain.sparse_system(), x, 0.0, h, steps);
            break;
        case method::newmark_sparse:
            odeint::integrate_n_steps(geomint::newmark_stepper<vec>(), chain.sparse_system(), x, 0.0, h, steps);
            break;
        case method::simpson_dense:
            odeint::integrate_n_steps(geomint::simpson_stepper<vec>(), chain.dense_system(), x, 0.0, h, steps);
            break;
        case method::simpson_matrix_free: {
            auto f = [&chain](const vec& p, vec& dqdt) { chain.coordinate_rate(p, dqdt); };
            auto g = [&chain](const vec& q, vec& dpdt) { chain.momentum_rate(q, dpdt); };
            odeint::integrate_n_steps(geomint::simpson_stepper<vec>(), geomint::matrix_free(f, g, 2.0L), x, 0.0, h, steps);
            break;
        }
        case method::odeint_sb3a_m4: {
            auto f = [&chain](const vec& p, vec& dqdt) { chain.coordinate_rate(p, dqdt); };
            auto g = [&chain](const vec& q, vec& dpdt) { chain.momentum_rate(q, dpdt); };
            odeint::integrate_n_steps(odeint::symplectic_rkn_sb3a_m4_mclachlan<vec>(), std::make_pair(f, g), x, 0.0, h,
                                      steps);
            break;
        }
    }
    const auto [q1, p1] = chain.exact_state(modes(n), final_time);
    double err = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        err = std::max({err, std::abs(x.first[k] - q1(i)), std::abs(x.second[k] - p1(i))});
    }
    return err;
}

double peak_rss_mb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

void time_to_accuracy(benchmark::State& s, method m) {
    const Eigen::Index n = s.range(0);
    const double target = std::pow(10.0, -static_cast<double>(s.range(1)));
    // the step count reaching the target at n = 1000, searched once per method and target
    const int steps = geomint_bench::ladder_steps(static_cast<int>(m), target, [m](int N) { return run(m, 1000, N); }, 80);
    geomint_bench::time_runs(s, steps, [m, n](int N) { return run(m, n, N); });
    s.counters["rss_MB"] = peak_rss_mb();
}

/// Chains of 10², 10³, ... up to `max_n` masses, target errors 10⁻⁴ and (unless `coarse_only`) 10⁻⁸.
void sizes(benchmark::internal::Benchmark* b, Eigen::Index max_n, bool coarse_only = false) {
    for (const int digits : {4, 8}) {
        if (coarse_only && digits > 4) continue;
        for (Eigen::Index n = 100; n <= max_n; n *= 10) b->Args({n, digits});
    }
    b->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK_CAPTURE(time_to_accuracy, simpson_sparse, method::simpson_sparse)->Apply([](auto* b) { sizes(b, 100000); });
// order 2: 10⁻⁸ would take ~10⁶ steps; shown at 10⁻⁴ for scale
BENCHMARK_CAPTURE(time_to_accuracy, newmark_sparse, method::newmark_sparse)->Apply([](auto* b) { sizes(b, 10000, true); });
BENCHMARK_CAPTURE(time_to_accuracy, odeint_sb3a_m4, method::odeint_sb3a_m4)->Apply([](auto* b) { sizes(b, 100000); });
BENCHMARK_CAPTURE(time_to_accuracy, simpson_matrix_free, method::simpson_matrix_free)->Apply([](auto* b) { sizes(b, 100000); });
BENCHMARK_CAPTURE(time_to_accuracy, simpson_dense, method::simpson_dense)->Apply([](auto* b) { sizes(b, 1000); });

BENCHMARK_MAIN();
