// Google Benchmark: `problems::n_body_gravity::force` against the loop a user writes by hand on
// fixed-size arrays (issue 71), on the outer solar system (six bodies in three dimensions,
// fifteen pairs) at double and mp<50>. Both evaluate the same state a million times over; the
// hand-written loop computes G m_i m_j per pair, as written from the formula.
//
//   build/bench/bench_n_body
#include <geomint/precision.hpp>
#include <geomint/problems/n_body.hpp>

#include <benchmark/benchmark.h>

#include <array>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>

namespace {

constexpr std::size_t bodies = 6;

/// The force by hand: body i at q[i], the pairs' terms on std::array<T, 3>.
template <class T>
struct hand_written_force {
    std::array<T, bodies> m;
    T G;
    void operator()(const std::array<std::array<T, 3>, bodies>& q, std::array<std::array<T, 3>, bodies>& f) const {
        using std::sqrt;
        for (auto& fi : f) fi = {T(0), T(0), T(0)};
        for (std::size_t i = 0; i < bodies; ++i)
            for (std::size_t j = i + 1; j < bodies; ++j) {
                std::array<T, 3> d;
                for (int k = 0; k < 3; ++k) d[k] = q[j][k] - q[i][k];
                const T r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                const T s = G * m[i] * m[j] / (r2 * sqrt(r2));
                for (int k = 0; k < 3; ++k) {
                    f[i][k] += s * d[k];
                    f[j][k] -= s * d[k];
                }
            }
    }
};

template <class T>
void model_force(benchmark::State& bs) {
    const auto [model, q, p] = geomint::problems::n_body_gravity<T>::outer_solar_system();
    geomint::vector<T> out(q.size());
    for (auto _ : bs) {
        model.force(q, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
}

template <class T>
void hand_force(benchmark::State& bs) {
    const auto [model, q0, p] = geomint::problems::n_body_gravity<T>::outer_solar_system();
    hand_written_force<T> force{{}, model.gravitational_constant()};
    std::array<std::array<T, 3>, bodies> q, f;
    for (std::size_t i = 0; i < bodies; ++i) {
        force.m[i] = model.masses()[i];
        for (int k = 0; k < 3; ++k) q[i][k] = q0(Eigen::Index(3 * i + k));
    }
    // the same forces as the model's, to a few ulps (a check that both compute one thing)
    geomint::vector<T> reference(3 * bodies);
    model.force(q0, reference);
    force(q, f);
    using std::abs;
    for (std::size_t i = 0; i < bodies; ++i)
        for (int k = 0; k < 3; ++k)
            if (abs(f[i][k] - reference(Eigen::Index(3 * i + k))) > 64 * std::numeric_limits<T>::epsilon() * abs(reference(Eigen::Index(3 * i + k))))
                throw std::logic_error("bench_n_body: the hand-written force differs from the model's");
    for (auto _ : bs) {
        force(q, f);
        benchmark::DoNotOptimize(f.data());
        benchmark::ClobberMemory();
    }
}

using mp50 = geomint::mp<50>;
}  // namespace

BENCHMARK(model_force<double>)->Name("double/n_body_gravity::force");
BENCHMARK(hand_force<double>)->Name("double/hand_written");
BENCHMARK(model_force<mp50>)->Name("mp50/n_body_gravity::force");
BENCHMARK(hand_force<mp50>)->Name("mp50/hand_written");
BENCHMARK_MAIN();
