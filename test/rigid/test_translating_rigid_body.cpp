// A rigid body that translates as well as rotates (model/translating_rigid_body.hpp), on the full
// body problem: a body in the field of a point mass, MacCullagh's potential V(R, x)
// (problems/orbiting_rigid_body.hpp).
// - the model's force and torque by autodiff against the closed forms, at 50 digits;
// - orders of R, Π, x and p at 50 digits against Bulirsch–Stoer on the Newton–Euler equations
//   with the closed-form force and torque (not the model's autodiff, not a splitting);
// - at double: the total angular momentum x × p + R Π kept to round-off and the energy bounded
//   over 10⁵ steps; +h then −h returns to the start; free flight moves x on a line;
// - bad input: the mass, μ, and states of the wrong length, each a named error.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/order.hpp>
#include <geomint/problems/orbiting_rigid_body.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <limits>

namespace {
using namespace geomint_test;
using W = mp<50>;
using M3 = so3::matrix3<W>;
namespace odeint = boost::numeric::odeint;

// the case: μ = 1, m = 1, I = (1, 2, 3)/20 (J/(m r²) ≈ 0.05: a strong spin-orbit coupling), a
// slightly eccentric inclined orbit at r = 3/2 and a tumbling attitude. (Over hundreds of orbits
// this body's coupling pumps up the eccentricity until a pass at r ~ its size, where MacCullagh's
// expansion fails; `smaller` is the body a tenth the size, whose orbit stays put.)
template <class T>
struct orbit_case {
    // the body a tenth the size (moments / 100), spinning alike (Π / 100)
    orbit_case smaller() const {
        orbit_case c = *this;
        c.moments /= T(100);
        c.pi0 /= T(100);
        return c;
    }
    vector<T, 3> moments{T(1) / T(20), T(2) / T(20), T(3) / T(20)};
    so3::matrix3<T> R0 = so3::exp_map(vector<T, 3>(T(3) / T(10), T(-1) / T(2), T(7) / T(10)));
    vector<T, 3> x0{T(3) / T(2), T(0), T(0)};
    vector<T, 3> p0{T(0), T(4) / T(5), T(1) / T(10)};
    vector<T, 3> pi0{T(1) / T(20), T(1) / T(10), T(-3) / T(50)};
    auto body() const { return problems::orbiting_rigid_body<T>(T(1), moments, T(1)); }
};

// the state: (R row by row, x), (Π, p)
template <class T>
std::pair<std::array<T, 12>, std::array<T, 6>> state_of(const so3::matrix3<T>& R, const vector<T, 3>& x, const vector<T, 3>& pi,
                                                        const vector<T, 3>& p) {
    std::pair<std::array<T, 12>, std::array<T, 6>> s;
    for (int i = 0; i < 9; ++i) s.first[std::size_t(i)] = R(i / 3, i % 3);
    for (int i = 0; i < 3; ++i) {
        s.first[std::size_t(9 + i)] = x(i);
        s.second[std::size_t(i)] = pi(i);
        s.second[std::size_t(3 + i)] = p(i);
    }
    return s;
}

template <class T>
struct parts {
    so3::matrix3<T> R;
    vector<T, 3> x, pi, p;
};

template <class T>
parts<T> parts_of(const std::pair<std::array<T, 12>, std::array<T, 6>>& s) {
    parts<T> out;
    for (int i = 0; i < 9; ++i) out.R(i / 3, i % 3) = s.first[std::size_t(i)];
    for (int i = 0; i < 3; ++i) {
        out.x(i) = s.first[std::size_t(9 + i)];
        out.pi(i) = s.second[std::size_t(i)];
        out.p(i) = s.second[std::size_t(3 + i)];
    }
    return out;
}

// the Newton–Euler equations by Bulirsch–Stoer at 50 digits, tolerance 1e-40, the force and the
// torque in closed form
parts<W> reference(const orbit_case<W>& c, const W& t1) {
    const auto body = c.body();
    const auto& V = body.potential();
    using S = std::array<W, 18>;
    S y;
    for (int i = 0; i < 9; ++i) y[std::size_t(i)] = c.R0(i / 3, i % 3);
    for (int i = 0; i < 3; ++i) {
        y[std::size_t(9 + i)] = c.pi0(i);
        y[std::size_t(12 + i)] = c.x0(i);
        y[std::size_t(15 + i)] = c.p0(i);
    }
    auto rates = [&](const S& s, S& ds, const W&) {
        M3 R;
        for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = s[std::size_t(i)];
        const vector<W, 3> pi(s[9], s[10], s[11]), x(s[12], s[13], s[14]), p(s[15], s[16], s[17]);
        const vector<W, 3> omega = pi.cwiseQuotient(c.moments);
        const M3 dR = R * so3::hat(omega);
        const vector<W, 3> dpi = pi.cross(omega) + V.torque(R, x), dp = V.force(R, x);
        for (int i = 0; i < 9; ++i) ds[std::size_t(i)] = dR(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) {
            ds[std::size_t(9 + i)] = dpi(i);
            ds[std::size_t(12 + i)] = p(i);  // m = 1
            ds[std::size_t(15 + i)] = dp(i);
        }
    };
    odeint::bulirsch_stoer<S, W> bs(W(1e-40), W(1e-40));
    odeint::integrate_adaptive(bs, rates, y, W(0), t1, W(1) / W(100));
    parts<W> out;
    for (int i = 0; i < 9; ++i) out.R(i / 3, i % 3) = y[std::size_t(i)];
    out.pi = vector<W, 3>(y[9], y[10], y[11]);
    out.x = vector<W, 3>(y[12], y[13], y[14]);
    out.p = vector<W, 3>(y[15], y[16], y[17]);
    return out;
}

// the orders of R, Π, x and p at t1 = 3 over N = 40 … 640 steps against `exact`
template <class Stepper>
void expect_orders(const orbit_case<W>& c, const parts<W>& exact, unsigned order, const std::string& name) {
    const auto body = c.body();
    const W t1(3);
    std::vector<W> h, errors[4];
    for (int N : {40, 80, 160, 320, 640}) {
        auto s = state_of(c.R0, c.x0, c.pi0, c.p0);
        Stepper stepper;
        const W dt = t1 / W(N);
        for (int n = 0; n < N; ++n) stepper.do_step(body, s, W(n) * dt, dt);
        const auto got = parts_of(s);
        h.push_back(dt);
        errors[0].push_back(max_abs(M3(got.R - exact.R)));
        errors[1].push_back((got.pi - exact.pi).norm());
        errors[2].push_back((got.x - exact.x).norm());
        errors[3].push_back((got.p - exact.p).norm());
    }
    const char* what[4] = {"R", "Pi", "x", "p"};
    std::cout << name << ":";
    for (int k = 0; k < 4; ++k) {
        const double measured = to_d(estimate_order(h, errors[k], W(1e-40)).order);
        std::cout << " order of " << what[k] << " " << measured << " (" << to_d(errors[k].back()) << ")";
        EXPECT_NEAR(measured, double(order), 0.2) << name << ", " << what[k];
    }
    std::cout << "\n";
}

TEST(TranslatingRigidBody, ForceAndTorqueByAutodiffMatchTheClosedForms) {
    const orbit_case<W> c;
    const auto body = c.body();
    const vector<W, 3> x(W(6) / W(5), W(-7) / W(10), W(2) / W(5));
    const auto f = body.generalized_force(c.R0, x);
    const auto& V = body.potential();
    EXPECT_LE(to_d(W((f.torque - V.torque(c.R0, x)).norm() / V.torque(c.R0, x).norm())), 1e-46);
    EXPECT_LE(to_d(W((f.force - V.force(c.R0, x)).norm() / V.force(c.R0, x).norm())), 1e-46);
    // the potential is invariant under a rotation of space: x × F + R τ = 0
    EXPECT_LE(to_d(W((x.cross(f.force) + c.R0 * f.torque).norm())), 1e-46);
}

TEST(TranslatingRigidBody, OrdersAgainstBulirschStoer) {
    const orbit_case<W> c;
    const parts<W> exact = reference(c, W(3));
    using A12 = std::array<W, 12>;
    using A6 = std::array<W, 6>;
    expect_orders<rigid_body_stepper<A12, A6>>(c, exact, 2, "splitting");
    expect_orders<composed_rigid_body_stepper<A12, A6, scheme::suzuki4>>(c, exact, 4, "suzuki4");
    expect_orders<composed_rigid_body_stepper<A12, A6, scheme::kahan_li6>>(c, exact, 6, "kahan_li6");
    expect_orders<composed_rigid_body_stepper<A12, A6, scheme::kahan_li8>>(c, exact, 8, "kahan_li8");
    expect_orders<lie_group_variational_stepper<A12, A6>>(c, exact, 2, "Lie group variational");
}

// the quaternion form (q of 7 entries) gives the matrix form's step to rounding
TEST(TranslatingRigidBody, QuaternionFormMatchesTheMatrixForm) {
    const orbit_case<double> c;
    const auto body = c.body();
    auto matrix_state = state_of(c.R0, c.x0, c.pi0, c.p0);
    const Eigen::Quaterniond q0(c.R0);
    auto quaternion_state = std::make_pair(std::vector<double>{q0.w(), q0.x(), q0.y(), q0.z(), c.x0(0), c.x0(1), c.x0(2)},
                                           std::vector<double>(matrix_state.second.begin(), matrix_state.second.end()));
    composed_rigid_body_stepper<std::array<double, 12>, std::array<double, 6>, scheme::kahan_li6> matrix_stepper;
    composed_rigid_body_stepper<std::vector<double>, std::vector<double>, scheme::kahan_li6> quaternion_stepper;
    for (int n = 0; n < 100; ++n) {
        matrix_stepper.do_step(body, matrix_state, 0.05 * n, 0.05);
        quaternion_stepper.do_step(body, quaternion_state, 0.05 * n, 0.05);
    }
    ASSERT_EQ(quaternion_state.first.size(), 7u);
    ASSERT_EQ(quaternion_state.second.size(), 6u);
    const auto m = parts_of(matrix_state);
    const vector<double, 4> q(quaternion_state.first[0], quaternion_state.first[1], quaternion_state.first[2],
                              quaternion_state.first[3]);
    EXPECT_LE(max_abs(so3::matrix3<double>(so3::rotation_of(q) - m.R)), 1e-12);
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(quaternion_state.first[std::size_t(4 + i)], m.x(i), 1e-12);
        EXPECT_NEAR(quaternion_state.second[std::size_t(i)], m.pi(i), 1e-12);
        EXPECT_NEAR(quaternion_state.second[std::size_t(3 + i)], m.p(i), 1e-12);
    }
}

