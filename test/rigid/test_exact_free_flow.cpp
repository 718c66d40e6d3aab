// The splitting into the free body's exact flow and kicks (scheme/rigid/exact_free_flow_splitting.hpp)
// at double (its orders at 50 digits are in test_rigid_potentials_mp50, its symplecticity in
// test_rigid_symplecticity_mp100):
// - the free body: n steps of h are one step of n h (the flow's group property), on the three
//   free-body cases, to a few ε per step even across 100 periods near the separatrix; the
//   Casimir and the energy after 10⁴ steps within round-off;
// - an inertia tensor given as a matrix, and the quaternion attitude: the same motion;
// - a fast-spinning asymmetric heavy top: against odeint's Runge–Kutta–Fehlberg 7(8) at tolerance
//   1e-14 on the quaternion form, the exact-free-flow splitting's error is far below the rotation
//   splitting's at the same step, and its energy stays bounded over 10⁵ steps;
// - external torques and a translating body go through the same kicks and drift: +h then −h
//   returns to the start.
#include "rigid/rigid_cases.hpp"

#include <geomint/model/rigid_body_ode.hpp>
#include <geomint/problems/orbiting_rigid_body.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <limits>

namespace {
using namespace geomint_test;
using A9 = std::array<double, 9>;
using A3 = std::array<double, 3>;
using A4 = std::array<double, 4>;
using M3 = so3::matrix3<double>;
const double eps = std::numeric_limits<double>::epsilon();
namespace odeint = boost::numeric::odeint;

TEST(ExactFreeFlow, StepsComposeToTheFlow) {
    for (const auto& c : free_body_cases<double>()) {
        const rigid_body<double> body(c.moments);
        const problems::free_rigid_body<double> exact(c.moments, c.pi0);
        const double t1 = 100 * exact.period();
        for (int n : {1, 7, 1000}) {
            auto x = identity_state(c.pi0);
            exact_free_flow_stepper<A9, A3> stepper;
            const double h = t1 / n;
            for (int k = 0; k < n; ++k) stepper.do_step(body, x, k * h, h);
            const double dR = max_abs(M3(attitude_of(x.first) - exact.attitude(t1)));
            const double dPi = (momentum_of(x.second) - exact.pi(t1)).norm() / c.pi0.norm();
            std::cout << c.name << ", 100 periods in " << n << " steps: R " << dR << ", Pi " << dPi << "\n";
            // each step's rounding of Π moves the energy by ~ε, and with it the period; near the
            // separatrix the period's sensitivity to the energy grows as 1/(1 − k²) ≈ 800, and the
            // phase error after 100 periods with it
            const double bound = c.name == "near separatrix" ? 1e-8 : 1e-10;
            EXPECT_LE(dR, bound) << c.name << ", " << n << " steps";
            EXPECT_LE(dPi, bound) << c.name << ", " << n << " steps";
        }
    }
}

TEST(ExactFreeFlow, InvariantsOfTheFreeBodyAsRoundOff) {
    const auto c = free_body_cases<double>()[2];  // near the separatrix
    const rigid_body<double> body(c.moments);
    auto x = identity_state(c.pi0);
    exact_free_flow_stepper<A9, A3> stepper;
    const double c0 = c.pi0.squaredNorm(), e0 = body.kinetic_energy(c.pi0);
    double casimir = 0, energy = 0;
    const int N = 10000;
    for (int n = 1; n <= N; ++n) {
        stepper.do_step(body, x, 0.05 * (n - 1), 0.05);
        const vector<double, 3> pi = momentum_of(x.second);
        casimir = std::max(casimir, std::abs(pi.squaredNorm() / c0 - 1) / (eps * std::sqrt(double(n))));
        energy = std::max(energy, std::abs(body.kinetic_energy(pi) / e0 - 1) / (eps * std::sqrt(double(n))));
    }
    std::cout << "near the separatrix, 1e4 steps of 0.05: Casimir within " << casimir << " eps sqrt(n), energy within " << energy
              << " eps sqrt(n)\n";
    EXPECT_LE(casimir, 10.0);
    EXPECT_LE(energy, 10.0);
}

TEST(ExactFreeFlow, InertiaMatrixAndQuaternionGiveTheSameMotion) {
    const M3 Q = M3(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 2).normalized()));
    const rigid_body<double> principal(vector<double, 3>(1, 2, 3)), general(M3(Q * vector<double, 3>(1, 2, 3).asDiagonal() * Q.transpose()));
    const vector<double, 3> pi0(0.4, 0.9, 0.3);
    auto xp = identity_state(pi0);
    auto xq = std::make_pair(A4{1, 0, 0, 0}, xp.second);
    const M3 R0 = Q.transpose();  // the same body seen from the frame with body axes Qᵀ: R' = R Qᵀ, Π' = Q Π
    const vector<double, 3> pi1 = Q * pi0;
    auto xg = std::make_pair(A9{}, A3{pi1(0), pi1(1), pi1(2)});
    for (int i = 0; i < 9; ++i) xg.first[std::size_t(i)] = R0(i / 3, i % 3);
    exact_free_flow_stepper<A9, A3> matrix;
    exact_free_flow_stepper<A4, A3> quaternion;
    for (int n = 0; n < 200; ++n) {
        matrix.do_step(principal, xp, n * 0.1, 0.1);
        matrix.do_step(general, xg, n * 0.1, 0.1);
        quaternion.do_step(principal, xq, n * 0.1, 0.1);
    }
    const M3 Rq = so3::rotation_of(vector<double, 4>(xq.first[0], xq.first[1], xq.first[2], xq.first[3]));
    EXPECT_LE(max_abs(M3(attitude_of(xg.first) - M3(attitude_of(xp.first) * Q.transpose()))), 1e-12);
    EXPECT_LE((momentum_of(xg.second) - Q * momentum_of(xp.second)).norm(), 1e-12);
    EXPECT_LE(max_abs(M3(Rq - attitude_of(xp.first))), 1e-12);
    EXPECT_LE((momentum_of(xq.second) - momentum_of(xp.second)).norm(), 1e-12);
}

