// A project of its own using an installed geomint (README, "Use it from your project"): the
// simple pendulum as a Lagrangian, L = v²/2 + cos q, stepped by the degree-2 Galerkin VI through
// odeint, at double and at quad (Boost.Multiprecision, header-only). Exits 1 unless the energy
// error over 1000 steps stays below 1e-8 at both precisions.
#include <geomint/galerkin.hpp>
#include <geomint/precision.hpp>

#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <iostream>

template <class T>
T energy_error() {
    using V = geomint::vector<T>;
    auto pendulum = geomint::make_lagrangian_system<T>(1, [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] / 2 + cos(q[0]);
    });
    auto x = std::make_pair(V::Constant(1, T(2)).eval(), V::Zero(1).eval());  // (q, p): released at 2 rad
    const T E0 = pendulum.hamiltonian(x.first, x.second);
    boost::numeric::odeint::integrate_n_steps(geomint::galerkin_vi_stepper<V, 2>(), pendulum, x, T(0), T(1) / 20, 1000);
    using std::abs;
    return abs(pendulum.hamiltonian(x.first, x.second) - E0);
}

int main() {
    const double at_double = energy_error<double>();
    const auto at_quad = energy_error<geomint::quad>();
    std::cout << "pendulum, Galerkin VI (order 4), h = 0.05, 1000 steps: |E - E0| = " << at_double << " (double), "
              << at_quad << " (quad)\n";
    return at_double < 1e-8 && at_quad < 1e-8 ? 0 : 1;
}