// 10⁵ steps of 0.02 (about 350 orbits): the total angular momentum within 10 ε √N relative after
// every step, the energy bounded (its largest error over the last tenth within twice the first's)
TEST(TranslatingRigidBody, AngularMomentumToRoundOffEnergyBounded) {
    const orbit_case<double> c = orbit_case<double>().smaller();
    const auto body = c.body();
    auto s = state_of(c.R0, c.x0, c.pi0, c.p0);
    rigid_body_stepper<std::array<double, 12>, std::array<double, 6>> stepper;
    const auto energy = [&] {
        const auto v = parts_of(s);
        return body.energy(v.R, v.x, v.pi, v.p);
    };
    const auto momentum = [&] {
        const auto v = parts_of(s);
        return body.angular_momentum(v.R, v.x, v.p, v.pi);
    };
    const double e0 = energy();
    const vector<double, 3> L0 = momentum();
    const int N = 100000;
    const double eps = std::numeric_limits<double>::epsilon();
    double first = 0, last = 0, worst_ratio = 0;
    for (int n = 1; n <= N; ++n) {
        stepper.do_step(body, s, 0.02 * (n - 1), 0.02);
        const double de = std::abs(energy() - e0) / std::abs(e0);
        if (n <= N / 10) first = std::max(first, de);
        if (n > N - N / 10) last = std::max(last, de);
        worst_ratio = std::max(worst_ratio, (momentum() - L0).norm() / L0.norm() / (10 * eps * std::sqrt(double(n))));
    }
    std::cout << "energy error: first tenth " << first << ", last tenth " << last
              << "; angular momentum: worst |L - L0|/|L0| / (10 eps sqrt(n)) = " << worst_ratio << "\n";
    EXPECT_LE(last, 2 * first);
    EXPECT_LE(first, 1e-3);
    EXPECT_LE(worst_ratio, 1.0);
}