// an asymmetric heavy top, V(R) = e₃ᵀ R χ, spinning fast about its axis of largest moment
struct asymmetric_top {
    vector<double, 3> chi;
    template <class M>
    auto operator()(const M& R) const {
        using S = typename M::Scalar;
        return S(R(2, 0) * chi(0) + R(2, 1) * chi(1) + R(2, 2) * chi(2));
    }
};

TEST(ExactFreeFlow, FastTopAgainstRungeKuttaFehlberg) {
    const vector<double, 3> I(1, 1.2, 2), chi(0.05, 0.02, 0.3);
    const rigid_body<double, asymmetric_top> top(I, asymmetric_top{chi});
    const M3 R0 = M3(Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitX()));
    const vector<double, 3> pi0(0.3, -0.2, 40.0);  // Ω₃ = 20: the spin dominates the torque's time scale
    const double t1 = 5;
    // the reference: the quaternion form by odeint's controlled rkf78 at 1e-14
    const Eigen::Quaterniond q0(R0);
    std::vector<double> y{q0.w(), q0.x(), q0.y(), q0.z(), pi0(0), pi0(1), pi0(2)};
    odeint::integrate_adaptive(odeint::make_controlled<odeint::runge_kutta_fehlberg78<std::vector<double>>>(1e-14, 1e-14),
                               rigid_body_ode<double, asymmetric_top>(top), y, 0.0, t1, 1e-4);
    const M3 R_ref = so3::rotation_of(vector<double, 4>(y[0], y[1], y[2], y[3]));
    const vector<double, 3> pi_ref(y[4], y[5], y[6]);
    const auto error = [&](auto stepper, int N) {
        auto x = std::make_pair(A9{}, A3{pi0(0), pi0(1), pi0(2)});
        for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
        const double h = t1 / N;
        for (int n = 0; n < N; ++n) stepper.do_step(top, x, n * h, h);
        return std::max(max_abs(M3(attitude_of(x.first) - R_ref)), (momentum_of(x.second) - pi_ref).norm() / pi0.norm());
    };
    const double rotations = error(rigid_body_stepper<A9, A3>{}, 500), exact = error(exact_free_flow_stepper<A9, A3>{}, 500);
    const double rotations8 = error(composed_rigid_body_stepper<A9, A3, scheme::suzuki4>{}, 500),
                 exact8 = error(composed_exact_free_flow_stepper<A9, A3, scheme::suzuki4>{}, 500);
    const double fast = error(rigid_body_stepper<A9, A3, scheme::exact_free_flow_splitting<problems::fast_elliptic_policy>>{}, 500);
    std::cout << "fast asymmetric top, 500 steps of 0.01 against rkf78: rotation splitting " << rotations << ", exact free flow "
              << exact << " (" << fast << " with the elliptic functions in double); composed by suzuki4: " << rotations8 << ", "
              << exact8 << "\n";
    EXPECT_LE(exact, rotations / 100);
    EXPECT_LE(exact8, rotations8 / 100);
    EXPECT_NEAR(fast, exact, 1e-3 * exact) << "the scheme's error, not the elliptic functions', at this step";
}

