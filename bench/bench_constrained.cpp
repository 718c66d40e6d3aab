// Google Benchmark harness: the rigid-rod chain (problems/rod_chain.hpp: N rods of 1 m, unit
// masses, pinned at the origin, released straight at 1 rad from the vertical) by RATTLE with its
// sparse multiplier solves, against the same chain with stiff springs (k = 10¹¹ N/m per rod)
// integrated by odeint's rkf78 (adaptive) and by the splitting catalogue's yoshida4 (fixed step
// below its stability limit).
//
// - step/N, galerkin2_step/N: time per step (h = 10⁻³) of RATTLE and of the constrained Galerkin
//   VI of Degree 2 for N = 10, 100, 1000: O(N) expected (a banded G, tridiagonal G M⁻¹ Gᵀ and a
//   banded 2m-square Schur system by SparseLU).
// - rattle_to_accuracy/N, rattle_yoshida4_to_accuracy/N: time to integrate T = 10 with max-norm error of q(T) ≤ 10⁻⁸ against a
//   reference (RATTLE∘yoshida6 at h = 2.5·10⁻⁴), for RATTLE (order 2), RATTLE∘yoshida4 and the
//   constrained Galerkin VI of Degree 2 (galerkin2_to_accuracy), the
//   step count from the ladder ⌈100 · 2^(k/4)⌉ (searched once, untimed).
// - springs_rkf78/N, springs_yoshida4/N: the stiff-spring chain over the same T, its error against
//   the same reference (the model error included: the springs stretch by ~m g N/k).
//
//   build/bench/bench_constrained --benchmark_min_time=0.1
#include <geomint/problems/rod_chain.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/rattle_stepper.hpp>
#include <geomint/stepper/splitting_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include "time_to_accuracy.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <utility>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using vec = std::vector<double>;
using geomint::problems::rod_chain;

constexpr double final_time = 10, theta0 = 1, spring_stiffness = 1e11;

rod_chain<double> chain_of(Eigen::Index rods) {
    rod_chain<double> c;
    c.rods = rods;
    return c;
}

std::pair<vec, vec> start(const rod_chain<double>& chain) {
    const auto [q, p] = chain.straight_state(theta0);
    return {vec(q.data(), q.data() + q.size()), vec(p.data(), p.data() + p.size())};
}

/// q(T) of the constrained chain by `Stepper` in `steps` steps.
template <class Stepper>
vec constrained_run(Eigen::Index rods, int steps) {
    const auto chain = chain_of(rods);
    const auto sys = chain.system<vec>();
    auto x = start(chain);
    Stepper stepper;
    odeint::integrate_n_steps(stepper, sys, x, 0.0, final_time / steps, steps);
    return x.first;
}

const vec& reference(Eigen::Index rods) {
    static std::map<Eigen::Index, vec> cache;
    auto it = cache.find(rods);
    if (it == cache.end())
        it = cache.emplace(rods, constrained_run<geomint::composed_rattle_stepper<vec, geomint::scheme::yoshida6>>(
                                     rods, static_cast<int>(final_time * 4000)))
                 .first;
    return it->second;
}

double error_of(const vec& q, Eigen::Index rods) {
    const vec& r = reference(rods);
    double e = 0;
    for (std::size_t i = 0; i < q.size(); ++i) e = std::max(e, std::abs(q[i] - r[i]));
    return e;
}

template <class Stepper>
void step_of(benchmark::State& s) {
    const auto chain = chain_of(s.range(0));
    const auto sys = chain.system<vec>();
    auto x = start(chain);
    Stepper stepper;
    double t = 0;
    for (auto _ : s) {
        stepper.do_step(sys, x, t, 1e-3);
        t += 1e-3;
    }
    s.SetComplexityN(s.range(0));
}

