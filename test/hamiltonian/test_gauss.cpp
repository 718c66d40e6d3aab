// Gauss–Legendre collocation on hamiltonian_system at double (sanitized): the coefficients'
// quadrature and simplifying conditions, the phase of the harmonic oscillator against the
// diagonal Padé approximant of exp (independent of the coefficients), exact quadratic
// invariants, time symmetry, the step's Jacobian against central differences and its
// symplecticity, a time-dependent H against its exact solution, odeint's integrate functions on
// three state types, the simplified Newton iteration with one Jacobian a step against one a
// stage, the collocation polynomial as dense output, and the errors.
#include "hamiltonian/hamiltonian_problems.hpp"

#include <geomint/hamiltonian.hpp>
#include <geomint/observe.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/tao_hamiltonian.hpp>
#include <geomint/problems/tokamak_field.hpp>

#include <boost/numeric/odeint.hpp>

#include <array>
#include <cmath>
#include <complex>
#include <iostream>
#include <vector>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;
using V = std::vector<double>;

/// max over k = 1 … K of |Σ_j b_j c_j^{k−1} − 1/k|.
double quadrature_defect(const scheme::gauss_coefficients<double>& g, int K) {
    double worst = 0;
    for (int k = 1; k <= K; ++k) {
        double sum = 0;
        for (int j = 0; j < g.stages; ++j) sum += g.b(j) * std::pow(g.c(j), k - 1);
        worst = std::max(worst, std::abs(sum - 1.0 / k));
    }
    return worst;
}

TEST(GaussCoefficients, QuadratureOfDegree2sMinus1AndExactSymmetries) {
    for (int s = 1; s <= scheme::gauss_max_stages; ++s) {
        const auto g = scheme::gauss_legendre_coefficients<double>(s);
        // B(2s): exact for polynomials of degree 2s − 1; for c^{2s} the Gauss rule's error is
        // (s!)⁴/((2s + 1)((2s)!)²) (Abramowitz & Stegun 25.4.30 on [0, 1])
        EXPECT_LE(quadrature_defect(g, 2 * s), 64 * eps<double>()) << "s = " << s;
        double degree_2s = 0;
        for (int j = 0; j < s; ++j) degree_2s += g.b(j) * std::pow(g.c(j), 2 * s);
        const double error = std::pow(std::tgamma(s + 1), 4) / ((2 * s + 1) * std::pow(std::tgamma(2 * s + 1), 2));
        EXPECT_NEAR(1.0 / (2 * s + 1) - degree_2s, error, 1e-5 * error + 64 * eps<double>()) << "s = " << s;
        // C(s): Σ_j a_ij c_j^{k−1} = c_i^k / k
        for (int i = 0; i < s; ++i)
            for (int k = 1; k <= s; ++k) {
                double sum = 0;
                for (int j = 0; j < s; ++j) sum += g.a(i, j) * std::pow(g.c(j), k - 1);
                EXPECT_NEAR(sum, std::pow(g.c(i), k) / k, 64 * eps<double>()) << "s = " << s << ", i = " << i;
            }
        // the rounded scaled matrix is exactly symplectic and symmetric; the nodes symmetric
        for (int i = 0; i < s; ++i) {
            EXPECT_EQ(g.c(i) + g.c(s - 1 - i), 1.0);
            EXPECT_EQ(g.b(i), g.b(s - 1 - i));
            for (int j = 0; j < s; ++j) {
                EXPECT_EQ(g.mu(i, j) + g.mu(j, i), 1.0) << "s = " << s;
                EXPECT_EQ(g.mu(i, j) + g.mu(s - 1 - i, s - 1 - j), 1.0) << "s = " << s;
            }
        }
    }
    expect_throw_with<std::invalid_argument>([] { scheme::gauss_legendre_coefficients<double>(9); }, "stages = 9");
    expect_throw_with<std::invalid_argument>([] { scheme::gauss_legendre_coefficients<double>(0); }, "1 <= stages <= 8");
}

/// The turn per step of the s-stage Gauss method on q̈ = −q: R(ih) = P(ih)/P(−ih) with P the
/// numerator of the (s, s) Padé approximant of exp, P(z) = Σ_k (2s − k)! s! / ((2s)! k! (s − k)!) z^k,
/// so the turn is 2 arg P(ih).
double pade_turn(int s, double h) {
    std::complex<double> P = 0, z(0, h), power = 1;
    for (int k = 0; k <= s; ++k) {
        const double coefficient = std::tgamma(2 * s - k + 1) * std::tgamma(s + 1) /
                                   (std::tgamma(2 * s + 1) * std::tgamma(k + 1) * std::tgamma(s - k + 1));
        P += coefficient * power;
        power *= z;
    }
    return 2 * std::arg(P);
}