TEST(ExactFreeFlow, HeavyTopEnergyBounded) {
    const rigid_body<double, asymmetric_top> top(vector<double, 3>(1, 1.2, 2), asymmetric_top{vector<double, 3>(0.05, 0.02, 0.3)});
    auto x = std::make_pair(A9{}, A3{0.3, -0.2, 4.0});
    const M3 R0 = M3(Eigen::AngleAxisd(0.4, Eigen::Vector3d::UnitX()));
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
    const auto energy = [&] { return top.energy(attitude_of(x.first), momentum_of(x.second)); };
    const double e0 = energy();
    exact_free_flow_stepper<A9, A3> stepper;
    const int N = 100000;
    double first = 0, last = 0;
    for (int n = 0; n < N; ++n) {
        stepper.do_step(top, x, n * 0.02, 0.02);
        const double de = std::abs(energy() / e0 - 1);
        if (n < N / 10) first = std::max(first, de);
        if (n >= N - N / 10) last = std::max(last, de);
    }
    std::cout << "heavy top, exact free flow, 1e5 steps of 0.02: |dE/E| first tenth " << first << ", last " << last << "\n";
    EXPECT_LE(last, 2 * first);
    EXPECT_LE(first, 1e-4);
}

// an external torque (linear damping and a drive) and a translating body: +h then −h returns
TEST(ExactFreeFlow, ForcedAndTranslatingBodiesAreTimeSymmetric) {
    const auto forced = rigid_body<double>(vector<double, 3>(1, 2, 3)).with_external_torque([](double t, const M3&, const vector<double, 3>& pi) {
        return vector<double, 3>(-0.1 * pi(0) + 0.2 * std::cos(t), -0.1 * pi(1), -0.1 * pi(2));
    });
    auto x = identity_state(vector<double, 3>(1, 0.5, -0.3));
    const auto x0 = x;
    composed_exact_free_flow_stepper<A9, A3, scheme::suzuki4> stepper;
    stepper.do_step(forced, x, 0.0, 0.1);
    stepper.do_step(forced, x, 0.1, -0.1);
    for (std::size_t i = 0; i < 9; ++i) EXPECT_NEAR(x.first[i], x0.first[i], 100 * eps) << i;
    for (std::size_t i = 0; i < 3; ++i) EXPECT_NEAR(x.second[i], x0.second[i], 100 * eps) << i;

    const auto orbiting = problems::orbiting_rigid_body<double>(1.0, vector<double, 3>(0.05, 0.1, 0.15), 1.0);
    auto s = std::make_pair(std::array<double, 12>{1, 0, 0, 0, 1, 0, 0, 0, 1, 1.5, 0, 0}, std::array<double, 6>{0.05, 0.1, -0.06, 0, 0.8, 0.1});
    const auto s0 = s;
    exact_free_flow_stepper<std::array<double, 12>, std::array<double, 6>> translating;
    translating.do_step(orbiting, s, 0.0, 0.1);
    translating.do_step(orbiting, s, 0.1, -0.1);
    for (std::size_t i = 0; i < 12; ++i) EXPECT_NEAR(s.first[i], s0.first[i], 100 * eps * 2) << i;
    for (std::size_t i = 0; i < 6; ++i) EXPECT_NEAR(s.second[i], s0.second[i], 100 * eps) << i;
}

}  // namespace
