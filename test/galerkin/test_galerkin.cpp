// Galerkin variational integrators at double (sanitized): the drop-in check, backward
// integration, Degree 2 = Simpson on a separable model, Noether (angular momentum of Kepler's
// problem), energy of the nonlinear double pendulum, an O(n) pair-form step on a 10⁴-mass
// chain, the named errors for bad input, and RapidCheck properties on random smooth potentials
// (symplecticity, reversibility, Noether). The orders, symplecticity and time symmetry on the
// named problems are measured at 50 digits in galerkin_mp50.
#include "galerkin_drop_in.hpp"
#include "test_forward_jet.inc"
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/fpu_chain.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <rapidcheck/gtest.h>

namespace {
using namespace geomint_test;
using V = std::vector<double>;
namespace odeint = boost::numeric::odeint;

TEST(GalerkinDropIn, OdeintIdiomsAtDouble) { drop_in_all_states<double>(); }

// integrate_const with t1 < t0 and dt < 0 undoes a forward run (the scheme is symmetric).
TEST(GalerkinDropIn, NegativeStepsIntegrateBackward) {
    const problems::kepler<double> k(0.6);
    const auto start = std::make_pair(V{k.q0()[0], k.q0()[1]}, V{k.p0()[0], k.p0()[1]});
    auto x = start;
    odeint::integrate_const(galerkin_vi_stepper<V, 3>(), k.system(), x, 0.0, 2.0, 0.01);
    EXPECT_GT(state_distance(x, start), 0.1);
    odeint::integrate_const(galerkin_vi_stepper<V, 3>(), k.system(), x, 2.0, 0.0, -0.01);
    EXPECT_LE(state_distance(x, start), 400 * eps<double>()) << "200 steps each way";
}

// On q̈ = −q written as a separable_system, Degree 2 is Simpson's VI (fixed-point path).
TEST(GalerkinSimpson, DegreeTwoIsSimpsonOnASeparableModel) {
    using Vec = vector<double>;
    auto oscillator = make_separable_system<double>(1, [](const auto& q) { return q[0] * q[0] / 2; });
    const quadratic_lagrangian<matrix<double>> linear(matrix<double>::Identity(1, 1), matrix<double>::Identity(1, 1));
    simpson_stepper<Vec> simpson;
    galerkin_vi_stepper<Vec, 2> galerkin;
    Vec q(1), p(1);
    q << 1.0;
    p << 0.25;
    auto a = std::make_pair(q, p), b = a;
    for (int j = 0; j < 100; ++j) {
        simpson.do_step(linear, a, 0.3 * j, 0.3);
        galerkin.do_step(oscillator, b, 0.3 * j, 0.3);
    }
    EXPECT_LE(std::abs(a.first(0) - b.first(0)), 1000 * eps<double>());
    EXPECT_LE(std::abs(a.second(0) - b.second(0)), 1000 * eps<double>());
}

// Noether: Kepler's potential is rotation invariant, so the angular momentum q × p is conserved
// by the scheme; with compensated summation it random-walks: ≤ 100 ε √N. 10⁴ steps in CI,
// 10⁵ with GEOMINT_LONG_RUNS=1.
TEST(GalerkinStructure, AngularMomentumIsConserved) {
    const std::size_t steps = steps_for<double>(100000, 10, 10);
    const problems::kepler<double> k(0.6);
    galerkin_vi_stepper<V, 2> st;
    auto x = std::make_pair(V{k.q0()[0], k.q0()[1]}, V{k.p0()[0], k.p0()[1]});
    const double L0 = k.angular_momentum(x.first, x.second);
    double worst = 0;
    for (std::size_t j = 0; j < steps; ++j) {
        st.do_step(k.system(), x, 0.0, 0.02);
        worst = std::max(worst, std::abs(k.angular_momentum(x.first, x.second) - L0));
    }
    std::cout << "angular momentum drift over " << steps << " steps: " << worst / eps<double>() << " eps\n";
    EXPECT_LE(worst, 100 * eps<double>() * std::sqrt(double(steps)));
}

// The nonlinear double pendulum (Simpson paper's parameters and start q(0) = (0, π/6)) in
// Lagrangian form: over 10⁴ steps of h = t̄/100 the energy error of the last quarter stays
// within twice that of the first quarter (bounded, no secular drift).
TEST(GalerkinLagrangian, NonlinearDoublePendulumEnergyIsBounded) {
    const problems::double_pendulum<double> dp;
    const auto sys = dp.nonlinear_system();
    galerkin_vi_stepper<V, 2> st;
    auto x = std::make_pair(V{dp.q0()[0], dp.q0()[1]}, V{0.0, 0.0});
    const auto H = [&] { return sys.hamiltonian(vector<double>(as_eigen(x.first)), vector<double>(as_eigen(x.second))); };
    const double H0 = H();
    const int steps = 10000;
    double first = 0, last = 0;
    for (int j = 0; j < steps; ++j) {
        st.do_step(sys, x, 0.01 * j, 0.01);
        const double e = std::abs(H() - H0);
        if (j < steps / 4) first = std::max(first, e);
        if (j >= 3 * steps / 4) last = std::max(last, e);
    }
    std::cout << "energy error (relative): max over the first quarter " << first / std::abs(H0) << ", the last quarter "
              << last / std::abs(H0) << "\n";
    EXPECT_LT(first / std::abs(H0), 1e-5);
    EXPECT_LT(last, 2 * first) << "no secular drift";
}

// Fixed-size states (Eigen::Vector2d, std::array<double, 2>) take the Newton path at compile-time
// sizes: jets of exactly 2n directions, fixed-size stage matrices, Jacobian and LU. Against the
// same steps on run-time-size states (Eigen::VectorXd), which evaluate the same formulas in
// loops of run-time length: the conservative double pendulum (Degrees 2 and 4), a forced
// Lagrangian (the force's terms in the Jacobian) and a dense quadratic_lagrangian (the view's
// derivatives), 200 steps each, within 64 ε of the state's size; and the one-step map's Jacobian
// of the fixed path is symplectic to 100 ε.
template <unsigned Degree, class Fixed, class System>
double fixed_against_dynamic(const System& sys, const Fixed& q0, const Fixed& p0, double h) {
    using Dyn = vector<double>;
    galerkin_vi_stepper<Fixed, Degree> fixed;
    galerkin_vi_stepper<Dyn, Degree> dynamic;
    auto a = std::make_pair(q0, p0);
    auto b = std::make_pair(Dyn(as_eigen(q0)), Dyn(as_eigen(p0)));
    double worst = 0;
    for (int j = 0; j < 200; ++j) {
        fixed.do_step(sys, a, h * j, h);
        dynamic.do_step(sys, b, h * j, h);
        for (Eigen::Index i = 0; i < b.first.size(); ++i) {
            worst = std::max(worst, std::abs(as_eigen(a.first)(i) - b.first(i)) / (1 + std::abs(b.first(i))));
            worst = std::max(worst, std::abs(as_eigen(a.second)(i) - b.second(i)) / (1 + std::abs(b.second(i))));
        }
    }
    EXPECT_EQ(fixed.iterations(), dynamic.iterations());
    return worst;
}

TEST(GalerkinLagrangian, FixedSizeStatesGiveTheRunTimeSizeStates) {
    using V2 = Eigen::Vector2d;
    using A2 = std::array<double, 2>;
    const problems::double_pendulum<double> dp;
    const auto pendulum = dp.nonlinear_system();
    const V2 q0(dp.q0()[0], dp.q0()[1]), p0(0.1, -0.05);
    const double h = dp.tbar / 100;
    const double d2 = fixed_against_dynamic<2>(pendulum, q0, p0, h);
    const double d4 = fixed_against_dynamic<4>(pendulum, q0, p0, h);
    const double a2 = fixed_against_dynamic<2>(pendulum, A2{q0(0), q0(1)}, A2{p0(0), p0(1)}, h);
    // a forced Lagrangian: L = ½|v|² − ½|q|² − q₀²q₁²/4 with F = −v/10 + (cos t, 0)
    const auto forced = make_lagrangian_system<double>(
        2, [](const auto& q, const auto& v) { return (v[0] * v[0] + v[1] * v[1] - q[0] * q[0] - q[1] * q[1]) / 2 - q[0] * q[0] * q[1] * q[1] / 4; },
        [](const auto& q, const auto& v, const double& t) {
            using U = std::decay_t<decltype(q[0])>;
            return std::vector<U>{-v[0] / 10 + std::cos(t), -v[1] / 10};
        });
    const double df = fixed_against_dynamic<3>(forced, V2(0.5, -0.25), V2(0.0, 0.3), 0.05);
    matrix<double> M(2, 2), K(2, 2);
    M << 2, 1, 1, 3;
    K << 5, -1, -1, 4;
    const double dq = fixed_against_dynamic<2>(quadratic_lagrangian<matrix<double>>(M, K), V2(1.0, 0.0), V2(0.0, 0.5), 0.1);
    std::cout << "fixed against run-time sizes, largest relative difference in eps: pendulum D2 " << d2 / eps<double>()
              << ", D4 " << d4 / eps<double>() << ", std::array " << a2 / eps<double>() << ", forced " << df / eps<double>()
              << ", quadratic " << dq / eps<double>() << "\n";
    for (const double d : {d2, d4, a2, df, dq}) EXPECT_LE(d, 64 * eps<double>());
    // the fixed path's one-step map
    galerkin_vi_stepper<V2, 2> st;
    auto x = std::make_pair(V2(1.0, 1.5), V2(0.1, -0.05));
    st.do_step(pendulum, x, 0.0, 0.02);
    const matrix<double> Phi = st.last_step_jacobian(pendulum);
    matrix<double> J = matrix<double>::Zero(4, 4);
    J.topRightCorner(2, 2).setIdentity();
    J.bottomLeftCorner(2, 2) = -matrix<double>::Identity(2, 2);
    EXPECT_LE(max_abs(matrix<double>(Phi.transpose() * J * Phi - J)), 100 * eps<double>());
}

// Pair form on a 10⁴-mass FPU chain: only f and g are called, O(n) memory (a dense n × n
// matrix would need 800 MB); the step conserves the energy to the scheme's accuracy.
TEST(GalerkinDropIn, LargeChainInPairForm) {
    const int n = 10000;
    const problems::fpu_chain<double> chain{0.25};
    V q(n), p(n, 0.0);
    for (int i = 0; i < n; ++i) q[std::size_t(i)] = std::sin(3.14159 * (i + 1) / (n + 1)) / 10;
    const auto energy = [&](const V& q, const V& p) {
        double e = 0;
        for (int i = 0; i <= n; ++i) {
            const double r = (i < n ? q[std::size_t(i)] : 0.0) - (i > 0 ? q[std::size_t(i - 1)] : 0.0);
            e += r * r / 2 + 0.25 * r * r * r / 3;
        }
        for (double pi : p) e += pi * pi / 2;
        return e;
    };
    auto x = std::make_pair(q, p);
    const double e0 = energy(x.first, x.second);
    galerkin_vi_stepper<V, 2> st;
    for (int j = 0; j < 5; ++j) st.do_step(chain.system(), x, 0.0, 0.1);
    EXPECT_LE(std::abs(energy(x.first, x.second) - e0), 1e-8 * e0);
}

TEST(GalerkinErrors, StepTooLargeForTheFixedPoint) {
    // q̈ = −100 q with h = 1: the fixed point contracts only for h² · 100 · O(1) < 1
    auto f = [](const V& p, V& dqdt) { dqdt = p; };
    auto g = [](const V& q, V& dpdt) { dpdt = {-100 * q[0]}; };
    galerkin_vi_stepper<V, 3> st;
    auto x = std::make_pair(V{1.0}, V{0.0});
    try {
        st.do_step(std::make_pair(f, g), x, 0.0, 1.0);
        FAIL() << "no error";
    } catch (const convergence_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("galerkin_vi_3: the fixed-point iteration"), std::string::npos) << what;
        EXPECT_NE(what.find("at h = 1:"), std::string::npos) << what;
        EXPECT_NE(what.find("smaller step"), std::string::npos) << what;
        EXPECT_GT(e.iterations, 0);
    }
    EXPECT_EQ(x.first[0], 1.0) << "a failed step leaves the state alone";
    st.do_step(std::make_pair(f, g), x, 0.0, 0.01);  // and a good step still works
    EXPECT_NEAR(x.first[0], std::cos(0.1), 1e-9);
}