TEST(TranslatingRigidBody, TimeSymmetric) {
    const orbit_case<double> c;
    const auto body = c.body();
    const auto s0 = state_of(c.R0, c.x0, c.pi0, c.p0);
    auto s = s0;
    composed_rigid_body_stepper<std::array<double, 12>, std::array<double, 6>, scheme::kahan_li8> stepper;
    stepper.do_step(body, s, 0.0, 0.1);
    stepper.do_step(body, s, 0.1, -0.1);
    const double eps = std::numeric_limits<double>::epsilon();
    for (std::size_t i = 0; i < 12; ++i) EXPECT_NEAR(s.first[i], s0.first[i], 100 * eps * 2) << i;
    for (std::size_t i = 0; i < 6; ++i) EXPECT_NEAR(s.second[i], s0.second[i], 100 * eps) << i;
}

// free flight: x(t) = x₀ + t p₀/m exactly, the rotation that of the free body
TEST(TranslatingRigidBody, FreeFlightMovesOnALine) {
    const vector<double, 3> I(1, 2, 3), pi0(1, 0.5, -0.3), x0(1, -2, 0.5), p0(0.3, 0.2, -0.1);
    const translating_rigid_body<double> flying(2.0, I);
    const rigid_body<double> rotating(I);
    auto s = state_of(so3::matrix3<double>(so3::matrix3<double>::Identity()), x0, pi0, p0);
    auto r = identity_state(pi0);
    composed_rigid_body_stepper<std::array<double, 12>, std::array<double, 6>, scheme::suzuki4> stepper;
    composed_rigid_body_stepper<std::array<double, 9>, std::array<double, 3>, scheme::suzuki4> rotor;
    odeint::integrate_const(stepper, flying, s, 0.0, 10.0, 0.01);
    odeint::integrate_const(rotor, rotating, r, 0.0, 10.0, 0.01);
    const auto got = parts_of(s);
    for (int i = 0; i < 3; ++i) {
        EXPECT_NEAR(got.x(i), x0(i) + 10.0 * p0(i) / 2.0, 1e-12);
        EXPECT_EQ(got.p(i), p0(i));
        EXPECT_EQ(got.pi(i), r.second[std::size_t(i)]);
    }
    EXPECT_EQ(max_abs(so3::matrix3<double>(got.R - attitude_of(r.first))), 0.0);
}

