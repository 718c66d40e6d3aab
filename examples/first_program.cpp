// A first program (docs/getting-started.md, and the README's example): Kepler's problem written
// for odeint's symplectic steppers, integrated by geomint's sixth-order splitting over about 160
// orbits. Exits 1 unless the energy error stays below 1e-6 (measured 1.8e-11).
//! [first_program]
#include <geomint/splitting.hpp>
#include <boost/numeric/odeint.hpp>
#include <array>
#include <cmath>
#include <cstdio>

int main() {
    //! [readme]
    using V = std::array<double, 2>;
    auto f = [](const V& p, V& dqdt) { dqdt = p; };  // dq/dt = p
    auto g = [](const V& q, V& dpdt) {                // dp/dt = -q/|q|^3
        const double r3 = std::pow(q[0] * q[0] + q[1] * q[1], 1.5);
        dpdt = {-q[0] / r3, -q[1] / r3};
    };
    auto H = [](const V& q, const V& p) { return (p[0] * p[0] + p[1] * p[1]) / 2 - 1 / std::hypot(q[0], q[1]); };
    auto x = std::make_pair(V{0.4, 0.0}, V{0.0, 2.0});  // (q, p): eccentricity 0.6, at pericentre
    const double H0 = H(x.first, x.second);
    geomint::yoshida6_stepper<V> stepper;  // order() == 6
    boost::numeric::odeint::integrate_const(stepper, std::make_pair(f, g), x, 0.0, 1000.0, 0.01);
    const double drift = std::abs(H(x.first, x.second) - H0);
    std::printf("energy error after t = 1000: %.2e\n", drift);
    //! [readme]
    return drift < 1e-6 ? 0 : 1;
}
//! [first_program]
