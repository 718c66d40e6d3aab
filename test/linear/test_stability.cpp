// Stability of Simpson's scheme: the 1-DOF spectral radius below/above ω h = 2√2, a bisection
// for the threshold at mp50, the full stability set (0, 2√2) ∪ (2√3, 2√6), and for random
// n-DOF systems the modal threshold ω_max h = 2√2 against the paper's (k/μ) h² < 8.
#include "test_common.hpp"

#include <reproductions/simpson_stability.hpp>

#include <boost/math/tools/roots.hpp>

namespace {
using namespace geomint_test;

template <class T>
quadratic_lagrangian<matrix<T>> oscillator() {  // M = 1, K = 1: ω = 1, so x = ω h = h
    return {matrix<T>::Identity(1, 1), matrix<T>::Identity(1, 1)};
}

template <class T>
T rho(const T& x) {
    return spectral_radius(transfer_matrix<scheme::simpson>(oscillator<T>(), x));
}

TEST(StabilityOneDof, SpectralRadiusIsOneBelowTheBoundAndAboveOneJustAbove) {
    using T = double;
    const T bound = 2 * std::sqrt(2.0);
    for (int i = 1; i < 400; ++i) {
        const T x = bound * i / 400;
        EXPECT_LE(rho(x), 1 + 100 * eps<T>()) << "x = " << x;
    }
    for (T d : {1e-6, 1e-3, 0.1}) EXPECT_GT(rho(bound + d), 1.0) << d;
}

TEST(StabilityOneDof, BisectionAtMp50FindsTwoRootTwo) {
    using T = mp<50>;
    const T tiny = pow(T(10), T(-40));
    auto f = [&](const T& x) { return rho(x) - T(1) - tiny; };  // < 0 stable, > 0 unstable
    auto tol = boost::math::tools::eps_tolerance<T>(std::numeric_limits<T>::digits - 10);
    const auto [a, b] = boost::math::tools::bisect(f, T(5) / T(2), T(3), tol);
    using std::sqrt;
    const T threshold = (a + b) / T(2);
    const T err = abs(threshold - T(2) * sqrt(T(2)));
    std::cout << "[stability] bisection threshold - 2 sqrt 2 = " << to_d(err) << "\n";
    EXPECT_LT(to_d(err), 1e-30);
}

TEST(StabilityOneDof, TheStabilitySetIsTwoIntervals) {
    // Scan x in (0, 6): Φ is power-bounded (ρ = 1) exactly on (0, 2√2) ∪ (2√3, 2√6).
    using T = mp<50>;
    const auto set = simpson_stability_set<T>();
    ASSERT_EQ(set.size(), 2u);
    int stable_points = 0;
    for (int i = 1; i < 600; ++i) {
        const T x = T(i) / T(100);
        bool near_edge = false;
        for (const auto& [a, b] : set) near_edge = near_edge || abs(x - a) < T(1) / T(1000) || abs(x - b) < T(1) / T(1000);
        if (near_edge) continue;
        const bool stable = rho(x) <= T(1) + pow(T(10), T(-30));
        EXPECT_EQ(stable, in_simpson_stability_set(x)) << "x = " << to_d(x);
        stable_points += stable;
    }
    EXPECT_GT(stable_points, 400);  // both intervals were sampled
    // Inside the second interval, X_s and Y_s are both negative definite and a trajectory stays bounded.
    const T x = T(4);  // 2√3 ≈ 3.46 < 4 < 2√6 ≈ 4.90
    linear_variational_stepper<vector<T, 1>, scheme::simpson> st(stability_check::off);
    auto s = std::make_pair(vector<T, 1>(T(1)), vector<T, 1>(T(0)));
    T worst(0);
    for (int j = 0; j < 10000; ++j) {
        st.do_step(oscillator<T>(), s, T(0), x);
        worst = std::max(worst, T(abs(s.first(0))));
    }
    EXPECT_LT(to_d(worst), 10.0);
}

TEST(StabilityManyDof, ThresholdIsOmegaMaxHEqualsTwoRootTwo) {
    using T = double;
    std::mt19937 rng(3);
    int paper_bound_stricter = 0;
    for (int trial = 0; trial < 20; ++trial) {
        const Eigen::Index n = 1 + trial % 8;
        const quadratic_lagrangian<matrix<T>> sys(random_spd<T>(n, rng), random_spd<T>(n, rng));
        const T hc = 2 * std::sqrt(2.0) / sys.omega_max();
        const auto below = stability_report(sys, hc * (1 - 1e-6));
        const auto above = stability_report(sys, hc * (1 + 1e-6));
        EXPECT_TRUE(below.below_modal_bound && below.xs_positive_definite && below.ys_positive_definite);
        EXPECT_LE(below.spectral_radius, 1 + 1e-9);
        EXPECT_TRUE(scheme::simpson::admissible(sys.mass(), sys.stiffness(), T(hc * (1 - 1e-6))));
        EXPECT_FALSE(above.below_modal_bound);
        EXPECT_FALSE(above.ys_positive_definite);
        EXPECT_GT(above.spectral_radius, 1.0);
        EXPECT_FALSE(scheme::simpson::admissible(sys.mass(), sys.stiffness(), T(hc * (1 + 1e-6))));
        // (k/μ) ≥ ω_max²: the paper's condition is sufficient, never weaker than the modal bound.
        const auto paper = reproduction::paper_condition(sys, hc * (1 - 1e-6));
        EXPECT_GE(paper.lhs, below.omega_max_h * below.omega_max_h * (1 - 1e-12));
        paper_bound_stricter += !paper.holds;
    }
    EXPECT_GT(paper_bound_stricter, 0);  // stable step sizes the paper's bound rejects exist
}

TEST(StabilityReport, DoublePendulumAtTenthOfTbar) {
    const problems::double_pendulum<double> dp;
    const auto r = stability_report(dp.system(), 0.1);
    EXPECT_NEAR(r.omega_max, dp.omega1(), 1e-12);
    EXPECT_TRUE(r.below_modal_bound && r.stable && r.xs_positive_definite && r.ys_positive_definite);
    EXPECT_TRUE(reproduction::paper_condition(dp.system(), 0.1).holds);
    EXPECT_NEAR(r.spectral_radius, 1.0, 1e-12);
}

}  // namespace
