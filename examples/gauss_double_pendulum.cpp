// A non-separable Hamiltonian (docs/hamiltonian.md): the double pendulum in angles and canonical
// momenta, the system of odeint-v2 issue #88, by the Gauss–Legendre collocation stepper (s = 2,
// order 4) through odeint's integrate_const. References: odeint's controlled
// runge_kutta_fehlberg78 at tolerance 1e-13 on Hamilton's equations written out by hand, for the
// state at t = 10, and the energy H(q0, p0) over 10^5 steps. Exits 1 unless the state at t = 10 is
// within 1e-6 of the reference and the energy error stays below 1e-5 up to t = 1000, where
// odeint's runge_kutta4 at the same step drifts.
#include <geomint/hamiltonian.hpp>

#include <boost/numeric/odeint.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

int main() {
    //! [gauss]
    // unit masses and lengths, g = 9.81: H = (p1² + 2 p2² − 2 p1 p2 cos(q1 − q2)) / (2 (2 − cos²(q1 − q2)))
    //                                         − 2 g cos q1 − g cos q2
    auto H = [](const auto& q, const auto& p) {
        using std::cos;
        const auto c = cos(q[0] - q[1]);
        return (p[0] * p[0] + 2 * p[1] * p[1] - 2 * c * p[0] * p[1]) / (2 * (2 - c * c)) - 2 * 9.81 * cos(q[0]) -
               9.81 * cos(q[1]);
    };
    auto sys = geomint::make_hamiltonian_system<double>(2, H);
    using V = std::array<double, 2>;
    geomint::gauss_collocation_stepper<V, 2> stepper;  // order() == 4; symplectic and symmetric for any H
    auto x = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});  // (q, p)
    boost::numeric::odeint::integrate_const(stepper, std::ref(sys), x, 0.0, 10.0, 0.01);
    //! [gauss]

    // the reference at t = 10: Hamilton's equations written out, controlled rkf78 at 1e-13
    using X = std::array<double, 4>;
    const auto rhs = [](const X& y, X& dy, double) {
        const double g = 9.81, c = std::cos(y[0] - y[1]), s = std::sin(y[0] - y[1]), den = 2 - c * c;
        const double N = y[2] * y[2] + 2 * y[3] * y[3] - 2 * c * y[2] * y[3];
        const double dH = s * y[2] * y[3] / den - N * c * s / (den * den);  // ∂H/∂(q1 − q2)
        dy = {(y[2] - c * y[3]) / den, (2 * y[3] - c * y[2]) / den, -dH - 2 * g * std::sin(y[0]),
              dH - g * std::sin(y[1])};
    };
    X y{1.0, 0.5, 0.0, 0.0};
    namespace odeint = boost::numeric::odeint;
    odeint::integrate_adaptive(odeint::make_controlled<odeint::runge_kutta_fehlberg78<X>>(1e-13, 1e-13), rhs, y, 0.0,
                               10.0, 0.001);
    double state_error = 0;
    for (int i = 0; i < 2; ++i)
        state_error = std::max({state_error, std::abs(x.first[std::size_t(i)] - y[std::size_t(i)]),
                                std::abs(x.second[std::size_t(i)] - y[std::size_t(i) + 2])});

    // the energy over 10^5 steps: Gauss bounded, runge_kutta4 at the same step drifting
    const auto energy = [&](const V& q, const V& p) {
        return sys.hamiltonian(Eigen::Vector2d(q[0], q[1]), Eigen::Vector2d(p[0], p[1]));
    };
    const double H0 = energy({1.0, 0.5}, {0.0, 0.0});
    double gauss_drift = 0;
    auto z = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    for (int k = 0; k < 100000; ++k) {
        stepper.do_step(std::ref(sys), z, 0.01 * k, 0.01);
        gauss_drift = std::max(gauss_drift, std::abs(energy(z.first, z.second) - H0));
    }
    X w{1.0, 0.5, 0.0, 0.0};
    odeint::integrate_const(odeint::runge_kutta4<X>(), rhs, w, 0.0, 1000.0, 0.01);
    const double rk4_drift = std::abs(energy({w[0], w[1]}, {w[2], w[3]}) - H0);

    std::printf("double pendulum (q, p), Gauss s = 2, h = 0.01: state at t = 10 within %.2e of rkf78 (tol 1e-13)\n",
                state_error);
    std::printf("energy error up to t = 1000: Gauss s = 2 %.2e (max), runge_kutta4 %.2e (at t = 1000)\n", gauss_drift,
                rk4_drift);
    const bool ok = state_error < 1e-6 && gauss_drift < 1e-5 && rk4_drift > gauss_drift;  // measured 7.0e-8, 3.1e-7, 1.1e-4
    std::puts(ok ? "as expected" : "UNEXPECTED errors");
    return ok ? 0 : 1;
}