template <unsigned S>
void expect_oscillator_turn() {
    auto sys = make_hamiltonian_system<double>(1, [](const auto& q, const auto& p) { return (q[0] * q[0] + p[0] * p[0]) / 2; });
    gauss_collocation_stepper<double, S> stepper;
    const double h = 0.3;
    const int steps = 1000;
    double q = 1, p = 0;
    for (int k = 0; k < steps; ++k) stepper.do_step(sys, q, p, k * h, h);
    const double turn = steps * pade_turn(int(S), h);
    EXPECT_NEAR(q, std::cos(turn), 1e-12) << "s = " << S;
    EXPECT_NEAR(p, -std::sin(turn), 1e-12) << "s = " << S;
    EXPECT_NEAR((q * q + p * p) / 2, 0.5, 1e-14) << "s = " << S;  // a quadratic invariant
}

TEST(GaussStepper, HarmonicOscillatorTurnsByThePadeAngleAndKeepsItsEnergy) {
    expect_oscillator_turn<1>();  // 2 atan(h/2): the implicit midpoint rule
    expect_oscillator_turn<2>();
    expect_oscillator_turn<3>();
    expect_oscillator_turn<4>();
}

TEST(GaussStepper, KeepsTheAngularMomentumOfARotationInvariantNonSeparableH) {
    // invariant under rotating q and p together: L = q₁p₂ − q₂p₁ is a quadratic invariant
    auto sys = make_hamiltonian_system<double>(2, [](const auto& q, const auto& p) {
        const auto q2 = q[0] * q[0] + q[1] * q[1];
        return (p[0] * p[0] + p[1] * p[1]) * (1 + q2) / 2 + q2 / 2;
    });
    gauss_collocation_stepper<V, 3> stepper;
    auto x = std::make_pair(V{1.0, 0.0}, V{0.1, 0.6});
    const auto L = [](const auto& y) { return y.first[0] * y.second[1] - y.first[1] * y.second[0]; };
    const double L0 = L(x);
    for (int k = 0; k < 2000; ++k) stepper.do_step(sys, x, 0.05 * k, 0.05);
    EXPECT_NEAR(L(x), L0, 1e-13);
}

TEST(GaussStepper, ReturnsUnderTheReversedStep) {
    auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<std::array<double, 2>, 2> stepper;
    const std::array<double, 2> q0{1.0, 0.5}, p0{0.0, 0.3};
    auto x = std::make_pair(q0, p0);
    const double h = 0.01;
    for (int k = 0; k < 100; ++k) stepper.do_step(sys, x, k * h, h);
    for (int k = 100; k > 0; --k) stepper.do_step(sys, x, k * h, -h);
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(x.first[i], q0[i], 1e-13);
        EXPECT_NEAR(x.second[i], p0[i], 1e-13);
    }
}

TEST(GaussStepper, FixedPointAndSimplifiedNewtonSolveTheSameStages) {
    auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<V, 3> newton;
    gauss_collocation_stepper<V, 3> sweeps({.corrections = stage_corrections::never});
    auto a = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    auto b = a;
    long newton_sweeps = 0, plain_sweeps = 0;
    for (int k = 0; k < 200; ++k) {
        newton.do_step(sys, a, 0.01 * k, 0.01);
        sweeps.do_step(sys, b, 0.01 * k, 0.01);
        newton_sweeps += newton.iterations();
        plain_sweeps += sweeps.iterations();
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(a.first[i], b.first[i], 1e-12);
        EXPECT_NEAR(a.second[i], b.second[i], 1e-12);
    }
    EXPECT_LT(newton_sweeps, plain_sweeps);
}

