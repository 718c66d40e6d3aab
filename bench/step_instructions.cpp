// Steps one of the high-precision cases of docs/benchmarks.md N times and prints the final state
// (40 digits), for counting instructions a step with callgrind (bench/step_instructions.sh): on a
// shared machine wall times move by tens of percent between runs, instruction counts do not.
//
//   build/bench/bench_step_instructions CASE STEPS
//
// CASE (all at geomint::mp<50>):
//   pendulum_d2, pendulum_d4  Galerkin VI Degree 2 / 4, Newton path, on the nonlinear double
//                             pendulum (problems::double_pendulum), h = t̄/100, from (0, π/6)
//   kepler_d2, kepler_d4      Galerkin VI Degree 2 / 4, fixed point with its corrections, Kepler
//                             e = 0.6 in odeint's pair form (std::array), h = P/200, from pericentre
//   kepler_double_d2, kepler_double_d4  the same with the pair's copy at double solved first
//                             (`with_double_model`)
//   forced_d2, forced_d4      Galerkin VI Degree 2 / 4, fixed point with its corrections, on a
//                             forced_pair: the Duffing oscillator q̈ = −q − q³ − q̇/5 + (3/10) cos(6t/5),
//                             h = 1/20, from (1/2, 0)
//   forced_double_d2, forced_double_d4  the same with the forced pair's copy at double
//   sphere_d2, sphere_d4      Galerkin VI Degree 2 / 4 on a constrained pair: the spherical pendulum
//                             (problems::spherical_pendulum), h = 1/50, from θ = 1, φ̇ = 2
//   rigid                     rigid_body_stepper (the rotor splitting), free body I = (1, 2, 3),
//                             Π₀ = (1/10, 1, 1/5), R₀ = I, h = 1/100
#include "galerkin_cases.hpp"

#include <geomint/galerkin.hpp>
#include <geomint/precision.hpp>
#include <geomint/problems/spherical_pendulum.hpp>
#include <geomint/rigid.hpp>

#include <array>
#include <charconv>
#include <cstdio>
#include <string>
#include <utility>

