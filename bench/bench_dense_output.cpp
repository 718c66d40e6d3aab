// Google Benchmark harness for dense output and events (issue 25).
//
// 1. Cost of one calc_state (a side step of the scheme from the last node) against one do_step,
//    for a stepper of each family at double: yoshida4 (splitting) and galerkin_vi_2 on Kepler
//    e = 0.6 (h = period/200), leapfrog and implicit_midpoint on the pendulum model (h = 0.1),
//    simpson on a 2-dof M q'' + K q = 0 (h = 0.1).
// 2. Poincaré crossings per second: the Hénon–Heiles orbit at E = 1/8 from q = (0, 0.1), p_y = 0,
//    section q_x = 0 rising (p_x > 0), located by geomint::find_events (TOMS 748, 4 samples a
//    step) on geomint's dense steppers (fixed h) and on odeint's controlled dense-output steppers
//    runge_kutta_dopri5 and bulirsch_stoer_dense_out at double (t ≤ 2000); geomint's at mp<50>
//    (t ≤ 100) too, against odeint's two at tolerance 1e-16 (with a workaround for Boost 1.81, below).
//    odeint has no dense output for runge_kutta_fehlberg78 (dense_output_runge_kutta needs an
//    FSAL controlled stepper), hence Bulirsch–Stoer as its high-order dense-output method.
//
//   build/bench/bench_dense_output --benchmark_filter=cost
//   build/bench/bench_dense_output --benchmark_filter=poincare
// Counters: crossings (per run), energy_error (max |H − 1/8| at the crossings: the accuracy
// bought), items_per_second (crossings per second).
#include <geomint/geomint.hpp>
#include <geomint/problems/henon_heiles.hpp>
#include <geomint/problems/kepler.hpp>

#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using namespace geomint;
using V2 = std::array<double, 2>;

// ---------------------------------------------------------------- 1. calc_state against do_step
/// Times do_step (calc = false) or calc_state at θ = 0.1 … 0.9 of the last step (calc = true).
template <class Dense, class System, class State>
void run_cost(benchmark::State& bs, Dense dense, const System& sys, const State& x0, double h, bool calc) {
    dense.initialize(x0, 0.0, h);
    dense.do_step(sys);
    State y = x0;
    int k = 0;
    for (auto _ : bs) {
        if (calc) {
            const double theta = 0.1 + 0.1 * (k++ % 9);
            dense.calc_state(dense.previous_time() + theta * h, y);
            benchmark::DoNotOptimize(y);
        } else {
            if (k++ % 1000 == 0) dense.initialize(x0, 0.0, h);  // stay on the orbit's first stretch
            dense.do_step(sys);
            benchmark::DoNotOptimize(dense.current_state());
        }
    }
}

const problems::kepler<double> kepler06(0.6);
std::pair<V2, V2> kepler_start() {
    const auto q = kepler06.q0(), p = kepler06.p0();
    return {V2{q[0], q[1]}, V2{p[0], p[1]}};
}

template <class Stepper>
void cost_kepler(benchmark::State& bs, bool calc) {
    run_cost(bs, make_dense_output(Stepper()), kepler06.system(), kepler_start(), kepler06.period() / 200, calc);
}
template <class Stepper>
void cost_pendulum(benchmark::State& bs, bool calc) {
    run_cost(bs, make_dense_output(Stepper()), make_simple_pendulum<double>(), std::pair<double, double>{0.0, 1.5}, 0.1,
             calc);
}
void cost_simpson(benchmark::State& bs, bool calc) {
    matrix<double> M(2, 2), K(2, 2);
    M << 2, 1, 1, 1;
    K << 2, 0, 0, 1;
    run_cost(bs, make_dense_output(simpson_stepper<V2>()), quadratic_lagrangian<matrix<double>>(M, K),
             std::pair<V2, V2>{V2{0.1, 0.0}, V2{0.0, 0.0}}, 0.1, calc);
}

// ---------------------------------------------------------------- 2. Poincaré crossings per second
/// The Hénon–Heiles start at E = 1/8: q = (0, 1/10), p_y = 0, p_x > 0 from H = E.
template <class T>
std::pair<std::array<T, 2>, std::array<T, 2>> henon_heiles_start() {
    using std::sqrt;
    const std::array<T, 2> q{T(0), T(1) / 10}, p0{T(0), T(0)};
    const T v = problems::henon_heiles::hamiltonian<T>(q, p0);
    return {q, {T(sqrt(2 * (T(1) / 8 - v))), T(0)}};
}

template <class T>
auto section() {
    return [](const T&, const auto& q, const auto&) { return q[0]; };
}

/// The largest |H − 1/8| over the located crossings (the accuracy a run bought), as a double.
template <class T, class Events, class Split>
double energy_error(const Events& events, Split split) {
    using std::abs;
    double worst = 0;
    for (const auto& e : events) {
        const auto [q, p] = split(e.state);
        worst = std::max(worst, double(abs(problems::henon_heiles::hamiltonian<T>(q, p) - T(1) / 8)));
    }
    return worst;
}

