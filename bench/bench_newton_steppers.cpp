// Google Benchmark harness: cost per step of the pendulum-paper schemes (newton_equation_stepper;
// the pendulum's force in closed form, other derivatives by autodiff; leap-frog first-same-as-last;
// the explicit schemes also with the `unchecked` policy) against Boost.Odeint's velocity_verlet and symplectic_euler with a
// hand-written force, on the pendulum p0 = 1.2, ε = 0.02, at double and mp50.
//
//   build/bench/bench_newton_steppers --benchmark_min_time=0.2
#include <geomint/precision.hpp>
#include <geomint/stepper/newton_equation_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>

namespace {
namespace odeint = boost::numeric::odeint;

template <class T, class Scheme, class Checks = geomint::checked>
void geomint_step(benchmark::State& s) {
    const auto sys = geomint::make_simple_pendulum<T>();
    geomint::newton_equation_stepper<T, Scheme, T, Checks> st;
    std::pair<T, T> x{T(0), T(6) / 5};
    const T h = T(1) / 50;
    for (auto _ : s) {
        st.do_step(sys, x, T(0), h);
        benchmark::DoNotOptimize(x);
    }
}

template <class T>
void odeint_velocity_verlet(benchmark::State& s) {
    using V = std::array<T, 1>;
    odeint::velocity_verlet<V, V, T, V, T> st;
    auto acc = [](const V& q, const V&, V& a, T) {
        using std::sin;
        a[0] = -sin(q[0]);
    };
    std::pair<V, V> x{V{T(0)}, V{T(6) / 5}};
    const T h = T(1) / 50;
    T t(0);
    for (auto _ : s) {
        st.do_step(acc, x, t, h);
        benchmark::DoNotOptimize(x);
    }
}

template <class T>
void odeint_symplectic_euler(benchmark::State& s) {
    using V = std::array<T, 1>;
    odeint::symplectic_euler<V, V, T> st;
    auto dpdt = [](const V& q, V& dp) {
        using std::sin;
        dp[0] = -sin(q[0]);
    };
    std::pair<V, V> x{V{T(0)}, V{T(6) / 5}};
    const T h = T(1) / 50;
    for (auto _ : s) {
        st.do_step(dpdt, x, T(0), h);
        benchmark::DoNotOptimize(x);
    }
}

template <class T>
void register_all(const std::string& p) {
    namespace sc = geomint::scheme;
    benchmark::RegisterBenchmark(("odeint_velocity_verlet/" + p).c_str(), odeint_velocity_verlet<T>);
    benchmark::RegisterBenchmark(("odeint_symplectic_euler/" + p).c_str(), odeint_symplectic_euler<T>);
    const auto reg = [&](auto tag) {
        using S = typename decltype(tag)::type;
        benchmark::RegisterBenchmark((std::string(S::name) + "/" + p).c_str(), geomint_step<T, S>);
    };
    reg(std::type_identity<sc::leapfrog>{});
    benchmark::RegisterBenchmark(("leapfrog_unchecked/" + p).c_str(), geomint_step<T, sc::leapfrog, geomint::unchecked>);
    benchmark::RegisterBenchmark(("symplectic_euler_unchecked/" + p).c_str(),
                                 geomint_step<T, sc::symplectic_euler, geomint::unchecked>);
    reg(std::type_identity<sc::symplectic_euler>{});
    reg(std::type_identity<sc::symplectic_euler_adjoint>{});
    reg(std::type_identity<sc::implicit_midpoint>{});
    reg(std::type_identity<sc::standard_projection<>>{});
    reg(std::type_identity<sc::symmetric_projection<>>{});
    reg(std::type_identity<sc::suris1>{});
    reg(std::type_identity<sc::suris2>{});
    reg(std::type_identity<sc::discrete_gradient>{});
    reg(std::type_identity<sc::modified_discrete_gradient>{});
}
}  // namespace

int main(int argc, char** argv) {
    register_all<double>("double");
    register_all<geomint::mp<50>>("mp50");
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}
