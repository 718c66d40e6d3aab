// Google Benchmark harness: cost per step of the Galerkin variational integrators.
//
//  - Newton path: the nonlinear double pendulum of the Simpson paper (`make_lagrangian_system`,
//    derivatives by autodiff), h = t̄/100, Degrees 2 and 4, at double and mp50; counters give
//    the Newton iterations per step. `newton_pendulum` steps states of run-time size
//    (geomint::vector<T>), `newton_pendulum_fixed_size` fixed-size ones (geomint::vector<T, 2>:
//    fixed-size jets, stage matrices and LU).
//  - Fixed-point path: Kepler e = 0.6 (pair form, std::array state), h = P/200, Degrees 1–8, at
//    double and mp50 (at mp50 with the default Newton corrections, `sweeps_only` without them, and
//    `double_copy` with the pair's copy at double solved first: `with_double_model`);
//    counters give the sweeps and force evaluations per step (the corrections' finite
//    differences included). The odeint
//    peers in the same binary: runge_kutta4 and runge_kutta_fehlberg78 (fixed step) on the same
//    Kepler problem, and the cost of the bare force evaluations a Galerkin step makes.
//
//   build/bench/bench_galerkin --benchmark_min_time=0.2
#include "galerkin_cases.hpp"

#include <geomint/precision.hpp>

#include <boost/math/constants/constants.hpp>
#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <string>
#include <utility>

namespace {
namespace odeint = boost::numeric::odeint;
using galerkin_cases::kepler_force;
using galerkin_cases::kepler_start;
using galerkin_cases::kepler_step;
using galerkin_cases::kepler_velocity;

template <class T, unsigned Degree, class V = geomint::vector<T>>
void newton_pendulum(benchmark::State& s) {
    galerkin_cases::newton_pendulum<T, Degree, V> c;
    long steps = 0, iterations = 0;
    for (auto _ : s) {
        c.step();
        iterations += c.stepper.iterations();
        ++steps;
        benchmark::DoNotOptimize(c.x);
    }
    s.counters["newton_iterations"] = double(iterations) / double(steps);
}

template <class T, unsigned Degree, geomint::stage_corrections Corrections = geomint::stage_corrections::automatic,
          bool DoubleCopy = false>
void fixed_point_kepler(benchmark::State& s) {
    using A = std::array<T, 2>;
    geomint::galerkin_vi_stepper<A, Degree> st({.max_iterations = 100, .corrections = Corrections});
    long calls = 0, double_calls = 0, steps = 0, sweeps = 0;
    auto x = kepler_start<T>();
    const T h = kepler_step<T>();
    const auto pair = std::make_pair(kepler_velocity<T>{}, kepler_force<T>{&calls});
    const auto sys = [&] {
        if constexpr (DoubleCopy)
            return geomint::with_double_model(pair,
                                              std::make_pair(kepler_velocity<double>{}, kepler_force<double>{&double_calls}));
        else
            return pair;
    }();
    for (auto _ : s) {
        st.do_step(sys, x, T(0), h);
        sweeps += st.iterations();
        ++steps;
        benchmark::DoNotOptimize(x);
    }
    s.counters["sweeps"] = double(sweeps) / double(steps);
    s.counters["force_evals"] = double(calls) / double(steps);
    if constexpr (DoubleCopy) s.counters["double_force_evals"] = double(double_calls) / double(steps);
}

/// The bare cost of one force evaluation, to compare a step with its evaluations.
template <class T>
void kepler_force_only(benchmark::State& s) {
    long calls = 0;
    auto x = kepler_start<T>();
    std::array<T, 2> f{};
    const kepler_force<T> force{&calls};
    for (auto _ : s) {
        force(x.first, f);
        benchmark::DoNotOptimize(x);
        benchmark::DoNotOptimize(f);
        benchmark::ClobberMemory();
    }
}

template <class T, class Stepper>
void odeint_kepler(benchmark::State& s) {
    using A = std::array<T, 4>;
    Stepper st;
    const auto start = kepler_start<T>();
    A x{start.first[0], start.first[1], start.second[0], start.second[1]};
    const T h = kepler_step<T>();
    long calls = 0;
    const auto rhs = [&calls](const A& y, A& dy, const T&) {
        using std::sqrt;
        ++calls;
        const T r2 = y[0] * y[0] + y[1] * y[1];
        const T r3 = r2 * sqrt(r2);
        dy[0] = y[2];
        dy[1] = y[3];
        dy[2] = -y[0] / r3;
        dy[3] = -y[1] / r3;
    };
    long steps = 0;
    for (auto _ : s) {
        st.do_step(rhs, x, T(0), h);
        ++steps;
        benchmark::DoNotOptimize(x);
    }
    s.counters["force_evals"] = double(calls) / double(steps);
}

template <class T, unsigned... D>
void register_fixed_point(const std::string& p, std::integer_sequence<unsigned, D...>) {
    (benchmark::RegisterBenchmark(("fixed_point_kepler/D" + std::to_string(D) + "/" + p).c_str(), fixed_point_kepler<T, D>),
     ...);
    if constexpr (geomint::mixed_precision_corrections<T>) {  // the sweeps alone, for comparison
        (benchmark::RegisterBenchmark(("fixed_point_kepler_sweeps_only/D" + std::to_string(D) + "/" + p).c_str(),
                                      fixed_point_kepler<T, D, geomint::stage_corrections::never>),
         ...);
        // the pair's copy at double started first (with_double_model)
        (benchmark::RegisterBenchmark(("fixed_point_kepler_double_copy/D" + std::to_string(D) + "/" + p).c_str(),
                                      fixed_point_kepler<T, D, geomint::stage_corrections::automatic, true>),
         ...);
    }
}

template <class T>
void register_all(const std::string& p) {
    benchmark::RegisterBenchmark(("newton_pendulum/D2/" + p).c_str(), newton_pendulum<T, 2>);
    benchmark::RegisterBenchmark(("newton_pendulum/D4/" + p).c_str(), newton_pendulum<T, 4>);
    benchmark::RegisterBenchmark(("newton_pendulum_fixed_size/D2/" + p).c_str(), newton_pendulum<T, 2, geomint::vector<T, 2>>);
    benchmark::RegisterBenchmark(("newton_pendulum_fixed_size/D4/" + p).c_str(), newton_pendulum<T, 4, geomint::vector<T, 2>>);
    register_fixed_point<T>(p, std::integer_sequence<unsigned, 1, 2, 3, 4, 5, 6, 7, 8>{});
    benchmark::RegisterBenchmark(("kepler_force_only/" + p).c_str(), kepler_force_only<T>);
    using A = std::array<T, 4>;
    benchmark::RegisterBenchmark(("odeint_rk4_kepler/" + p).c_str(), odeint_kepler<T, odeint::runge_kutta4<A, T>>);
    benchmark::RegisterBenchmark(("odeint_rkf78_kepler/" + p).c_str(),
                                 odeint_kepler<T, odeint::runge_kutta_fehlberg78<A, T>>);
}
}  // namespace

int main(int argc, char** argv) {
    register_all<double>("double");
    register_all<geomint::mp<50>>("mp50");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
