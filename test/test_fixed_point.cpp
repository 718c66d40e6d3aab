#include "test_common.hpp"
#include <boost/numeric/odeint.hpp>
#include <geomint/scheme/galerkin/fixed_point.hpp>

namespace {
using namespace geomint_test;
using V = vector<double>;

// pendulum q'' = -sin q: f(p) = p, g(q) = -sin q, two degrees of freedom uncoupled
std::pair<V, V> run(int r, int steps, double T) {
    const auto c = lobatto_iiia_iiib<double>(r);
    V q(2), p(2), dq, dp;
    q << 1.0, 2.0;
    p << 0.5, 0.0;
    const double h = T / steps;
    auto f = [](const V& p, V& out) { out = p; };
    auto g = [](const V& q, V& out) { out = -q.array().sin(); };
    for (int j = 0; j < steps; ++j) {
        lobatto_fixed_point_step(c, f, g, q, p, h, dq, dp, fixed_point_options{}, "test");
        q += dq;
        p += dp;
    }
    return {q, p};
}

std::pair<V, V> reference(double T) {
    using S = std::vector<double>;
    S x{1.0, 2.0, 0.5, 0.0};
    auto rhs = [](const S& x, S& dx, double) {
        dx.resize(4);
        dx[0] = x[2]; dx[1] = x[3]; dx[2] = -std::sin(x[0]); dx[3] = -std::sin(x[1]);
    };
    boost::numeric::odeint::integrate_adaptive(
        boost::numeric::odeint::make_controlled(1e-15, 1e-15, boost::numeric::odeint::runge_kutta_fehlberg78<S>()), rhs, x,
        0.0, T, 0.001);
    V q(2), p(2);
    q << x[0], x[1];
    p << x[2], x[3];
    return {q, p};
}

TEST(LobattoFixedPoint, OrdersOnThePendulum) {
    const auto ref = reference(2.0);
    for (int r = 1; r <= 3; ++r) {
        const int n1 = r == 1 ? 200 : (r == 2 ? 20 : 8);
        const auto a = run(r, n1, 2.0), b = run(r, 2 * n1, 2.0);
        const double ea = std::max(max_abs(V(a.first - ref.first)), max_abs(V(a.second - ref.second)));
        const double eb = std::max(max_abs(V(b.first - ref.first)), max_abs(V(b.second - ref.second)));
        std::cerr << "r " << r << " errors " << ea << " " << eb << " order " << std::log2(ea / eb) << "\n";
        EXPECT_NEAR(std::log2(ea / eb), 2.0 * r, 0.2) << r;
    }
}

TEST(LobattoFixedPoint, DegreeTwoIsSimpsonOnAHarmonicOscillator) {
    const auto c = lobatto_iiia_iiib<double>(2);
    V q(1), p(1), dq, dp;
    q << 1.0;
    p << 0.25;
    auto f = [](const V& p, V& out) { out = p; };
    auto g = [](const V& q, V& out) { out = -q; };
    auto x = std::make_pair(q, p);
    simpson_stepper<V> simpson;
    const auto sys = quadratic_lagrangian<matrix<double>>(matrix<double>::Identity(1, 1), matrix<double>::Identity(1, 1));
    for (int j = 0; j < 100; ++j) {
        lobatto_fixed_point_step(c, f, g, q, p, 0.3, dq, dp, fixed_point_options{}, "test");
        q += dq;
        p += dp;
        simpson.do_step(sys, x, 0.0, 0.3);
    }
    EXPECT_LE(std::abs(q(0) - x.first(0)), 1e3 * eps<double>());
    EXPECT_LE(std::abs(p(0) - x.second(0)), 1e3 * eps<double>());
}

TEST(LobattoFixedPoint, TooLargeAStepIsANamedError) {
    const auto c = lobatto_iiia_iiib<double>(2);
    V q(1), p(1), dq, dp;
    q << 1.0;
    p << 0.0;
    auto f = [](const V& p, V& out) { out = p; };
    auto g = [](const V& q, V& out) { out = -100.0 * q; };
    EXPECT_THROW(lobatto_fixed_point_step(c, f, g, q, p, 1.0, dq, dp, fixed_point_options{}, "test"), convergence_error);
}
}  // namespace
