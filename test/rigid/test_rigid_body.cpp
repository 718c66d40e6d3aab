// The rigid-body steppers at double: quaternion and matrix attitudes agree; an inertia tensor
// given as a matrix (principal axes not the body axes) gives the same motion; the heavy top over
// 10⁵ steps (10⁶ with GEOMINT_LONG_RUNS=1) keeps its energy without drift and its vertical
// angular momentum to round-off; the attitude's defect and the Casimir grow as round-off over 10⁴
// steps (10⁶); the Lie group variational integrator keeps the free body's energy over 10⁴ steps;
// odeint's integrate_const drives the stepper; bad input is named.
#include "rigid/rigid_cases.hpp"

#include <geomint/stepper/rigid_body_stepper.hpp>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

namespace {
using namespace geomint_test;
using A9 = std::array<double, 9>;
using A3 = std::array<double, 3>;
using A4 = std::array<double, 4>;
using M3 = so3::matrix3<double>;
const double eps = std::numeric_limits<double>::epsilon();

TEST(RigidBody, QuaternionAndMatrixAttitudesAgree) {
    const auto c = free_body_cases<double>()[1];  // HLW
    const rigid_body<double> body(c.moments);
    auto xm = identity_state<double>(c.pi0);
    auto xq = std::make_pair(A4{1, 0, 0, 0}, xm.second);
    composed_rigid_body_stepper<A9, A3, scheme::kahan_li6> sm;
    composed_rigid_body_stepper<A4, A3, scheme::kahan_li6> sq;
    double norm = 0;
    for (int n = 0; n < 1000; ++n) {
        sm.do_step(body, xm, n * 0.01, 0.01);
        sq.do_step(body, xq, n * 0.01, 0.01);
        norm = (std::max)(norm, std::abs(vector<double, 4>(xq.first[0], xq.first[1], xq.first[2], xq.first[3]).norm() - 1));
    }
    const M3 Rq = so3::rotation_of(vector<double, 4>(xq.first[0], xq.first[1], xq.first[2], xq.first[3]));
    const double dR = max_abs(M3(Rq - attitude_of(xm.first))), dPi = (momentum_of(xq.second) - momentum_of(xm.second)).norm();
    std::cout << "1000 steps of kahan_li6: quaternion against matrix " << dR << " (R), " << dPi << " (Pi); max ||q| - 1| "
              << norm / eps << " eps\n";
    EXPECT_LE(dR, 1e-12);
    EXPECT_LE(dPi, 1e-12);
    EXPECT_LE(norm, 100 * eps) << "the quaternion normalized each step";
}

TEST(RigidBody, InertiaMatrixInAnotherFrame) {
    // I = Q diag(1, 2, 3) Qᵀ with Q a rotation: states in the body frame rotated by Q
    const M3 Q = M3(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 2).normalized()));
    const M3 inertia = Q * vector<double, 3>(1, 2, 3).asDiagonal() * Q.transpose();
    const rigid_body<double> principal(vector<double, 3>(1, 2, 3)), general(inertia);
    EXPECT_FALSE(general.principal_frame());
    EXPECT_NEAR(general.moments()(0), 1.0, 1e-14);
    EXPECT_NEAR(general.moments()(2), 3.0, 1e-14);
    const vector<double, 3> pi0(0.4, 0.9, 0.3);
    auto xp = identity_state<double>(pi0);
    // the same body seen from the frame with body axes Qᵀ: R' = R Qᵀ, Π' = Q Π
    const M3 R0 = Q.transpose();
    const vector<double, 3> pi1 = Q * pi0;
    auto xg = std::make_pair(A9{}, A3{pi1(0), pi1(1), pi1(2)});
    for (int i = 0; i < 9; ++i) xg.first[std::size_t(i)] = R0(i / 3, i % 3);
    rigid_body_stepper<A9, A3> st;
    for (int n = 0; n < 500; ++n) {
        st.do_step(principal, xp, n * 0.01, 0.01);
        st.do_step(general, xg, n * 0.01, 0.01);
    }
    const double dR = max_abs(M3(attitude_of(xg.first) - M3(attitude_of(xp.first) * Q.transpose())));
    const double dPi = (momentum_of(xg.second) - Q * momentum_of(xp.second)).norm();
    std::cout << "500 steps, inertia as a matrix against its principal moments: " << dR << " (R), " << dPi << " (Pi)\n";
    EXPECT_LE(dR, 1e-12);
    EXPECT_LE(dPi, 1e-12);
}

