// Compile-fail test (test/compile_fail/compile_fail.cmake): a nonlinear model (the pendulum as a lagrangian_system) given to a linear stepper.
// expect: newmark_stepper and simpson_stepper integrate linear systems
#include <geomint/linear.hpp>
#include <geomint/galerkin.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
int main() {
    // mistake: the nonlinear pendulum given to a linear stepper (simpson steps M q'' + K q = 0)
    auto sys = geomint::make_lagrangian_system<double>(1, [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] / 2 + cos(q[0]);
    });
    auto x = std::make_pair(Eigen::VectorXd::Ones(1).eval(), Eigen::VectorXd::Zero(1).eval());
    boost::numeric::odeint::integrate_const(geomint::simpson_stepper<Eigen::VectorXd>(), sys, x, 0.0, 1.0, 0.01);
}
