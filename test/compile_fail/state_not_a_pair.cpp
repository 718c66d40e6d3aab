// Compile-fail test (test/compile_fail/compile_fail.cmake): a flat odeint state (q0, q1, p0, p1) instead of a (q, p) pair.
// expect: the state must be a (q, p) pair
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
int main() {
    using V = std::array<double, 2>;
    auto f = [](const V& p, V& dqdt) { dqdt = p; };
    auto g = [](const V& q, V& dpdt) { dpdt = {-q[0], -q[1]}; };
    std::array<double, 4> x{1, 0, 0, 1};  // mistake: a flat state (q0, q1, p0, p1), not a (q, p) pair
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<V>(), std::make_pair(f, g), x, 0.0, 1.0, 0.01);
}
