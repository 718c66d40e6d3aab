// The closed four-bar linkage (problems/four_bar_linkage.hpp) in Cartesian coordinates, at double:
// three constraints on four coordinates (one degree of freedom, a closed loop). RATTLE∘yoshida4 and
// the constrained Galerkin VI of Degree 2 against the independent reference — Lagrange's equation
// in the crank angle, integrated by odeint's rkf78 — with orders fitted to q and p; the constraint
// residuals after every step (relative to their scale); the energy over a long run (first against last tenth).
#include "test_common.hpp"

#include <geomint/problems/four_bar_linkage.hpp>

#include <boost/math/constants/constants.hpp>
#include <boost/numeric/odeint.hpp>

namespace {

using namespace geomint;
using namespace geomint_test;
using SV = std::vector<double>;
using linkage = problems::four_bar_linkage<double>;

constexpr double theta0 = 1.5707963267948966, rate0 = 4.0;  // crank straight up, turning

std::pair<SV, SV> start(const linkage& l) {
    const auto [q, p] = l.cartesian_state(theta0, rate0);
    return {SV(q.data(), q.data() + 4), SV(p.data(), p.data() + 4)};
}

/// (q, p) at t1 by rkf78 on the crank-angle equation (20000 steps per unit time).
std::pair<vector<double, 4>, vector<double, 4>> reference(const linkage& l, double t1) {
    namespace odeint = boost::numeric::odeint;
    std::array<double, 2> y{theta0, rate0};
    const int steps = static_cast<int>(20000 * t1);
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<std::array<double, 2>>(), l, y, 0.0, t1 / steps, steps);
    return l.cartesian_state(y[0], y[1]);
}

TEST(FourBarLinkage, InitialStateIsOnTheConstrainedPhaseSpace) {
    const linkage l;
    const auto sys = l.system<SV>();
    const auto r = constraint_residuals(sys, start(l));
    EXPECT_LE(r.position, 100 * eps<double>());
    EXPECT_LE(r.hidden, 100 * eps<double>());
}

template <class Stepper>
std::pair<double, double> errors(int n) {
    const linkage l;
    const auto sys = l.system<SV>();
    auto x = start(l);
    const double h = 1.0 / n;
    Stepper stepper;
    for (int j = 0; j < n; ++j) stepper.do_step(sys, x, j * h, h);
    static const auto ref = reference(l, 1.0);
    return {(as_eigen(x.first) - ref.first).cwiseAbs().maxCoeff(), (as_eigen(x.second) - ref.second).cwiseAbs().maxCoeff()};
}

TEST(FourBarLinkage, OrdersAgainstTheCrankAngleEquation) {
    const auto fit = [](auto errors_of, const char* name) {
        std::vector<double> h, eq, ep;
        std::printf("%s errors (q; p):", name);
        for (int n : {50, 100, 200, 400}) {
            const auto [q, p] = errors_of(n);
            h.push_back(1.0 / n);
            eq.push_back(q);
            ep.push_back(p);
            std::printf(" %.3g; %.3g", q, p);
        }
        const double oq = estimate_order(h, eq, 1000 * eps<double>()).order;
        const double op = estimate_order(h, ep, 1000 * eps<double>()).order;
        std::printf(" -> orders q %.3f, p %.3f\n", oq, op);
        return std::make_pair(oq, op);
    };
    const auto rattle = fit(errors<rattle_stepper<SV>>, "rattle");
    const auto y4 = fit(errors<composed_rattle_stepper<SV, scheme::yoshida4>>, "rattle x yoshida4");
    const auto g2 = fit(errors<galerkin_vi_stepper<SV, 2>>, "galerkin_vi_2");
    for (const double o : {rattle.first, rattle.second}) EXPECT_NEAR(o, 2.0, 0.2);
    for (const double o : {y4.first, y4.second, g2.first, g2.second}) EXPECT_NEAR(o, 4.0, 0.2);
}

TEST(FourBarLinkage, ResidualsAndEnergyOverALongRun) {
    const linkage l;
    const auto sys = l.system<SV>();
    const auto check = [&](auto stepper, const char* name) {
        auto x = start(l);
        const double e0 = l.energy(x.first, x.second), h = 0.01;
        const int n = 20000;
        double first = 0, last = 0, position = 0, hidden = 0, speed = 0;
        for (int j = 0; j < n; ++j) {
            stepper.do_step(sys, x, j * h, h);
            const auto r = constraint_residuals(sys, x);
            position = std::max(position, r.position);
            hidden = std::max(hidden, r.hidden);
            speed = std::max(speed, as_eigen(x.second).cwiseAbs().maxCoeff());  // m = 1 kg
            const double e = std::abs(l.energy(x.first, x.second) - e0);
            if (j < n / 10) first = std::max(first, e);
            if (j >= n - n / 10) last = std::max(last, e);
        }
        std::printf("%s: max |g(q)| %.3g eps, max |G M^-1 p| %.3g eps; energy error first tenth %.3g, last %.3g\n", name,
                    position / eps<double>(), hidden / eps<double>(), first, last);
        // relative to the constraints' scale: g ~ l₂² (m²), G M⁻¹ p ~ l₂ |v| (m²/s)
        EXPECT_LE(position, 100 * eps<double>() * l.coupler * l.coupler) << name;
        EXPECT_LE(hidden, 100 * eps<double>() * l.coupler * speed) << name;
        EXPECT_GT(first, 0.0) << name;
        EXPECT_LE(last, 1.5 * first) << name;
    };
    check(rattle_stepper<SV>{}, "rattle");
    check(galerkin_vi_stepper<SV, 2>{}, "galerkin_vi_2");
}

}  // namespace
