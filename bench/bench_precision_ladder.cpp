// Google Benchmark harness: the precision ladder (issue 48). The same verification runs at double,
// long double, double-double (geomint::dd, where QD is found), float128, mp<50> (cpp_bin_float),
// mpfr<50> (where MPFR is found) and mp<100>: wall time, and what each precision reaches.
//
// - kepler_step/<scalar>: one yoshida8 step on Kepler (e = 0.6, h = P/500), the same template code
//   per scalar: the cost of the arithmetic alone (issue 48's "dd ≤ 10× double").
// - kepler_yoshida8/<scalar>: 1000 orbits of Kepler e = 0.5 by yoshida8 at h = P/400 (4·10⁵ steps).
// - kepler_galerkin4/<scalar>: 100 orbits by the Galerkin VI of Degree 4 at h = P/100.
// - simpson_pendulum/<scalar>: Simpson on the paper's linear double pendulum, 10⁵ steps of 0.1 t̄.
// - rattle_rod_chain/<scalar>: RATTLE on ten rods, T = 10 at h = 10⁻³.
// Each full run is timed once (Iterations(1)). Counters: `error`, the max-norm distance of the
// final state from the exact one (Kepler: the start, after whole periods; Simpson: the modal
// solution; the rod chain has no closed form: 0), the scheme's error plus rounding's; `drift`,
// its distance from the same run at mp<100> (rounding's part alone, as in docs/precision.md);
// `digits` = −log10(drift / max|state|). The mp<100> reference runs are computed once, untimed.
//
//   build/bench/bench_precision_ladder --benchmark_filter=kepler_step
//   build/bench/bench_precision_ladder                     (about 3 minutes)
#include <geomint/precision.hpp>
#if defined(GEOMINT_HAS_QD)
#include <geomint/double_double.hpp>
#endif
#include <geomint/analysis/rounding_drift.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/problems/rod_chain.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>
#include <geomint/stepper/rattle_stepper.hpp>
#include <geomint/stepper/splitting_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using R = geomint::mp<100>;
using state = std::vector<R>;  // a final state (q then p) at 100 digits

template <class T>
R widen(const T& x) {
    return static_cast<R>(x);
}

// --- the runs, each returning the final state and the exact one (empty when there is none) ----
/// `orbits` orbits of Kepler e = 0.5 by `Stepper` at h = P/per_orbit; the exact state is the start.
template <class T, class Stepper>
std::pair<state, state> kepler_orbits(int orbits, int per_orbit) {
    const geomint::problems::kepler<T> k(T(1) / 2);
    using P = std::array<T, 2>;
    auto x = std::make_pair(P{k.q0()[0], k.q0()[1]}, P{k.p0()[0], k.p0()[1]});
    odeint::integrate_n_steps(Stepper(), k.system(), x, T(0), k.period() / T(per_orbit), orbits * per_orbit);
    return {{widen(x.first[0]), widen(x.first[1]), widen(x.second[0]), widen(x.second[1])},
            {widen(k.q0()[0]), widen(k.q0()[1]), widen(k.p0()[0]), widen(k.p0()[1])}};
}

template <class T>
std::pair<state, state> kepler_yoshida8() {
    return kepler_orbits<T, geomint::yoshida8_stepper<std::array<T, 2>>>(1000, 400);
}

template <class T>
std::pair<state, state> kepler_galerkin4() {
    return kepler_orbits<T, geomint::galerkin_vi_stepper<std::array<T, 2>, 4>>(100, 100);
}

template <class T>
std::pair<state, state> simpson_pendulum() {
    const geomint::problems::double_pendulum<T> dp;
    using V = geomint::vector<T, 2>;
    const geomint::quadratic_lagrangian<geomint::matrix<T, 2>> sys(dp.mass(), dp.stiffness());
    auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
    const T h = dp.tbar / T(10);
    const long steps = 100000;
    odeint::integrate_n_steps(geomint::simpson_stepper<V>(), std::cref(sys), x, T(0), h, steps);
    const geomint::modal_solution<geomint::matrix<T, 2>> exact(sys, dp.q0(), dp.p0());
    const T t = h * T(steps);
    const V qe = exact.q(t), pe = exact.p(t);
    return {{widen(x.first(0)), widen(x.first(1)), widen(x.second(0)), widen(x.second(1))},
            {widen(qe(0)), widen(qe(1)), widen(pe(0)), widen(pe(1))}};
}

