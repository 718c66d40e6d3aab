// The Newton-equation steppers as odeint steppers, and their documented errors on bad input.
#include "test_common.hpp"

#include <boost/numeric/odeint.hpp>

#include <array>
#include <cmath>
#include <iostream>
#include <limits>
#include <vector>

namespace {
using namespace geomint;
namespace odeint = boost::numeric::odeint;

const auto pendulum = make_simple_pendulum<double>();

// integrate_const / integrate_n_steps / integrate_times / integrate_adaptive drive the stepper
// and give the same trajectory as calling do_step by hand.
TEST(NewtonStepperOdeint, IntegrateFunctionsAgreeWithManualSteps) {
    std::pair<double, double> manual{0.0, 1.2};
    discrete_gradient_stepper<double> st;
    for (int i = 0; i < 100; ++i) st.do_step(pendulum, manual, 0.02 * i, 0.02);
    std::pair<double, double> a{0.0, 1.2}, b = a, c = a, d = a;
    odeint::integrate_n_steps(st, pendulum, a, 0.0, 0.02, 100);
    odeint::integrate_const(st, pendulum, b, 0.0, 2.0, 0.02);
    std::vector<double> times;
    for (int i = 0; i <= 100; ++i) times.push_back(0.02 * i);
    odeint::integrate_times(st, std::ref(pendulum), c, times.begin(), times.end(), 0.02,
                            [](const std::pair<double, double>&, double) {});
    odeint::integrate_adaptive(st, pendulum, d, 0.0, 2.0, 0.02);
    for (const auto* x : {&a, &b, &c, &d}) {
        EXPECT_NEAR(x->first, manual.first, 1e-12);
        EXPECT_NEAR(x->second, manual.second, 1e-12);
    }
}

// Odeint's symplectic system form (a pair of callables on std::array<double, 1>) drives the
// explicit schemes, and our form (21) (drift, then kick) equals odeint's symplectic_euler step
// for step.
TEST(NewtonStepperOdeint, SymplecticSystemFormMatchesOdeintSymplecticEuler) {
    using V = std::array<double, 1>;
    auto dqdt = [](const V& p, V& dq) { dq[0] = p[0]; };
    auto dpdt = [](const V& q, V& dp) { dp[0] = -std::sin(q[0]); };
    auto ours = std::make_pair(V{0.0}, V{1.2});
    auto theirs = ours;
    symplectic_euler_adjoint_stepper<double> st;
    odeint::symplectic_euler<V> ref;
    for (int i = 0; i < 1000; ++i) {
        st.do_step(std::make_pair(dqdt, dpdt), ours, 0.0, 0.05);
        ref.do_step(std::make_pair(dqdt, dpdt), theirs, 0.0, 0.05);
    }
    EXPECT_NEAR(ours.first[0], theirs.first[0], 1e-12);
    EXPECT_NEAR(ours.second[0], theirs.second[0], 1e-12);
    // leap-frog on the momentum-only form equals leap-frog on the model
    auto x = std::make_pair(V{0.0}, V{1.2});
    std::pair<double, double> y{0.0, 1.2};
    leapfrog_stepper<double> lf;
    for (int i = 0; i < 100; ++i) {
        lf.do_step(dpdt, x, 0.0, 0.05);
        lf.do_step(pendulum, y, 0.0, 0.05);
    }
    EXPECT_NEAR(x.first[0], y.first, 1e-14);
    EXPECT_NEAR(x.second[0], y.second, 1e-14);
}

// dt = 0 or non-finite is refused by every scheme; dt < 0 steps backward for every scheme, as
// odeint's steppers do: symplectic Euler (not time-symmetric) with −h is the scheme's formula
// with −h.
// compensated_summation on leap-frog (scalar and n-dof states): the same trajectory as plain
// summation up to rounding; and against the same scheme at 50 digits its energy's rounding drift
// is smaller than plain summation's (the kicks and drifts are added with the rounding carried).
TEST(NewtonStepperSummation, CompensatedLeapfrogFollowsThePlainTrajectoryWithLessRoundingDrift) {
    using compensated_leapfrog = leapfrog_stepper<double, double, checked, compensated_summation>;
    const auto pendulum50 = make_simple_pendulum<mp<50>>();
    const std::size_t steps = 4000;
    const double h = 0.05;
    double plain_drift = 0, compensated_drift = 0;
    for (double phi0 : {0.3, 1.1, 2.3}) {
        std::pair<double, double> xp{phi0, 0.7}, xc = xp;
        std::pair<mp<50>, mp<50>> xm{mp<50>(phi0), mp<50>(0.7)};
        leapfrog_stepper<double> plain;
        compensated_leapfrog compensated;
        leapfrog_stepper<mp<50>> reference;
        for (std::size_t k = 0; k < steps; ++k) {
            plain.do_step(pendulum, xp, 0.0, h);
            compensated.do_step(pendulum, xc, 0.0, h);
            reference.do_step(pendulum50, xm, mp<50>(0), mp<50>(h));
            const double H = static_cast<double>(pendulum50.hamiltonian(xm.first, xm.second));
            plain_drift = std::max(plain_drift, std::abs(pendulum.hamiltonian(xp.first, xp.second) - H));
            compensated_drift = std::max(compensated_drift, std::abs(pendulum.hamiltonian(xc.first, xc.second) - H));
        }
        EXPECT_NEAR(xc.first, xp.first, 1e-10) << phi0;
        EXPECT_NEAR(xc.second, xp.second, 1e-10) << phi0;
    }
    std::cout << "energy rounding drift over " << steps << " steps: plain " << plain_drift << ", compensated "
              << compensated_drift << "\n";
    EXPECT_LT(compensated_drift, plain_drift / 2);
    // n degrees of freedom (a separable_system): the same trajectory to rounding
    const auto chain = make_separable_system<double>(2, [](const auto& q) {
        using std::cos;
        return -cos(q[0]) - cos(q[1]) + (q[1] - q[0]) * (q[1] - q[0]) / 20;
    });
    std::pair<std::vector<double>, std::vector<double>> yp{{0.4, -0.2}, {0.1, 0.3}}, yc = yp;
    leapfrog_stepper<std::vector<double>> plain_n;
    leapfrog_stepper<std::vector<double>, std::vector<double>, checked, compensated_summation> compensated_n;
    for (int k = 0; k < 1000; ++k) {
        plain_n.do_step(chain, yp, 0.0, h);
        compensated_n.do_step(chain, yc, 0.0, h);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_NEAR(yc.first[i], yp.first[i], 1e-11);
        EXPECT_NEAR(yc.second[i], yp.second[i], 1e-11);
    }
}

TEST(NewtonStepperErrors, ZeroOrNonFiniteStep) {
    leapfrog_stepper<double> st;
    symplectic_euler_stepper<double> se;
    std::pair<double, double> x{0.0, 1.0};
    for (double h : {0.0, std::numeric_limits<double>::infinity(), std::nan("")}) {
        EXPECT_THROW(st.do_step(pendulum, x, 0.0, h), std::invalid_argument) << h;
        EXPECT_THROW(se.do_step(pendulum, x, 0.0, h), std::invalid_argument) << h;
    }
    double phi = x.first, p = x.second;
    se.do_step(pendulum, x, 0.0, -0.1);
    p += -0.1 * pendulum.force(phi);  // eq. (20) with ε = −0.1
    phi += -0.1 * p;
    EXPECT_EQ(x.first, phi);
    EXPECT_EQ(x.second, p);
    EXPECT_NO_THROW(st.do_step(pendulum, x, 0.0, -0.1));
}

TEST(NewtonStepperErrors, NonFiniteState) {
    implicit_midpoint_stepper<double> st;
    std::pair<double, double> x{std::nan(""), 1.0};
    try {
        st.do_step(pendulum, x, 0.0, 0.1);
        FAIL() << "no exception";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("finite"), std::string::npos) << e.what();
    }
    x = {0.0, std::numeric_limits<double>::infinity()};
    EXPECT_THROW(st.do_step(pendulum, x, 0.0, 0.1), std::invalid_argument);
}

