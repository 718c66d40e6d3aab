// A small satellite on a circular orbit (μ = 1, r = 1, m = 1, I = (1, 1.2, 2)·10⁻³) in MacCullagh's
// potential V(R, x): orbit and attitude coupled (the full body problem). It starts at the
// gravity-gradient equilibrium, its least-moment axis along the radius, turned by 0.1 rad about
// the orbit normal, and librates about it for 100 orbits, stepped by the splitting composed to
// order 6. The pitch libration's frequency, ω² = 3 n² (I₂ − I₁)/I₃ = 0.3 n², keeps away from the
// orbital one (I = (1, 2, 3)·10⁻³ would sit at 1:1, where the libration pumps the eccentricity).
// The references are the conserved quantities: the total angular momentum x × p + R Π is kept to
// round-off, the energy is bounded, and the pitch libration stays within its start.
#include <geomint/rigid.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <functional>
#include <numbers>
#include <utility>

using Q12 = std::array<double, 12>;  // the attitude R row by row, then the centre of mass x
using P6 = std::array<double, 6>;    // the body angular momentum Π, then the momentum p
using body_type = geomint::translating_rigid_body<double, geomint::problems::maccullagh_potential<double>>;

// along a run: the largest energy error, change of x × p + R Π, pitch (the angle of the body
// axis 1 from the radius, in the orbit plane) and the radius's range
struct orbit_monitor {
    const body_type& body;
    double e0 = 0, energy_error = 0, momentum_error = 0, largest_pitch = 0, r_min = 1, r_max = 1;
    geomint::vector<double, 3> L0 = geomint::vector<double, 3>::Zero();
    int steps = -1;

    void operator()(const std::pair<Q12, P6>& y, double) {
        geomint::so3::matrix3<double> R;
        for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = y.first[std::size_t(i)];
        const geomint::vector<double, 3> r(y.first[9], y.first[10], y.first[11]), pi(y.second[0], y.second[1], y.second[2]),
            p(y.second[3], y.second[4], y.second[5]);
        const double e = body.energy(R, r, pi, p);
        const geomint::vector<double, 3> L = body.angular_momentum(R, r, p, pi);
        if (++steps == 0) e0 = e, L0 = L;
        energy_error = std::max(energy_error, std::abs(e / e0 - 1));
        momentum_error = std::max(momentum_error, (L - L0).norm() / L0.norm());
        const geomint::vector<double, 3> axis = R.col(0);
        largest_pitch = std::max(largest_pitch, std::abs(std::atan2(r.cross(axis)(2), r.dot(axis))));
        r_min = std::min(r_min, r.norm());
        r_max = std::max(r_max, r.norm());
    }
};

int main() {
    //! [translating]
    const geomint::vector<double, 3> moments(1e-3, 1.2e-3, 2e-3);
    const auto body = geomint::problems::orbiting_rigid_body<double>(1.0, moments, 1.0);  // m = 1, μ = 1

    // x = (1, 0, 0), p = (0, v, 0): the circular orbit, its speed v² = r |F_r| raised by the body's
    // extent (MacCullagh's force at pitch 0); Π₃ = I₃ v/r, the body turning once an orbit;
    // the attitude pitched by 0.1 rad about the orbit normal e₃
    const double v = std::sqrt(1 + 1.5 * moments.sum() - 4.5 * moments(0));
    const double pitch = 0.1, c = std::cos(pitch), s = std::sin(pitch);
    auto x = std::make_pair(Q12{c, -s, 0, s, c, 0, 0, 0, 1, 1, 0, 0}, P6{0, 0, moments(2) * v, 0, v, 0});

    geomint::composed_rigid_body_stepper<Q12, P6, geomint::scheme::kahan_li6> stepper;
    orbit_monitor monitor{body};
    const double orbit = 2 * std::numbers::pi;
    boost::numeric::odeint::integrate_n_steps(stepper, body, x, 0.0, orbit / 200, 20000, std::ref(monitor));  // 100 orbits
    //! [translating]
    std::printf("100 orbits, %d steps: energy error %.1e relative (largest), total angular momentum %.1e relative, "
                "pitch libration within %.4f rad (started at %.4f), orbit radius %.6f to %.6f\n",
                monitor.steps, monitor.energy_error, monitor.momentum_error, monitor.largest_pitch, pitch, monitor.r_min,
                monitor.r_max);
    return monitor.energy_error < 1e-9 && monitor.momentum_error < 1e-12 && monitor.largest_pitch < 1.05 * pitch &&
                   monitor.r_max - monitor.r_min < 2e-3
               ? 0
               : 1;
}
