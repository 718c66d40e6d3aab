// The adaptive steppers on the problems beyond Kepler's.
//
// Kepler's problem with the planar J2 term (problems/perturbed_kepler.hpp), where the logarithmic
// time transformation is not exact:
// - the quadratures of the radial period and the apsidal angle: 2π for δ = 0 at 50 digits, and
//   for δ = 1/1000, e = 0.9 the state after one radial period agrees with odeint's
//   Bulirsch–Stoer at 50 digits (an independent integration);
// - the conformance kit on the time-transformed splittings (orders 4 and 6 at the radial period,
//   a reversible step sequence, no energy drift);
// - 1000 radial periods at double with kahan_li8: the energy error bounded above round-off (the
//   transformation is not exact) without drift, the angular momentum kept to round-off, the
//   rosette's phase against the exact state;
// - bad parameters named.
//
// The outer solar system (Hairer, Lubich & Wanner §I.2.4; problems/n_body.hpp): the
// time-transformed kahan_li8 over 2·10⁵ days (17 Jupiter years) at Δs = 100 days × U₀ keeps the
// energy and the total momentum to round-off and agrees with odeint's rkf78 at tolerance 1e-15.
#include "test_common.hpp"

#include <geomint/conformance/examine_adaptive.hpp>
#include <geomint/conformance/problems.hpp>
#include <geomint/problems/n_body.hpp>
#include <geomint/problems/perturbed_kepler.hpp>
#include <geomint/stepper/time_transformed_stepper.hpp>

#include <boost/numeric/odeint.hpp>

