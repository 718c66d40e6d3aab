// Compile-fail test (test/compile_fail/compile_fail.cmake): a Lagrangian model stepped by galerkin_vi_stepper with
// only the stepper's header, which steps the pair forms (the model solvers are in stepper/galerkin_vi_models.hpp).
// expect: needs the model solvers: #include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/model/lagrangian_system.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <Eigen/Core>
#include <cmath>
#include <utility>
int main() {
    auto sys = geomint::make_lagrangian_system<double>(1, [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] / 2 + cos(q[0]);
    });
    auto x = std::make_pair(Eigen::VectorXd::Ones(1).eval(), Eigen::VectorXd::Zero(1).eval());
    geomint::galerkin_vi_stepper<Eigen::VectorXd, 2> stepper;
    stepper.do_step(sys, x, 0.0, 0.01);  // mistake: <geomint/galerkin.hpp> not included
}
