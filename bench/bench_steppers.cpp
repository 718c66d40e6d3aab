// Google Benchmark harness: cost per step of geomint's linear steppers against Boost.Odeint's
// runge_kutta4 and symplectic_rkn_sb3a_m4_mclachlan on the double pendulum of the Simpson
// paper — the peers both through geomint's system adapter and in their fastest idiomatic form
// (`_plain`: std::array states, array_algebra, plain lambdas), at double, quad and mp50, next to
// a bare 4x4 matrix-vector product and a bare kick-drift-kick (Simpson's factors applied by hand)
// of the same scalar, and Simpson with the `unchecked` policy;
// and work-precision: wall time to reach max ||q - q_ex|| <= 1e-6 over T = 100 tbar with the
// step size tuned per stepper (the smallest N per tbar on a 2^(1/4) grid meeting the target),
// against a hand-written loop applying Simpson's precomputed factors.
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

/// Baseline of the Simpson step: its kick–drift–kick factors Y, W (h = 0.01 tbar) applied by
/// hand to fixed-size Eigen vectors, p −= Yq; q += Wp; p −= Yq — the arithmetic of a step
/// without the stepper's checks, cache lookup and state copies.
template <class T>
void bare_kick_drift_kick(benchmark::State& s) {
    const double_pendulum<T> dp;
    const auto sys = dp.system();
    const auto f = geomint::scheme::simpson::factors(geomint::matrix<T>(sys.mass()), geomint::matrix<T>(sys.stiffness()), T(1) / T(100));
    const Eigen::Matrix<T, 2, 2> Y = f.Y, W = f.W;
    Eigen::Vector<T, 2> q = dp.q0(), p = dp.p0();
    for (auto _ : s) {
        p.noalias() -= Y * q;
        q.noalias() += W * p;
        p.noalias() -= Y * q;
        benchmark::DoNotOptimize(q);
        benchmark::DoNotOptimize(p);
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

/// The double pendulum as a user of odeint writes it, without geomint's adapter: M⁻¹ and K as
/// plain 2 × 2 arrays (row-major) and the products written out — the peers' fastest idiomatic
/// form (std::array states, odeint's array_algebra, plain lambdas).
template <class T>
struct plain_pendulum {
    std::array<T, 4> minv, k;
    plain_pendulum() {
        const double_pendulum<T> dp;
        const Eigen::Matrix<T, 2, 2> mi = dp.mass().inverse(), kk = dp.stiffness();
        minv = {mi(0, 0), mi(0, 1), mi(1, 0), mi(1, 1)};
        k = {kk(0, 0), kk(0, 1), kk(1, 0), kk(1, 1)};
    }
    /// First-order form x = (q, p): dq/dt = M⁻¹p, dp/dt = −Kq.
    auto first_order() const {
        return [c = *this](const std::array<T, 4>& x, std::array<T, 4>& d, const T&) {
            d[0] = c.minv[0] * x[2] + c.minv[1] * x[3];
            d[1] = c.minv[2] * x[2] + c.minv[3] * x[3];
            d[2] = -(c.k[0] * x[0] + c.k[1] * x[1]);
            d[3] = -(c.k[2] * x[0] + c.k[3] * x[1]);
        };
    }
    /// odeint's symplectic pair form (dq/dt = M⁻¹p, dp/dt = −Kq).
    auto pair() const {
        using V = std::array<T, 2>;
        return std::make_pair(
            [c = *this](const V& p, V& dq) {
                dq[0] = c.minv[0] * p[0] + c.minv[1] * p[1];
                dq[1] = c.minv[2] * p[0] + c.minv[3] * p[1];
            },
            [c = *this](const V& q, V& dp) {
                dp[0] = -(c.k[0] * q[0] + c.k[1] * q[1]);
                dp[1] = -(c.k[2] * q[0] + c.k[3] * q[1]);
            });
    }
};

template <class T>
using plain_rk4 = odeint::runge_kutta4<std::array<T, 4>, T, std::array<T, 4>, T, odeint::array_algebra>;
template <class T>
using plain_sb3a_m4 = odeint::symplectic_rkn_sb3a_m4_mclachlan<std::array<T, 2>, std::array<T, 2>, T, std::array<T, 2>,
                                                               std::array<T, 2>, T, odeint::array_algebra>;

template <class T>
void rk4_plain_step(benchmark::State& s) {
    const double_pendulum<T> dp;
    time_steps<T>(s, plain_rk4<T>(), plain_pendulum<T>().first_order(),
                  std::array<T, 4>{dp.q0()(0), dp.q0()(1), T(0), T(0)});
}

template <class T>
void sb3a_m4_plain_step(benchmark::State& s) {
    using V = std::array<T, 2>;
    const double_pendulum<T> dp;
    time_steps<T>(s, plain_sb3a_m4<T>(), plain_pendulum<T>().pair(), std::make_pair(V{dp.q0()(0), dp.q0()(1)}, V{T(0), T(0)}));
}

#define GEOMINT_BENCH_SCALAR(T, name)                                                                 \
    BENCHMARK(bare_matvec<T>)->Name("matvec4x4/" name);                                               \
    BENCHMARK(bare_kick_drift_kick<T>)->Name("kick_drift_kick/" name);                                \
    BENCHMARK(linear_step<T, geomint::simpson_stepper<Eigen::Vector<T, 2>>>)->Name("simpson/" name); \
    BENCHMARK(linear_step<T, geomint::simpson_stepper<Eigen::Vector<T, 2>, Eigen::Vector<T, 2>, geomint::unchecked>>) \
        ->Name("simpson_unchecked/" name);                                                              \
    BENCHMARK(linear_step<T, geomint::newmark_stepper<Eigen::Vector<T, 2>>>)->Name("newmark/" name); \
    BENCHMARK(rk4_step<T>)->Name("odeint_rk4/" name);                                                 \
    BENCHMARK(sb3a_m4_step<T>)->Name("odeint_sb3a_m4/" name);                                         \
    BENCHMARK(rk4_plain_step<T>)->Name("odeint_rk4_plain/" name);                                     \
    BENCHMARK(sb3a_m4_plain_step<T>)->Name("odeint_sb3a_m4_plain/" name);

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

/// A run of `Stepper` over T = 100 tbar at N steps per tbar: the system and the initial state
/// from the two factories, q(t_j) handed to `observe(j, q)` as a length-2 Eigen vector.
template <class T, class Stepper, class MakeSystem, class MakeState, class Coordinates>
auto runner(MakeSystem make_system, MakeState make_state, Coordinates q_of) {
    return [=](long per_tbar, auto&& observe) {
        const auto sys = make_system();
        Stepper st;
        auto x = make_state();
        const T h = T(1) / T(per_tbar);
        for (long j = 1; j <= 100 * per_tbar; ++j) {
            st.do_step(sys, x, T(0), h);
            observe(j, q_of(x));
        }
    };
}

template <class T>
auto flat_state() {
    const double_pendulum<T> dp;
    return std::array<T, 4>{dp.q0()(0), dp.q0()(1), T(0), T(0)};
}
template <class T>
auto array_pair_state() {
    const double_pendulum<T> dp;
    return std::make_pair(std::array<T, 2>{dp.q0()(0), dp.q0()(1)}, std::array<T, 2>{T(0), T(0)});
}
template <class T>
Eigen::Vector<T, 2> q_of_flat(const std::array<T, 4>& x) {
    return {x[0], x[1]};
}
template <class T>
Eigen::Vector<T, 2> q_of_array_pair(const std::pair<std::array<T, 2>, std::array<T, 2>>& x) {
    return {x.first[0], x.first[1]};
}

template <class T, class Stepper>
auto pair_runner() {
    using V = Eigen::Vector<T, 2>;
    return runner<T, Stepper>([] { return double_pendulum<T>().system(); },
                              [] {
                                  const double_pendulum<T> dp;
                                  return std::make_pair(V(dp.q0()), V(dp.p0()));
                              },
                              [](const std::pair<V, V>& x) { return x.first; });
}
template <class T>
auto sb3a_runner() {
    using V = std::array<T, 2>;
    return runner<T, odeint::symplectic_rkn_sb3a_m4_mclachlan<V, V, T>>(
        [] { return geomint::as_symplectic_system(double_pendulum<T>().system()); }, array_pair_state<T>, q_of_array_pair<T>);
}
template <class T>
auto rk4_runner() {
    return runner<T, odeint::runge_kutta4<std::array<T, 4>, T>>([] { return double_pendulum<T>().system(); },
                                                                 flat_state<T>, q_of_flat<T>);
}
/// The peers in their fastest idiomatic form (plain_pendulum).
template <class T>
auto rk4_plain_runner() {
    return runner<T, plain_rk4<T>>([] { return plain_pendulum<T>().first_order(); }, flat_state<T>, q_of_flat<T>);
}
template <class T>
auto sb3a_plain_runner() {
    return runner<T, plain_sb3a_m4<T>>([] { return plain_pendulum<T>().pair(); }, array_pair_state<T>, q_of_array_pair<T>);
}

/// The hand-written loop: Simpson's precomputed factors applied to fixed-size Eigen vectors.
template <class T>
auto hand_kdk_runner() {
    return [](long per_tbar, auto&& observe) {
        const double_pendulum<T> dp;
        const auto sys = dp.system();
        const auto f = geomint::scheme::simpson::factors(geomint::matrix<T>(sys.mass()), geomint::matrix<T>(sys.stiffness()),
                                                         T(1) / T(per_tbar));
        const Eigen::Matrix<T, 2, 2> Y = f.Y, W = f.W;
        Eigen::Vector<T, 2> q = dp.q0(), p = dp.p0();
        for (long j = 1; j <= 100 * per_tbar; ++j) {
            p.noalias() -= Y * q;
            q.noalias() += W * p;
            p.noalias() -= Y * q;
            observe(j, q);
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
    const auto add = [&name](const char* peer, auto make_runner) {
        benchmark::RegisterBenchmark(("work_precision_1e-6/" + std::string(peer) + "/" + name).c_str(),
                                     [make_runner](benchmark::State& s) { work_precision<T>(s, make_runner()); })
            ->Unit(benchmark::kMillisecond);
    };
    add("simpson", [] { return pair_runner<T, geomint::simpson_stepper<Eigen::Vector<T, 2>>>(); });
    add("simpson_unchecked", [] {
        using V = Eigen::Vector<T, 2>;
        return pair_runner<T, geomint::simpson_stepper<V, V, geomint::unchecked>>();
    });
    add("hand_kick_drift_kick", [] { return hand_kdk_runner<T>(); });
    add("odeint_rk4", [] { return rk4_runner<T>(); });
    add("odeint_sb3a_m4", [] { return sb3a_runner<T>(); });
    add("odeint_rk4_plain", [] { return rk4_plain_runner<T>(); });
    add("odeint_sb3a_m4_plain", [] { return sb3a_plain_runner<T>(); });
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
