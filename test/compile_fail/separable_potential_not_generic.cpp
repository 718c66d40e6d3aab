// Compile-fail test (test/compile_fail/compile_fail.cmake): a separable system's potential typed on double.
// expect: separable_system: the potential V must accept any scalar type
#include <geomint/newton_equation.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <vector>
int main() {
    // mistake: V typed on std::vector<double>
    auto sys = geomint::make_separable_system<double>(2, [](const std::vector<double>& q) { return -std::cos(q[0]) - std::cos(q[1]); });
    auto x = std::make_pair(Eigen::VectorXd::Zero(2).eval(), Eigen::VectorXd::Ones(2).eval());
    boost::numeric::odeint::integrate_const(geomint::leapfrog_stepper<Eigen::VectorXd>(), sys, x, 0.0, 1.0, 0.02);
}
