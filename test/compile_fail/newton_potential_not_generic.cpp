// Compile-fail test (test/compile_fail/compile_fail.cmake): a Newton-equation potential typed on double instead of a generic lambda.
// expect: newton_system: the potential V must accept any scalar type
#include <geomint/newton_equation.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
int main() {
    auto pendulum = geomint::make_newton_system<double>([](double q) { return -std::cos(q); });  // mistake: typed on double
    std::pair<double, double> x{0.0, 1.2};
    boost::numeric::odeint::integrate_const(geomint::discrete_gradient_stepper<double>(), pendulum, x, 0.0, 1.0, 0.02);
}