template <class T>
std::pair<state, state> rattle_rod_chain() {
    using V = std::vector<T>;
    geomint::problems::rod_chain<T> chain;
    chain.rods = 10;
    const auto sys = chain.template system<V>();
    const auto [q0, p0] = chain.straight_state(T(1));
    auto x = std::make_pair(V(q0.data(), q0.data() + q0.size()), V(p0.data(), p0.data() + p0.size()));
    const int steps = 10000;
    odeint::integrate_n_steps(geomint::rattle_stepper<V>(), sys, x, T(0), T(10) / T(steps), steps);
    state s;
    for (const T& v : x.first) s.push_back(widen(v));
    for (const T& v : x.second) s.push_back(widen(v));
    return {s, {}};
}

R max_distance(const state& a, const state& b) {
    R d(0);
    for (std::size_t i = 0; i < a.size(); ++i) d = (std::max)(d, R(abs(a[i] - b[i])));
    return d;
}

/// The run at mp<100>, once per run (untimed; shared by every scalar's benchmark).
template <std::pair<state, state> (*RunR)()>
const state& reference() {
    static const state s = RunR().first;
    return s;
}

template <class T, std::pair<state, state> (*RunT)(), std::pair<state, state> (*RunR)()>
void ladder(benchmark::State& bs) {
    const state& ref = reference<RunR>();
    std::pair<state, state> out;
    for (auto _ : bs) out = RunT();
    R scale(0);
    for (const R& v : ref) scale = (std::max)(scale, R(abs(v)));
    const R drift = max_distance(out.first, ref);
    bs.counters["error"] = out.second.empty() ? 0.0 : static_cast<double>(max_distance(out.first, out.second));
    bs.counters["drift"] = static_cast<double>(drift);
    bs.counters["digits"] = drift > 0 ? static_cast<double>(-log10(drift / scale)) : 100.0;
}

template <class T>
void kepler_step(benchmark::State& bs) {
    const geomint::problems::kepler<T> k(T(3) / 5);
    using P = std::array<T, 2>;
    geomint::yoshida8_stepper<P> st;
    auto x = std::make_pair(P{k.q0()[0], k.q0()[1]}, P{k.p0()[0], k.p0()[1]});
    const T h = k.period() / T(500);
    const auto sys = k.system();
    T t(0);
    for (auto _ : bs) {
        st.do_step(sys, x, t, h);
        benchmark::DoNotOptimize(x);
    }
}

template <class T>
void register_scalar(const std::string& name) {
    benchmark::RegisterBenchmark(("kepler_step/" + name).c_str(), kepler_step<T>);
    const auto once = [](benchmark::internal::Benchmark* b) { b->Iterations(1)->Unit(benchmark::kSecond); };
    once(benchmark::RegisterBenchmark(("kepler_yoshida8/" + name).c_str(),
                                      ladder<T, kepler_yoshida8<T>, kepler_yoshida8<R>>));
    once(benchmark::RegisterBenchmark(("kepler_galerkin4/" + name).c_str(),
                                      ladder<T, kepler_galerkin4<T>, kepler_galerkin4<R>>));
    once(benchmark::RegisterBenchmark(("simpson_pendulum/" + name).c_str(),
                                      ladder<T, simpson_pendulum<T>, simpson_pendulum<R>>));
    once(benchmark::RegisterBenchmark(("rattle_rod_chain/" + name).c_str(),
                                      ladder<T, rattle_rod_chain<T>, rattle_rod_chain<R>>));
}
}  // namespace

int main(int argc, char** argv) {
    register_scalar<double>("double");
    register_scalar<long double>("long_double");
#if defined(GEOMINT_HAS_QD)
    register_scalar<geomint::dd>("dd");
#endif
#if defined(GEOMINT_HAS_FLOAT128)
    register_scalar<geomint::float128>("float128");
#endif
    register_scalar<geomint::mp<50>>("mp50");
#if defined(GEOMINT_HAS_MPFR)
    register_scalar<geomint::mpfr<50>>("mpfr50");
#endif
    register_scalar<R>("mp100");
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