/// 200 steps of the s-stage stepper with `stage_jacobian::one_per_step` and with `each_stage` on
/// the double pendulum (h = 0.01) and on the banana orbit's canonical H (6 steps a gyration):
/// the same states to round-off (both iterations stop at double's ε).
template <unsigned S>
void expect_one_jacobian_a_step_solves_the_same_stages() {
    const iteration_options once{.jacobian = stage_jacobian::one_per_step}, each{.jacobian = stage_jacobian::each_stage};
    const auto pendulum = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<V, S> a_once(once), a_each(each);
    auto a = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    auto b = a;
    for (int k = 0; k < 200; ++k) {
        a_once.do_step(pendulum, a, 0.01 * k, 0.01);
        a_each.do_step(pendulum, b, 0.01 * k, 0.01);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(a.first[i], b.first[i], 1e-12) << "s = " << S;
        EXPECT_NEAR(a.second[i], b.second[i], 1e-12) << "s = " << S;
    }
    using field = problems::tokamak_field<double>;
    const auto particle = field::canonical();
    const auto banana = particle.system();
    const auto [x0, v0] = field::start();
    const auto p0 = particle.momentum(x0, v0, 0.0);
    using W = geomint::vector<double, 3>;
    gauss_collocation_stepper<W, S> c_once(once), c_each(each);
    auto c = std::make_pair(W(x0), W(p0));
    auto d = c;
    const double h = 2 * M_PI / 6;
    for (int k = 0; k < 200; ++k) {
        c_once.do_step(banana, c, h * k, h);
        c_each.do_step(banana, d, h * k, h);
    }
    EXPECT_LE((c.first - d.first).lpNorm<Eigen::Infinity>(), 1e-13) << "s = " << S;
    EXPECT_LE((c.second - d.second).lpNorm<Eigen::Infinity>(), 1e-13) << "s = " << S;
}

TEST(GaussStepper, OneJacobianAStepSolvesTheSameStagesAsOneAStage) {
    expect_one_jacobian_a_step_solves_the_same_stages<1>();  // a real eigenvalue alone
    expect_one_jacobian_a_step_solves_the_same_stages<2>();  // a complex pair
    expect_one_jacobian_a_step_solves_the_same_stages<3>();  // both
    expect_one_jacobian_a_step_solves_the_same_stages<4>();
    // a singular transformed matrix names h: on H = −4pq, f = (−4q, 4p) and ∇f = diag(−4, 4); for
    // s = 1 (λ = 1/2) h = 1/2 makes I − hλ∇f = diag(2, 0)
    const auto saddle = make_hamiltonian_system<double>(1, [](const auto& q, const auto& p) { return -p[0] * q[0] * 4; });
    gauss_collocation_stepper<double, 1> midpoint({.jacobian = stage_jacobian::one_per_step});
    double q = 1, p = 1;
    expect_throw_with<singular_step_error>([&] { midpoint.do_step(saddle, q, p, 0.0, 0.5); },
                                           "the simplified Newton matrix is singular at h = 0.5");
}

TEST(GaussStepper, StepJacobianMatchesCentralDifferencesAndIsSymplectic) {
    auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    const V q0{1.0, 0.5}, p0{0.2, -0.3};
    const double h = 0.05;
    const auto step = [&](const V& q, const V& p) {
        gauss_collocation_stepper<V, 2> st;
        auto x = std::make_pair(q, p);
        st.do_step(sys, x, 0.0, h);
        return x;
    };
    gauss_collocation_stepper<V, 2> st;
    auto x = std::make_pair(q0, p0);
    st.do_step(sys, x, 0.0, h);
    const matrix<double> Phi = st.last_step_jacobian(sys);
    ASSERT_EQ(Phi.rows(), 4);
    const double delta = 1e-6;
    for (int j = 0; j < 4; ++j) {
        V qa = q0, pa = p0, qb = q0, pb = p0;
        (j < 2 ? qa[j] : pa[j - 2]) += delta;
        (j < 2 ? qb[j] : pb[j - 2]) -= delta;
        const auto ya = step(qa, pa), yb = step(qb, pb);
        for (int i = 0; i < 4; ++i) {
            const double da = i < 2 ? ya.first[i] : ya.second[i - 2], db = i < 2 ? yb.first[i] : yb.second[i - 2];
            EXPECT_NEAR(Phi(i, j), (da - db) / (2 * delta), 1e-8) << i << ", " << j;
        }
    }
    matrix<double> J = matrix<double>::Zero(4, 4);
    J.topRightCorner(2, 2).setIdentity();
    J.bottomLeftCorner(2, 2) = -matrix<double>::Identity(2, 2);
    EXPECT_LE((Phi.transpose() * J * Phi - J).cwiseAbs().maxCoeff(), 64 * eps<double>());
    gauss_collocation_stepper<V, 2> fresh;
    expect_throw_with<std::logic_error>([&] { fresh.last_step_jacobian(sys); }, "completed step");
}