// A pair with its copy at double (with_double_model) is, at double and to geomint's other steppers,
// the pair: the same steps bit for bit (galerkin_mp50 tests the copy's use at 50 digits). odeint's
// own steppers take the pair itself (the base, `copied.pair()`).
TEST(GalerkinDoubleModel, APairsCopyAtDoubleIsThePair) {
    using A = std::array<double, 2>;
    const problems::kepler<double> k(0.6);
    const auto copied = with_double_model(k.system(), k.system());
    static_assert(form_of<decltype(copied)>() == system_form::odeint_pair);
    auto start = std::make_pair(A{k.q0()[0], k.q0()[1]}, A{k.p0()[0], k.p0()[1]});
    auto x1 = start, x2 = start, y1 = start, y2 = start;
    galerkin_vi_stepper<A, 2> a, b;
    yoshida4_stepper<A> c, d;
    boost::numeric::odeint::symplectic_rkn_sb3a_m4_mclachlan<A> e, f;
    auto z1 = start, z2 = start;
    for (int j = 0; j < 50; ++j) {
        a.do_step(k.system(), x1, 0.0, 0.01);
        b.do_step(copied, x2, 0.0, 0.01);
        c.do_step(k.system(), y1, 0.0, 0.01);
        d.do_step(copied, y2, 0.0, 0.01);
        e.do_step(k.system(), z1, 0.0, 0.01);
        f.do_step(copied.pair(), z2, 0.0, 0.01);
    }
    EXPECT_EQ(x1, x2);
    EXPECT_EQ(y1, y2);
    EXPECT_EQ(z1, z2);
    EXPECT_NE(x1, start);
}

