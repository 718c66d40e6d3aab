#pragma once
// The time-to-accuracy harness shared by the benchmarks on large models: the step ladder searched
// once per (method, target) (untimed), and the timed runs at the step count found.
#include <geomint/error.hpp>

#include <benchmark/benchmark.h>

#include <cmath>
#include <map>
#include <utility>

namespace geomint_bench {

/// The smallest N_k = ⌈100 · 2^(k/4)⌉, k < `rungs`, with error(N_k) <= target (a step the scheme
/// refuses as unstable is skipped); -1 if none. Cached per (method, target).
template <class Error>
int ladder_steps(int method, double target, Error error, int rungs) {
    static std::map<std::pair<int, double>, int> cache;
    const auto key = std::make_pair(method, target);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    for (int k = 0; k < rungs; ++k) {
        const int steps = static_cast<int>(std::ceil(100 * std::pow(2.0, k / 4.0)));
        double err;
        try {
            err = error(steps);
        } catch (const geomint::unstable_step_error&) {
            continue;  // e.g. Simpson refuses ω_max h >= 2√2
        }
        if (std::isfinite(err) && err <= target) return cache[key] = steps;
    }
    return cache[key] = -1;
}

/// Times `run(steps)` (returning the error it reached) and reports the counters steps and error.
template <class Run>
void time_runs(benchmark::State& s, int steps, Run run) {
    if (steps < 0) {
        s.SkipWithError("target error not reached on the step ladder");
        return;
    }
    double err = 0;
    for (auto _ : s) {
        err = run(steps);
        // on a copy: Google Benchmark 1.7's DoNotOptimize ("+m,r") can corrupt a double under
        // GCC -O2 (google/benchmark#903, GCC PR 92597); the counter below read 4.6e-310
        double sink = err;
        benchmark::DoNotOptimize(sink);
    }
    s.counters["steps"] = steps;
    s.counters["error"] = err;
}

}  // namespace geomint_bench
