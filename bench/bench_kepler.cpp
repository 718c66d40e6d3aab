// Google Benchmark harness: time to a given accuracy on Kepler's problem, e = 0.6, 10 periods.
//
// The Galerkin VIs (pair form: fixed-point iteration on odeint's std::make_pair(f, g)) and the
// explicit splitting catalogue (stepper/splitting_stepper.hpp) against odeint's runge_kutta4 and
// runge_kutta_fehlberg78 (fixed steps, on the first-order system) and its symplectic RKN steppers
// sb3a_m4_mclachlan and sb3a_mclachlan (pair form), at double and mp<50>. The error is the max over
// the 10 period ends of |q − q(0)| (max norm; the exact orbit returns to its start every 2π).
// For each method and target the steps per period N are predicted from two runs (N₀ and 2N₀,
// fitted order) and checked by a run, raised by 10 % until the target is met (untimed); the timed
// run integrates from scratch with that N. A method that would need more than `max_steps` steps
// per period is reported as skipped ("not reached").
//
//   build/bench/bench_kepler --benchmark_filter=double
//   build/bench/bench_kepler --benchmark_filter=mp50 --benchmark_min_time=0.01   (minutes)
// Counters: steps_per_period (N), error (reached).
#include <geomint/precision.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/splitting_stepper.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>