// A stage rate that is not a number: the step throws, naming the divergence, and leaves the state
// alone (a NaN change of the stages once compared as no change, and the step "settled" on NaN).
TEST(GalerkinErrors, ANonFiniteStageRateThrowsInTheStep) {
    auto f = [](const V& p, V& dqdt) { dqdt = p; };
    auto g = [](const V& q, V& dpdt) { dpdt = {q[0] > 0.5 ? std::numeric_limits<double>::quiet_NaN() : -q[0]}; };
    galerkin_vi_stepper<V, 2> st;
    auto x = std::make_pair(V{0.4}, V{1.0});  // the stages reach q = 0.6
    try {
        st.do_step(std::make_pair(f, g), x, 0.0, 0.2);
        FAIL() << "no error";
    } catch (const convergence_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("galerkin_vi_2: the fixed-point iteration diverged (a non-finite stage value) at h = 0.2"),
                  std::string::npos)
            << what;
    }
    EXPECT_EQ(x.first[0], 0.4);
    EXPECT_EQ(x.second[0], 1.0);
}

// Newton corrections on the pair form's fixed point (scheme/galerkin/fixed_point.hpp; scalars
// wider than long double), at quad on a dynamic state (the sanitizers watch the work arrays):
// on q̈ = −100 q at h = 1, where the sweeps do not contract (the test above), they converge, and
// the step is the symplectic linear map of the stage equations: det Φ = 1.
TEST(GalerkinCorrections, NewtonCorrectionsConvergeWhereTheSweepsDoNot) {
    using Q = std::vector<quad>;
    auto f = [](const Q& p, Q& dqdt) { dqdt = p; };
    auto g = [](const Q& q, Q& dpdt) { dpdt = {-100 * q[0]}; };
    galerkin_vi_stepper<Q, 3> st({.max_iterations = 100, .corrections = stage_corrections::always});
    auto e1 = std::make_pair(Q{quad(1)}, Q{quad(0)}), e2 = std::make_pair(Q{quad(0)}, Q{quad(1)});
    st.do_step(std::make_pair(f, g), e1, quad(0), quad(1));
    st.do_step(std::make_pair(f, g), e2, quad(0), quad(1));
    using std::abs;
    const quad det = e1.first[0] * e2.second[0] - e2.first[0] * e1.second[0];
    const quad size = std::max({quad(abs(e1.first[0] * e2.second[0])), quad(abs(e2.first[0] * e1.second[0])), quad(1)});
    std::cout << "q'' = -100 q, h = 1, Degree 3 at quad: Phi = [[" << double(e1.first[0]) << ", " << double(e2.first[0])
              << "], [" << double(e1.second[0]) << ", " << double(e2.second[0]) << "]], det - 1 = " << double(det - 1)
              << " = " << double((det - 1) / (size * eps<quad>())) << " size eps, " << st.iterations() << " iterations\n";
    EXPECT_LE(abs(det - 1), 256 * size * eps<quad>());
    galerkin_vi_stepper<Q, 3> sweeps({.max_iterations = 100, .corrections = stage_corrections::never});
    auto x = std::make_pair(Q{quad(1)}, Q{quad(0)});
    EXPECT_THROW(sweeps.do_step(std::make_pair(f, g), x, quad(0), quad(1)), convergence_error);
}