// the heavy top: V(R) = m g ℓ e₃ᵀ R χ, m g ℓ = 1, χ = e₃ (a symmetric top, I = (1, 1, 1/2))
struct heavy_top_potential {
    template <class M>
    auto operator()(const M& R) const {
        return R(2, 2);
    }
};

// the top tilted by 0.5 rad about e₁, spinning about its axis: Π = (0, 0.3, 5)
std::pair<A9, A3> heavy_top_start() {
    const M3 R0 = M3(Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitX()));
    auto x = std::make_pair(A9{}, A3{0.0, 0.3, 5.0});
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
    return x;
}

TEST(RigidBody, HeavyTopWithoutDrift) {
    const rigid_body<double, heavy_top_potential> top(vector<double, 3>(1, 1, 0.5));
    auto x = heavy_top_start();
    const auto energy = [&] { return top.energy(attitude_of(x.first), momentum_of(x.second)); };
    const auto vertical = [&] { return (attitude_of(x.first) * momentum_of(x.second))(2); };
    const double e0 = energy(), m0 = vertical();
    rigid_body_stepper<A9, A3> st;
    const int N = long_runs() ? 1000000 : 100000;  // the 10⁶ with GEOMINT_LONG_RUNS=1
    std::vector<double> tenth(10, 0.0);
    double momentum = 0;
    for (int n = 0; n < N; ++n) {
        st.do_step(top, x, n * 0.01, 0.01);
        tenth[std::size_t(10 * n / N)] = (std::max)(tenth[std::size_t(10 * n / N)], std::abs(energy() / e0 - 1));
        momentum = (std::max)(momentum, std::abs(vertical() - m0));
    }
    std::cout << "heavy top, " << N << " steps of 0.01: |dE/E| first tenth " << tenth.front() << ", last " << tenth.back()
              << "; vertical angular momentum " << momentum / (eps * std::abs(m0)) << " eps relative\n";
    EXPECT_LE(tenth.back(), 2 * tenth.front()) << "no drift";
    EXPECT_LE(tenth.back(), 1e-3);
    EXPECT_LE(momentum, 10 * eps * std::sqrt(double(N)) * std::abs(m0)) << "symmetry about the vertical";
}

// the symmetric top's splitting keeps the body-axial momentum Π₃ to the last bit (the heavy top's
// torque has no axial component) and the vertical angular momentum to round-off, with the energy
// bounded; it refuses a body that is not symmetric about its third axis
TEST(RigidBody, SymmetricTopKeepsTheAxialMomentum) {
    const rigid_body<double, heavy_top_potential> top(vector<double, 3>(1, 1, 0.5));
    auto x = heavy_top_start();
    const auto energy = [&] { return top.energy(attitude_of(x.first), momentum_of(x.second)); };
    const auto vertical = [&] { return (attitude_of(x.first) * momentum_of(x.second))(2); };
    const double e0 = energy(), m0 = vertical(), axial0 = x.second[2];
    symmetric_top_stepper<A9, A3> st;
    const int N = long_runs() ? 1000000 : 100000;  // the 10⁶ with GEOMINT_LONG_RUNS=1
    std::vector<double> tenth(10, 0.0);
    double momentum = 0, axial = 0, orthogonality = 0;
    for (int n = 0; n < N; ++n) {
        st.do_step(top, x, n * 0.01, 0.01);
        tenth[std::size_t(10 * n / N)] = (std::max)(tenth[std::size_t(10 * n / N)], std::abs(energy() / e0 - 1));
        momentum = (std::max)(momentum, std::abs(vertical() - m0));
        axial = (std::max)(axial, std::abs(x.second[2] - axial0));
        orthogonality = (std::max)(orthogonality, so3::orthogonality_defect(attitude_of(x.first)));
    }
    std::cout << "symmetric top splitting, heavy top, " << N << " steps of 0.01: |dE/E| first tenth " << tenth.front() << ", last "
              << tenth.back() << "; Pi_3 changed by " << axial << "; vertical angular momentum " << momentum / (eps * std::abs(m0))
              << " eps relative; |R^T R - I| " << orthogonality / eps << " eps\n";
    EXPECT_EQ(axial, 0.0) << "the axial momentum, to the last bit";
    EXPECT_LE(tenth.back(), 2 * tenth.front()) << "no drift";
    EXPECT_LE(momentum, 10 * eps * std::sqrt(double(N)) * std::abs(m0));
    EXPECT_LE(orthogonality, 100 * eps) << "the stepper's rounding correction of the attitude";
    // the free symmetric top: the splitting is its exact flow (to rounding): Π against the exact Π(t)
    const rigid_body<double> free_top(vector<double, 3>(1, 1, 0.5));
    auto y = identity_state<double>(vector<double, 3>(0.3, 0.4, 2.0));
    for (int n = 0; n < 1000; ++n) st.do_step(free_top, y, n * 0.1, 0.1);
    const double d = (momentum_of(y.second) -
                      problems::free_rigid_body<double>(vector<double, 3>(1, 1, 0.5), vector<double, 3>(0.3, 0.4, 2.0)).pi(100.0))
                         .norm();
    EXPECT_LE(d, 1e-12) << "exact free flow, h = 0.1";
    const rigid_body<double> asymmetric(vector<double, 3>(1, 2, 3));
    auto z = identity_state<double>(vector<double, 3>(1, 0, 0));
    expect_throw_with<std::invalid_argument>([&] { st.do_step(asymmetric, z, 0.0, 0.1); },
                                             "not a symmetric top about its third axis: moments 1, 2, 3");
}

