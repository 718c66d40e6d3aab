// Compile-fail test (test/compile_fail/compile_fail.cmake): a Momentum type of another scalar than Coor.
// expect: the momentum type has another scalar than the coordinate type
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
int main() {
    using Q = std::array<double, 2>;
    using P = std::array<float, 2>;  // mistake: momenta in another scalar than the coordinates
    auto f = [](const P& p, Q& dqdt) { dqdt = {p[0], p[1]}; };
    auto g = [](const Q& q, P& dpdt) { dpdt = {float(-q[0]), float(-q[1])}; };
    auto x = std::make_pair(Q{1, 0}, P{0, 1});
    boost::numeric::odeint::integrate_const(geomint::yoshida4_stepper<Q, P>(), std::make_pair(f, g), x, 0.0, 1.0, 0.01);
}
