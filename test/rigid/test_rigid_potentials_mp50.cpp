// Rigid bodies with a potential at 50 digits (problems/gravity_gradient.hpp, a heavy top), for the
// splitting into rotations, the exact-free-flow splitting, the Lie group variational map and
// compositions:
// - the gravity-gradient satellite's planar libration is a pendulum in 2θ: orders of R and Π
//   against the exact pendulum (exact/pendulum_solution.hpp);
// - the asymmetric heavy top and a tumbling satellite: orders of R and Π against Bulirsch–Stoer
//   at 50 digits on Ṙ = R Ω̂, Π̇ = Π × Ω + τ(R), τ in closed form (not the model's autodiff);
// - the satellite at double over 10⁵ steps: the energy bounded.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/order.hpp>
#include <geomint/exact/pendulum_solution.hpp>
#include <geomint/problems/gravity_gradient.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <functional>

namespace {
using namespace geomint_test;
using W = mp<50>;
using M3 = so3::matrix3<W>;
namespace odeint = boost::numeric::odeint;

// the heavy top V(R) = e₃ᵀ R χ (m g = 1) with its centre of mass χ off every principal axis
struct asymmetric_top {
    vector<W, 3> chi;
    template <class S>
    S operator()(const so3::matrix3<S>& R) const {
        return S(R.row(2).dot(chi.template cast<S>()));
    }
};

// N steps of h = t1/N: (R, Π) at t1
template <class Stepper, class Body>
std::pair<M3, vector<W, 3>> run(const Body& body, const M3& R0, const vector<W, 3>& pi0, int N, const W& t1) {
    auto x = std::make_pair(std::array<W, 9>{}, std::array<W, 3>{pi0(0), pi0(1), pi0(2)});
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
    Stepper st;
    const W h = t1 / W(N);
    for (int n = 0; n < N; ++n) st.do_step(body, x, W(n) * h, h);
    return {attitude_of(x.first), momentum_of(x.second)};
}

// the orders of R and Π at t1 = 3 over N = 40 … 640 against (R1, Π1)
template <class Stepper, class Body>
void expect_orders(const Body& body, const M3& R0, const vector<W, 3>& pi0, const M3& R1, const vector<W, 3>& pi1,
                   unsigned order, const std::string& name) {
    const W t1(3);
    std::vector<W> h, R_error, pi_error;
    for (int N : {40, 80, 160, 320, 640}) {
        const auto [R, pi] = run<Stepper>(body, R0, pi0, N, t1);
        h.push_back(t1 / W(N));
        R_error.push_back(max_abs(M3(R - R1)));
        pi_error.push_back((pi - pi1).norm());
    }
    const double R_order = to_d(estimate_order(h, R_error, W(1e-40)).order);
    const double pi_order = to_d(estimate_order(h, pi_error, W(1e-40)).order);
    std::cout << name << ": order of R " << R_order << " (error " << to_d(R_error.back()) << " at 640 steps), of Pi " << pi_order
              << " (" << to_d(pi_error.back()) << ")\n";
    EXPECT_NEAR(R_order, double(order), 0.2) << name;
    EXPECT_NEAR(pi_order, double(order), 0.2) << name;
}

template <class Body>
void expect_all_orders(const Body& body, const M3& R0, const vector<W, 3>& pi0, const M3& R1, const vector<W, 3>& pi1,
                       const std::string& name) {
    using A9 = std::array<W, 9>;
    using A3 = std::array<W, 3>;
    expect_orders<rigid_body_stepper<A9, A3>>(body, R0, pi0, R1, pi1, 2, name + ", splitting");
    expect_orders<composed_rigid_body_stepper<A9, A3, scheme::suzuki4>>(body, R0, pi0, R1, pi1, 4, name + ", suzuki4");
    expect_orders<composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(body, R0, pi0, R1, pi1, 8, name + ", kahan_li8");
    expect_orders<lie_group_variational_stepper<A9, A3>>(body, R0, pi0, R1, pi1, 2, name + ", Lie group variational");
    expect_orders<exact_free_flow_stepper<A9, A3>>(body, R0, pi0, R1, pi1, 2, name + ", exact free flow");
    expect_orders<composed_exact_free_flow_stepper<A9, A3, scheme::suzuki4>>(body, R0, pi0, R1, pi1, 4,
                                                                              name + ", exact free flow o suzuki4");
}

// (R, Π)(t1) of Ṙ = R Ω̂, Π̇ = Π × I⁻¹Π + τ(R) by Bulirsch–Stoer at 50 digits, tolerance 1e-40
std::pair<M3, vector<W, 3>> reference(const vector<W, 3>& I, const std::function<vector<W, 3>(const M3&)>& torque, const M3& R0,
                                      const vector<W, 3>& pi0, const W& t1) {
    using S = std::array<W, 12>;
    S x;
    for (int i = 0; i < 9; ++i) x[std::size_t(i)] = R0(i / 3, i % 3);
    for (int i = 0; i < 3; ++i) x[std::size_t(9 + i)] = pi0(i);
    auto rates = [&](const S& y, S& dy, const W&) {
        M3 R;
        for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = y[std::size_t(i)];
        const vector<W, 3> pi(y[9], y[10], y[11]), omega = pi.cwiseQuotient(I);
        const M3 dR = R * so3::hat(omega);
        const vector<W, 3> dpi = pi.cross(omega) + torque(R);
        for (int i = 0; i < 9; ++i) dy[std::size_t(i)] = dR(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) dy[std::size_t(9 + i)] = dpi(i);
    };
    odeint::bulirsch_stoer<S, W> bs(W(1e-40), W(1e-40));
    odeint::integrate_adaptive(bs, rates, x, W(0), t1, W(1) / W(100));
    M3 R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x[std::size_t(i)];
    return {R, vector<W, 3>(x[9], x[10], x[11])};
}

// I = (1, 2, 3), n² = 1, e = e₁: the body turning about e₃ from the stable equilibrium with
// Π₃ = 3/2 is the pendulum φ̈ = −3 n² (I₂ − I₁)/I₃ sin φ in φ = 2θ, from φ = 0 at φ̇ = 1
TEST(GravityGradient, PlanarLibrationIsAPendulum) {
    const vector<W, 3> I(W(1), W(2), W(3));
    const auto satellite = problems::gravity_gradient_satellite<W>(I, W(1), vector<W, 3>(W(1), W(0), W(0)));
    const pendulum_solution<W> pendulum(W(1), W(1));  // k = 3 (2 − 1)/3 = 1, φ̇(0) = 2 θ̇(0) = 2 Π₃/I₃ = 1
    const W t1(3);
    const M3 R1 = so3::axis_rotation(2, W(pendulum(t1) / W(2)));
    const vector<W, 3> pi1(W(0), W(0), W(I(2) * pendulum.velocity(t1) / W(2)));
    // the model's torque by autodiff against the closed form
    const M3 tilted = so3::exp_map(vector<W, 3>(W(1) / W(5), W(-2) / W(5), W(3) / W(5)));
    EXPECT_LE(to_d(W((satellite.torque(tilted) - satellite.potential().torque(tilted)).norm())), 1e-48);
    expect_all_orders(satellite, M3::Identity(), vector<W, 3>(W(0), W(0), W(3) / W(2)), R1, pi1, "gravity-gradient libration");
}

TEST(GravityGradient, TumblingSatelliteAgainstBulirschStoer) {
    const vector<W, 3> I(W(1), W(2), W(3));
    const auto satellite = problems::gravity_gradient_satellite<W>(I, W(1), vector<W, 3>(W(1), W(1), W(0)));
    const M3 R0 = so3::exp_map(vector<W, 3>(W(3) / W(10), W(-1) / W(2), W(7) / W(10)));
    const vector<W, 3> pi0(W(1), W(1) / W(2), W(-3) / W(10));
    const auto [R1, pi1] = reference(I, [&](const M3& R) { return satellite.potential().torque(R); }, R0, pi0, W(3));
    expect_all_orders(satellite, R0, pi0, R1, pi1, "tumbling satellite");
}

TEST(HeavyTop, AsymmetricTopAgainstBulirschStoer) {
    const vector<W, 3> I(W(1), W(2), W(3)), chi(W(1) / W(10), W(1) / W(5), W(1));
    const rigid_body<W, asymmetric_top> top(I, asymmetric_top{chi});
    const M3 R0 = so3::axis_rotation(0, W(1) / W(2));
    const vector<W, 3> pi0(W(0), W(3) / W(10), W(5));
    const auto [R1, pi1] = reference(I, [&](const M3& R) { return vector<W, 3>(vector<W, 3>(R.row(2).transpose()).cross(chi)); },
                                     R0, pi0, W(3));
    expect_all_orders(top, R0, pi0, R1, pi1, "asymmetric heavy top");
}

// the tumbling satellite at double: 10⁵ steps of 0.02 (about 3 000 libration-scale periods), the
// energy error bounded (its largest over the last tenth within twice that over the first)
TEST(GravityGradient, EnergyBoundedOverALongRun) {
    using A9 = std::array<double, 9>;
    using A3 = std::array<double, 3>;
    const auto satellite = problems::gravity_gradient_satellite<double>(vector<double, 3>(1, 2, 3), 1.0, vector<double, 3>(1, 1, 0));
    auto x = std::make_pair(A9{1, 0, 0, 0, 1, 0, 0, 0, 1}, A3{1.0, 0.5, -0.3});
    const auto energy = [&] { return satellite.energy(attitude_of(x.first), momentum_of(x.second)); };
    const double e0 = energy();
    composed_rigid_body_stepper<A9, A3, scheme::kahan_li6> st;
    const int N = 100000;
    std::vector<double> tenth(10, 0.0);
    for (int n = 0; n < N; ++n) {
        st.do_step(satellite, x, n * 0.02, 0.02);
        tenth[std::size_t(10 * n / N)] = (std::max)(tenth[std::size_t(10 * n / N)], std::abs(energy() / e0 - 1));
    }
    std::cout << "tumbling satellite, kahan_li6, 1e5 steps of 0.02: |dE/E| first tenth " << tenth.front() << ", last " << tenth.back()
              << "\n";
    EXPECT_LE(tenth.back(), 2 * tenth.front() + 1e-14) << "no drift";
    EXPECT_LE(tenth.back(), 1e-8);
}

// bad input is named
TEST(GravityGradient, RefusesBadInput) {
    const vector<double, 3> I(1, 2, 3), e(1, 0, 0);
    EXPECT_THROW(problems::gravity_gradient_satellite<double>(I, 0.0, e), std::invalid_argument);
    EXPECT_THROW(problems::gravity_gradient_satellite<double>(I, 1.0, vector<double, 3>(0, 0, 0)), std::invalid_argument);
    EXPECT_THROW(problems::gravity_gradient_satellite<double>(vector<double, 3>(1, -2, 3), 1.0, e), std::invalid_argument);
}

}  // namespace
