// Compile-fail test (test/compile_fail/compile_fail.cmake): a Lagrangian L(q, v) passed where a momentum function g(q, dpdt) is expected (it would be called with dpdt as v and its value dropped).
// expect: the momentum function g(q, dpdt) returns a value
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
#include <cmath>
int main() {
    using V = std::array<double, 1>;
    // mistake: a Lagrangian L(q, v) passed where a momentum function g(q, dpdt) is expected
    auto L = [](const auto& q, const auto& v) { using std::cos; return v[0] * v[0] / 2 + cos(q[0]); };
    auto x = std::make_pair(V{1}, V{0});
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<V>(), L, x, 0.0, 1.0, 0.01);
}