// The same with a force (forced_pair; Newton on the stage rates and the stage momenta the force
// sees): q̈ = −100 q − q̇/5 + cos t at h = 1, Degree 3, quad. The corrections converge where the
// sweeps do not, to the step of the same equations on the Newton path (the Lagrangian
// L = v²/2 − 50 q² with the force −v/5 + cos t).
TEST(GalerkinCorrections, ForcedPairCorrectionsConvergeWhereTheSweepsDoNot) {
    using Q = std::vector<quad>;
    auto f = [](const Q& p, Q& dqdt) { dqdt = p; };
    auto g = [](const Q& q, Q& dpdt) { dpdt = {-100 * q[0]}; };
    auto force = [](const Q& /*q*/, const Q& p, const quad& t, Q& out) {
        using std::cos;
        out = {-p[0] / 5 + cos(t)};
    };
    const auto lagrangian = make_lagrangian_system<quad>(
        1, [](const auto& q, const auto& v) { return v[0] * v[0] / 2 - 50 * q[0] * q[0]; },
        [](const auto& /*q*/, const auto& v, const quad& t) {
            using U = typename std::decay_t<decltype(v)>::value_type;
            using std::cos;
            return std::vector<U>{-v[0] / 5 + U(quad(cos(t)))};
        });
    galerkin_vi_stepper<Q, 3> st({.max_iterations = 100, .corrections = stage_corrections::always}), newton;
    auto x = std::make_pair(Q{quad(1)}, Q{quad(0)}), y = x;
    for (int j = 0; j < 3; ++j) {  // the second and third steps start from the extrapolated stages
        st.do_step(forced_pair(f, g, force), x, quad(j), quad(1));
        newton.do_step(lagrangian, y, quad(j), quad(1));
    }
    using std::abs;
    const quad size = std::max({quad(abs(y.first[0])), quad(abs(y.second[0])), quad(1)});
    const quad distance = std::max(abs(x.first[0] - y.first[0]), abs(x.second[0] - y.second[0]));
    std::cout << "q'' = -100 q - q'/5 + cos t, h = 1, Degree 3 at quad, 3 steps: forced pair (corrections, "
              << st.iterations() << " iterations the last step) against the Newton path: " << double(distance / (size * eps<quad>()))
              << " size eps\n";
    EXPECT_LE(distance, 256 * size * eps<quad>());
    EXPECT_LE(st.iterations(), 8);
    galerkin_vi_stepper<Q, 3> sweeps({.max_iterations = 100, .corrections = stage_corrections::never});
    auto z = std::make_pair(Q{quad(1)}, Q{quad(0)});
    EXPECT_THROW(sweeps.do_step(forced_pair(f, g, force), z, quad(0), quad(1)), convergence_error);
}

