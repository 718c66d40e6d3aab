// External torques as Lagrange–d'Alembert forcing (model/rigid_body.hpp, the kicks of
// scheme/rigid/rotor_splitting.hpp), at double, against exact solutions:
// - a time-dependent torque a cos(ωt) about the spin axis of a body spinning about its third
//   axis: Π₃(t) = Π₃(0) + (a/ω) sin ωt, the angle (Π₃(0) t + (a/ω²)(1 − cos ωt))/I₃; the
//   splitting is of order 2 and its compositions of orders 4 and 6 (each substep from its own time);
// - linear damping −cΩ of a spherical body: Π(t) = Π₀ e^{−ct/I}, R(t) = R₀ exp(φ(t) Π̂₀/|Π₀|) with
//   φ(t) = |Π₀| (1 − e^{−ct/I})/c; orders 2 and 4 with the closing kick implicit in Π;
// - with damping, a step of h and one of −h return to the start (the step is symmetric);
// - odeint's Bulirsch–Stoer on the quaternion form (`rigid_body_ode`, with the torque) agrees;
// - a closing kick that cannot converge is named.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/order.hpp>
#include <geomint/model/rigid_body_ode.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint.hpp>

namespace {
using namespace geomint_test;
using A9 = std::array<double, 9>;
using A3 = std::array<double, 3>;
using M3 = so3::matrix3<double>;
using V3 = vector<double, 3>;

struct spin_torque {  // (0, 0, a cos ωt)
    double a, omega;
    V3 operator()(double t, const M3&, const V3&) const { return V3(0, 0, a * std::cos(omega * t)); }
};
struct damping {  // −c Ω on a body of moments I
    double c;
    V3 moments;
    V3 operator()(double, const M3&, const V3& pi) const { return -c * pi.cwiseQuotient(moments); }
};

// the order of the end state's error over N steps of [0, t1] (N = 20 … 320, or 4 … 16 for a high
// order), R and Π against exact ones
template <class Stepper, class Body>
double order_of(const Body& body, const M3& R0, const V3& pi0, const M3& R1, const V3& pi1, double t1, bool coarse = false) {
    std::vector<double> h, error;
    for (int N : coarse ? std::vector<int>{4, 6, 8, 12, 16} : std::vector<int>{20, 40, 80, 160, 320}) {
        auto x = std::make_pair(A9{}, A3{pi0(0), pi0(1), pi0(2)});
        for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
        Stepper st;
        for (int n = 0; n < N; ++n) st.do_step(body, x, n * t1 / N, t1 / N);
        h.push_back(t1 / N);
        error.push_back(std::max(max_abs(M3(attitude_of(x.first) - R1)), (momentum_of(x.second) - pi1).norm()));
    }
    return estimate_order(h, error, 1e-12).order;
}

TEST(RigidForcing, TimeDependentSpinTorque) {
    const V3 I(1, 2, 3);
    const double a = 0.7, w = 2, spin = 1.5, t1 = 3;
    const auto body = rigid_body<double>(I).with_external_torque(spin_torque{a, w});
    const V3 pi1(0, 0, spin + a / w * std::sin(w * t1));
    const M3 R1 = so3::axis_rotation(2, (spin * t1 + a / (w * w) * (1 - std::cos(w * t1))) / I(2));
    const V3 pi0(0, 0, spin);
    const double o2 = order_of<rigid_body_stepper<A9, A3>>(body, M3::Identity(), pi0, R1, pi1, t1);
    const double o4 = order_of<composed_rigid_body_stepper<A9, A3, scheme::suzuki4>>(body, M3::Identity(), pi0, R1, pi1, t1);
    const double o6 = order_of<composed_rigid_body_stepper<A9, A3, scheme::kahan_li6>>(body, M3::Identity(), pi0, R1, pi1, t1, true);
    std::cout << "spin torque a cos(wt): orders " << o2 << " (splitting), " << o4 << " (suzuki4), " << o6 << " (kahan_li6)\n";
    EXPECT_NEAR(o2, 2, 0.2);
    EXPECT_NEAR(o4, 4, 0.2);
    EXPECT_NEAR(o6, 6, 0.3);
}

TEST(RigidForcing, DampedSphere) {
    const double I = 2, c = 0.5, t1 = 3;
    const V3 moments(I, I, I), pi0(1, -0.5, 0.8);
    const auto body = rigid_body<double>(moments).with_external_torque(damping{c, moments});
    const M3 R0 = so3::axis_rotation(0, 0.4);
    const double decay = std::exp(-c * t1 / I), phi = pi0.norm() * (1 - decay) / c;
    const V3 pi1 = pi0 * decay;
    const M3 R1 = R0 * so3::exp_map(V3(phi * pi0 / pi0.norm()));
    const double o2 = order_of<rigid_body_stepper<A9, A3>>(body, R0, pi0, R1, pi1, t1);
    const double o4 = order_of<composed_rigid_body_stepper<A9, A3, scheme::suzuki4>>(body, R0, pi0, R1, pi1, t1);
    std::cout << "damped sphere: orders " << o2 << " (splitting), " << o4 << " (suzuki4)\n";
    EXPECT_NEAR(o2, 2, 0.2);
    EXPECT_NEAR(o4, 4, 0.2);
}

TEST(RigidForcing, DampedStepIsSymmetric) {
    const V3 moments(1, 2, 3);
    const auto body = rigid_body<double>(moments).with_external_torque(damping{0.3, moments});
    auto x = identity_state<double>(V3(1, 0.5, -0.3));
    const auto x0 = x;
    composed_rigid_body_stepper<A9, A3, scheme::kahan_li6> st;
    st.do_step(body, x, 0.0, 0.1);
    st.do_step(body, x, 0.1, -0.1);
    double d = 0;
    for (std::size_t i = 0; i < 9; ++i) d = std::max(d, std::abs(x.first[i] - x0.first[i]));
    for (std::size_t i = 0; i < 3; ++i) d = std::max(d, std::abs(x.second[i] - x0.second[i]));
    std::cout << "damped body, kahan_li6, +h then -h: " << d / std::numeric_limits<double>::epsilon() << " eps\n";
    EXPECT_LE(d, 100 * std::numeric_limits<double>::epsilon());
}

// a forced asymmetric body with a potential: kahan_li6 against odeint's Bulirsch–Stoer on the
// quaternion form, both with the same model (potential, spin torque and damping)
struct forcing {
    V3 moments;
    V3 operator()(double t, const M3&, const V3& pi) const { return V3(0.2 * std::sin(t), 0, 0.1) - 0.1 * pi.cwiseQuotient(moments); }
};
struct tilt {
    template <class S>
    S operator()(const so3::matrix3<S>& R) const {
        return S(R(2, 2));
    }
};

TEST(RigidForcing, AgreesWithBulirschStoerOnTheQuaternionForm) {
    const V3 moments(1, 2, 3);
    const rigid_body<double, tilt, forcing> body(moments, tilt{}, forcing{moments});
    const M3 R0 = so3::axis_rotation(0, 0.5);
    const V3 pi0(0.3, 1, -0.5);
    auto x = std::make_pair(A9{}, A3{pi0(0), pi0(1), pi0(2)});
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
    composed_rigid_body_stepper<A9, A3, scheme::kahan_li6> st;
    for (int n = 0; n < 1000; ++n) st.do_step(body, x, n * 0.005, 0.005);
    const Eigen::Quaterniond q0(R0);
    std::array<double, 7> y{q0.w(), q0.x(), q0.y(), q0.z(), pi0(0), pi0(1), pi0(2)};
    boost::numeric::odeint::integrate_adaptive(boost::numeric::odeint::bulirsch_stoer<std::array<double, 7>>(1e-14, 1e-14),
                                               rigid_body_ode<double, tilt, forcing>(body), y, 0.0, 5.0, 0.01);
    const M3 R = so3::rotation_of(vector<double, 4>(vector<double, 4>(y[0], y[1], y[2], y[3]).normalized()));
    const double dR = max_abs(M3(R - attitude_of(x.first))), dPi = (V3(y[4], y[5], y[6]) - momentum_of(x.second)).norm();
    std::cout << "forced heavy body, kahan_li6 h = 0.005 against Bulirsch-Stoer at t = 5: R " << dR << ", Pi " << dPi << "\n";
    EXPECT_LE(dR, 1e-10);
    EXPECT_LE(dPi, 1e-10);
}

TEST(RigidForcing, ClosingKickThatCannotConvergeIsNamed) {
    const V3 moments(1, 2, 3);
    const auto body = rigid_body<double>(moments).with_external_torque(damping{100, moments});
    auto x = identity_state<double>(V3(1, 0.5, -0.3));
    rigid_body_stepper<A9, A3> st;
    expect_throw_with<convergence_error>([&] { st.do_step(body, x, 0.0, 0.5); }, "did not converge in 100 iterations");
    expect_throw_with<convergence_error>([&] { st.do_step(body, x, 0.0, 0.5); }, "at h = 0.5");
}

}  // namespace
