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
//   kepler_twice_d2, kepler_twice_d4  kepler_d2, kepler_d4 with each force call evaluating the
//                             force twice: the difference to kepler_dD is what the step's force
//                             evaluations cost in place (docs/benchmarks.md)
//   forced_d2, forced_d4      Galerkin VI Degree 2 / 4, fixed point with its corrections, on a
//                             forced_pair: the Duffing oscillator q̈ = −q − q³ − q̇/5 + (3/10) cos(6t/5),
//                             h = 1/20, from (1/2, 0)
//   forced_double_d2, forced_double_d4  the same with the forced pair's copy at double
//   sphere_d2, sphere_d4      Galerkin VI Degree 2 / 4 on a constrained pair: the spherical pendulum
//                             (problems::spherical_pendulum), h = 1/50, from θ = 1, φ̇ = 2
//   rigid                     rigid_body_stepper (the rotor splitting), free body I = (1, 2, 3),
//                             Π₀ = (1/10, 1, 1/5), R₀ = I, h = 1/100
// and the units of the fixed point's cost at mp50 (STEPS = operations; docs/benchmarks.md):
//   op_force                  one evaluation of Kepler's force
//   op_add, op_mul_add        one addition z = x + y; one multiply-add z += x·y
//   sweep_ops                 (STEPS ignored) the multiplications and additions a sweep of the
//                             fixed point takes per state component at Degrees 1–8, and its calls
//                             of g, counted from the pair's exact zeros and ones as the sweep skips them
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

/// Kepler's force evaluated `Times` times a call (the step sees one evaluation's result).
template <int Times>
struct repeated_kepler_force {
    galerkin_cases::kepler_force<T> once;
    void operator()(const std::array<T, 2>& q, std::array<T, 2>& dp) const {
        for (int k = 0; k < Times; ++k) {
            once(q, dp);
            asm volatile("" ::: "memory");  // each evaluation is done: none merged with the other
        }
    }
};

template <unsigned Degree, bool DoubleCopy = false, int ForceTimes = 1>
std::string kepler(long steps) {
    long calls = 0, double_calls = 0;
    const auto pair = std::make_pair(galerkin_cases::kepler_velocity<T>{}, repeated_kepler_force<ForceTimes>{{&calls}});
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

/// N operations of one kind at mp50, each result used by the next (no dead code to drop).
std::string unit(const std::string& kind, long n) {
    T x = T(1) / 3, y = T(2) / 1400, acc(0);
    long calls = 0;
    const galerkin_cases::kepler_force<T> g{&calls};
    std::array<T, 2> q{T(1) / 3, T(4) / 5}, out;
    const int which = kind == "op_force" ? 0 : kind == "op_add" ? 1 : 2;
    for (long k = 0; k < n; ++k) {
        if (which == 0) {
            g(q, out);
            q[1] = out[0];
        } else if (which == 1) {
            acc = x + y;
            x = acc;
        } else {
            acc += x * y;
        }
    }
    return acc.str(40) + " " + q[1].str(40);
}

/// The sweep's operations per state component (fixed_point.hpp, `sweep`, software scalars): for
/// each half, the used columns' rates times β, each nonzero row's sum (entries one without a
/// product) and its stage base + Z; the calls of g are the nonzero rows of μ.
std::string sweep_ops() {
    std::string rows;
    for (int degree = 1; degree <= 8; ++degree) {
        const auto pair = geomint::scheme::lobatto_iiia_iiib<T>(degree);
        long mul = 0, add = 0, g_calls = 0;
        for (const auto* M : {&pair.mu, &pair.mu_hat}) {
            const Eigen::Index s = M->rows();
            for (Eigen::Index j = 0; j < s; ++j) mul += (M->col(j).array() != T(0)).any() ? 1 : 0;
            for (Eigen::Index i = 0; i < s; ++i) {
                long terms = 0;
                for (Eigen::Index j = 0; j < s; ++j)
                    if ((*M)(i, j) != T(0)) {
                        ++terms;
                        if ((*M)(i, j) != T(1)) ++mul;
                    }
                if (terms > 0) add += terms;  // terms − 1 in the sum, one for base + Z
                if (terms > 0 && M == &pair.mu) ++g_calls;
            }
        }
        rows += "Degree " + std::to_string(degree) + ": " + std::to_string(mul) + " multiplications, " +
                std::to_string(add) + " additions, " + std::to_string(g_calls) + " calls of g\n";
    }
    return rows;
}
}  // namespace

int main(int argc, char** argv) {
    const std::string usage =
        "usage: bench_step_instructions pendulum_d2|pendulum_d4|kepler_d2|kepler_d4|kepler_double_d2|kepler_double_d4|"
        "kepler_twice_d2|kepler_twice_d4|"
        "forced_d2|forced_d4|forced_double_d2|forced_double_d4|sphere_d2|sphere_d4|rigid|op_force|op_add|op_mul_add|"
        "sweep_ops STEPS";
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
    else if (name == "kepler_twice_d2") state = kepler<2, false, 2>(steps);
    else if (name == "kepler_twice_d4") state = kepler<4, false, 2>(steps);
    else if (name == "forced_d2") state = forced<2>(steps);
    else if (name == "forced_d4") state = forced<4>(steps);
    else if (name == "forced_double_d2") state = forced<2, true>(steps);
    else if (name == "forced_double_d4") state = forced<4, true>(steps);
    else if (name == "sphere_d2") state = sphere<2>(steps);
    else if (name == "sphere_d4") state = sphere<4>(steps);
    else if (name == "rigid") state = rigid(steps);
    else if (name == "op_force" || name == "op_add" || name == "op_mul_add") state = unit(name, steps);
    else if (name == "sweep_ops") state = sweep_ops();
    else {
        std::fprintf(stderr, "bench_step_instructions: unknown case '%s'\n%s\n", name.c_str(), usage.c_str());
        return 2;
    }
    std::printf("%s\n", state.c_str());
    return 0;
}