// A forced pair's warm start extrapolates the stage momenta its force is first evaluated at,
// with the stage rates (the last step's P_i − p on the stage polynomial; P = p before): the
// damped, driven Duffing oscillator q̈ = −q − q³ − q̇/5 + (3/10) cos(6t/5) at h = 1/20, Degree 4,
// 100 steps, takes 6.2 sweeps a step after the first two (8.0 with P = p), to the states of
// steps each started cold (`reset`) within the iteration's tolerance.
TEST(GalerkinForcedPair, TheWarmStartExtrapolatesTheStageMomenta) {
    const auto f = [](const V& p, V& dqdt) { dqdt[0] = p[0]; };
    const auto g = [](const V& q, V& dpdt) { dpdt[0] = -q[0] - q[0] * q[0] * q[0]; };
    const auto force = [](const V& /*q*/, const V& p, double t, V& out) {
        out[0] = -p[0] / 5 + 3.0 / 10 * std::cos(6.0 / 5 * t);
    };
    const auto sys = forced_pair(f, g, force);
    galerkin_vi_stepper<V, 4> warm, cold;
    auto x = std::make_pair(V{0.5}, V{0.0}), y = x;
    const double h = 1.0 / 20;
    long sweeps = 0;
    for (int j = 0; j < 100; ++j) {
        warm.do_step(sys, x, j * h, h);
        if (j >= 2) sweeps += warm.iterations();
        cold.reset();
        cold.do_step(sys, y, j * h, h);
    }
    const double mean = double(sweeps) / 98, distance = std::max(std::abs(x.first[0] - y.first[0]), std::abs(x.second[0] - y.second[0]));
    std::cout << "forced Duffing at double, Degree 4, h = 1/20: " << mean << " sweeps a step warm; warm and cold runs "
              << distance / eps<double>() << " eps apart\n";
    EXPECT_LE(mean, 7.0);
    EXPECT_LE(distance, 256 * eps<double>());
}