template <class Stepper>
void to_accuracy(benchmark::State& s, int method) {
    const Eigen::Index rods = s.range(0);
    // a step too large for the position solve (no root near q̃) counts as not reaching the target
    const auto error = [rods](int N) {
        try {
            return error_of(constrained_run<Stepper>(rods, N), rods);
        } catch (const geomint::convergence_error&) {
            return std::numeric_limits<double>::infinity();
        }
    };
    const int steps = geomint_bench::ladder_steps(method * 100000 + static_cast<int>(rods), 1e-8, error, 60);
    geomint_bench::time_runs(s, steps, [rods](int N) { return error_of(constrained_run<Stepper>(rods, N), rods); });
}

void springs_rkf78(benchmark::State& s) {
    const Eigen::Index rods = s.range(0);
    const auto chain = chain_of(rods);
    const auto force = chain.spring_force<vec>(spring_stiffness);
    const auto rhs = [&](const vec& x, vec& dx, double) {  // x = (q, p), M = I
        const std::size_t n = x.size() / 2;
        vec q(x.begin(), x.begin() + static_cast<long>(n)), f(n);
        force(q, f);
        for (std::size_t i = 0; i < n; ++i) {
            dx[i] = x[n + i];
            dx[n + i] = f[i];
        }
    };
    double err = 0;
    std::size_t steps = 0;
    for (auto _ : s) {
        const auto [q0, p0] = start(chain);
        vec x(q0);
        x.insert(x.end(), p0.begin(), p0.end());
        steps = odeint::integrate_adaptive(odeint::make_controlled(1e-11, 1e-11, odeint::runge_kutta_fehlberg78<vec>()),
                                           rhs, x, 0.0, final_time, 1e-6);
        err = error_of(vec(x.begin(), x.begin() + static_cast<long>(x.size() / 2)), rods);
    }
    s.counters["steps"] = static_cast<double>(steps);
    s.counters["error"] = err;
}

void springs_yoshida4(benchmark::State& s) {
    const Eigen::Index rods = s.range(0);
    const auto chain = chain_of(rods);
    // the fastest spring mode is below 2 sqrt(k/m) (a chain of springs); yoshida4 is stable for
    // ω h below ~1.57: take h = 0.5 / sqrt(k)
    const double h = 0.5 / std::sqrt(spring_stiffness);
    const int steps = static_cast<int>(std::ceil(final_time / h));
    const auto sys = std::make_pair([](const vec& p, vec& dq) { dq = p; }, chain.spring_force<vec>(spring_stiffness));
    double err = 0;
    for (auto _ : s) {
        auto x = start(chain);
        odeint::integrate_n_steps(geomint::yoshida4_stepper<vec>(), sys, x, 0.0, final_time / steps, steps);
        err = error_of(x.first, rods);
    }
    s.counters["steps"] = steps;
    s.counters["error"] = err;
}

}  // namespace

void step(benchmark::State& s) { step_of<geomint::rattle_stepper<vec, vec, geomint::unchecked>>(s); }
void galerkin2_step(benchmark::State& s) { step_of<geomint::galerkin_vi_stepper<vec, 2, vec, geomint::unchecked>>(s); }
void rattle_to_accuracy(benchmark::State& s) { to_accuracy<geomint::rattle_stepper<vec>>(s, 0); }
void galerkin2_to_accuracy(benchmark::State& s) { to_accuracy<geomint::galerkin_vi_stepper<vec, 2>>(s, 2); }
void rattle_yoshida4_to_accuracy(benchmark::State& s) {
    to_accuracy<geomint::composed_rattle_stepper<vec, geomint::scheme::yoshida4>>(s, 1);
}

BENCHMARK(step)->Arg(10)->Arg(100)->Arg(1000)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
BENCHMARK(galerkin2_step)->Arg(10)->Arg(100)->Arg(1000)->Complexity(benchmark::oN)->Unit(benchmark::kMicrosecond);
BENCHMARK(rattle_to_accuracy)->Arg(10)->Unit(benchmark::kMillisecond);
BENCHMARK(galerkin2_to_accuracy)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK(rattle_yoshida4_to_accuracy)->Arg(10)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK(springs_rkf78)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(springs_yoshida4)->Arg(10)->Unit(benchmark::kMillisecond)->Iterations(1);

BENCHMARK_MAIN();