// the attitude's orthogonality (|q| − 1 in quaternion form) and the Casimir along a long run near
// the separatrix grow no faster than round-off, 10 ε √N after N steps (10⁴ steps; the issue's
// 10⁶ with GEOMINT_LONG_RUNS=1)
template <class Stepper, class Q>
void expect_round_off_growth(Q q0, const char* name) {
    const auto c = free_body_cases<double>()[2];
    const rigid_body<double> body(c.moments);
    auto x = std::make_pair(q0, A3{c.pi0(0), c.pi0(1), c.pi0(2)});
    Stepper st;
    const int N = long_runs() ? 1000000 : 10000;
    const double m2 = c.pi0.squaredNorm();
    double attitude = 0, casimir = 0;
    for (int n = 0; n < N; ++n) {
        st.do_step(body, x, n * 0.05, 0.05);
        if constexpr (std::tuple_size_v<Q> == 9) attitude = (std::max)(attitude, so3::orthogonality_defect(attitude_of(x.first)));
        else attitude = (std::max)(attitude, std::abs(vector<double, 4>(x.first[0], x.first[1], x.first[2], x.first[3]).norm() - 1));
        casimir = (std::max)(casimir, std::abs(momentum_of(x.second).squaredNorm() / m2 - 1));
    }
    const double bound = 10 * eps * std::sqrt(double(N));
    std::cout << name << ", " << N << " steps near the separatrix: attitude defect " << attitude / eps << " eps, Casimir "
              << casimir / eps << " eps (10 eps sqrt(N) = " << bound / eps << " eps)\n";
    EXPECT_LE(attitude, bound) << name;
    EXPECT_LE(casimir, bound) << name;
}

TEST(RigidBody, InvariantsGrowAsRoundOff) {
    const A9 R{1, 0, 0, 0, 1, 0, 0, 0, 1};
    const A4 q{1, 0, 0, 0};
    expect_round_off_growth<rigid_body_stepper<A9, A3>>(R, "splitting");
    expect_round_off_growth<rigid_body_stepper<A4, A3>>(q, "splitting on quaternions");
    expect_round_off_growth<composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(R, "kahan_li8");
    expect_round_off_growth<lie_group_variational_stepper<A9, A3>>(R, "Lie group variational");
}

TEST(RigidBody, OdeintIntegrateConst) {
    const auto c = free_body_cases<double>()[0];
    const rigid_body<double> body(c.moments);
    auto x = identity_state<double>(c.pi0);
    composed_rigid_body_stepper<A9, A3, scheme::kahan_li8> stepper;
    boost::numeric::odeint::integrate_const(stepper, body, x, 0.0, 5.0, 0.01);
    const double d = (momentum_of(x.second) - problems::free_rigid_body<double>(c.moments, c.pi0).pi(5.0)).norm();
    EXPECT_LE(d, 1e-12) << "against the exact Pi(5)";
}

