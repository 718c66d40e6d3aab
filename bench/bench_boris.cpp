// Google Benchmark harness: a Boris step at double on the Penning trap (q/m = 1, B = (0, 0, 1),
// E = (x, y, −2z)/8, h = 0.05), geomint's `boris_stepper` on std::array states against the same
// map written by hand on std::array (what a plasma code's inner loop is), in one binary; and
// the compositions of orders 4, 6, 8 a step; the relativistic pushers (Boris, Vay, Higuera–Cary)
// on the same fields with c = 1.
//
//   build/bench/bench_boris --benchmark_min_time=0.2
#include <geomint/charged.hpp>

#include <benchmark/benchmark.h>

#include <array>

namespace {

using A = std::array<double, 3>;
constexpr double k = 0.125, b = 1.0, h = 0.05;

// h, q/m and the field constants at run time, as a stepper sees them (constants folded at compile
// time took the hand-written step from 19 to 14 ns: the rotation's division vanished)
void hand_written_boris(benchmark::State& state) {
    double step = h, qm = 1.0, kk = k, bz = b;
    benchmark::DoNotOptimize(step);
    benchmark::DoNotOptimize(qm);
    benchmark::DoNotOptimize(kk);
    benchmark::DoNotOptimize(bz);
    A x{1, 0, 0.5}, v{0, 0.5, 0.2};
    double time = 0;
    for (auto _ : state) {
        const double h = step, k = kk, b = bz;  // NOLINT: the loop's names as in the constants'
        time += h;
        benchmark::DoNotOptimize(time);
        for (int i = 0; i < 3; ++i) x[std::size_t(i)] += h / 2 * v[std::size_t(i)];
        const A E{k * x[0], k * x[1], -2 * k * x[2]}, B{0, 0, b};
        A kick, t, s, vp;
        for (int i = 0; i < 3; ++i) {
            kick[std::size_t(i)] = qm * h / 2 * E[std::size_t(i)];
            t[std::size_t(i)] = qm * h / 2 * B[std::size_t(i)];
        }
        const double f = 2 / (1 + t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
        for (int i = 0; i < 3; ++i) {
            s[std::size_t(i)] = f * t[std::size_t(i)];
            v[std::size_t(i)] += kick[std::size_t(i)];
        }
        vp = {v[0] + v[1] * t[2] - v[2] * t[1], v[1] + v[2] * t[0] - v[0] * t[2], v[2] + v[0] * t[1] - v[1] * t[0]};
        v = {v[0] + vp[1] * s[2] - vp[2] * s[1] + kick[0], v[1] + vp[2] * s[0] - vp[0] * s[2] + kick[1],
             v[2] + vp[0] * s[1] - vp[1] * s[0] + kick[2]};
        for (int i = 0; i < 3; ++i) x[std::size_t(i)] += h / 2 * v[std::size_t(i)];
        benchmark::DoNotOptimize(x);
        benchmark::DoNotOptimize(v);
    }
}

// the Penning trap's fields, E = (x, y, −2z)/8 and B = (0, 0, 1), as callables
const auto trap_E = [](const geomint::vector<double, 3>& x, double) {
    return geomint::vector<double, 3>(k * x(0), k * x(1), -2 * k * x(2));
};
const auto trap_B = [](const geomint::vector<double, 3>&, double) { return geomint::vector<double, 3>(0, 0, b); };

/// Steps of h from (1, 0, 1/2), (0, 1/2, 1/5) by `stepper` on `particle`.
template <class Particle, class Stepper>
void run_pusher(benchmark::State& state, const Particle& particle, Stepper stepper) {
    auto s = std::make_pair(A{1, 0, 0.5}, A{0, 0.5, 0.2});
    double t = 0;
    for (auto _ : state) {
        stepper.do_step(particle, s, t, h);
        t += h;
        benchmark::DoNotOptimize(s);
    }
}

template <class Method, class Checks = geomint::checked>
void geomint_boris(benchmark::State& state) {
    run_pusher(state, geomint::make_charged_particle<double>(1.0, trap_E, trap_B),
               geomint::boris_stepper<A, Method, A, Checks>());
}

template <class Pusher>
void geomint_relativistic(benchmark::State& state) {
    run_pusher(state, geomint::make_relativistic_charged_particle<double>(1.0, 1.0, trap_E, trap_B),
               geomint::pusher_stepper<A, Pusher>());
}

BENCHMARK(hand_written_boris);
BENCHMARK(geomint_boris<geomint::scheme::stormer_verlet>)->Name("geomint_boris");
BENCHMARK(geomint_boris<geomint::scheme::stormer_verlet, geomint::unchecked>)->Name("geomint_boris/unchecked");
BENCHMARK(geomint_boris<geomint::scheme::yoshida4>)->Name("geomint_boris/yoshida4");
BENCHMARK(geomint_boris<geomint::scheme::yoshida6>)->Name("geomint_boris/yoshida6");
BENCHMARK(geomint_boris<geomint::scheme::yoshida8>)->Name("geomint_boris/yoshida8");
BENCHMARK(geomint_relativistic<geomint::scheme::relativistic_boris>)->Name("relativistic/boris");
BENCHMARK(geomint_relativistic<geomint::scheme::vay>)->Name("relativistic/vay");
BENCHMARK(geomint_relativistic<geomint::scheme::higuera_cary>)->Name("relativistic/higuera_cary");

}  // namespace

BENCHMARK_MAIN();
