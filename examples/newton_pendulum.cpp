// Newton-equation steppers (docs/newton-equation.md): the simple pendulum phi'' = -sin(phi) from
// phi = 0 with speed 1.2 by the discrete gradient scheme (energy conserved to rounding), and two
// coupled pendula by the implicit midpoint rule, through odeint's integrate_const. Reference for
// the pendulum: the exact solution by elliptic functions. Exits 1 unless the pendulum's energy
// error is below 1e-12, its phase error below 1e-3 and the coupled system's energy error below 1e-4.
#include <geomint/exact/pendulum_solution.hpp>
#include <geomint/newton_equation.hpp>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
    //! [pendulum]
    auto pendulum = geomint::make_newton_system<double>([](auto q) { using std::cos; return -cos(q); });
    geomint::discrete_gradient_stepper<double> stepper;          // or leapfrog_, implicit_midpoint_, suris1_, ...
    std::pair<double, double> x{0.0, 1.2};                      // (φ, p)
    boost::numeric::odeint::integrate_const(stepper, pendulum, x, 0.0, 100.0, 0.02);
    //! [pendulum]
    const double E0 = 1.2 * 1.2 / 2 - 1, E = x.second * x.second / 2 - std::cos(x.first);
    const geomint::pendulum_solution<double> exact(1.2);
    const double phase = std::abs(x.first - exact(100.0));

    double coupled_drift = 0;
    {
        //! [coupled]
        auto coupled = geomint::make_separable_system<double>(2, [](const auto& q) {
            using std::cos;
            return -cos(q[0]) - cos(q[1]) + (q[1] - q[0]) * (q[1] - q[0]) / 5;
        });
        std::pair<std::vector<double>, std::vector<double>> x{{0.0, 0.0}, {1.2, 0.0}};   // (q, p)
        boost::numeric::odeint::integrate_const(geomint::implicit_midpoint_stepper<std::vector<double>>(), coupled, x, 0.0, 10.0, 0.05);
        //! [coupled]
        const auto& [q, p] = x;
        const double H = (p[0] * p[0] + p[1] * p[1]) / 2 - std::cos(q[0]) - std::cos(q[1]) + (q[1] - q[0]) * (q[1] - q[0]) / 5;
        coupled_drift = std::abs(H - (1.2 * 1.2 / 2 - 2));
    }
    std::printf("pendulum, discrete gradient, h = 0.02, t = 100: |E - E0| = %.2e, |phi - phi_exact| = %.2e\n",
                std::abs(E - E0), phase);
    std::printf("two coupled pendula, implicit midpoint, h = 0.05, t = 10: |H - H0| = %.2e\n", coupled_drift);
    const bool ok = std::abs(E - E0) < 1e-12 && phase < 1e-3 && coupled_drift < 1e-4;  // measured 3.4e-15, 4.1e-4, 1.9e-6
    std::puts(ok ? "as expected" : "UNEXPECTED errors");
    return ok ? 0 : 1;
}