TEST(RigidBody, BadInputIsNamed) {
    expect_throw_with<std::invalid_argument>([] { rigid_body<double>(vector<double, 3>(1, 0, 2)); },
                                             "principal moment I_2 = 0");
    M3 asymmetric;
    asymmetric << 2, 0.1, 0, 0, 2, 0, 0, 0, 2;
    expect_throw_with<std::invalid_argument>([&] { rigid_body<double>{asymmetric}; }, "not symmetric: max |I - I^T| = 0.1");
    M3 indefinite = vector<double, 3>(1, -1, 2).asDiagonal();
    expect_throw_with<std::invalid_argument>([&] { rigid_body<double>{indefinite}; },
                                             "not positive definite: eigenvalues -1, 1, 2");
    const rigid_body<double> body(vector<double, 3>(1, 2, 3));
    rigid_body_stepper<A9, A3> st;
    auto off = std::make_pair(A9{1, 0, 0, 0, 1.001, 0, 0, 0, 1}, A3{1, 0, 0});
    expect_throw_with<std::invalid_argument>([&] { st.do_step(body, off, 0.0, 0.1); }, "the attitude is off SO(3): max |R^T R - I| = 0.002");
    auto improper = std::make_pair(A9{1, 0, 0, 0, 1, 0, 0, 0, -1}, A3{1, 0, 0});
    expect_throw_with<std::invalid_argument>([&] { st.do_step(body, improper, 0.0, 0.1); }, "det R = -1");
    rigid_body_stepper<A9, A3> projecting(rigid_body_options{.project_attitude = true});
    projecting.do_step(body, off, 0.0, 0.1);
    EXPECT_LE(so3::orthogonality_defect(attitude_of(off.first)), 10 * eps) << "projected onto SO(3), then rotated";
    rigid_body_stepper<A4, A3> sq;
    auto zero = std::make_pair(A4{0, 0, 0, 0}, A3{1, 0, 0});
    expect_throw_with<std::invalid_argument>([&] { sq.do_step(body, zero, 0.0, 0.1); }, "zero norm");
    auto long_q = std::make_pair(A4{2, 0, 0, 0}, A3{1, 0, 0});
    expect_throw_with<std::invalid_argument>([&] { sq.do_step(body, long_q, 0.0, 0.1); }, "quaternion has norm 2");
    rigid_body_stepper<std::vector<double>, std::vector<double>> sv;
    auto wrong = std::make_pair(std::vector<double>(5, 0.0), std::vector<double>{1, 0, 0});
    expect_throw_with<std::invalid_argument>([&] { sv.do_step(body, wrong, 0.0, 0.1); }, "q (the attitude) has 5 entries");
    auto nan = identity_state<double>(vector<double, 3>(std::nan(""), 0, 0));
    expect_throw_with<std::invalid_argument>([&] { st.do_step(body, nan, 0.0, 0.1); }, "nan");
    expect_throw_with<std::invalid_argument>([&] { st.do_step(body, off, 0.0, 0.0); }, "step size dt = 0");
    expect_throw_with<std::invalid_argument>([] { so3::project_onto_so3(M3(M3::Zero())); }, "singular");
    // an implicit solve that does not converge: named with the iterations, the residual and h
    lie_group_variational_stepper<A9, A3> capped(rigid_body_options{.iteration = {.max_iterations = 1}});
    auto fast = identity_state<double>(vector<double, 3>(3, 2, 1));
    expect_throw_with<convergence_error>([&] { capped.do_step(body, fast, 0.0, 0.5); },
                                         "lie_group_variational: Newton iteration did not converge in 1 iterations");
    expect_throw_with<convergence_error>([&] { capped.do_step(body, fast, 0.0, 0.5); }, "at h = 0.5");
}

TEST(RigidBody, LieGroupVariationalKeepsTheEnergyOfTheFreeBody) {
    const auto c = free_body_cases<double>()[2];  // near the separatrix
    const rigid_body<double> body(c.moments);
    auto x = identity_state<double>(c.pi0);
    lie_group_variational_stepper<A9, A3> st;
    const double e0 = body.kinetic_energy(c.pi0);
    double energy = 0, orthogonality = 0;
    for (int n = 0; n < 10000; ++n) {
        st.do_step(body, x, n * 0.05, 0.05);
        energy = (std::max)(energy, std::abs(body.kinetic_energy(momentum_of(x.second)) / e0 - 1));
        orthogonality = (std::max)(orthogonality, so3::orthogonality_defect(attitude_of(x.first)));
    }
    std::cout << "Lie group variational, 1e4 steps near the separatrix: energy " << energy / eps << " eps, |R^T R - I| "
              << orthogonality / eps << " eps\n";
    EXPECT_LE(energy, 10 * eps * std::sqrt(1e4));
    EXPECT_LE(orthogonality, 100 * eps);
}

}  // namespace
