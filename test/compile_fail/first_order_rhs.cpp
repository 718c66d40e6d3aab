// Compile-fail test (test/compile_fail/compile_fail.cmake): odeint's first-order right-hand side f(x, dxdt, t) where a (q, p) system is expected.
// expect: the system is odeint's first-order right-hand side f(x, dxdt, t)
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
int main() {
    using V = std::array<double, 2>;
    // mistake: odeint's first-order rhs f(x, dxdt, t) where a (q, p) system is expected
    auto rhs = [](const V& x, V& dxdt, double /*t*/) { dxdt = {x[1], -x[0]}; };
    auto x = std::make_pair(V{1, 0}, V{0, 1});
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<V>(), rhs, x, 0.0, 1.0, 0.01);
}
