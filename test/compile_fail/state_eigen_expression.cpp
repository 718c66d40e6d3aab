// Compile-fail test (test/compile_fail/compile_fail.cmake): a state pair of unevaluated Eigen expressions (V::Zero(n)).
// expect: an Eigen expression such as V::Zero(n) or V::Constant(n, c) must be evaluated first
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
int main() {
    using V = Eigen::VectorXd;
    auto g = [](const V& q, V& dpdt) { dpdt = -q; };
    auto x = std::make_pair(V::Constant(2, 1.0), V::Zero(2));  // mistake: expressions, not vectors
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<V>(), g, x, 0.0, 1.0, 0.01);
}
