// Google Benchmark harness: cost per step of the Gauss–Legendre collocation stepper on a
// non-separable Hamiltonian, the nonlinear double pendulum of the Simpson paper in angles and
// canonical momenta (`problems::double_pendulum<T>::hamiltonian_system`, derivatives on jets),
// h = t̄/100, from q = (1, 1/2), p = 0: s = 1, 2, 4 at double on std::array states (simplified
// Newton; s = 2 also by fixed-point sweeps), s = 2 at mp50 on std::vector states; counters give
// the sweeps a step. The peer in the same binary: odeint's runge_kutta_fehlberg78 (fixed step)
// on Hamilton's equations of the same pendulum written out by hand (`nonlinear_rates`). Tao's
// H = (q² + 1)(p² + 1)/2 at h = 0.05 from (1/2, 0): Tao's explicit method (ω = 1, orders 4, 6,
// 8) against Gauss s = 2, 3, 4 a step. Gauss s = 2 on the pendulum also with ∂H/∂q, ∂H/∂p given
// by hand (the written-out rates; the Newton matrix's Hessian still by jets).
//
//   build/bench/bench_hamiltonian --benchmark_min_time=0.2
#include <geomint/hamiltonian.hpp>
#include <geomint/precision.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/tao_hamiltonian.hpp>

#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <string>
#include <vector>

namespace {

/// Steps of h = t̄/100 by `stepper` on `sys` from q = (1, 1/2), p = 0; the counter: sweeps a step.
template <class T, class State, class System, class Stepper>
void run_gauss_pendulum(benchmark::State& state, const System& sys, Stepper stepper, const T& h) {
    auto x = std::make_pair(State{T(1), T(1) / 2}, State{T(0), T(0)});
    T t(0);
    long steps = 0, sweeps = 0;
    for (auto _ : state) {
        stepper.do_step(std::cref(sys), x, t, h);
        t += h;
        sweeps += stepper.iterations();
        ++steps;
        benchmark::DoNotOptimize(x);
    }
    state.counters["sweeps"] = double(sweeps) / double(steps);
}

template <class T, unsigned S, class State, geomint::stage_corrections Corrections = geomint::stage_corrections::automatic>
void gauss_pendulum(benchmark::State& state) {
    const geomint::problems::double_pendulum<T> dp;
    run_gauss_pendulum<T, State>(state, dp.hamiltonian_system(),
                                 geomint::gauss_collocation_stepper<State, S>({.corrections = Corrections}), T(dp.tbar / 100));
}

void gauss_pendulum_given_gradient(benchmark::State& state) {
    using A = std::array<double, 2>;
    const geomint::problems::double_pendulum<double> dp;
    const auto sys = geomint::make_hamiltonian_system<double>(
        2, dp.nonlinear_hamiltonian(), [&dp](const auto& q, const auto& p, const double&, auto& Hq, auto& Hp) {
            const std::array<double, 4> y{q[0], q[1], p[0], p[1]};
            std::array<double, 4> dy;
            dp.nonlinear_rates(y, dy);  // (∂H/∂p, −∂H/∂q)
            Hp[0] = dy[0];
            Hp[1] = dy[1];
            Hq[0] = -dy[2];
            Hq[1] = -dy[3];
        });
    run_gauss_pendulum<double, A>(state, sys, geomint::gauss_collocation_stepper<A, 2>(), dp.tbar / 100);
}

void odeint_rkf78_pendulum(benchmark::State& state) {
    using X = std::array<double, 4>;
    const geomint::problems::double_pendulum<double> dp;
    boost::numeric::odeint::runge_kutta_fehlberg78<X> stepper;
    X x{1.0, 0.5, 0.0, 0.0};
    const double h = dp.tbar / 100;
    double t = 0;
    const auto rhs = [&dp](const X& y, X& dy, double) { dp.nonlinear_rates(y, dy); };
    for (auto _ : state) {
        stepper.do_step(rhs, x, t, h);
        t += h;
        benchmark::DoNotOptimize(x);
    }
}

/// A step of `Stepper` on Tao's H at h = 0.05 (odeint's pair of doubles).
template <class Stepper>
void on_tao(benchmark::State& state, Stepper stepper) {
    const auto sys = geomint::problems::tao_hamiltonian<double>::system();
    std::pair<double, double> x{0.5, 0.0};
    double t = 0;
    for (auto _ : state) {
        stepper.do_step(std::cref(sys), x, t, 0.05);
        t += 0.05;
        benchmark::DoNotOptimize(x);
    }
}

using A = std::array<double, 2>;
using mp50 = geomint::mp<50>;
BENCHMARK(odeint_rkf78_pendulum);
BENCHMARK(gauss_pendulum<double, 1, A>)->Name("gauss_pendulum/s1/double");
BENCHMARK(gauss_pendulum<double, 2, A>)->Name("gauss_pendulum/s2/double");
BENCHMARK(gauss_pendulum_given_gradient)->Name("gauss_pendulum_given_gradient/s2/double");
BENCHMARK(gauss_pendulum<double, 2, A, geomint::stage_corrections::never>)->Name("gauss_pendulum_sweeps/s2/double");
BENCHMARK(gauss_pendulum<double, 4, A>)->Name("gauss_pendulum/s4/double");
BENCHMARK(gauss_pendulum<mp50, 2, std::vector<mp50>>)->Name("gauss_pendulum/s2/mp50");
BENCHMARK_CAPTURE(on_tao, tao_yoshida4, geomint::tao_stepper<double, geomint::scheme::yoshida4>(1.0));
BENCHMARK_CAPTURE(on_tao, tao_yoshida6, geomint::tao_stepper<double, geomint::scheme::yoshida6>(1.0));
BENCHMARK_CAPTURE(on_tao, tao_yoshida8, geomint::tao_stepper<double, geomint::scheme::yoshida8>(1.0));
BENCHMARK_CAPTURE(on_tao, gauss_s2, geomint::gauss_collocation_stepper<double, 2>());
BENCHMARK_CAPTURE(on_tao, gauss_s3, geomint::gauss_collocation_stepper<double, 3>());
BENCHMARK_CAPTURE(on_tao, gauss_s4, geomint::gauss_collocation_stepper<double, 4>());

}  // namespace

BENCHMARK_MAIN();
