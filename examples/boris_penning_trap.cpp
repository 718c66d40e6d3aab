// Charged particles (docs/charged.md): a particle in a Penning trap (q/m = 1, B = (0, 0, 1),
// E = (x, y, −2z)/8) by the Boris pusher and by its sixth-order composition, through odeint's
// integrate_const, against the trap's exact solution. Exits 1 unless, at t = 1000 with h = 0.05,
// Boris's position error is below 0.2 and the sixth-order composition's below 1e-7.
#include <geomint/charged.hpp>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

int main() {
    //! [boris]
    using V = std::array<double, 3>;
    using E3 = geomint::vector<double, 3>;
    auto trap = geomint::make_charged_particle<double>(
        1.0,                                                                                      // q/m
        [](const E3& x, double) { return E3(x(0) / 8, x(1) / 8, -x(2) / 4); },                   // E(x, t)
        [](const E3&, double) { return E3(0, 0, 1); });                                           // B(x, t)
    auto boris = std::make_pair(V{1, 0, 0.5}, V{0, 0.5, 0.2});                                    // (x, v)
    auto sixth = boris;
    boost::numeric::odeint::integrate_const(geomint::boris_stepper<V>(), trap, boris, 0.0, 1000.0, 0.05);
    boost::numeric::odeint::integrate_const(geomint::boris_stepper<V, geomint::scheme::yoshida6>(), trap, sixth, 0.0,
                                            1000.0, 0.05);
    //! [boris]

    // the exact solution (docs/charged.md): z harmonic with ω_z = 1/2; x + iy = A e^{−iω₊t} + C e^{−iω₋t}
    const double t = 1000, k = 0.125, b = 1, root = std::sqrt(b * b - 4 * k), wp = (b + root) / 2,
                 wm = (b - root) / 2, wz = std::sqrt(2 * k);
    const double Ar = (-0.5 - wm * 1) / (wp - wm), Ai = (0 - wm * 0) / (wp - wm), Cr = 1 - Ar, Ci = -Ai;
    const auto part = [&](double re, double im, double w, double& x, double& y) {
        x += re * std::cos(w * t) + im * std::sin(w * t);
        y += im * std::cos(w * t) - re * std::sin(w * t);
    };
    double x = 0, y = 0;
    part(Ar, Ai, wp, x, y);
    part(Cr, Ci, wm, x, y);
    const double z = 0.5 * std::cos(wz * t) + 0.2 / wz * std::sin(wz * t);
    const auto error = [&](const V& r) { return std::max({std::abs(r[0] - x), std::abs(r[1] - y), std::abs(r[2] - z)}); };
    std::printf("Penning trap, h = 0.05, t = 1000: position error Boris %.2e, Boris x yoshida6 %.2e\n",
                error(boris.first), error(sixth.first));
    const bool ok = error(boris.first) < 0.2 && error(sixth.first) < 1e-7;  // measured 1.6e-1, 2.3e-8
    std::puts(ok ? "as expected" : "UNEXPECTED errors");
    return ok ? 0 : 1;
}