TEST(GaussStepper, TimeDependentHamiltonianMatchesTheDrivenOscillator) {
    // H = (p² + q²)/2 − F q cos(Ωt): q̈ + q = F cos(Ωt); from q = p = 0,
    // q(t) = F (cos Ωt − cos t)/(1 − Ω²)
    const double F = 0.5, Omega = 2.0;
    auto sys = make_hamiltonian_system<double>(1, [F, Omega](const auto& q, const auto& p, const double& t) {
        return (q[0] * q[0] + p[0] * p[0]) / 2 - F * q[0] * std::cos(Omega * t);
    });
    static_assert(decltype(sys)::time_dependent);
    gauss_collocation_stepper<double, 2> stepper;
    double q = 0, p = 0;
    const double h = 0.01;
    for (int k = 0; k < 1000; ++k) stepper.do_step(sys, q, p, k * h, h);
    const double t = 10;
    EXPECT_NEAR(q, F * (std::cos(Omega * t) - std::cos(t)) / (1 - Omega * Omega), 1e-9);
    EXPECT_NEAR(p, F * (-Omega * std::sin(Omega * t) + std::sin(t)) / (1 - Omega * Omega), 1e-9);
}

TEST(GaussStepper, OdeintIntegrateConstOnThreeStateTypes) {
    auto sys = make_hamiltonian_system<double>(1, tao_hamiltonian{});
    auto a = std::make_pair(std::array<double, 1>{0.5}, std::array<double, 1>{0.0});
    auto b = std::make_pair(V{0.5}, V{0.0});
    auto c = std::make_pair(Eigen::VectorXd::Constant(1, 0.5).eval(), Eigen::VectorXd::Zero(1).eval());
    const std::size_t na = odeint::integrate_const(gauss_collocation_stepper<std::array<double, 1>, 2>(), sys, a, 0.0, 5.0, 0.05);
    odeint::integrate_const(gauss_collocation_stepper<V, 2>(), std::ref(sys), b, 0.0, 5.0, 0.05);
    odeint::integrate_n_steps(gauss_collocation_stepper<Eigen::VectorXd, 2>(), sys, c, 0.0, 0.05, 100);
    EXPECT_EQ(na, 100u);
    EXPECT_NEAR(a.first[0], b.first[0], 1e-14);
    EXPECT_NEAR(a.second[0], b.second[0], 1e-14);
    EXPECT_NEAR(c.first(0), b.first[0], 1e-14);
    EXPECT_NEAR(c.second(0), b.second[0], 1e-14);
    const double H0 = sys.hamiltonian(Eigen::VectorXd::Constant(1, 0.5), Eigen::VectorXd::Zero(1));
    EXPECT_NEAR(sys.hamiltonian(c.first, c.second), H0, 1e-6);  // bounded, not conserved: order 4 at h = 0.05
}

TEST(HamiltonianProblems, AutodiffRatesAreTheHandWrittenOnesAndHIsTheLegendreTransform) {
    const problems::double_pendulum<double> dp;
    const auto sys = dp.hamiltonian_system();
    const auto lagrangian = dp.nonlinear_system();
    std::mt19937 rng(72);
    std::uniform_real_distribution<double> u(-2, 2);
    for (int k = 0; k < 20; ++k) {
        const Eigen::VectorXd q = Eigen::Vector2d(u(rng), u(rng)), p = Eigen::Vector2d(u(rng), u(rng));
        const auto [dq, dpdt] = sys.rates(q, p);
        std::array<double, 4> x{q(0), q(1), p(0), p(1)}, dx{};
        dp.nonlinear_rates(x, dx);
        for (int i = 0; i < 2; ++i) {
            EXPECT_NEAR(dq(i), dx[std::size_t(i)], 1e-13 * (1 + std::abs(dx[std::size_t(i)])));
            EXPECT_NEAR(dpdt(i), dx[std::size_t(i) + 2], 1e-13 * (1 + std::abs(dx[std::size_t(i) + 2])));
        }
        const double H = sys.hamiltonian(q, p);
        EXPECT_NEAR(H, lagrangian.hamiltonian(q, p), 1e-13 * (1 + std::abs(H)));  // vᵀp − L, v by Newton
    }
    const auto tao = problems::tao_hamiltonian<double>::system();
    const Eigen::VectorXd q = Eigen::VectorXd::Constant(1, 0.7), p = Eigen::VectorXd::Constant(1, -1.3);
    const auto [dq, dpdt] = tao.rates(q, p);
    std::array<double, 2> x{0.7, -1.3}, dx{};
    problems::tao_hamiltonian<double>::rates(x, dx);
    EXPECT_NEAR(dq(0), dx[0], 1e-14);
    EXPECT_NEAR(dpdt(0), dx[1], 1e-14);
}

