// Google Benchmark: the cost of one step of a splitting stepper against its odeint counterpart
// (issue 26). McLachlan's SB3A on Kepler e = 0.6 (h = P/200), odeint's pair form with
// std::array states, at double and mp<50>: geomint's `mclachlan_sb3a_stepper` with the default
// policies (checked, compensated summation) and with `unchecked` + `plain_summation`, against
// odeint's `symplectic_rkn_sb3a_mclachlan`. The orbit restarts every 1000 steps.
//
//   build/bench/bench_splitting_step
#include <geomint/problems/kepler.hpp>
#include <geomint/precision.hpp>
#include <geomint/splitting.hpp>

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

BENCHMARK_MAIN();