TEST(TranslatingRigidBody, BadInputIsNamed) {
    const vector<double, 3> I(1, 2, 3);
    expect_throw_with<std::invalid_argument>([&] { translating_rigid_body<double>(0.0, I); }, "the mass m = 0");
    expect_throw_with<std::invalid_argument>([&] { translating_rigid_body<double>(std::nan(""), I); }, "mass");
    expect_throw_with<std::invalid_argument>([&] { problems::orbiting_rigid_body<double>(1.0, I, -1.0); },
                                             "gravitational parameter mu = -1");
    const auto body = problems::orbiting_rigid_body<double>(1.0, I, 1.0);
    rigid_body_stepper<std::vector<double>, std::vector<double>> stepper;
    auto rotation_only = std::make_pair(std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1}, std::vector<double>{0.1, 0.2, 0.3});
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(body, rotation_only, 0.0, 0.1); }, "p (the body angular momentum, then the momentum) has 3 entries (precondition: 6)");
    rotation_only.second = {0.1, 0.2, 0.3, 0, 1, 0};
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(body, rotation_only, 0.0, 0.1); },
                                             "q (the attitude, then the centre of mass) has 9 entries (precondition: 12 or 7");
    // a rotating body's state handed a translating body's: named too
    const rigid_body<double> rotating(I);
    auto long_state = std::make_pair(std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0}, std::vector<double>{0.1, 0.2, 0.3});
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(rotating, long_state, 0.0, 0.1); }, "q (the attitude) has 12 entries");
    // at the attracting mass the force is not finite
    auto at_origin = state_of(so3::matrix3<double>(so3::matrix3<double>::Identity()), vector<double, 3>::Zero().eval(),
                              vector<double, 3>(0.1, 0.2, 0.3), vector<double, 3>(0, 1, 0));
    rigid_body_stepper<std::array<double, 12>, std::array<double, 6>> fixed;
    expect_throw_with<std::domain_error>([&] { fixed.do_step(body, at_origin, 0.0, 0.1); }, "not finite");
}

}  // namespace