TEST(GaussStepper, DenseOutputBetweenNodesIsAStepOfTheMethod) {
    auto sys = make_hamiltonian_system<double>(1, tao_hamiltonian{});
    using P = std::pair<double, double>;
    auto dense = make_dense_output(gauss_collocation_stepper<double, 3>());
    dense.initialize(P{0.5, 0.0}, 0.0, 0.1);
    dense.do_step(std::ref(sys));
    dense.do_step(std::ref(sys));
    P mid;
    dense.calc_state(0.13, mid);
    gauss_collocation_stepper<double, 3> plain;
    P x{0.5, 0.0};
    plain.do_step(sys, x, 0.0, 0.1);
    plain.do_step(sys, x, 0.1, 0.03);
    EXPECT_NEAR(mid.first, x.first, 1e-15);
    EXPECT_NEAR(mid.second, x.second, 1e-15);
}

/// The largest error of the collocation dense output at t_n + h/3 (not a node) over N steps of
/// h = 1/N on q̈ = −q from (1, 0), against cos t and −sin t; `side` for the side-step output.
template <unsigned S, bool Side = false>
double dense_output_error(int N) {
    const auto sys = make_hamiltonian_system<double>(1, [](const auto& q, const auto& p) { return (q[0] * q[0] + p[0] * p[0]) / 2; });
    using P = std::pair<double, double>;
    auto dense = [] {
        if constexpr (Side) return make_dense_output(gauss_collocation_stepper<double, S>());
        else return make_collocation_dense_output(gauss_collocation_stepper<double, S>());
    }();
    const double h = 1.0 / N;
    dense.initialize(P{1.0, 0.0}, 0.0, h);
    double worst = 0;
    for (int k = 0; k < N; ++k) {
        dense.do_step(std::cref(sys));
        const double t = dense.previous_time() + h / 3;
        P x;
        dense.calc_state(t, x);
        worst = std::max({worst, std::abs(x.first - std::cos(t)), std::abs(x.second + std::sin(t))});
    }
    return worst;
}

TEST(GaussStepper, CollocationDenseOutputHasOrderSPlusOneAndEndsOnTheStep) {
    // order s + 1 inside a step (GNI Theorem II.1.5), from h = 1/16 to 1/32; the side step, of
    // the method's order 2s, is the closer output
    const double order2 = std::log2(dense_output_error<2>(16) / dense_output_error<2>(32));
    const double order3 = std::log2(dense_output_error<3>(16) / dense_output_error<3>(32));
    const double side = dense_output_error<3, true>(16), collocation = dense_output_error<3>(16);
    std::cout << "collocation dense output: orders " << order2 << " (s = 2), " << order3 << " (s = 3); s = 3, h = 1/16: "
              << collocation << " against " << side << " by side steps\n";
    EXPECT_NEAR(order2, 3.0, 0.2);
    EXPECT_NEAR(order3, 4.0, 0.2);
    EXPECT_LT(side, collocation / 10);
    // θ = 1 is the step's end, θ = 0 its start
    const auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<V, 3> stepper;
    using VP = std::pair<V, V>;
    VP end;
    expect_throw_with<std::logic_error>([&] { stepper.collocation_state(0.5, end); }, "needs a completed step");
    auto x = std::make_pair(V{1.0, 0.5}, V{0.2, -0.3});
    const auto x0 = x;
    stepper.do_step(sys, x, 0.0, 0.05);
    VP start;
    stepper.collocation_state(1.0, end);
    stepper.collocation_state(0.0, start);
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(end.first[i], x.first[i], 4e-16);
        EXPECT_NEAR(end.second[i], x.second[i], 4e-16);
        EXPECT_EQ(start.first[i], x0.first[i]);
        EXPECT_EQ(start.second[i], x0.second[i]);
    }
    expect_throw_with<std::invalid_argument>([&] { stepper.collocation_state(1.5, end); }, "theta = 1.5");
    // odeint's integrate_const through it: the nodes are the plain stepper's, to the bit
    auto y = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    auto z = y;
    odeint::integrate_const(make_collocation_dense_output(gauss_collocation_stepper<V, 3>()), std::cref(sys), y, 0.0, 1.0, 0.1);
    odeint::integrate_n_steps(gauss_collocation_stepper<V, 3>(), std::cref(sys), z, 0.0, 0.1, 10);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(y.first[i], z.first[i]);
        EXPECT_EQ(y.second[i], z.second[i]);
    }
}

