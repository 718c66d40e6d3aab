// The rigid body at 50 digits: the exact body angular momentum and attitude
// (problems/free_rigid_body.hpp) against an independent integration, and the orders of the
// splitting into exact rotations, of the Lie group variational integrator (the discrete
// Moser–Veselov map) and of their compositions (stepper/rigid_body_stepper.hpp) on the three
// free-body cases — Π and R against the exact Π(t) and R(t) — with the attitude's orthogonality, the Casimir (and for the
// variational map the energy) after every step, and time symmetry.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/order.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint.hpp>

namespace {
using namespace geomint_test;
using W = mp<50>;
namespace odeint = boost::numeric::odeint;

// Euler's equations Π̇ = Π × I⁻¹Π by odeint's Bulirsch–Stoer at 50 digits, tolerance 1e-40
vector<W, 3> euler_by_bulirsch_stoer(const vector<W, 3>& I, const vector<W, 3>& pi0, const W& t1) {
    using S = std::array<W, 3>;
    S x{pi0(0), pi0(1), pi0(2)};
    auto euler = [&](const S& y, S& dy, const W&) {
        const W o0 = y[0] / I(0), o1 = y[1] / I(1), o2 = y[2] / I(2);
        dy = {y[1] * o2 - y[2] * o1, y[2] * o0 - y[0] * o2, y[0] * o1 - y[1] * o0};
    };
    odeint::bulirsch_stoer<S, W> bs(W(1e-40), W(1e-40));
    odeint::integrate_adaptive(bs, euler, x, W(0), t1, W(1) / W(100));
    return vector<W, 3>(x[0], x[1], x[2]);
}

TEST(RigidBodyExact, MomentumAgainstBulirschStoer) {
    for (const auto& c : free_body_cases<W>()) {
        const problems::free_rigid_body<W> body(c.moments, c.pi0);
        const double d = to_d(W((body.pi(W(5)) - euler_by_bulirsch_stoer(c.moments, c.pi0, W(5))).norm()));
        const double back = to_d(W((body.pi(body.period()) - c.pi0).norm()));
        std::cout << c.name << ": k = " << to_d(body.modulus()) << ", period " << to_d(body.period())
                  << "; Pi(5) against Bulirsch-Stoer " << d << ", Pi(period) - Pi0 " << back << "\n";
        EXPECT_LE(d, 1e-36) << c.name;
        EXPECT_LE(back, 1e-45) << c.name;
    }
    // the near-separatrix case has the modulus it is built for
    const problems::free_rigid_body<W> near(free_body_cases<W>()[2].moments, free_body_cases<W>()[2].pi0);
    EXPECT_NEAR(to_d(W(near.modulus() * near.modulus())), 0.998787, 1e-15);
}

// the attitude: Ṙ = R Ω̂ with Euler's equations by Bulirsch–Stoer at 50 digits (tolerance 1e-40)
// from a rotated R₀, at t = 5 and after 2.5 periods (whole periods by the trapezoidal rule)
so3::matrix3<W> attitude_by_bulirsch_stoer(const vector<W, 3>& I, const vector<W, 3>& pi0, const so3::matrix3<W>& R0, const W& t1) {
    using S = std::array<W, 12>;
    S x;
    for (int i = 0; i < 9; ++i) x[std::size_t(i)] = R0(i / 3, i % 3);
    for (int i = 0; i < 3; ++i) x[std::size_t(9 + i)] = pi0(i);
    auto rates = [&](const S& y, S& dy, const W&) {
        const W o0 = y[9] / I(0), o1 = y[10] / I(1), o2 = y[11] / I(2);
        for (std::size_t i = 0; i < 3; ++i) {  // row i of R Ω̂: r × Ω
            const W a = y[3 * i], b = y[3 * i + 1], d = y[3 * i + 2];
            dy[3 * i] = b * o2 - d * o1;
            dy[3 * i + 1] = d * o0 - a * o2;
            dy[3 * i + 2] = a * o1 - b * o0;
        }
        dy[9] = y[10] * o2 - y[11] * o1;
        dy[10] = y[11] * o0 - y[9] * o2;
        dy[11] = y[9] * o1 - y[10] * o0;
    };
    odeint::bulirsch_stoer<S, W> bs(W(1e-40), W(1e-40));
    odeint::integrate_adaptive(bs, rates, x, W(0), t1, W(1) / W(100));
    so3::matrix3<W> R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x[std::size_t(i)];
    return R;
}

TEST(RigidBodyExact, AttitudeAgainstBulirschStoer) {
    const so3::matrix3<W> R0 = so3::exp_map(vector<W, 3>(W(3) / W(10), W(-1) / W(2), W(7) / W(10)));
    for (const auto& c : free_body_cases<W>()) {
        const problems::free_rigid_body<W> body(c.moments, c.pi0, R0);
        EXPECT_LE(to_d(max_abs(so3::matrix3<W>(body.attitude(W(0)) - R0))), 1e-48) << c.name;
        for (const W t1 : {W(5), W(body.period() * W(5) / W(2))}) {
            const double d = to_d(max_abs(so3::matrix3<W>(body.attitude(t1) - attitude_by_bulirsch_stoer(c.moments, c.pi0, R0, t1))));
            std::cout << c.name << ": R(" << to_d(t1) << ") against Bulirsch-Stoer " << d << "\n";
            EXPECT_LE(d, 1e-38) << c.name << " at t = " << to_d(t1);
        }
    }
    // an axisymmetric body (k = 0: Π precesses uniformly about the axis), moments in either order
    for (const vector<W, 3>& I : {vector<W, 3>(W(1), W(1), W(2)), vector<W, 3>(W(3), W(2), W(2))}) {
        const vector<W, 3> pi0(W(1), W(1) / W(2), W(-3) / W(10));
        const problems::free_rigid_body<W> symmetric(I, pi0, R0);
        const double d = to_d(max_abs(so3::matrix3<W>(symmetric.attitude(W(5)) - attitude_by_bulirsch_stoer(I, pi0, R0, W(5)))));
        std::cout << "axisymmetric " << to_d(I(0)) << ", " << to_d(I(1)) << ", " << to_d(I(2)) << ": R(5) against Bulirsch-Stoer " << d << "\n";
        EXPECT_LE(d, 1e-38);
    }
    // Π constant (along a principal axis): R(t) = R₀ exp(t Ω̂)
    const vector<W, 3> I(W(1), W(2), W(3)), spin(W(0), W(2), W(0));
    const problems::free_rigid_body<W> steady(I, spin, R0);
    EXPECT_LE(to_d(max_abs(so3::matrix3<W>(steady.attitude(W(3)) - R0 * so3::axis_rotation(1, W(3))))), 1e-48);
}

// N steps of h = t1/N from the identity: (R, Π) at t1, and the largest orthogonality defect and
// relative Casimir change after any step
template <class Stepper>
struct run_result {
    so3::matrix3<W> R;
    vector<W, 3> pi;
    W orthogonality{0}, casimir{0}, energy{0};
};

template <class Stepper>
run_result<Stepper> run(const rigid_case<W>& c, int N, const W& t1) {
    const rigid_body<W> body(c.moments);
    auto x = identity_state<W>(c.pi0);
    Stepper st;
    const W h = t1 / W(N), m2 = c.pi0.squaredNorm(), e0 = body.kinetic_energy(c.pi0);
    run_result<Stepper> r;
    for (int n = 0; n < N; ++n) {
        st.do_step(body, x, W(n) * h, h);
        r.orthogonality = (std::max)(r.orthogonality, so3::orthogonality_defect(attitude_of(x.first)));
        r.casimir = (std::max)(r.casimir, W(abs(momentum_of(x.second).squaredNorm() / m2 - W(1))));
        r.energy = (std::max)(r.energy, W(abs(body.kinetic_energy(momentum_of(x.second)) / e0 - W(1))));
    }
    r.R = attitude_of(x.first);
    r.pi = momentum_of(x.second);
    return r;
}

// orders of Π and R (against the exact Π(t1) and R(t1)) at N = 40 … 640 steps
// over [0, 3], and the invariants after every step: ‖RᵀR − I‖ within 100 ε (the stepper's
// rounding correction of the attitude), the Casimir's relative change within round-off's growth,
// 10 ε √n after n exact rotations (at most 5 a substep, `stages` substeps a step: up to 3 200 to
// 54 400 rotations in the finest run; a drift linear in n would exceed it); with
// `energy_kept` (the discrete Moser–Veselov map), the energy's relative change within 100 ε (within
// 10 ε √n for a composition of n substeps: each substep keeps it, the rounding adds up)
template <class Stepper>
void expect_orders(unsigned order, int stages, const char* name, bool energy_kept = false) {
    const double invariant_bound = 10 * std::sqrt(5.0 * stages * 640);
    const W t1(3), eps = std::numeric_limits<W>::epsilon();
    for (const auto& c : free_body_cases<W>()) {
        const problems::free_rigid_body<W> reference(c.moments, c.pi0);
        const vector<W, 3> exact = reference.pi(t1);
        const so3::matrix3<W> exact_R = reference.attitude(t1);
        std::vector<W> h, pi_error, R_error;
        W orthogonality(0), casimir(0), energy(0);
        for (int N : {40, 80, 160, 320, 640}) {
            const auto r = run<Stepper>(c, N, t1);
            orthogonality = (std::max)(orthogonality, r.orthogonality);
            casimir = (std::max)(casimir, r.casimir);
            energy = (std::max)(energy, r.energy);
            h.push_back(t1 / W(N));
            pi_error.push_back((r.pi - exact).norm());
            R_error.push_back(max_abs(so3::matrix3<W>(r.R - exact_R)));
        }
        const double pi_order = to_d(estimate_order(h, pi_error, W(1e-40)).order);
        const double R_order = to_d(estimate_order(h, R_error, W(1e-40)).order);
        std::cout << name << ", " << c.name << ": order of Pi " << pi_order << " (error " << to_d(pi_error.back())
                  << " at 640 steps), of R " << R_order << " (error " << to_d(R_error.back()) << "); max |R^T R - I| " << to_d(W(orthogonality / eps))
                  << " eps, Casimir " << to_d(W(casimir / eps)) << " eps, energy " << to_d(W(energy / eps)) << " eps\n";
        EXPECT_NEAR(pi_order, double(order), 0.2) << name << ", " << c.name;
        EXPECT_NEAR(R_order, double(order), 0.2) << name << ", " << c.name;
        EXPECT_LE(to_d(W(orthogonality / eps)), 100.0) << name << ", " << c.name;
        EXPECT_LE(to_d(W(casimir / eps)), invariant_bound) << name << ", " << c.name;
        // the map itself: 100 ε; a composition: round-off's growth over its substeps
        if (energy_kept) EXPECT_LE(to_d(W(energy / eps)), stages == 1 ? 100.0 : 10 * std::sqrt(stages * 640.0)) << name << ", " << c.name;
    }
}

using A9 = std::array<W, 9>;
using A3 = std::array<W, 3>;

TEST(RigidBodyOrders, Splitting) { expect_orders<rigid_body_stepper<A9, A3>>(2, 1, "splitting"); }
TEST(RigidBodyOrders, Suzuki4) { expect_orders<composed_rigid_body_stepper<A9, A3, scheme::suzuki4>>(4, 5, "suzuki4"); }
TEST(RigidBodyOrders, KahanLi6) { expect_orders<composed_rigid_body_stepper<A9, A3, scheme::kahan_li6>>(6, 9, "kahan_li6"); }
TEST(RigidBodyOrders, KahanLi8) { expect_orders<composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(8, 17, "kahan_li8"); }
// the Lie group variational integrator: the discrete Moser–Veselov map keeps the free body's
// energy; its composition keeps it too (each substep does)
TEST(RigidBodyOrders, LieGroupVariational) {
    expect_orders<lie_group_variational_stepper<A9, A3>>(2, 1, "lie_group_variational", true);
    expect_orders<composed_lie_group_variational_stepper<A9, A3, scheme::suzuki4>>(4, 5, "lie_group_variational o suzuki4", true);
}

// a step of h and one of −h return the state to 100 ε, in matrix and in quaternion form
template <class Stepper, class Q>
double there_and_back(Q q, const rigid_case<W>& c) {
    const rigid_body<W> body(c.moments);
    auto x = std::make_pair(q, std::array<W, 3>{c.pi0(0), c.pi0(1), c.pi0(2)});
    const auto x0 = x;
    Stepper st;
    st.do_step(body, x, W(0), W(1) / W(10));
    st.do_step(body, x, W(1) / W(10), W(-1) / W(10));
    W d(0);
    for (std::size_t i = 0; i < x.first.size(); ++i) d = (std::max)(d, W(abs(x.first[i] - x0.first[i])));
    for (std::size_t i = 0; i < 3; ++i) d = (std::max)(d, W(abs(x.second[i] - x0.second[i])));
    return to_d(W(d / std::numeric_limits<W>::epsilon()));
}

TEST(RigidBodySymmetry, StepThenStepBack) {
    using std::cos;
    using std::sin;
    for (const auto& c : free_body_cases<W>()) {
        const A9 R = identity_state<W>(c.pi0).first;
        const std::array<W, 4> q{cos(W(1) / W(2)), sin(W(1) / W(2)), W(0), W(0)};
        const double m = there_and_back<rigid_body_stepper<A9, A3>>(R, c);
        const double k8 = there_and_back<composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(R, c);
        const double quaternion = there_and_back<composed_rigid_body_stepper<std::array<W, 4>, A3, scheme::kahan_li8>>(q, c);
        const double variational = there_and_back<lie_group_variational_stepper<A9, A3>>(R, c);
        std::cout << c.name << ": +h then -h, in eps: splitting " << m << ", kahan_li8 " << k8 << ", kahan_li8 on quaternions "
                  << quaternion << ", Lie group variational " << variational << "\n";
        EXPECT_LE(m, 100.0);
        EXPECT_LE(variational, 100.0);
        EXPECT_LE(k8, 100.0);
        EXPECT_LE(quaternion, 100.0);
    }
}

}  // namespace
