// Compile-fail test (test/compile_fail/compile_fail.cmake): a non-separable system (a lagrangian_system) given to a splitting stepper.
// expect: a splitting stepper needs a separable system
#include <geomint/galerkin.hpp>
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <cmath>
int main() {
    auto sys = geomint::make_lagrangian_system<double>(1, [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] * (2 + cos(q[0])) / 2 + cos(q[0]);  // mass depends on q: not separable
    });
    auto x = std::make_pair(Eigen::VectorXd::Ones(1).eval(), Eigen::VectorXd::Zero(1).eval());
    // mistake: a splitting needs a separable system
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<Eigen::VectorXd>(), sys, x, 0.0, 1.0, 0.01);
}