TEST(GaussStepper, OdeintsSeparablePairIsSweptToTheSameStates) {
    // Kepler e = 0.6 as odeint's pair (f, g) and as a hamiltonian_system: the pair's stages are
    // swept (no Hessian), the model's solved by simplified Newton; the same states to round-off
    using A = std::array<double, 2>;
    const auto f = [](const A& p, A& dqdt) { dqdt = p; };
    const auto g = [](const A& q, A& dpdt) {
        const double r3 = std::pow(q[0] * q[0] + q[1] * q[1], 1.5);
        dpdt = {-q[0] / r3, -q[1] / r3};
    };
    auto sys = make_hamiltonian_system<double>(2, [](const auto& q, const auto& p) {
        using std::sqrt;
        return (p[0] * p[0] + p[1] * p[1]) / 2 - 1 / sqrt(q[0] * q[0] + q[1] * q[1]);
    });
    gauss_collocation_stepper<A, 3> on_pair, on_model;
    auto a = std::make_pair(A{0.4, 0.0}, A{0.0, 2.0});
    auto b = a;
    for (int k = 0; k < 500; ++k) {
        on_pair.do_step(std::make_pair(f, g), a, 0.01 * k, 0.01);
        on_model.do_step(std::ref(sys), b, 0.01 * k, 0.01);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(a.first[std::size_t(i)], b.first[std::size_t(i)], 1e-12);
        EXPECT_NEAR(a.second[std::size_t(i)], b.second[std::size_t(i)], 1e-12);
    }
    EXPECT_GT(on_pair.iterations(), on_model.iterations());  // sweeps against Newton
}

TEST(TaoStepper, BoundedEnergyCloseCopiesAndExactReversalOfTheDoubledMap) {
    auto sys = problems::tao_hamiltonian<double>::system();
    tao_stepper<double, scheme::yoshida4> st(1.0);
    EXPECT_EQ(st.order(), 4);
    std::pair<double, double> x{0.5, 0.0};
    const auto H = [](const std::pair<double, double>& y) { return (y.first * y.first + 1) * (y.second * y.second + 1) / 2; };
    const double H0 = H(x), h = 0.05;
    double first = 0, last = 0;
    const int steps = 20000;
    for (int k = 0; k < steps; ++k) {
        st.do_step(std::cref(sys), x, k * h, h);
        if (k < steps / 10) first = std::max(first, std::abs(H(x) - H0));
        if (k >= steps - steps / 10) last = std::max(last, std::abs(H(x) - H0));
    }
    EXPECT_LE(last, 1.1 * first);  // no drift over t = 1000 (measured: equal to 4 digits)
    EXPECT_LE(first, 1e-4);
    EXPECT_LE(st.copy_distance(), 1e-4);  // the copies stay bound
    // the doubled state continues across steps, so steps of −h undo steps of h to round-off
    const auto start = x;
    for (int k = 0; k < 100; ++k) st.do_step(std::cref(sys), x, k * h, h);
    for (int k = 100; k > 0; --k) st.do_step(std::cref(sys), x, k * h, -h);
    EXPECT_NEAR(x.first, start.first, 1e-13);
    EXPECT_NEAR(x.second, start.second, 1e-13);
    expect_throw_with<std::invalid_argument>([] { tao_stepper<double>(0.0); }, "omega = 0");
    expect_throw_with<std::invalid_argument>([] { tao_stepper<double>(std::nan("")); }, "omega = nan");
}