namespace {
namespace odeint = boost::numeric::odeint;

enum class method {
    galerkin2, galerkin3, galerkin4, galerkin6, galerkin8, rk4, rkf78, sb3a_m4, sb3a,
    yoshida4, suzuki4, mclachlan_sb3a, yoshida6, kahan_li6, blanes_moan_srkn6, yoshida8, kahan_li8, sofroniou_spaletta10
};
constexpr int periods = 10;
constexpr long max_steps = 200000;

/// Max error over the period ends of `m` with N steps per period, in T.
template <class T>
double run(method m, long N) {
    using P = std::array<T, 2>;
    using X = std::array<T, 4>;
    const geomint::problems::kepler<T> k(T(3) / 5);
    const T h = k.period() / T(N);
    const P q0{k.q0()[0], k.q0()[1]}, p0{k.p0()[0], k.p0()[1]};
    auto f = [](const P& p, P& dqdt) { dqdt = p; };
    auto g = [](const P& q, P& dpdt) {
        using std::sqrt;
        const T r2 = q[0] * q[0] + q[1] * q[1];
        const T r3 = r2 * sqrt(r2);
        dpdt = {-q[0] / r3, -q[1] / r3};
    };
    auto rates = [&](const X& x, X& dx, const T&) {
        P q{x[0], x[1]}, a;
        g(q, a);
        dx = {x[2], x[3], a[0], a[1]};
    };
    double worst = 0;
    const auto check = [&](const T& a, const T& b) {
        using std::abs;
        worst = std::max({worst, double(abs(a - q0[0])), double(abs(b - q0[1]))});
    };
    const auto pair_form = [&](auto stepper) {
        auto x = std::make_pair(q0, p0);
        for (int j = 0; j < periods; ++j) {
            odeint::integrate_n_steps(stepper, std::make_pair(f, g), x, T(0), h, int(N));
            check(x.first[0], x.first[1]);
        }
    };
    const auto first_order = [&](auto stepper) {
        X x{q0[0], q0[1], p0[0], p0[1]};
        for (int j = 0; j < periods; ++j) {
            odeint::integrate_n_steps(stepper, rates, x, T(0), h, int(N));
            check(x[0], x[1]);
        }
    };
    switch (m) {
        case method::galerkin2: pair_form(geomint::galerkin_vi_stepper<P, 2>()); break;
        case method::galerkin3: pair_form(geomint::galerkin_vi_stepper<P, 3>()); break;
        case method::galerkin4: pair_form(geomint::galerkin_vi_stepper<P, 4>()); break;
        case method::galerkin6: pair_form(geomint::galerkin_vi_stepper<P, 6>()); break;
        case method::galerkin8: pair_form(geomint::galerkin_vi_stepper<P, 8>()); break;
        case method::sb3a_m4: pair_form(odeint::symplectic_rkn_sb3a_m4_mclachlan<P, P, T>()); break;
        case method::sb3a: pair_form(odeint::symplectic_rkn_sb3a_mclachlan<P, P, T>()); break;
        case method::yoshida4: pair_form(geomint::yoshida4_stepper<P>()); break;
        case method::suzuki4: pair_form(geomint::suzuki4_stepper<P>()); break;
        case method::mclachlan_sb3a: pair_form(geomint::mclachlan_sb3a_stepper<P>()); break;
        case method::yoshida6: pair_form(geomint::yoshida6_stepper<P>()); break;
        case method::kahan_li6: pair_form(geomint::kahan_li6_stepper<P>()); break;
        case method::blanes_moan_srkn6: pair_form(geomint::blanes_moan_srkn6_stepper<P>()); break;
        case method::yoshida8: pair_form(geomint::yoshida8_stepper<P>()); break;
        case method::kahan_li8: pair_form(geomint::kahan_li8_stepper<P>()); break;
        case method::sofroniou_spaletta10: pair_form(geomint::sofroniou_spaletta10_stepper<P>()); break;
        case method::rk4: first_order(odeint::runge_kutta4<X, T, X, T>()); break;
        case method::rkf78: first_order(odeint::runge_kutta_fehlberg78<X, T, X, T>()); break;
    }
    return worst;
}

/// Steps per period reaching `target` (cached), or −1 beyond max_steps.
template <class T>
long steps_for(method m, double target) {
    static std::map<std::pair<int, double>, long> cache;
    const auto key = std::make_pair(int(m), target);
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    long n0 = 64;
    double e0 = run<T>(m, n0);
    while (!(std::isfinite(e0) && e0 < 1e-2) && n0 < max_steps) e0 = run<T>(m, n0 *= 2);  // reach the asymptotic range
    const double e1 = run<T>(m, 2 * n0);
    const double order = std::log2(e0 / e1);
    long n = e1 <= target ? 2 * n0 : long(std::ceil(2.0 * double(n0) * std::pow(e1 / target, 1.0 / order)));
    for (int tries = 0; n <= max_steps && tries < 8; ++tries, n = long(std::ceil(1.1 * double(n))))
        if (run<T>(m, n) <= target) return cache[key] = n;
    return cache[key] = -1;
}

template <class T>
void time_to_accuracy(benchmark::State& s, method m, double target) {
    const long n = steps_for<T>(m, target);
    if (n < 0) {
        s.SkipWithError(("not reached within " + std::to_string(max_steps) + " steps per period").c_str());
        return;
    }
    double err = 0;
    for (auto _ : s) {
        err = run<T>(m, n);
        benchmark::DoNotOptimize(err);
    }
    s.counters["steps_per_period"] = double(n);
    s.counters["error"] = err;
}

void all_methods(double target, bool high_degrees, auto reg) {
    reg("galerkin_degree2", method::galerkin2, target);
    reg("galerkin_degree3", method::galerkin3, target);
    reg("galerkin_degree4", method::galerkin4, target);
    if (high_degrees) {
        reg("galerkin_degree6", method::galerkin6, target);
        reg("galerkin_degree8", method::galerkin8, target);
    }
    reg("yoshida4", method::yoshida4, target);
    reg("suzuki4", method::suzuki4, target);
    reg("mclachlan_sb3a", method::mclachlan_sb3a, target);
    reg("yoshida6", method::yoshida6, target);
    reg("kahan_li6", method::kahan_li6, target);
    reg("blanes_moan_srkn6", method::blanes_moan_srkn6, target);
    reg("yoshida8", method::yoshida8, target);
    reg("kahan_li8", method::kahan_li8, target);
    reg("sofroniou_spaletta10", method::sofroniou_spaletta10, target);
    reg("odeint_runge_kutta4", method::rk4, target);
    reg("odeint_sb3a_m4", method::sb3a_m4, target);
    reg("odeint_sb3a_mclachlan", method::sb3a, target);
    reg("odeint_rkf78_fixed", method::rkf78, target);
}

const bool registered = [] {
    for (const double target : {1e-8, 1e-10, 1e-12})
        all_methods(target, false, [](const std::string& name, method m, double t) {
            benchmark::RegisterBenchmark(("double/" + name + "/1e" + std::to_string(int(std::log10(t)))).c_str(),
                                         [m, t](benchmark::State& s) { time_to_accuracy<double>(s, m, t); })
                ->Unit(benchmark::kMillisecond);
        });
    all_methods(1e-30, true, [](const std::string& name, method m, double t) {
        benchmark::RegisterBenchmark(("mp50/" + name + "/1e-30").c_str(),
                                     [m, t](benchmark::State& s) { time_to_accuracy<geomint::mp<50>>(s, m, t); })
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1);
    });
    return true;
}();

}  // namespace

BENCHMARK_MAIN();
