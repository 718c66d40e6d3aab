// The Boris pusher at double (sanitized): the E × B drift of uniform crossed fields kept exactly,
// the speed kept by the rotation in a pure B, the Penning trap against its exact solution, time
// symmetry, odeint's integrate functions on three state types, and the errors; the relativistic
// pushers at double (Vay on the E × B drift, proper_velocity, the |v| ≥ c and field errors).
#include "charged/charged_problems.hpp"

#include <boost/numeric/odeint.hpp>

#include <array>
#include <cmath>
#include <vector>

namespace {
using namespace geomint_test;
using V3 = vector<double, 3>;

TEST(Boris, StartedAtTheExBDriftItStaysThere) {
    const double E0 = 0.3, B0 = 2.0;
    auto particle = make_charged_particle<double>(1.5, uniform_field<double>{V3(0, E0, 0)}, uniform_field<double>{V3(0, 0, B0)});
    const V3 drift(E0 / B0, 0, 0);  // E × B / |B|²
    boris_stepper<V3> stepper;
    auto s = std::make_pair(V3(0.1, -0.2, 0.3), drift);
    const V3 x0 = s.first;
    const double h = 0.07;
    for (int k = 0; k < 1000; ++k) stepper.do_step(particle, s, k * h, h);
    EXPECT_LE((s.second - drift).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_LE((s.first - (x0 + 1000 * h * drift)).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(Boris, KeepsTheSpeedInAPureMagneticFieldAndTurnsBy2AtanOfHalfOmegaH) {
    const double qm = -2.0, B0 = 1.25, h = 0.3;  // ω = |q/m| B = 2.5, ωh = 0.75
    auto particle = make_charged_particle<double>(qm, uniform_field<double>{V3(0, 0, 0)}, uniform_field<double>{V3(0, 0, B0)});
    boris_stepper<std::array<double, 3>> stepper;
    auto s = std::make_pair(std::array<double, 3>{0, 0, 0}, std::array<double, 3>{1, 0, 0.5});
    const int steps = 500;
    for (int k = 0; k < steps; ++k) stepper.do_step(particle, s, k * h, h);
    const double turn = 2 * std::atan(std::abs(qm) * B0 * h / 2) * steps;  // q/m < 0: counter-clockwise about z
    EXPECT_NEAR(s.second[0], std::cos(turn), 1e-12);
    EXPECT_NEAR(s.second[1], std::sin(turn), 1e-12);
    EXPECT_NEAR(s.second[2], 0.5, 1e-15);
    EXPECT_NEAR(std::hypot(s.second[0], s.second[1]), 1.0, 1e-14);
}

TEST(Boris, PenningTrapAgainstItsExactSolutionAndReversed) {
    const penning_trap<double> trap;
    const auto particle = trap.particle();
    const V3 x0(1, 0, 0.5), v0(0, 0.5, 0.2);
    const auto exact = trap.exact(x0, v0, 10.0);
    const auto run = [&](auto stepper, int steps) {
        auto s = std::make_pair(x0, v0);
        const double h = 10.0 / steps;
        for (int k = 0; k < steps; ++k) stepper.do_step(particle, s, k * h, h);
        return std::max((s.first - exact.first).cwiseAbs().maxCoeff(), (s.second - exact.second).cwiseAbs().maxCoeff());
    };
    EXPECT_LE(run(boris_stepper<V3>(), 400), 4e-4);                      // measured 3.6e-4 at 50 digits
    EXPECT_LE(run(boris_stepper<V3, scheme::yoshida4>(), 400), 2e-7);    // 1.8e-7
    EXPECT_LE(run(boris_stepper<V3, scheme::yoshida6>(), 200), 3e-10);   // 2.1e-10
    // symmetric: 200 steps of h and 200 of −h return to the start
    boris_stepper<V3, scheme::yoshida4> st;
    auto s = std::make_pair(x0, v0);
    for (int k = 0; k < 200; ++k) st.do_step(particle, s, 0.05 * k, 0.05);
    for (int k = 200; k > 0; --k) st.do_step(particle, s, 0.05 * k, -0.05);
    EXPECT_LE((s.first - x0).cwiseAbs().maxCoeff(), 1e-13);
    EXPECT_LE((s.second - v0).cwiseAbs().maxCoeff(), 1e-13);
}

TEST(Boris, OdeintIntegrateConstOnThreeStateTypes) {
    const penning_trap<double> trap;
    const auto particle = trap.particle();
    auto a = std::make_pair(std::array<double, 3>{1, 0, 0.5}, std::array<double, 3>{0, 0.5, 0.2});
    auto b = std::make_pair(std::vector<double>{1, 0, 0.5}, std::vector<double>{0, 0.5, 0.2});
    auto c = std::make_pair(V3(1, 0, 0.5), V3(0, 0.5, 0.2));
    namespace odeint = boost::numeric::odeint;
    odeint::integrate_const(boris_stepper<std::array<double, 3>>(), particle, a, 0.0, 5.0, 0.05);
    odeint::integrate_const(boris_stepper<std::vector<double>>(), std::cref(particle), b, 0.0, 5.0, 0.05);
    odeint::integrate_n_steps(boris_stepper<V3>(), particle, c, 0.0, 0.05, 100);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(a.first[std::size_t(i)], b.first[std::size_t(i)]);
        EXPECT_EQ(a.second[std::size_t(i)], c.second(i));
    }
}

TEST(Boris, NamedErrors) {
    expect_throw_with<std::invalid_argument>(
        [] { make_charged_particle<double>(0.0, uniform_field<double>{V3(0, 0, 0)}, uniform_field<double>{V3(0, 0, 1)}); },
        "q/m = 0");
    auto bad = make_charged_particle<double>(1.0, uniform_field<double>{V3(0, 0, 0)}, [](const V3& x, double) {
        return V3(0, 0, 1 / x(0));  // infinite on the plane x = 0
    });
    boris_stepper<V3> stepper;
    auto s = std::make_pair(V3(-0.05, 0, 0), V3(1, 0, 0));
    expect_throw_with<std::domain_error>([&] { stepper.do_step(bad, s, 0.0, 0.1); }, "B(x, t) = (0, 0, inf) at x = (0, 0, 0)");
    auto wrong = std::make_pair(std::vector<double>{0, 0}, std::vector<double>{1, 0});
    boris_stepper<std::vector<double>> vs;
    expect_throw_with<std::invalid_argument>([&] { vs.do_step(bad, wrong, 0.0, 0.1); }, "3 each");
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(bad, s, 0.0, 0.0); }, "dt = 0");
    // a non-finite entry handed in is named (the step runs unchecked, its result is checked)
    auto nan_velocity = std::make_pair(V3(1, 0, 0), V3(0, std::nan(""), 0));
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(bad, nan_velocity, 0.0, 0.1); }, "state p");
    auto infinite_position = std::make_pair(V3(-INFINITY, 0, 0), V3(1, 0, 0));
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(bad, infinite_position, 0.0, 0.1); }, "state q");
    pusher_stepper<V3, scheme::vay> vay;
    const auto relativistic = make_relativistic_charged_particle<double>(1.0, 1.0, uniform_field<double>{V3(0, 0, 0)},
                                                                          uniform_field<double>{V3(0, 0, 1)});
    auto nan_u = std::make_pair(V3(0, 0, 0), V3(std::nan(""), 0, 0));
    expect_throw_with<std::invalid_argument>([&] { vay.do_step(relativistic, nan_u, 0.0, 0.1); }, "state p");
}