// V(q) = √(1 + q): V'(−1) is infinite, and autodiff says so.
TEST(NewtonStepperErrors, PotentialWithNonFiniteDerivative) {
    const auto sys = make_newton_system<double>([](auto q) { using std::sqrt; return sqrt(q + 1); });
    for (int k = 0; k < 2; ++k) {
        std::pair<double, double> x{-1.0, 0.5};
        try {
            if (k == 0) leapfrog_stepper<double>().do_step(sys, x, 0.0, 0.1);
            else discrete_gradient_stepper<double>().do_step(sys, x, 0.0, 0.1);
            FAIL() << "no exception";
        } catch (const std::domain_error& e) {
            EXPECT_NE(std::string(e.what()).find("derivative of order 1"), std::string::npos) << e.what();
        }
    }
}

TEST(NewtonStepperErrors, NewtonFailureReportsIterationsAndResidual) {
    iteration_options opt;
    opt.max_iterations = 1;
    implicit_midpoint_stepper<double> st(opt);
    std::pair<double, double> x{1.0, 1.5};
    try {
        st.do_step(pendulum, x, 0.0, 0.5);
        FAIL() << "no exception";
    } catch (const convergence_error& e) {
        EXPECT_EQ(e.iterations, 1);
        EXPECT_GT(std::abs(static_cast<double>(e.residual)), 0.0);
        EXPECT_NE(std::string(e.what()).find("implicit_midpoint"), std::string::npos) << e.what();
    }
}

TEST(NewtonStepperErrors, ModifiedGradientNeedsAStableEquilibriumAndSmallStep) {
    modified_discrete_gradient_stepper<double> st;
    std::pair<double, double> x{0.0, 0.1};
    EXPECT_THROW(st.do_step(pendulum, x, 0.0, 3.5), std::domain_error);  // |ε ω0| ≥ π
    const auto inverted = make_newton_system<double>([](auto q) { using std::cos; return cos(q); });
    EXPECT_THROW(st.do_step(inverted, x, 0.0, 0.1), std::domain_error);  // V''(0) < 0
}

TEST(NewtonStepperErrors, EstimatorPreconditions) {
    oscillation_recorder<double> r;
    EXPECT_THROW(r.push(0.1), std::invalid_argument);  // φ_0 ≠ 0
    oscillation_recorder<double> s;
    s.push(0.0);
    EXPECT_THROW(s.push(std::nan("")), std::invalid_argument);
    EXPECT_THROW((void)average_amplitude(s, 0, 50), std::out_of_range);
    EXPECT_THROW((void)period_estimate(s, 3, 0.1), std::out_of_range);
    EXPECT_THROW(pendulum_solution<double>(2.0).period(), std::domain_error);
    EXPECT_THROW(pendulum_solution<double>(1.0, -1.0), std::invalid_argument);
}

}  // namespace