// The starting guess (scheme/galerkin/fixed_point.hpp): a warm step predicts its stage rates within
// the last step and across the last six, and starts from the one that came twice as near on the
// last step. Kepler e = 0.6 at h = P/200, Degree 2, 400 steps at double: 4.83 sweeps a step after
// the first two (5.68 from the prediction within a step alone), the states of steps each started
// cold within the iteration's tolerance (each step settles to round-off: 1330 ε apart after 400). On q'' = -q - q^3 / 2 at h = 1.2, where an extrapolation
// over six steps is far off, the steps keep the prediction within a step: no more sweeps than a
// stepper rebuilt every seventh step (whose history is never long enough to predict across).
TEST(GalerkinFixedPoint, ThePredictionAcrossStepsTakesFewerSweepsNotOtherStates) {
    const problems::kepler<double> k(0.6);
    using A = std::array<double, 2>;
    galerkin_vi_stepper<A, 2> warm, cold;
    auto x = std::make_pair(A{k.q0()[0], k.q0()[1]}, A{k.p0()[0], k.p0()[1]}), y = x;
    const double h = k.period() / 200;
    long sweeps = 0;
    double distance = 0;
    for (int j = 0; j < 400; ++j) {
        warm.do_step(k.system(), x, 0.0, h);
        if (j >= 2) sweeps += warm.iterations();
        cold.reset();
        cold.do_step(k.system(), y, 0.0, h);
        for (std::size_t c = 0; c < 2; ++c)
            distance = std::max({distance, std::abs(x.first[c] - y.first[c]), std::abs(x.second[c] - y.second[c])});
    }
    const double mean = double(sweeps) / 398;
    std::cout << "Kepler at double, Degree 2, h = P/200: " << mean << " sweeps a step warm; warm and cold runs "
              << distance / eps<double>() << " eps apart\n";
    EXPECT_LE(mean, 5.0);
    EXPECT_LE(distance, 16 * 400 * eps<double>());  // each step settles to round-off, 64 ε of |q|, |p| <= 2 (1330 ε measured)

    const auto f = [](const V& p, V& dqdt) { dqdt[0] = p[0]; };
    const auto g = [](const V& q, V& dpdt) { dpdt[0] = -q[0] - q[0] * q[0] * q[0] / 2; };
    galerkin_vi_stepper<V, 2> kept, rebuilt;
    auto u = std::make_pair(V{1.0}, V{0.0}), w = u;
    long kept_sweeps = 0, rebuilt_sweeps = 0;
    for (int j = 0; j < 210; ++j) {
        if (j % 7 == 0) rebuilt = galerkin_vi_stepper<V, 2>();
        kept.do_step(std::make_pair(f, g), u, 0.0, 1.2);
        rebuilt.do_step(std::make_pair(f, g), w, 0.0, 1.2);
        if (j % 7 != 0) {  // the rebuilt stepper's first step is cold
            kept_sweeps += kept.iterations();
            rebuilt_sweeps += rebuilt.iterations();
        }
    }
    std::cout << "q'' = -q - q^3/2 at h = 1.2: " << kept_sweeps / 180.0 << " sweeps a step kept, " << rebuilt_sweeps / 180.0
              << " rebuilt every seventh step\n";
    EXPECT_LE(kept_sweeps, rebuilt_sweeps + 18);  // within 0.1 a step
}

TEST(GalerkinErrors, DegenerateLagrangian) {
    // L = v₀²/2 + q₁ v₁: ∂²L/∂v² = diag(1, 0) is singular
    const auto sys = make_lagrangian_system<double>(2, [](const auto& q, const auto& v) { return v[0] * v[0] / 2 + q[1] * v[1]; });
    galerkin_vi_stepper<V, 2> st;
    auto x = std::make_pair(V{0.5, 0.25}, V{0.0, 0.0});
    try {
        st.do_step(sys, x, 0.0, 0.1);
        FAIL() << "no error";
    } catch (const std::domain_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("d2L/dv2 (rank 1 of 2) is singular at q = (0.5"), std::string::npos) << what;
    }
}