namespace {
using namespace geomint_test;
namespace gc = geomint::conformance;
namespace odeint = boost::numeric::odeint;

TEST(PerturbedKepler, QuadraturesAgainstAnIndependentIntegration) {
    using W = mp<50>;
    const W two_pi = boost::math::constants::two_pi<W>(), eps = std::numeric_limits<W>::epsilon();
    const problems::perturbed_kepler<W> plain(W(9) / W(10), W(0));
    // to 1000 ε relative: the quadrature's sums of about 100 terms, L's square root, E
    EXPECT_LE(to_d(W(abs(plain.radial_period() - two_pi))), to_d(W(1000 * eps * two_pi))) << "Kepler's period";
    EXPECT_LE(to_d(W(abs(plain.apsidal_angle() - two_pi))), to_d(W(1000 * eps * two_pi))) << "a closed ellipse";
    const problems::perturbed_kepler<W> k(W(9) / W(10), W(1) / W(1000));
    EXPECT_GT(to_d(W(k.apsidal_angle() - two_pi)), 0.2) << "the pericentre advances";
    EXPECT_LE(to_d(W(abs(k.hamiltonian(k.q0(), k.p0()) - k.orbit_energy()))), to_d(W(100 * eps)));
    // one radial period by odeint's Bulirsch–Stoer at 50 digits, tolerance 1e-40
    using S = std::array<W, 4>;
    S x{k.q0()(0), k.q0()(1), k.p0()(0), k.p0()(1)};
    const auto rate = k.system().second;
    auto sys = [&](const S& y, S& dy, const W&) {
        std::array<W, 2> q{y[0], y[1]}, a;
        rate(q, a);
        dy = {y[2], y[3], a[0], a[1]};
    };
    odeint::bulirsch_stoer<S, W> bs(W(1e-40), W(1e-40));
    odeint::integrate_adaptive(bs, sys, x, W(0), k.radial_period(), W(1) / W(100));
    const auto [q1, p1] = k.after_radial_periods(1);
    const double d = to_d(W((std::max)({abs(x[0] - q1(0)), abs(x[1] - q1(1)), abs(x[2] - p1(0)), abs(x[3] - p1(1))})));
    std::cout << "one radial period (" << to_d(k.radial_period()) << ", apsidal angle " << to_d(k.apsidal_angle())
              << "): quadratures against Bulirsch-Stoer at 50 digits " << d << "\n";
    EXPECT_LE(d, 1e-36);
}

TEST(PerturbedKepler, TimeTransformedSplittingsConform) {
    const gc::perturbed_kepler_problem<double> problem{};
    using model = problems::perturbed_kepler<double>;
    const double two_pi = 2 * std::acos(-1.0);
    const auto r4 = gc::examine_adaptive(
        [&](double ds) { return time_transformed_stepper<model, scheme::yoshida4>(problem.model, ds); }, problem,
        {.order = 4, .reversible = true, .no_energy_drift = true}, {.coarse_control = two_pi / 50, .control = two_pi / 200});
    std::cout << r4.summary() << "\n";
    EXPECT_TRUE(r4.passed) << r4.summary();
    const auto r6 = gc::examine_adaptive(
        [&](double ds) { return time_transformed_stepper<model, scheme::kahan_li6>(problem.model, ds); }, problem,
        {.order = 6, .reversible = true, .no_energy_drift = true}, {.coarse_control = two_pi / 20, .control = two_pi / 100});
    std::cout << r6.summary() << "\n";
    EXPECT_TRUE(r6.passed) << r6.summary();
    // the transformation is not exact: the energy error is the scheme's, far above round-off
    EXPECT_GT(r4.energy_drift, 1e-10);
}

TEST(PerturbedKepler, ThousandRadialPeriodsWithoutDrift) {
    using model = problems::perturbed_kepler<double>;
    const model k(0.9, 1e-3);
    const double two_pi = 2 * std::acos(-1.0), eps = std::numeric_limits<double>::epsilon();
    time_transformed_stepper<model, scheme::kahan_li8> st(k, two_pi / 100);
    auto x = std::make_pair(vector<double>(k.q0()), vector<double>(k.p0()));
    const double e0 = k.hamiltonian(x.first, x.second), l0 = model::angular_momentum(x.first, x.second);
    const int periods = 1000;
    std::vector<double> times(periods + 1), worst(10, 0.0);
    for (int j = 0; j <= periods; ++j) times[std::size_t(j)] = j * k.radial_period();
    double momentum = 0;
    odeint::integrate_times(std::ref(st), k, x, times.begin(), times.end(), 1.0, [&](const auto& y, double t) {
        const std::size_t tenth = (std::min)(std::size_t(9), std::size_t(10 * t / times.back()));
        worst[tenth] = (std::max)(worst[tenth], std::abs(k.hamiltonian(y.first, y.second) / e0 - 1));
        momentum = (std::max)(momentum, std::abs(model::angular_momentum(y.first, y.second) / l0 - 1));
    });
    const auto [q, p] = k.after_radial_periods(periods);
    const double position = (x.first - q).norm();
    std::cout << periods << " radial periods, " << st.steps() << " steps, "
              << double(st.force_evaluations()) / periods << " force evaluations a period: |dE/E| first tenth "
              << worst.front() << ", last tenth " << worst.back() << "; |dL/L| " << momentum << "; position error "
              << position << "\n";
    EXPECT_GT(worst.front(), 100 * eps) << "the logarithmic transformation is not exact here";
    EXPECT_LE(worst.back(), 1e-8);
    EXPECT_LE(worst.back(), 4 * worst.front()) << "no drift";
    EXPECT_LE(momentum, 10 * eps * std::sqrt(double(st.steps()))) << "a central force: L to round-off";
    EXPECT_LE(position, 1e-4);
}

TEST(PerturbedKepler, BadParametersAreNamed) {
    using model = problems::perturbed_kepler<double>;
    expect_throw_with<std::invalid_argument>([] { model(0.0, 1e-3); }, "eccentricity e = 0");
    expect_throw_with<std::invalid_argument>([] { model(1.0, 1e-3); }, "eccentricity e = 1");
    expect_throw_with<std::invalid_argument>([] { model(0.5, -1.0); }, "delta = -1");
    expect_throw_with<std::invalid_argument>([] { model(0.9, 0.5); }, "third turning radius");
    const model k(0.9, 1e-3);
    expect_throw_with<std::domain_error>([&] { k.exact(1.0); }, "multiples of the radial period");
}

// The force is −∇V: central differences of potential_energy (written apart from the force's
// loop) in every coordinate, in 3 dimensions (the outer solar system) and in 2 (Burrau's problem).
// δ = ε^(1/3)·|q|: truncation and rounding both about ε^(2/3) relative.
TEST(NBodyGravity, ForceIsMinusTheGradientOfThePotential) {
    using model = problems::n_body_gravity<double>;
    for (const auto& [m, q0, p0] : {model::outer_solar_system(), model::pythagorean()}) {
        vector<double> f;
        m.force(q0, f);
        ASSERT_EQ(f.size(), q0.size());
        const double scale = f.cwiseAbs().maxCoeff();
        for (Eigen::Index i = 0; i < q0.size(); ++i) {
            const double delta = std::cbrt(std::numeric_limits<double>::epsilon()) * (std::max)(1.0, std::abs(q0(i)));
            vector<double> up = q0, down = q0;
            up(i) += delta;
            down(i) -= delta;
            const double gradient = (m.potential_energy(up) - m.potential_energy(down)) / (up(i) - down(i));
            EXPECT_NEAR(f(i), -gradient, 1e-7 * scale) << "dimension " << m.dimension() << ", coordinate " << i;
        }
        vector<double> reused = vector<double>::Constant(q0.size(), 7.0);  // a caller's buffer: overwritten
        m.force(q0, reused);
        EXPECT_EQ(reused, f);
    }
}

TEST(OuterSolarSystem, TimeTransformedSplittingAgainstRkf78) {
    using model = problems::n_body_gravity<double>;
    auto [m, q0, p0] = model::outer_solar_system();
    const double eps = std::numeric_limits<double>::epsilon(), t1 = 200000;
    ASSERT_NEAR(q0(3), -3.5023653, 1e-15) << "Jupiter's x (AU)";
    ASSERT_NEAR(p0(3) / m.masses()[1], 0.00565429, 1e-15) << "Jupiter's velocity (AU/day)";
    const double U0 = -m.potential_energy(q0), e0 = m.energy(q0, p0);
    time_transformed_stepper<model, scheme::kahan_li8> st(m, 100 * U0);  // about 100 days a step
    auto x = std::make_pair(q0, p0);
    std::vector<double> times(101), tenth(10, 0.0);
    for (std::size_t j = 0; j < times.size(); ++j) times[j] = double(j) * t1 / 100;
    double momentum = 0;  // the change of the total momentum (not 0: the table is heliocentric)
    const vector<double> P0 = m.total_momentum(p0);
    odeint::integrate_times(std::ref(st), m, x, times.begin(), times.end(), 1.0, [&](const auto& y, double t) {
        const std::size_t k = (std::min)(std::size_t(9), std::size_t(10 * t / t1));
        tenth[k] = (std::max)(tenth[k], std::abs(m.energy(y.first, y.second) / e0 - 1));
        momentum = (std::max)(momentum, vector<double>(m.total_momentum(y.second) - P0).cwiseAbs().maxCoeff());
    });
    // odeint's rkf78, tolerance 1e-15, on the first-order system
    using S = std::vector<double>;
    S y(36);
    for (int i = 0; i < 18; ++i) {
        y[std::size_t(i)] = q0(i);
        y[std::size_t(18 + i)] = p0(i);
    }
    vector<double> q(18), p(18), v, f;
    auto sys = [&](const S& s, S& ds, double) {
        for (int i = 0; i < 18; ++i) {
            q(i) = s[std::size_t(i)];
            p(i) = s[std::size_t(18 + i)];
        }
        m.velocity(p, v);
        m.force(q, f);
        for (int i = 0; i < 18; ++i) {
            ds[std::size_t(i)] = v(i);
            ds[std::size_t(18 + i)] = f(i);
        }
    };
    odeint::integrate_adaptive(odeint::make_controlled(1e-15, 1e-15, odeint::runge_kutta_fehlberg78<S>()), sys, y, 0.0, t1, 1.0);
    double position = 0;
    for (int i = 0; i < 18; ++i) position = (std::max)(position, std::abs(x.first(i) - y[std::size_t(i)]));
    std::cout << "outer solar system to t = " << t1 << " days: " << st.steps() << " steps; |dE/E| first tenth " << tenth.front()
              << ", last " << tenth.back() << "; total momentum's change " << momentum << "; positions against rkf78 " << position
              << " AU\n";
    EXPECT_LE(tenth.back(), 1e-11);
    EXPECT_LE(tenth.back(), 4 * (std::max)(tenth.front(), 100 * eps)) << "no drift";
    EXPECT_LE(momentum, 10 * eps * std::sqrt(double(st.steps())) * p0.cwiseAbs().maxCoeff()) << "translation invariance";
    EXPECT_LE(position, 1e-6);
}

}  // namespace
