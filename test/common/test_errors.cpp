// Bad input gets the documented error, naming the offending value and the violated condition.
#include "test_common.hpp"

namespace {
using namespace geomint_test;
using T = double;
using M2 = matrix<T, 2>;
using V2 = vector<T, 2>;

TEST(ModelErrors, NonSymmetricMass) {
    M2 M, K = M2::Identity();
    M << 2, 1, 0, 2;
    EXPECT_THROW((quadratic_lagrangian<M2>(M, K)), std::invalid_argument);
    const auto msg = message_of([&] { quadratic_lagrangian<M2>(M, K); });
    EXPECT_NE(msg.find("mass matrix M is not symmetric"), std::string::npos) << msg;
}

TEST(ModelErrors, IndefiniteStiffness) {
    M2 K;
    K << 1, 0, 0, -1;
    const auto msg = message_of([&] { quadratic_lagrangian<M2>(M2::Identity(), K); });
    EXPECT_NE(msg.find("stiffness matrix K is not positive definite"), std::string::npos) << msg;
    EXPECT_NE(msg.find("the pivot -1 at row 1 of 2"), std::string::npos) << msg;
    EXPECT_NE(msg.find("check the sign"), std::string::npos) << msg;
    // the row is K's own: diag(-5, 1, 9) is pivoted 9, -5, 1 (largest |d| first), and the
    // rejected pivot -5 belongs to row 0 (a wrong undoing of the permutation names row 1 or 2)
    const matrix<T, 3> K3 = vector<T, 3>(-5, 1, 9).asDiagonal();
    const auto msg3 = message_of([&] { quadratic_lagrangian<matrix<T, 3>>(matrix<T, 3>::Identity(), K3); });
    EXPECT_NE(msg3.find("the pivot -5 at row 0 of 3"), std::string::npos) << msg3;
    M2 S;  // singular (semi-definite) is rejected too
    S << 1, 1, 1, 1;
    EXPECT_THROW((quadratic_lagrangian<M2>(M2::Identity(), S)), std::invalid_argument);
}

TEST(ModelErrors, SizeMismatchAndNonSquare) {
    const matrix<T> M = matrix<T>::Identity(2, 2), K = matrix<T>::Identity(3, 3);
    const auto msg = message_of([&] { quadratic_lagrangian<matrix<T>>(M, K); });
    EXPECT_NE(msg.find("same size"), std::string::npos) << msg;
    const matrix<T> R = matrix<T>::Ones(2, 3);
    EXPECT_THROW((quadratic_lagrangian<matrix<T>>(R, R)), std::invalid_argument);
    EXPECT_THROW((quadratic_lagrangian<matrix<T>>(matrix<T>(0, 0), matrix<T>(0, 0))), std::invalid_argument);
}

TEST(ModelErrors, NonFiniteEntry) {
    M2 M = M2::Identity();
    M(1, 1) = std::numeric_limits<T>::quiet_NaN();
    const auto msg = message_of([&] { quadratic_lagrangian<M2>(M, M2::Identity()); });
    EXPECT_NE(msg.find("non-finite entry: (1, 1)"), std::string::npos) << msg;
}

TEST(StepperErrors, NonPositiveStepSize) {
    const auto sys = problems::double_pendulum<T>().system();
    simpson_stepper<V2> st;
    auto x = std::make_pair(V2(0, 0.5), V2(0, 0));
    for (T h : {0.0, std::numeric_limits<T>::infinity(), std::numeric_limits<T>::quiet_NaN()}) {
        const auto msg = message_of([&] { st.do_step(sys, x, 0.0, h); });
        EXPECT_NE(msg.find("violates the precondition dt != 0 and finite"), std::string::npos) << msg;
    }
    EXPECT_THROW(transfer_matrix<scheme::newmark>(sys, T(0)), std::invalid_argument);
}

TEST(StepperErrors, NonFiniteState) {
    const auto sys = problems::double_pendulum<T>().system();
    newmark_stepper<V2> st;
    auto x = std::make_pair(V2(0, std::numeric_limits<T>::quiet_NaN()), V2(0, 0));
    const auto msg = message_of([&] { st.do_step(sys, x, 0.0, 0.1); });
    EXPECT_NE(msg.find("non-finite entry: [1] = nan"), std::string::npos) << msg;  // a vector: its index alone
}

TEST(StepperErrors, StateSizeMismatch) {
    const auto sys = problems::double_pendulum<T>().system();
    simpson_stepper<std::vector<T>> st;
    auto x = std::make_pair(std::vector<T>{0, 0, 0}, std::vector<T>{0, 0, 0});
    EXPECT_THROW(st.do_step(sys, x, 0.0, 0.1), std::invalid_argument);
}

TEST(StepperErrors, UnstableStepSize) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    const T h = 3.0 / dp.omega1();  // ω_max h = 3 > 2√2
    simpson_stepper<V2> st;
    auto x = std::make_pair(V2(dp.q0()), V2(dp.p0()));
    try {
        st.do_step(sys, x, 0.0, h);
        FAIL() << "no exception";
    } catch (const unstable_step_error& e) {
        EXPECT_NEAR(double(e.omega_max), dp.omega1(), 1e-9);
        EXPECT_NEAR(double(e.h), h, 1e-15);
        EXPECT_NEAR(double(e.bound), 2 * std::sqrt(2.0), 1e-15);
        const std::string msg = e.what();
        EXPECT_NE(msg.find("omega_max h = 3"), std::string::npos) << msg;
        EXPECT_NE(msg.find("omega_max h < 2 sqrt(2)"), std::string::npos) << msg;
        EXPECT_NE(msg.find(">= the limit 2.828"), std::string::npos) << msg;
    }
    // Opting out steps anyway (and the run blows up, as the spectral radius says it must).
    simpson_stepper<V2> free(stability_check::off);
    for (int j = 0; j < 100; ++j) free.do_step(sys, x, 0.0, h);
    EXPECT_GT(x.first.norm(), 1e3);
    // Newmark is unconditionally stable: the same h is accepted.
    auto y = std::make_pair(V2(dp.q0()), V2(dp.p0()));
    EXPECT_NO_THROW(newmark_stepper<V2>().do_step(sys, y, 0.0, h));
}

