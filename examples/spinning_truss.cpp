// A truss by Algorithm MC (docs/truss.md, and the README's truss example): a triangle of
// St. Venant–Kirchhoff bars (side 1, EA = 100, unit masses) spinning about its normal and
// vibrating (one bar starts 10 % stretched), stepped through odeint by the energy–momentum
// scheme (b) of Graham & Jelenić, Δt = 0.01, 2000 steps. The scheme conserves H and the angular
// momentum 𝓙 to rounding: exits 1 unless both drift by less than 1e-12 relative (the figures
// printed are the measurement).
#include <geomint/truss.hpp>

#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
    //! [truss]
    using V = std::vector<double>;  // x1, y1, z1, x2, ... (3 entries a node)
    geomint::truss<double, geomint::st_venant_kirchhoff<double>> tri;
    const double s = std::sqrt(3.0) / 2;
    tri.add_node({0, 0, 0}, 1.0);
    tri.add_node({1.1, 0, 0}, 1.0);  // the bar 0-1 starts 10 % stretched
    tri.add_node({0.5, s, 0}, 1.0);
    for (auto [i, j] : {std::pair{0, 1}, {1, 2}, {2, 0}}) tri.add_bar(i, j, 1.0, {.axial_stiffness = 100});
    // momenta P = M v of a rotation about the z axis through (0.5, 0.3, 0), angular velocity 2
    V R = {0, 0, 0, 1.1, 0, 0, 0.5, s, 0}, P(9);
    for (int n = 0; n < 3; ++n) P[3 * n] = -2 * (R[3 * n + 1] - 0.3), P[3 * n + 1] = 2 * (R[3 * n] - 0.5);
    auto x = std::make_pair(R, P);
    const auto H = [&] { return tri.hamiltonian(geomint::to_nodal<double>(x.first), geomint::to_nodal<double>(x.second)); };
    const auto J = [&] { return tri.angular_momentum(geomint::to_nodal<double>(x.first), geomint::to_nodal<double>(x.second))(2); };
    const double H0 = H(), J0 = J();
    geomint::truss_energy_momentum_stepper<V> stepper;  // or truss_fourth_order_stepper<V> (order 4)
    boost::numeric::odeint::integrate_const(stepper, tri, x, 0.0, 20.0, 0.01);
    std::printf("|H - H0|/H0 = %.1e, |J - J0|/|J0| = %.1e\n", std::abs(H() - H0) / H0, std::abs(J() - J0) / std::abs(J0));
    //! [truss]
    const bool ok = std::abs(H() - H0) / H0 < 1e-12 && std::abs(J() - J0) / std::abs(J0) < 1e-12;
    return ok ? 0 : 1;
}