TEST(GalerkinErrors, NonFiniteStateAndMismatchedSizes) {
    const problems::kepler<double> k(0.6);
    galerkin_vi_stepper<V, 2> st;
    auto bad = std::make_pair(V{0.4, std::nan("")}, V{0.0, 2.0});
    try {
        st.do_step(k.system(), bad, 0.0, 0.01);
        FAIL() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("nan"), std::string::npos) << e.what();
    }
    auto uneven = std::make_pair(V{0.4, 0.0}, V{0.0});
    EXPECT_THROW(st.do_step(k.system(), uneven, 0.0, 0.01), std::invalid_argument);
    const problems::double_pendulum<double> dp;
    auto three = std::make_pair(V{0.1, 0.2, 0.3}, V{0.0, 0.0, 0.0});
    try {
        st.do_step(dp.nonlinear_system(), three, 0.0, 0.01);
        FAIL() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("3 entries but the system has dof = 2"), std::string::npos) << e.what();
    }
    auto x = std::make_pair(V{0.4, 0.0}, V{0.0, 2.0});
    EXPECT_THROW(st.do_step(k.system(), x, 0.0, std::nan("")), std::invalid_argument);
    EXPECT_THROW(st.do_step(k.system(), x, 0.0, 0.0), std::invalid_argument);
    // a callable that writes the wrong number of entries
    auto short_g = [](const V&, V& dpdt) { dpdt.resize(1); };
    auto f = [](const V& p, V& dqdt) { dqdt = p; };
    try {
        st.do_step(std::make_pair(f, short_g), x, 0.0, 0.01);
        FAIL() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("returned 1 entries for a state of 2"), std::string::npos) << e.what();
    }
}

// ---- Property tests (RapidCheck): random smooth potentials in the plane, random Degree 1–4,
// random states and steps. V = a|q|²/2 + b q₀²q₁ + c q₁³/3 + d cos(q₀ − q₁) + e|q|⁴/4 with
// a ∈ [1/2, 2], b, c, d ∈ [−1, 1], e ∈ [0, 1] (eighths); the radial family (b = c = d = 0) is
// rotation invariant. Draws are uniform over their whole ranges (resize to the nominal size).
rc::Gen<int> uniform(int a, int b) { return rc::gen::resize(rc::kNominalSize, rc::gen::inRange(a, b)); }

struct potential {
    double a, b, c, d, e;
    /// dp/dt = −∇V, generic in the element type (double or dual<double>).
    template <class Q, class D>
    void operator()(const Q& q, D& dpdt) const {
        using std::sin;
        const auto r2 = q[0] * q[0] + q[1] * q[1];
        const auto s = sin(q[0] - q[1]);
        dpdt[0] = -(a * q[0] + 2 * b * q[0] * q[1] - d * s + e * r2 * q[0]);
        dpdt[1] = -(a * q[1] + b * q[0] * q[0] + c * q[1] * q[1] + d * s + e * r2 * q[1]);
    }
};

struct galerkin_case {
    potential V;
    int degree;
    double h;
    std::array<double, 4> x;  ///< (q₀, q₁, p₀, p₁)
};

rc::Gen<galerkin_case> galerkin_cases(bool radial) {
    return rc::gen::apply(
        [radial](int a, int b, int c, int d, int e, int degree, int h, int x0, int x1, int x2, int x3) {
            galerkin_case k;
            k.V = {a / 8.0, radial ? 0.0 : b / 8.0, radial ? 0.0 : c / 8.0, radial ? 0.0 : d / 8.0, e / 8.0};
            k.degree = degree;
            k.h = h / 80.0;
            k.x = {x0 / 16.0, x1 / 16.0, x2 / 16.0, x3 / 16.0};
            return k;
        },
        uniform(4, 17), uniform(-8, 9), uniform(-8, 9), uniform(-8, 9), uniform(0, 9), uniform(1, 5), uniform(1, 9),
        uniform(-8, 9), uniform(-8, 9), uniform(-8, 9), uniform(-8, 9));
}

