// Google Benchmark: the cost of one step of a splitting stepper against its odeint counterpart
// (issues 26, 48). McLachlan's SB3A, odeint's pair form with std::array states: geomint's
// `mclachlan_sb3a_stepper` with the default policies (checked, compensated summation) and with
// `unchecked` + `plain_summation`, against odeint's `symplectic_rkn_sb3a_mclachlan`.
// - Kepler e = 0.6 (h = P/200) at double and mp<50>, one do_step per iteration (the orbit
//   restarts every 1000 steps); this translation unit instantiates all six steppers.
// - Hénon–Heiles (a force of a few flops, where a step's fixed cost shows) at double through
//   odeint's integrate_n_steps, 1000 steps of h = 1/100 per iteration from E ≈ 0.125; the rate
//   is steps per second.
//
//   build/bench/bench_splitting_step
#include <geomint/problems/henon_heiles.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/precision.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_mclachlan.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <utility>

namespace {
namespace odeint = boost::numeric::odeint;

template <class T>
using pair_state = std::pair<std::array<T, 2>, std::array<T, 2>>;

/// One step per iteration of `Stepper` on Kepler (e = 0.6) in the scalar T.
template <class T, class Stepper>
void step(benchmark::State& bs) {
    using P = std::array<T, 2>;
    using std::sqrt;
    const auto f = [](const P& p, P& dqdt) { dqdt = p; };
    const auto g = [](const P& q, P& dpdt) {
        const T r2 = q[0] * q[0] + q[1] * q[1], r3 = r2 * sqrt(r2);
        dpdt[0] = -q[0] / r3;
        dpdt[1] = -q[1] / r3;
    };
    const geomint::problems::kepler<T> kepler(T(6) / 10);
    const T h = kepler.period() / 200;
    const pair_state<T> x0{{kepler.q0()[0], kepler.q0()[1]}, {kepler.p0()[0], kepler.p0()[1]}};
    auto x = x0;
    Stepper stepper;
    int n = 0;
    for (auto _ : bs) {
        if (++n % 1000 == 0) x = x0;
        stepper.do_step(std::make_pair(f, g), x, T(0), h);
        benchmark::DoNotOptimize(x);
    }
}

/// 1000 steps per iteration of `Stepper` on Hénon–Heiles through odeint's integrate_n_steps.
template <class Stepper>
void henon_heiles_steps(benchmark::State& bs) {
    constexpr int steps = 1000;
    for (auto _ : bs) {
        pair_state<double> x{{0.0, 0.1}, {0.49, 0.0}};
        Stepper stepper;
        odeint::integrate_n_steps(stepper, geomint::problems::henon_heiles::system(), x, 0.0, 0.01, steps);
        benchmark::DoNotOptimize(x);
    }
    bs.SetItemsProcessed(bs.iterations() * steps);
}

template <class T>
using P2 = std::array<T, 2>;
using mp50 = geomint::mp<50>;
}  // namespace

BENCHMARK(step<double, geomint::mclachlan_sb3a_stepper<P2<double>>>)->Name("double/geomint_sb3a/defaults");
BENCHMARK(step<double, geomint::mclachlan_sb3a_stepper<P2<double>, P2<double>, geomint::unchecked, geomint::plain_summation>>)
    ->Name("double/geomint_sb3a/unchecked_plain");
BENCHMARK(step<double, odeint::symplectic_rkn_sb3a_mclachlan<P2<double>, P2<double>, double>>)
    ->Name("double/odeint_sb3a_mclachlan");
BENCHMARK(step<mp50, geomint::mclachlan_sb3a_stepper<P2<mp50>>>)->Name("mp50/geomint_sb3a/defaults");
BENCHMARK(step<mp50, geomint::mclachlan_sb3a_stepper<P2<mp50>, P2<mp50>, geomint::unchecked, geomint::plain_summation>>)
    ->Name("mp50/geomint_sb3a/unchecked_plain");
BENCHMARK(step<mp50, odeint::symplectic_rkn_sb3a_mclachlan<P2<mp50>, P2<mp50>, mp50>>)->Name("mp50/odeint_sb3a_mclachlan");

BENCHMARK(henon_heiles_steps<geomint::mclachlan_sb3a_stepper<P2<double>>>)->Name("henon_heiles/geomint_sb3a/defaults");
BENCHMARK(henon_heiles_steps<geomint::mclachlan_sb3a_stepper<P2<double>, P2<double>, geomint::unchecked, geomint::plain_summation>>)
    ->Name("henon_heiles/geomint_sb3a/unchecked_plain");
BENCHMARK(henon_heiles_steps<odeint::symplectic_rkn_sb3a_mclachlan<P2<double>, P2<double>, double>>)
    ->Name("henon_heiles/odeint_sb3a_mclachlan");

BENCHMARK_MAIN();
