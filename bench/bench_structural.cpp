// Google Benchmark harness: time to a given accuracy on a large, damped, driven sparse model —
// which of geomint's Lagrange–d'Alembert Simpson and Newmark steppers and the structural peers
// HHT-α and generalized-α wins where; and what the matrix-free path (the same model as O(n)
// callables, Krylov solves each step instead of a sparse LU once) costs against the sparse one.
//
// The uniform fixed–fixed spring chain of n masses (problems/spring_chain.hpp: M = I,
// K = tridiag(−1, 2, −1), ω_max < 2) with Rayleigh damping C = α M + β K (α = 10⁻⁴, β = 10⁻³:
// every mode underdamped) and the load f(t) = ¼ cos(t/2) v₂ (the shape of mode 2), started in
// modes 1, n/2 and n (amplitudes 1, ½, ¼; p = 0) and integrated to T = 100. The error is the
// max-norm distance of (q, p)(T) to the exact solution, the damped modes' closed form
// (exact/driven_modal_solution.hpp's damped_mode_response on the chain's closed-form modes).
// For each method and target error the step count N is the smallest of the ladder
// N_k = ⌈100 · 2^(k/4)⌉ whose error at n = 1000 is below the target (searched once, untimed);
// the timed run builds the model and the stepper and integrates with that N (factorizations
// included), and reports the error it reached at this n.
//
//   build/bench/bench_structural --benchmark_min_time=0.1
// Counters: steps (N), error (at T).
#include <geomint/exact/driven_modal_solution.hpp>
#include <geomint/model/matrix_free_system.hpp>
#include <geomint/model/structural_system.hpp>
#include <geomint/problems/spring_chain.hpp>
#include <geomint/stepper/generalized_alpha_stepper.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>

#include <benchmark/benchmark.h>

#include "time_to_accuracy.hpp"

#include <cmath>
#include <utility>
#include <vector>