TEST(RelativisticPushers, ExBDriftAtDoubleAndNamedErrors) {
    // Vay at double over 10⁴ steps of the relativistic E × B drift (v_d = 0.9 c)
    const auto particle = make_relativistic_charged_particle<double>(-1.0, 1.0, uniform_field<double>{V3(0, 0.9, 0)},
                                                                     uniform_field<double>{V3(0, 0, 1)});
    const V3 u_d = proper_velocity(V3(0.9, 0, 0), 1.0);
    EXPECT_NEAR(u_d(0), 0.9 / std::sqrt(0.19), 1e-15);
    EXPECT_NEAR(velocity_of(u_d, 1.0)(0), 0.9, 1e-15);
    pusher_stepper<std::array<double, 3>, scheme::vay> vay;
    auto s = std::make_pair(std::array<double, 3>{0, 0, 0}, std::array<double, 3>{u_d(0), 0, 0});
    boost::numeric::odeint::integrate_n_steps(vay, particle, s, 0.0, 0.1, 10000);
    EXPECT_NEAR(s.second[0], u_d(0), 1e-12);
    EXPECT_NEAR(s.second[1], 0.0, 1e-12);
    EXPECT_NEAR(s.first[0], 900.0, 1e-9);

    expect_throw_with<std::domain_error>([] { proper_velocity(V3(0.6, 0.8, 0), 1.0); }, "is not below c = 1");
    expect_throw_with<std::domain_error>([] { proper_velocity(V3(3e8, 0, 0), 299792458.0); }, "|v| = 300000000");
    expect_throw_with<std::invalid_argument>([] { proper_velocity(V3(0, 0, 0), 0.0); }, "c = 0");
    expect_throw_with<std::invalid_argument>(
        [] {
            make_relativistic_charged_particle<double>(1.0, -1.0, uniform_field<double>{V3(0, 0, 0)},
                                                       uniform_field<double>{V3(0, 0, 1)});
        },
        "c = -1 violates the precondition c finite and positive");
    auto bad = make_relativistic_charged_particle<double>(1.0, 1.0, [](const V3& x, double) { return V3(std::log(x(0)), 0, 0); },
                                                          uniform_field<double>{V3(0, 0, 1)});
    pusher_stepper<V3, scheme::higuera_cary> hc;
    auto b = std::make_pair(V3(0, 0, 0), V3(0, 1, 0));
    expect_throw_with<std::domain_error>([&] { hc.do_step(bad, b, 0.0, 0.1); }, "E(x, t) = (-inf, 0, 0)");
    auto short_state = std::make_pair(std::vector<double>{0, 0, 0}, std::vector<double>{1, 0});
    pusher_stepper<std::vector<double>, scheme::vay> vs;
    expect_throw_with<std::invalid_argument>([&] { vs.do_step(particle, short_state, 0.0, 0.1); }, "and u has 2");
}

}  // namespace