void showValue(const galerkin_case& k, std::ostream& os) {
    os << "V: a=" << k.V.a << " b=" << k.V.b << " c=" << k.V.c << " d=" << k.V.d << " e=" << k.V.e << ", Degree "
       << k.degree << ", h=" << k.h << ", (q, p)=(" << k.x[0] << ", " << k.x[1] << ", " << k.x[2] << ", " << k.x[3] << ")";
}

template <class F>
void with_degree(int degree, F&& f) {
    switch (degree) {
        case 1: f(std::integral_constant<unsigned, 1>{}); break;
        case 2: f(std::integral_constant<unsigned, 2>{}); break;
        case 3: f(std::integral_constant<unsigned, 3>{}); break;
        default: f(std::integral_constant<unsigned, 4>{}); break;
    }
}

const problems::unit_mass_rate identity_rate;

RC_GTEST_PROP(GalerkinProperties, OneStepMapIsSymplectic, ()) {
    const galerkin_case k = *galerkin_cases(false);
    RC_TAG("Degree " + std::to_string(k.degree));
    with_degree(k.degree, [&](auto D) {
        using U = dual<double>;
        using W = std::array<U, 2>;
        matrix<double> Phi(4, 4);
        for (int j = 0; j < 4; ++j) {
            std::array<U, 4> x{U(k.x[0]), U(k.x[1]), U(k.x[2]), U(k.x[3])};
            x[std::size_t(j)] += unit_tangent<double>();
            auto state = std::make_pair(W{x[0], x[1]}, W{x[2], x[3]});
            galerkin_vi_stepper<W, decltype(D)::value, W, unchecked> st;
            st.do_step(std::make_pair(identity_rate, k.V), state, U(0), U(k.h));
            for (int i = 0; i < 2; ++i) {
                Phi(i, j) = tangent_of(state.first[std::size_t(i)]);
                Phi(2 + i, j) = tangent_of(state.second[std::size_t(i)]);
            }
        }
        matrix<double> J = matrix<double>::Zero(4, 4);
        J.topRightCorner(2, 2).setIdentity();
        J.bottomLeftCorner(2, 2) = -matrix<double>::Identity(2, 2);
        const double defect = max_abs(matrix<double>(Phi.transpose() * J * Phi - J));
        RC_ASSERT(defect <= 100 * eps<double>() * (1 + max_abs(Phi) * max_abs(Phi)));
    });
}

RC_GTEST_PROP(GalerkinProperties, StepsBackwardUndoStepsForward, ()) {
    const galerkin_case k = *galerkin_cases(false);
    RC_TAG("Degree " + std::to_string(k.degree));
    with_degree(k.degree, [&](auto D) {
        using W = std::array<double, 2>;
        galerkin_vi_stepper<W, decltype(D)::value> st;
        const auto start = std::make_pair(W{k.x[0], k.x[1]}, W{k.x[2], k.x[3]});
        auto x = start;
        for (int j = 0; j < 10; ++j) st.do_step(std::make_pair(identity_rate, k.V), x, 0.0, k.h);
        for (int j = 0; j < 10; ++j) st.do_step(std::make_pair(identity_rate, k.V), x, 0.0, -k.h);
        RC_ASSERT(state_distance(x, start) <= 100 * eps<double>() * 20);
    });
}

RC_GTEST_PROP(GalerkinProperties, RotationInvariantPotentialConservesAngularMomentum, ()) {
    const galerkin_case k = *galerkin_cases(true);
    RC_TAG("Degree " + std::to_string(k.degree));
    with_degree(k.degree, [&](auto D) {
        using W = std::array<double, 2>;
        galerkin_vi_stepper<W, decltype(D)::value> st;
        auto x = std::make_pair(W{k.x[0], k.x[1]}, W{k.x[2], k.x[3]});
        const auto L = [&] { return x.first[0] * x.second[1] - x.first[1] * x.second[0]; };
        const double L0 = L();
        for (int j = 0; j < 50; ++j) st.do_step(std::make_pair(identity_rate, k.V), x, 0.0, k.h);
        RC_ASSERT(std::abs(L() - L0) <= 100 * eps<double>() * std::sqrt(50.0));
    });
}

}  // namespace


TEST(ForwardJet, MatchesBoostAutodiffAtDouble) { forward_jet_test::check_jets<double>(256 * std::numeric_limits<double>::epsilon()); }
TEST(ForwardJet, DoublePendulumDerivativesAtDouble) {
    forward_jet_test::check_double_pendulum<double>(64 * std::numeric_limits<double>::epsilon());
}
