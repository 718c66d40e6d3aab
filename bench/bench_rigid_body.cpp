// Google Benchmark harness: rigid bodies at double, time to a given accuracy (issue 47).
// - `separatrix_100_periods`: a free rigid body near the separatrix (I = (1, 2, 3), k² = 0.998787,
//   period P = 65.7), 100 periods; the error against the exact solution in long double
//   (problems/free_rigid_body.hpp: Π by Jacobi's elliptic functions, R by the elliptic integral of
//   the third kind).
// - `fast_top_20s`: an asymmetric heavy top spinning fast (I = (1, 1.2, 2), V = e₃ᵀ R χ with
//   χ = (0.05, 0.02, 0.3), Π₀ = (0.3, −0.2, 40), tilted by 0.4 rad), t = 20; the error against
//   odeint's controlled Runge–Kutta–Fehlberg 7(8) at tolerance 1e-18 in long double on the
//   quaternion form.
// Methods: geomint's splitting into exact rotations (order 2) and its kahan_li6 and kahan_li8
// compositions, the splitting into the exact free flow and kicks (exact for the free body) and its
// kahan_li6 composition, on the rotation matrix; odeint's runge_kutta4 and runge_kutta_fehlberg78 at
// fixed steps on the quaternion form (model/rigid_body_ode.hpp). The error is max(max |R − R_ref|,
// |Π − Π_ref|/|Π₀|) at the end. For each method and target the steps are searched on the ladder
// ⌈100 · 2^(k/4)⌉, k < 60 (up to 3.3·10⁶ steps, untimed); the timed run integrates with them.
// Counters: steps, error, and the relative changes of the energy and (for the free body) of the
// Casimir |Π|² at the end. Equal run time: read the time column at equal error.
//
//   build/bench/bench_rigid_body --benchmark_min_time=0.2
#include "time_to_accuracy.hpp"

#include <geomint/model/rigid_body_ode.hpp>
#include <geomint/problems/free_rigid_body.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/stepper/generation.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using A9 = std::array<double, 9>;
using A3 = std::array<double, 3>;
using A7 = std::array<double, 7>;
using M3 = geomint::so3::matrix3<double>;
using V3 = geomint::vector<double, 3>;

enum class method { splitting, kahan_li6, kahan_li8, exact_free_flow, exact_free_flow_kahan_li6, rk4, rkf78 };

// the heavy top's potential e₃ᵀ R χ
struct top_potential {
    template <class M>
    auto operator()(const M& R) const {
        using S = typename M::Scalar;
        return S(R(2, 0) * S(1) / S(20) + R(2, 1) * S(1) / S(50) + R(2, 2) * S(3) / S(10));
    }
};

// a problem: the body, its start, the end time and the reference end state (computed once)
template <class Potential>
struct problem {
    geomint::rigid_body<double, Potential> body;
    M3 R0;
    V3 pi0;
    double t1 = 0;
    M3 R1;
    V3 pi1;
};

const problem<geomint::free_rotation>& separatrix() {
    static const auto p = [] {
        using L = long double;
        const L k2 = L(998787) / L(1000000), c = std::sqrt(k2 / (L(3) + k2));
        const geomint::vector<L, 3> p0(c, L(0), std::sqrt(L(1) - c * c));
        const geomint::problems::free_rigid_body<L> exact(geomint::vector<L, 3>(L(1), L(2), L(3)), p0);
        const L end = L(100) * exact.period();
        return problem<geomint::free_rotation>{geomint::rigid_body<double>(V3(1, 2, 3)), M3::Identity(), p0.cast<double>(),
                                               double(end), exact.attitude(end).cast<double>(), exact.pi(end).cast<double>()};
    }();
    return p;
}

const problem<top_potential>& fast_top() {
    static const auto p = [] {
        using L = long double;
        const geomint::rigid_body<L, top_potential> top(geomint::vector<L, 3>(L(1), L(6) / L(5), L(2)));
        const geomint::so3::matrix3<L> R0 = geomint::so3::axis_rotation(0, L(2) / L(5));
        const Eigen::Quaternion<L> q0(R0);
        std::vector<L> y{q0.w(), q0.x(), q0.y(), q0.z(), L(3) / L(10), L(-1) / L(5), L(40)};
        odeint::integrate_adaptive(odeint::make_controlled<odeint::runge_kutta_fehlberg78<std::vector<L>, L>>(L(1e-18), L(1e-18)),
                                   geomint::rigid_body_ode<L, top_potential>(top), y, L(0), L(20), L(1) / L(10000));
        const geomint::vector<L, 4> q(y[0], y[1], y[2], y[3]);
        return problem<top_potential>{geomint::rigid_body<double, top_potential>(V3(1, 1.2, 2)),
                                      R0.cast<double>(),
                                      V3(0.3, -0.2, 40),
                                      20.0,
                                      geomint::so3::rotation_of(geomint::vector<L, 4>(q / q.norm())).cast<double>(),
                                      V3(double(y[4]), double(y[5]), double(y[6]))};
    }();
    return p;
}

