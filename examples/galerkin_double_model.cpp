// A Lagrangian at 50 digits with its copy at double (docs/galerkin.md): the nonlinear double
// pendulum (unit masses and lengths, g = 9.81), L written generically in its constants so that
// the same callable serves both precisions. The Galerkin VI of Degree 4 (order 8) runs 300 steps
// of h = 1/100 twice, on the plain system and with the copy attached, and prints the Newton
// iterations in T a step, the CPU time of each run and how far apart the two end states are.
// Reference: the plain run (the copy may change the cost, not the states). Exits 1 unless the
// copy's run takes at most 3 iterations a step and ends within 300 eps of the plain run.
#include <geomint/galerkin.hpp>
#include <geomint/precision.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

namespace {

using T = geomint::mp<50>;
using V = std::vector<T>;

struct run_result {
    std::pair<V, V> x;
    double iterations = 0;  // Newton iterations in T a step
    double seconds = 0;
};

template <class System>
run_result run(const System& sys) {
    geomint::galerkin_vi_stepper<V, 4> stepper;
    run_result r{{V{T(1), T(3) / 2}, V{T(0), T(0)}}};
    const int steps = 300;
    const auto start = std::chrono::steady_clock::now();
    long iterations = 0;
    for (int j = 0; j < steps; ++j) {
        stepper.do_step(sys, r.x, T(j) / 100, T(1) / 100);
        iterations += stepper.iterations();
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.iterations = double(iterations) / steps;
    return r;
}

}  // namespace

int main() {
    //! [double_model]
    auto L = [](const auto& q, const auto& v) {  // constants as integers: any scalar type
        using std::cos;
        return v[0] * v[0] + v[1] * v[1] / 2 + v[0] * v[1] * cos(q[0] - q[1]) + 981 * cos(q[0]) / 50 +
               981 * cos(q[1]) / 100;
    };
    auto plain = geomint::make_lagrangian_system<T>(2, L);
    auto sys = plain.with_double_model(geomint::make_lagrangian_system<double>(2, L));
    //! [double_model]
    const run_result a = run(plain), b = run(sys);
    T apart(0);
    for (std::size_t i = 0; i < 2; ++i) {
        using std::abs;
        apart = std::max({apart, T(abs(a.x.first[i] - b.x.first[i])), T(abs(a.x.second[i] - b.x.second[i]))});
    }
    const double eps = static_cast<double>(std::numeric_limits<T>::epsilon());
    std::printf("double pendulum at mp50, Galerkin Degree 4, 300 steps of h = 0.01:\n");
    std::printf("  plain system:           %.2f Newton iterations in T a step, %.3f s\n", a.iterations, a.seconds);
    std::printf("  with its double model:  %.2f Newton iterations in T a step, %.3f s\n", b.iterations, b.seconds);
    std::printf("  end states apart by %.1f eps\n", static_cast<double>(apart) / eps);
    const bool ok = b.iterations <= 3 && static_cast<double>(apart) <= 300 * eps;  // measured 3.00 (plain: 4.19), 2 eps
    std::puts(ok ? "as expected" : "UNEXPECTED");
    return ok ? 0 : 1;
}