// ∂H/∂q, ∂H/∂p given by hand: the same states as by jets, and gradient_mismatch tells a wrong one
TEST(GaussStepper, AGivenGradientGivesTheSameStatesAndAWrongOneIsCaught) {
    const auto H = [](const auto& q, const auto& p) { return (q[0] * q[0] + 1) * (p[0] * p[0] + 1) / 2; };
    auto by_jets = make_hamiltonian_system<double>(1, H);
    auto given = make_hamiltonian_system<double>(1, H, [](const auto& q, const auto& p, const double&, auto& Hq, auto& Hp) {
        Hq[0] = q[0] * (p[0] * p[0] + 1);
        Hp[0] = (q[0] * q[0] + 1) * p[0];
    });
    static_assert(decltype(given)::given_gradient && !decltype(by_jets)::given_gradient);
    EXPECT_LE(given.gradient_mismatch(vector<double>::Constant(1, 0.7), vector<double>::Constant(1, -0.4)), 1e-15);
    gauss_collocation_stepper<V, 3> a, b;
    auto x = std::make_pair(V{0.5}, V{0.0});
    auto y = x;
    for (int k = 0; k < 1000; ++k) {
        a.do_step(by_jets, x, 0.01 * k, 0.01);
        b.do_step(given, y, 0.01 * k, 0.01);
    }
    EXPECT_NEAR(x.first[0], y.first[0], 1e-13);
    EXPECT_NEAR(x.second[0], y.second[0], 1e-13);
    auto wrong = make_hamiltonian_system<double>(1, H, [](const auto& q, const auto& p, const double&, auto& Hq, auto& Hp) {
        Hq[0] = 2 * q[0] * (p[0] * p[0] + 1);  // twice ∂H/∂q
        Hp[0] = (q[0] * q[0] + 1) * p[0];
    });
    EXPECT_GT(wrong.gradient_mismatch(vector<double>::Constant(1, 0.7), vector<double>::Constant(1, -0.4)), 0.5);
    auto infinite = make_hamiltonian_system<double>(1, H, [](const auto& q, const auto& p, const double&, auto& Hq, auto& Hp) {
        using std::log;
        Hq[0] = q[0] * log(p[0] * p[0]);  // −inf at p = 0
        Hp[0] = p[0];
    });
    gauss_collocation_stepper<V, 2> c;
    auto z = std::make_pair(V{0.5}, V{0.0});
    expect_throw_with<std::domain_error>([&] { c.do_step(infinite, z, 0.0, 0.01); }, "the given dH/dq[0] at q = (0.5)");
}

TEST(GaussStepper, NamedErrors) {
    expect_throw_with<std::invalid_argument>(
        [] { make_hamiltonian_system<double>(0, tao_hamiltonian{}); }, "dof = 0");
    auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<V, 2> stepper;
    auto wrong = std::make_pair(V{1.0, 0.5, 0.0}, V{0.0, 0.0, 0.0});
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(sys, wrong, 0.0, 0.01); }, "dof = 2");
    auto x = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    expect_throw_with<std::invalid_argument>([&] { stepper.do_step(sys, x, 0.0, 0.0); }, "dt = 0");
    // a step far beyond the pendulum's period: the iteration does not settle, naming h
    try {
        stepper.do_step(sys, x, 0.0, 50.0);
        ADD_FAILURE() << "a step of 50 went through";
    } catch (const convergence_error& e) {
        EXPECT_NE(std::string(e.what()).find("h = 50"), std::string::npos) << e.what();
    } catch (const singular_step_error& e) {
        EXPECT_NE(std::string(e.what()).find("h = 50"), std::string::npos) << e.what();
    }
    // a Newton iteration capped at 2: the message names the iterations, the residual and h
    iteration_options two;
    two.max_iterations = 2;
    gauss_collocation_stepper<V, 2> capped(two);
    auto y = std::make_pair(V{1.0, 0.5}, V{0.0, 0.0});
    expect_throw_with<convergence_error>([&] { capped.do_step(sys, y, 0.0, 0.1); },
                                         "the simplified Newton iteration did not settle in 2 iterations (last change ");
    try {
        capped.do_step(sys, y, 0.0, 0.1);
    } catch (const convergence_error& e) {
        EXPECT_NE(std::string(e.what()).find(") with the residual of its equations at "), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("(max norm) at h = 0.1"), std::string::npos) << e.what();
    }
    // H not finite: log of a negative coordinate
    auto bad = make_hamiltonian_system<double>(1, [](const auto& q, const auto& p) {
        using std::log;
        return p[0] * p[0] / 2 + log(q[0]);
    });
    gauss_collocation_stepper<double, 1> one;
    double q = -1, p = 0;
    expect_throw_with<std::domain_error>([&] { one.do_step(bad, q, p, 0.0, 0.1); }, "hamiltonian_system: H at q = (-1)");
}

}  // namespace