struct outcome {
    double error = 0, casimir = 0, energy = 0;
};

template <class P>
outcome score(const P& p, const M3& R, const V3& pi) {
    if (!R.allFinite() || !pi.allFinite()) return {HUGE_VAL, HUGE_VAL, HUGE_VAL};  // blown up: not reached
    return {std::max(geomint::max_abs(M3(R - p.R1)), (pi - p.pi1).norm() / p.pi0.norm()),
            std::abs(pi.squaredNorm() / p.pi0.squaredNorm() - 1), std::abs(p.body.energy(R, pi) / p.body.energy(p.R0, p.pi0) - 1)};
}

template <class Stepper, class P>
outcome geomint_run(const P& p, int steps) {
    auto x = std::make_pair(A9{}, A3{p.pi0(0), p.pi0(1), p.pi0(2)});
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = p.R0(i / 3, i % 3);
    Stepper st;
    const double h = p.t1 / steps;
    for (int n = 0; n < steps; ++n) st.do_step(p.body, x, n * h, h);
    M3 R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x.first[std::size_t(i)];
    return score(p, R, V3(x.second[0], x.second[1], x.second[2]));
}

template <class Stepper, class P>
outcome odeint_run(const P& p, int steps) {
    const auto rates = geomint::rigid_body_ode(p.body);
    const Eigen::Quaterniond q0(p.R0);
    A7 y{q0.w(), q0.x(), q0.y(), q0.z(), p.pi0(0), p.pi0(1), p.pi0(2)};
    Stepper st;
    const double h = p.t1 / steps;
    for (int n = 0; n < steps; ++n) st.do_step(rates, y, n * h, h);
    const geomint::vector<double, 4> q(y[0], y[1], y[2], y[3]);
    return score(p, geomint::so3::rotation_of(geomint::vector<double, 4>(q / q.norm())), V3(y[4], y[5], y[6]));
}

template <class P>
outcome run_method(const P& p, method m, int steps) {
    using namespace geomint;
    switch (m) {
        case method::splitting: return geomint_run<rigid_body_stepper<A9, A3>>(p, steps);
        case method::kahan_li6: return geomint_run<composed_rigid_body_stepper<A9, A3, scheme::kahan_li6>>(p, steps);
        case method::kahan_li8: return geomint_run<composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(p, steps);
        case method::exact_free_flow: return geomint_run<exact_free_flow_stepper<A9, A3>>(p, steps);
        case method::exact_free_flow_kahan_li6: return geomint_run<composed_exact_free_flow_stepper<A9, A3, scheme::kahan_li6>>(p, steps);
        case method::rk4: return odeint_run<odeint::runge_kutta4<A7>>(p, steps);
        case method::rkf78: return odeint_run<odeint::runge_kutta_fehlberg78<A7>>(p, steps);
    }
    return {};
}

// a run that blows up (rk4 on the fast top at few steps: the torque of a non-finite attitude) has
// not reached the target
template <class P>
outcome run(const P& p, method m, int steps) {
    try {
        return run_method(p, m, steps);
    } catch (const std::domain_error&) {
        return {HUGE_VAL, HUGE_VAL, HUGE_VAL};
    }
}

template <class P>
void to_accuracy(benchmark::State& s, const P& p, int problem_index, method m, double target) {
    const int steps = geomint_bench::ladder_steps(100 * problem_index + int(m), target, [&](int n) { return run(p, m, n).error; }, 60);
    outcome last;
    geomint_bench::time_runs(s, steps, [&](int n) {
        last = run(p, m, n);
        return last.error;
    });
    if (steps > 0) {
        if constexpr (!std::remove_cvref_t<decltype(p.body)>::has_potential) s.counters["casimir"] = last.casimir;  // kept by the free body only
        s.counters["energy"] = last.energy;
    }
}

void register_all() {
    const std::pair<method, const char*> methods[] = {{method::splitting, "geomint_splitting"},
                                                      {method::kahan_li6, "geomint_kahan_li6"},
                                                      {method::kahan_li8, "geomint_kahan_li8"},
                                                      {method::exact_free_flow, "geomint_exact_free_flow"},
                                                      {method::exact_free_flow_kahan_li6, "geomint_exact_free_flow_kahan_li6"},
                                                      {method::rk4, "odeint_runge_kutta4"},
                                                      {method::rkf78, "odeint_runge_kutta_fehlberg78"}};
    for (double target : {1e-4, 1e-6, 1e-8})
        for (const auto& [m, name] : methods) {
            benchmark::RegisterBenchmark((std::string("separatrix_100_periods/") + name + "/target:" + std::to_string(target)).c_str(),
                                         [m = m, target](benchmark::State& s) { to_accuracy(s, separatrix(), 0, m, target); })
                ->Unit(benchmark::kMillisecond);
            benchmark::RegisterBenchmark((std::string("fast_top_20s/") + name + "/target:" + std::to_string(target)).c_str(),
                                         [m = m, target](benchmark::State& s) { to_accuracy(s, fast_top(), 1, m, target); })
                ->Unit(benchmark::kMillisecond);
        }
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