/// geomint: `Stepper` with fixed h.
template <class T, class Stepper>
void poincare_geomint(benchmark::State& bs, double h, double t_end) {
    const auto sys = problems::henon_heiles::system();
    auto dense = make_dense_output(Stepper());
    std::size_t n = 0;
    double err = 0;
    for (auto _ : bs) {
        auto x = henon_heiles_start<T>();
        const auto events = find_events(dense, sys, x, T(0), T(t_end), T(h), section<T>(), event_direction::rising);
        n = events.size();
        err = energy_error<T>(events, [](const auto& x) { return x; });
    }
    bs.counters["crossings"] = double(n);
    bs.counters["energy_error"] = err;
    bs.SetItemsProcessed(static_cast<std::int64_t>(bs.iterations() * n));
}

/// odeint: a controlled dense-output stepper on the first-order system x = (q, p).
template <class T, class Dense>
void poincare_odeint(benchmark::State& bs, Dense dense, double h0, double t_end) {
    using X = std::array<T, 4>;
    const auto rhs = [](const X& x, X& dx, const T&) {
        dx[0] = x[2];
        dx[1] = x[3];
        dx[2] = -x[0] - 2 * x[0] * x[1];
        dx[3] = -x[1] - x[0] * x[0] + x[1] * x[1];
    };
    std::size_t n = 0;
    double err = 0;
    for (auto _ : bs) {
        const auto s = henon_heiles_start<T>();
        X x{s.first[0], s.first[1], s.second[0], s.second[1]};
        const auto events = find_events(dense, rhs, x, T(0), T(t_end), T(h0), [](const T&, const X& y) { return y[0]; },
                                        event_direction::rising);
        n = events.size();
        err = energy_error<T>(events, [](const X& y) {
            return std::pair<std::array<T, 2>, std::array<T, 2>>{{y[0], y[1]}, {y[2], y[3]}};
        });
    }
    bs.counters["crossings"] = double(n);
    bs.counters["energy_error"] = err;
    bs.SetItemsProcessed(static_cast<std::int64_t>(bs.iterations() * n));
}

template <class T>
void poincare_dopri5(benchmark::State& bs, double tol, double t_end) {
    using X = std::array<T, 4>;
    poincare_odeint<T>(bs, odeint::make_dense_output(T(tol), T(tol), odeint::runge_kutta_dopri5<X, T, X, T>()), 0.01,
                       t_end);
}
template <class T>
void poincare_bulirsch_stoer(benchmark::State& bs, double tol, double t_end) {
    using X = std::array<T, 4>;
    poincare_odeint<T>(bs, odeint::bulirsch_stoer_dense_out<X, T, X, T>(T(tol), T(tol)), 0.01, t_end);
}

using D2 = std::array<double, 2>;
using M2 = std::array<mp<50>, 2>;
}  // namespace

int main(int argc, char** argv) {
    using benchmark::RegisterBenchmark;
    RegisterBenchmark("cost/yoshida4/step", cost_kepler<yoshida4_stepper<V2>>, false);
    RegisterBenchmark("cost/yoshida4/calc_state", cost_kepler<yoshida4_stepper<V2>>, true);
    RegisterBenchmark("cost/galerkin_vi_2/step", cost_kepler<galerkin_vi_stepper<V2, 2>>, false);
    RegisterBenchmark("cost/galerkin_vi_2/calc_state", cost_kepler<galerkin_vi_stepper<V2, 2>>, true);
    RegisterBenchmark("cost/leapfrog/step", cost_pendulum<leapfrog_stepper<double>>, false);
    RegisterBenchmark("cost/leapfrog/calc_state", cost_pendulum<leapfrog_stepper<double>>, true);
    RegisterBenchmark("cost/implicit_midpoint/step", cost_pendulum<implicit_midpoint_stepper<double>>, false);
    RegisterBenchmark("cost/implicit_midpoint/calc_state", cost_pendulum<implicit_midpoint_stepper<double>>, true);
    RegisterBenchmark("cost/simpson/step", cost_simpson, false);
    RegisterBenchmark("cost/simpson/calc_state", cost_simpson, true);
    const auto ms = benchmark::kMillisecond;
    RegisterBenchmark("poincare/double/yoshida6_h0.05", poincare_geomint<double, yoshida6_stepper<D2>>, 0.05, 2000.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/double/galerkin_vi_3_h0.1", poincare_geomint<double, galerkin_vi_stepper<D2, 3>>, 0.1,
                      2000.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/double/dopri5_tol1e-10", poincare_dopri5<double>, 1e-10, 2000.0)->Unit(ms);
    RegisterBenchmark("poincare/double/bulirsch_stoer_tol1e-10", poincare_bulirsch_stoer<double>, 1e-10, 2000.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/double/dopri5_tol1e-13", poincare_dopri5<double>, 1e-13, 2000.0)->Unit(ms);
    RegisterBenchmark("poincare/double/bulirsch_stoer_tol1e-13", poincare_bulirsch_stoer<double>, 1e-13, 2000.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/mp50/kahan_li8_h0.05", poincare_geomint<mp<50>, kahan_li8_stepper<M2>>, 0.05, 100.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/mp50/galerkin_vi_4_h0.1", poincare_geomint<mp<50>, galerkin_vi_stepper<M2, 4>>, 0.1,
                      100.0)
        ->Unit(ms);
    RegisterBenchmark("poincare/mp50/dopri5_tol1e-16", poincare_dopri5<mp<50>>, 1e-16, 100.0)->Unit(ms);
    RegisterBenchmark("poincare/mp50/bulirsch_stoer_tol1e-16", poincare_bulirsch_stoer<mp<50>>, 1e-16, 100.0)
        ->Unit(ms);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