TEST(StepperErrors, NonLinearCallableRejected) {
    using V = std::vector<T>;
    auto f = [](const V& p, V& dq) { dq = p; };
    auto g = [](const V& q, V& dp) { dp = {-std::sin(q[0]), -q[1]}; };  // pendulum: not linear
    simpson_stepper<V> st;
    auto x = std::make_pair(V{0.1, 0.1}, V{0, 0});
    const auto msg = message_of([&] { st.do_step(std::make_pair(f, g), x, 0.0, 0.1); });
    EXPECT_NE(msg.find("is not linear"), std::string::npos) << msg;
}

TEST(AnalysisErrors, EstimateOrderNeedsTwoPoints) {
    EXPECT_THROW(estimate_order(std::vector<double>{0.1}, std::vector<double>{1.0}), std::invalid_argument);
    EXPECT_THROW(estimate_order(std::vector<double>{0.1, 0.05}, std::vector<double>{1e-20, 1e-21}, 1e-16),
                 std::invalid_argument);
    // exact slope on synthetic data, and round-off points dropped
    const auto r = estimate_order(std::vector<double>{0.1, 0.05, 0.025, 0.0125},
                                  std::vector<double>{1e-4, 6.25e-6, 3.90625e-7, 1e-17}, 1e-13);
    EXPECT_NEAR(r.order, 4.0, 1e-12);
    EXPECT_EQ(r.dropped, 1u);
}

// A run made unstable on purpose never reads as accurate: the error norm is inf/NaN (or the
// stepper refuses the non-finite state by name), and an order fit over it is NaN.
TEST(AnalysisErrors, BlownUpRunReportsNonFinite) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    const auto qex = [&dp](const T& t) { return dp.q_exact(t); };
    const auto pex = [&dp](const T& t) { return dp.p_exact(t); };
    // RK4 with ω1 h = 10: |R(10i)| ≈ 390 per step, overflows within 120 steps
    const T h = 10 / dp.omega1();
    const std::array<T, 4> flat{dp.q0()(0), dp.q0()(1), 0, 0};
    const auto e = max_error_norms(boost::numeric::odeint::runge_kutta4<std::array<T, 4>, T>(), sys, flat, h,
                                   std::size_t(300), qex, pex);
    EXPECT_FALSE(std::isfinite(e.q)) << e.q;
    EXPECT_FALSE(std::isfinite(e.p)) << e.p;
    // Simpson, stability check off, ω1 h = 3 (outside the stability set): the stepper refuses the
    // non-finite state it reaches, by name, or the norm is not finite
    simpson_stepper<V2> free(stability_check::off);
    const T hs = 3 / dp.omega1();
    try {
        const auto es = max_error_norms(free, sys, std::make_pair(V2(dp.q0()), V2(dp.p0())), hs, std::size_t(2000), qex, pex);
        EXPECT_FALSE(std::isfinite(es.q)) << es.q;
    } catch (const std::invalid_argument& err) {
        EXPECT_NE(std::string(err.what()).find("finite"), std::string::npos) << err.what();
    }
    // an order fit over a blown-up point is NaN, not the slope of the other points
    const std::vector<double> hh{0.1, 0.05, 0.025};
    for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
        const auto r = estimate_order(hh, std::vector<double>{bad, 1e-4, 6.25e-6});
        EXPECT_TRUE(std::isnan(r.order)) << r.order;
        EXPECT_EQ(r.non_finite, 1u);
    }
    // the running maximum keeps a NaN even when later errors are finite
    double m = 0;
    geomint::detail::record_max(m, 1.0);
    geomint::detail::record_max(m, std::numeric_limits<double>::quiet_NaN());
    geomint::detail::record_max(m, 5.0);
    EXPECT_TRUE(std::isnan(m));
}

}  // namespace
