// Google Benchmark harness: cost per step of geomint's linear steppers against Boost.Odeint's
// runge_kutta4 and symplectic_rkn_sb3a_m4_mclachlan on the double pendulum of the Simpson
// paper, at double, quad and mp50, next to a bare 4x4 matrix-vector product of the same scalar;
// and work-precision: wall time to reach max ||q - q_ex|| <= 1e-6 over T = 100 tbar with the
// step size tuned per stepper (the smallest N per tbar on a 2^(1/4) grid meeting the target).
//
//   build/bench/bench_steppers --benchmark_min_time=0.2
#include <geomint/geomint.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/base/symplectic_rkn_stepper_base.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

#include <benchmark/benchmark.h>

namespace {
namespace odeint = boost::numeric::odeint;
using geomint::problems::double_pendulum;

/// Baseline: x = Φ x with the pendulum's own 4 × 4 transfer matrix (h = 0.01 tbar), so x stays
/// bounded (a matrix with spectral radius > 1 overflows to inf, whose multiprecision arithmetic
/// takes fast paths and would flatter the baseline).
template <class T>
void bare_matvec(benchmark::State& s) {
    const double_pendulum<T> dp;
    const Eigen::Matrix<T, 4, 4> a = geomint::transfer_matrix<geomint::scheme::simpson>(dp.system(), T(1) / T(100));
    Eigen::Matrix<T, 4, 1> x(T(0), T(0), dp.q0()(0), dp.q0()(1)), y;
    for (auto _ : s) {
        y.noalias() = a * x;
        x = y;
        benchmark::DoNotOptimize(x);
    }
}

/// Time one do_step of `st` on (sys, x) at h = 0.01 tbar.
template <class T, class Stepper, class System, class State>
void time_steps(benchmark::State& s, Stepper st, const System& sys, State x) {
    const T h = T(1) / T(100);
    for (auto _ : s) {
        st.do_step(sys, x, T(0), h);
        benchmark::DoNotOptimize(x);
    }
}

template <class T, class Stepper>
void linear_step(benchmark::State& s) {
    using V = Eigen::Vector<T, 2>;
    const double_pendulum<T> dp;
    time_steps<T>(s, Stepper(), dp.system(), std::make_pair(V(dp.q0()), V(dp.p0())));
}

template <class T>
void rk4_step(benchmark::State& s) {
    const double_pendulum<T> dp;
    time_steps<T>(s, odeint::runge_kutta4<std::array<T, 4>, T>(), dp.system(),
                  std::array<T, 4>{dp.q0()(0), dp.q0()(1), T(0), T(0)});
}

template <class T>
void sb3a_m4_step(benchmark::State& s) {
    using V = std::array<T, 2>;
    const double_pendulum<T> dp;
    time_steps<T>(s, odeint::symplectic_rkn_sb3a_m4_mclachlan<V, V, T>(), geomint::as_symplectic_system(dp.system()),
                  std::make_pair(V{dp.q0()(0), dp.q0()(1)}, V{T(0), T(0)}));
}

#define GEOMINT_BENCH_SCALAR(T, name)                                                                 \
    BENCHMARK(bare_matvec<T>)->Name("matvec4x4/" name);                                               \
    BENCHMARK(linear_step<T, geomint::simpson_stepper<Eigen::Vector<T, 2>>>)->Name("simpson/" name); \
    BENCHMARK(linear_step<T, geomint::newmark_stepper<Eigen::Vector<T, 2>>>)->Name("newmark/" name); \
    BENCHMARK(rk4_step<T>)->Name("odeint_rk4/" name);                                                 \
    BENCHMARK(sb3a_m4_step<T>)->Name("odeint_sb3a_m4/" name);

GEOMINT_BENCH_SCALAR(double, "double")
GEOMINT_BENCH_SCALAR(geomint::quad, "quad")
GEOMINT_BENCH_SCALAR(geomint::mp<50>, "mp50")

// ---- work-precision: T = 100 tbar, target max ||q - q_ex|| <= 1e-6 ----------------------------

/// Max error of a run with N steps per tbar (stepper on a (q, p) pair state).
template <class T, class Run>
double max_q_error(long per_tbar, Run run) {
    const double_pendulum<T> dp;
    double worst = 0;
    run(per_tbar, [&](long j, const auto& q) {
        const T t = T(j) / T(per_tbar);
        worst = std::max(worst, static_cast<double>((q - dp.q_exact(t)).norm()));
    });
    return worst;
}

template <class T, class Stepper>
auto pair_runner() {
    return [](long per_tbar, auto&& observe) {
        using V = Eigen::Vector<T, 2>;
        const double_pendulum<T> dp;
        const auto sys = dp.system();
        Stepper st;
        auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
        const T h = T(1) / T(per_tbar);
        for (long j = 1; j <= 100 * per_tbar; ++j) {
            st.do_step(sys, x, T(0), h);
            observe(j, x.first);
        }
    };
}

template <class T>
auto sb3a_runner() {
    return [](long per_tbar, auto&& observe) {
        using V = std::array<T, 2>;
        const double_pendulum<T> dp;
        const auto sys = geomint::as_symplectic_system(dp.system());
        odeint::symplectic_rkn_sb3a_m4_mclachlan<V, V, T> st;
        auto x = std::make_pair(V{dp.q0()(0), dp.q0()(1)}, V{T(0), T(0)});
        const T h = T(1) / T(per_tbar);
        for (long j = 1; j <= 100 * per_tbar; ++j) {
            st.do_step(sys, x, T(0), h);
            observe(j, Eigen::Vector<T, 2>(x.first[0], x.first[1]));
        }
    };
}

template <class T>
auto rk4_runner() {
    return [](long per_tbar, auto&& observe) {
        const double_pendulum<T> dp;
        const auto sys = dp.system();
        odeint::runge_kutta4<std::array<T, 4>, T> st;
        std::array<T, 4> x{dp.q0()(0), dp.q0()(1), T(0), T(0)};
        const T h = T(1) / T(per_tbar);
        for (long j = 1; j <= 100 * per_tbar; ++j) {
            st.do_step(sys, x, T(0), h);
            observe(j, Eigen::Vector<T, 2>(x[0], x[1]));
        }
    };
}

/// Smallest N per tbar (from a geometric grid, ratio 2^(1/4)) meeting the 1e-6 target.
template <class T, class Run>
long tuned_steps(Run run) {
    for (double n = 20; n < 1e6; n *= 1.189207115) {
        const long per = long(n);
        if (max_q_error<T>(per, run) <= 1e-6) return per;
    }
    return -1;
}

template <class T, class Runner>
void work_precision(benchmark::State& s, Runner run) {
    const long per = tuned_steps<T>(run);
    if (per < 0) {
        s.SkipWithError("target not reached");
        return;
    }
    for (auto _ : s) run(per, [](long, const auto& q) { benchmark::DoNotOptimize(q); });
    s.counters["steps_per_tbar"] = double(per);
}

template <class T>
void register_work_precision(const std::string& name) {
    benchmark::RegisterBenchmark(("work_precision_1e-6/simpson/" + name).c_str(), [](benchmark::State& s) {
        work_precision<T>(s, pair_runner<T, geomint::simpson_stepper<Eigen::Vector<T, 2>>>());
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("work_precision_1e-6/odeint_rk4/" + name).c_str(), [](benchmark::State& s) {
        work_precision<T>(s, rk4_runner<T>());
    })->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("work_precision_1e-6/odeint_sb3a_m4/" + name).c_str(), [](benchmark::State& s) {
        work_precision<T>(s, sb3a_runner<T>());
    })->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) {
    register_work_precision<double>("double");
    register_work_precision<geomint::mp<50>>("mp50");
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
