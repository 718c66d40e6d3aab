// The conformance kit on adaptive steppers (conformance/examine_adaptive.hpp), on Kepler's problem
// at e = 0.6 (exact by Kepler's equation), at double:
// - the time-transformed Yoshida-4 splitting and the reversible control around Simpson's Galerkin
//   VI pass their claims: order 4 at a fixed physical time, a reversible step sequence, no energy
//   drift;
// - the reversible control around symplectic Euler (not symmetric, order 1) fails the claims of
//   order 2 and of reversibility, each named in the report: the kit can fail;
// - the extrapolated leapfrog (error control, neither symmetric nor symplectic) passes no claims
//   made and fails the claim of no energy drift (its error grows 15-fold over 10 periods);
// - bad runs are named.
#include "test_common.hpp"

#include <geomint/conformance/examine_adaptive.hpp>
#include <geomint/conformance/gtest.hpp>
#include <geomint/conformance/problems.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/newton_equation_stepper.hpp>
#include <geomint/stepper/reversible_stepper.hpp>
#include <geomint/stepper/time_transformed_stepper.hpp>

namespace {
using namespace geomint_test;
namespace gc = geomint::conformance;

using V = std::array<double, 2>;

// h ∝ r^(3/2): ρ = r^(−3/2), for any scalar S (double and dual<double>)
struct kepler_density {
    template <class Q, class P>
    auto operator()(const Q& q, const P&) const {
        using std::sqrt;
        const auto r2 = q.squaredNorm();
        return decltype(r2)(1) / (sqrt(r2) * sqrt(sqrt(r2)));
    }
};

const gc::kepler_problem<double> kepler{};

TEST(AdaptiveConformance, TimeTransformedSplittingPasses) {
    const auto r = gc::examine_adaptive(
        [](double ds) { return time_transformed_stepper<problems::kepler<double>, scheme::yoshida4>(kepler.model, ds); },
        kepler, {.order = 4, .reversible = true, .no_energy_drift = true}, {.coarse_control = 0.25, .control = 0.05});
    std::cout << r.summary() << "\n";
    EXPECT_TRUE(r.passed) << r.summary();
    EXPECT_NEAR(r.measured_order, 4.0, 0.2);
    EXPECT_LE(r.reversibility_defect, 1e-12);
    EXPECT_GT(r.energy_run_steps, 100);
}

TEST(AdaptiveConformance, ReversibleControlAroundSimpsonPasses) {
    auto make = [](double eps) {
        return reversible_stepper(galerkin_vi_stepper<V, 2>{}, kepler.system(), kepler_density{}, eps);
    };
    EXPECT_TRUE(gc::conforms_adaptive(make, kepler, {.order = 4, .reversible = true, .no_energy_drift = true},
                                      {.coarse_control = 0.2, .control = 0.05}));
}

TEST(AdaptiveConformance, NonSymmetricMethodFailsItsClaims) {
    auto make = [](double eps) {
        return reversible_stepper(symplectic_euler_stepper<V>{}, kepler.system(), kepler_density{}, eps);
    };
    const auto r = gc::examine_adaptive(make, kepler, {.order = 2, .reversible = true, .no_energy_drift = true},
                                        {.coarse_control = 0.2, .control = 0.05});
    std::cout << r.summary() << "\n";
    EXPECT_FALSE(r.passed);
    EXPECT_NEAR(r.measured_order, 1.0, 0.2);
    EXPECT_GT(r.reversibility_defect, 1e-6);
    const auto named = [&](const std::string& what) {
        return std::any_of(r.failures.begin(), r.failures.end(), [&](const std::string& f) { return f.find(what) != std::string::npos; });
    };
    EXPECT_TRUE(named("order: measured 1.")) << r.summary();
    EXPECT_TRUE(named("symmetric: reversibility defect")) << r.summary();
    // the controller does not even survive the energy run: without a symmetric method, z leaves ρ
    // and turns negative, a named error the report carries
    EXPECT_TRUE(named("the controller's z = -")) << r.summary();
}

TEST(AdaptiveConformance, ExtrapolatedLeapfrogIsMeasured) {
    auto make = [](double ds) {
        return time_transformed_stepper<problems::kepler<double>, scheme::gragg_bulirsch_stoer<8>>(
            kepler.model, ds, scheme::gragg_bulirsch_stoer<8>{.tolerance = 1e-10});
    };
    const auto r = gc::examine_adaptive(make, kepler, {}, {.coarse_control = 0.5, .control = 0.5});
    std::cout << r.summary() << "\n";
    EXPECT_TRUE(r.passed) << "nothing claimed, nothing fails";
    EXPECT_LE(r.energy_drift, 1e-8);
    // its energy error drifts (an error-controlled step is neither symmetric nor symplectic): a
    // claim of no drift fails, named
    const auto claimed = gc::examine_adaptive(make, kepler, {.no_energy_drift = true}, {.coarse_control = 0.5, .control = 0.5});
    EXPECT_FALSE(claimed.passed);
    EXPECT_GT(claimed.energy_last_tenth, 4 * claimed.energy_first_tenth);
    ASSERT_EQ(claimed.failures.size(), 1u);
    EXPECT_NE(claimed.failures[0].find("no energy drift: the last tenth's error"), std::string::npos) << claimed.failures[0];
}

TEST(AdaptiveConformance, BadRunsAreNamed) {
    auto make = [](double ds) { return time_transformed_stepper<problems::kepler<double>, scheme::yoshida4>(kepler.model, ds); };
    expect_throw_with<std::invalid_argument>([&] { gc::examine_adaptive(make, kepler, {}, {.coarse_control = 0, .control = 0.1}); },
                                             "coarse_control = 0.00e+00");
    expect_throw_with<std::invalid_argument>(
        [&] { gc::examine_adaptive(make, kepler, {}, {.coarse_control = 0.1, .control = std::nan("")}); }, "control = nan");
    expect_throw_with<std::invalid_argument>(
        [&] { gc::examine_adaptive(make, kepler, {}, {.coarse_control = 0.1, .control = 0.1, .reversibility_steps = 0}); },
        "reversibility_steps = 0");
}

}  // namespace
