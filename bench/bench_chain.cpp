// Google Benchmark harness: a spring chain of n masses (M = I, K = tridiag(-1, 2, -1), fixed
// ends) through odeint's `integrate_n_steps`, the system passed by value (odeint's idiom: it is
// copied into every do_step) and by `boost::ref`. A quadratic_lagrangian shares its matrices
// between copies, so the two should cost the same (issue 13 target: by value <= 1.1x by ref).
//
//   build/bench/bench_chain --benchmark_min_time=0.3
#include <geomint/geomint.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/ref.hpp>

#include <benchmark/benchmark.h>

#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using vec = std::vector<double>;

geomint::quadratic_lagrangian<geomint::matrix<double>> chain(Eigen::Index n) {
    geomint::matrix<double> K = geomint::matrix<double>::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        K(i, i) = 2;
        if (i + 1 < n) K(i, i + 1) = K(i + 1, i) = -1;
    }
    return {geomint::matrix<double>::Identity(n, n), K};
}

template <bool ByRef>
void chain_integrate_n_steps(benchmark::State& s) {
    const Eigen::Index n = s.range(0);
    const auto sys = chain(n);
    geomint::simpson_stepper<vec> stepper;
    std::pair<vec, vec> x{vec(static_cast<std::size_t>(n), 0.0), vec(static_cast<std::size_t>(n), 0.0)};
    x.first[0] = 1;
    constexpr std::size_t steps = 100;
    for (auto _ : s) {
        if constexpr (ByRef) odeint::integrate_n_steps(boost::ref(stepper), boost::ref(sys), x, 0.0, 0.1, steps);
        else odeint::integrate_n_steps(boost::ref(stepper), sys, x, 0.0, 0.1, steps);
        benchmark::DoNotOptimize(x);
    }
    s.SetItemsProcessed(static_cast<std::int64_t>(s.iterations() * steps));  // items = steps
}

}  // namespace

BENCHMARK(chain_integrate_n_steps<false>)->Name("chain/simpson/by_value")->Arg(100)->Unit(benchmark::kMicrosecond);
BENCHMARK(chain_integrate_n_steps<true>)->Name("chain/simpson/boost_ref")->Arg(100)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
