// Compile-fail test (test/compile_fail/compile_fail.cmake): a Lagrangian typed on double instead of a generic lambda.
// expect: L must accept any scalar type
#include <geomint/galerkin.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
#include <vector>
int main() {
    // mistake: L typed on double instead of a generic lambda
    auto sys = geomint::make_lagrangian_system<double>(1, [](const std::vector<double>& q, const std::vector<double>& v) {
        return v[0] * v[0] / 2 + std::cos(q[0]);
    });
    auto x = std::make_pair(Eigen::VectorXd::Ones(1).eval(), Eigen::VectorXd::Zero(1).eval());
    boost::numeric::odeint::integrate_const(geomint::galerkin_vi_stepper<Eigen::VectorXd, 2>(), sys, x, 0.0, 1.0, 0.01);
}