namespace {
using T = geomint::mp<50>;

template <unsigned Degree>
std::string pendulum(long steps) {
    galerkin_cases::newton_pendulum<T, Degree> c;
    for (long k = 0; k < steps; ++k) c.step();
    return c.x.first(0).str(40) + " " + c.x.second(1).str(40);
}

template <unsigned Degree, bool DoubleCopy = false>
std::string kepler(long steps) {
    long calls = 0, double_calls = 0;
    const auto pair = std::make_pair(galerkin_cases::kepler_velocity<T>{}, galerkin_cases::kepler_force<T>{&calls});
    const auto sys = [&] {
        if constexpr (DoubleCopy)
            return geomint::with_double_model(pair, std::make_pair(galerkin_cases::kepler_velocity<double>{},
                                                                   galerkin_cases::kepler_force<double>{&double_calls}));
        else
            return pair;
    }();
    auto x = galerkin_cases::kepler_start<T>();
    geomint::galerkin_vi_stepper<std::array<T, 2>, Degree> st({.max_iterations = 100});
    const T h = galerkin_cases::kepler_step<T>();
    for (long k = 0; k < steps; ++k) st.do_step(sys, x, T(0), h);
    return x.first[0].str(40) + " " + x.second[1].str(40);
}

/// The forced Duffing oscillator as a forced_pair at the scalar S.
template <class S>
auto duffing() {
    using V = std::vector<S>;
    const auto f = [](const V& p, V& dqdt) { dqdt[0] = p[0]; };
    const auto g = [](const V& q, V& dpdt) { dpdt[0] = -q[0] - q[0] * q[0] * q[0]; };
    const auto force = [](const V& /*q*/, const V& p, const S& t, V& out) {
        using std::cos;
        out[0] = -p[0] / 5 + S(3) / 10 * cos(S(6) / 5 * t);
    };
    return geomint::forced_pair(f, g, force);
}

template <unsigned Degree, bool DoubleCopy = false>
std::string forced(long steps) {
    using V = std::vector<T>;
    const auto sys = [] {
        if constexpr (DoubleCopy)
            return geomint::with_double_model(duffing<T>(), duffing<double>());
        else
            return duffing<T>();
    }();
    geomint::galerkin_vi_stepper<V, Degree> st({.max_iterations = 100});
    auto x = std::make_pair(V{T(1) / 2}, V{T(0)});
    const T h = T(1) / 20;
    for (long k = 0; k < steps; ++k) st.do_step(sys, x, T(k) * h, h);
    return x.first[0].str(40) + " " + x.second[0].str(40);
}

template <unsigned Degree>
std::string sphere(long steps) {
    using V = std::vector<T>;
    const geomint::problems::spherical_pendulum<T> pendulum;
    const auto sys = pendulum.system<V>();
    const auto [q0, p0] = pendulum.cartesian_state(T(1), T(0), T(0), T(2));
    auto x = std::make_pair(V(q0.data(), q0.data() + 3), V(p0.data(), p0.data() + 3));
    geomint::galerkin_vi_stepper<V, Degree> st;
    const T h = T(1) / 50;
    for (long k = 0; k < steps; ++k) st.do_step(sys, x, T(k) * h, h);
    return x.first[0].str(40) + " " + x.second[2].str(40);
}

std::string rigid(long steps) {
    using A9 = std::array<T, 9>;
    using A3 = std::array<T, 3>;
    const geomint::rigid_body<T> body(geomint::vector<T, 3>(T(1), T(2), T(3)));
    auto x = std::make_pair(A9{T(1), T(0), T(0), T(0), T(1), T(0), T(0), T(0), T(1)}, A3{T(1) / 10, T(1), T(1) / 5});
    geomint::rigid_body_stepper<A9, A3> st;
    const T h = T(1) / 100;
    for (long k = 0; k < steps; ++k) st.do_step(body, x, T(k) * h, h);
    return x.second[0].str(40) + " " + x.first[1].str(40);
}
}  // namespace

int main(int argc, char** argv) {
    const std::string usage =
        "usage: bench_step_instructions pendulum_d2|pendulum_d4|kepler_d2|kepler_d4|kepler_double_d2|kepler_double_d4|"
        "forced_d2|forced_d4|forced_double_d2|forced_double_d4|sphere_d2|sphere_d4|rigid STEPS";
    if (argc != 3) {
        std::fprintf(stderr, "%s\n", usage.c_str());
        return 2;
    }
    const std::string name = argv[1], count = argv[2];
    long steps = 0;
    const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), steps);
    if (ec != std::errc() || end != count.data() + count.size() || steps < 1) {
        std::fprintf(stderr, "bench_step_instructions: STEPS must be a positive integer, got '%s'\n%s\n", count.c_str(), usage.c_str());
        return 2;
    }
    std::string state;
    if (name == "pendulum_d2") state = pendulum<2>(steps);
    else if (name == "pendulum_d4") state = pendulum<4>(steps);
    else if (name == "kepler_d2") state = kepler<2>(steps);
    else if (name == "kepler_d4") state = kepler<4>(steps);
    else if (name == "kepler_double_d2") state = kepler<2, true>(steps);
    else if (name == "kepler_double_d4") state = kepler<4, true>(steps);
    else if (name == "forced_d2") state = forced<2>(steps);
    else if (name == "forced_d4") state = forced<4>(steps);
    else if (name == "forced_double_d2") state = forced<2, true>(steps);
    else if (name == "forced_double_d4") state = forced<4, true>(steps);
    else if (name == "sphere_d2") state = sphere<2>(steps);
    else if (name == "sphere_d4") state = sphere<4>(steps);
    else if (name == "rigid") state = rigid(steps);
    else {
        std::fprintf(stderr, "bench_step_instructions: unknown case '%s'\n%s\n", name.c_str(), usage.c_str());
        return 2;
    }
    std::printf("%s\n", state.c_str());
    return 0;
}