namespace {
namespace odeint = boost::numeric::odeint;
using geomint::problems::spring_chain;
using vec = std::vector<double>;
using Vx = Eigen::VectorXd;

constexpr double final_time = 100, alpha = 1e-4, beta = 1e-3, load_amplitude = 0.25, load_frequency = 0.5;

enum class method { simpson, newmark, hht_alpha, generalized_alpha, simpson_matrix_free, newmark_matrix_free };

/// The initial modes {(j, a_j)} and the forced mode.
std::vector<std::pair<Eigen::Index, double>> initial_modes(Eigen::Index n) { return {{1, 1.0}, {n / 2, 0.5}, {n, 0.25}}; }
constexpr Eigen::Index forced_mode = 2;

/// Exact (q, p)(t) by the damped modes' closed form (M = I).
std::pair<Vx, Vx> exact_state(const spring_chain<double>& chain, double t) {
    const Eigen::Index n = chain.size();
    Vx q = Vx::Zero(n), p = Vx::Zero(n);
    const auto add = [&](Eigen::Index j, double a0, double forcing) {
        const double w = chain.frequency(j);
        const Vx v = chain.mode(j);
        // modal coordinate of q = a v_j; forcing vᵀf/|v|² = F0 for f = F0 cos(Ωt) v_j
        const geomint::damped_mode_response<double> y(w * w, alpha + beta * w * w, forcing, 0.0, load_frequency, a0, 0.0);
        q += y.y(t) * v;
        p += y.rate(t) * v;
    };
    for (const auto& [j, a] : initial_modes(n)) add(j, a, 0.0);
    add(forced_mode, 0.0, load_amplitude);
    return {q, p};
}

/// Integrate the chain of n masses to T = 100 in `steps` steps; returns the max-norm error.
double run(method m, Eigen::Index n, int steps) {
    const spring_chain<double> chain(n);
    const Vx shape = chain.mode(forced_mode);
    const geomint::structural_system sys(chain.mass(), geomint::rayleigh_damping<double>{alpha, beta}, chain.stiffness(),
                                         [shape](double t) -> Vx { return load_amplitude * std::cos(load_frequency * t) * shape; });
    const auto [q0, p0] = exact_state(chain, 0.0);
    std::pair<vec, vec> x{vec(q0.data(), q0.data() + n), vec(p0.data(), p0.data() + n)};
    const double h = final_time / steps;
    // the same model as callables (M = I): K q = 2 q_i − q_{i−1} − q_{i+1}, C v = α v + β K v
    const auto stiffness = [](const vec& q, vec& out) {
        const std::size_t size = q.size();
        for (std::size_t i = 0; i < size; ++i)
            out[i] = 2 * q[i] - (i > 0 ? q[i - 1] : 0.0) - (i + 1 < size ? q[i + 1] : 0.0);
    };
    const auto matrix_free = geomint::matrix_free([](const vec& p, vec& dq) { dq = p; },
                                                  [stiffness](const vec& q, vec& dp) {
                                                      stiffness(q, dp);
                                                      for (double& v : dp) v = -v;
                                                  },
                                                  2.0L)
                                 .with_damping([stiffness](const vec& v, vec& force) {
                                     stiffness(v, force);
                                     for (std::size_t i = 0; i < v.size(); ++i) force[i] = alpha * v[i] + beta * force[i];
                                 })
                                 .with_load([shape](double t) -> Vx {
                                     return load_amplitude * std::cos(load_frequency * t) * shape;
                                 });
    switch (m) {
        case method::simpson:
            odeint::integrate_n_steps(geomint::simpson_stepper<vec>(), sys, x, 0.0, h, steps);
            break;
        case method::newmark:
            odeint::integrate_n_steps(geomint::newmark_stepper<vec>(), sys, x, 0.0, h, steps);
            break;
        case method::hht_alpha:
            odeint::integrate_n_steps(geomint::hht_alpha_stepper<vec>(), sys, x, 0.0, h, steps);
            break;
        case method::generalized_alpha:
            odeint::integrate_n_steps(geomint::generalized_alpha_stepper<vec>(), sys, x, 0.0, h, steps);
            break;
        case method::simpson_matrix_free:
            odeint::integrate_n_steps(geomint::simpson_stepper<vec>(), matrix_free, x, 0.0, h, steps);
            break;
        case method::newmark_matrix_free:
            odeint::integrate_n_steps(geomint::newmark_stepper<vec>(), matrix_free, x, 0.0, h, steps);
            break;
    }
    const auto [q1, p1] = exact_state(chain, final_time);
    double err = 0;
    for (Eigen::Index i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        err = std::max({err, std::abs(x.first[k] - q1(i)), std::abs(x.second[k] - p1(i))});
    }
    return err;
}

void time_to_accuracy(benchmark::State& s, method m) {
    const Eigen::Index n = s.range(0);
    const double target = std::pow(10.0, -static_cast<double>(s.range(1)));
    // the step count reaching the target at n = 1000, searched once per method and target
    const int steps = geomint_bench::ladder_steps(static_cast<int>(m), target, [m](int N) { return run(m, 1000, N); }, 52);
    geomint_bench::time_runs(s, steps, [m, n](int N) { return run(m, n, N); });
}

/// Chains of 10³ and 10⁴ masses, target errors 10⁻² and 10⁻⁴ (the order-2 methods need ~5·10⁴
/// steps for 10⁻⁴: the fastest mode, ω ≈ 2, sets the error).
void sizes(benchmark::internal::Benchmark* b) {
    for (const int digits : {2, 4})
        for (Eigen::Index n : {1000, 10000}) b->Args({n, digits});
    b->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK_CAPTURE(time_to_accuracy, simpson, method::simpson)->Apply(sizes);
BENCHMARK_CAPTURE(time_to_accuracy, newmark, method::newmark)->Apply(sizes);
BENCHMARK_CAPTURE(time_to_accuracy, hht_alpha, method::hht_alpha)->Apply(sizes);
BENCHMARK_CAPTURE(time_to_accuracy, generalized_alpha, method::generalized_alpha)->Apply(sizes);
BENCHMARK_CAPTURE(time_to_accuracy, simpson_matrix_free, method::simpson_matrix_free)->Apply(sizes);
BENCHMARK_CAPTURE(time_to_accuracy, newmark_matrix_free, method::newmark_matrix_free)->Apply(sizes);

BENCHMARK_MAIN();
