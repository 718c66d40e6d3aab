// conformance::examine_constrained (conformance/examine_constrained.hpp) on geomint's constrained
// steppers, at double (at 50 digits the order runs of a second-order stepper take minutes): RATTLE, RATTLE∘yoshida4 and the constrained Galerkin VIs pass
// their declared claims (order, restricted symplecticity, time symmetry, constraint residuals) on
// both constrained problems; the negative controls fail where they should — leapfrog followed by
// a projection is neither symplectic nor symmetric on the manifold, and without the projection it
// also leaves the manifold — and a wrong order claim is caught.
#include "test_common.hpp"

#include "constrained/negative_controls.hpp"

#include <geomint/conformance/constrained_problems.hpp>
#include <geomint/conformance/examine_constrained.hpp>

namespace {

using namespace geomint;
using conformance::examine_constrained;

template <class T, class Problem>
void expect_pass(const Problem& problem) {
    using SV = std::vector<T>;
    const auto check = [&](const auto& stepper) {
        const auto r = examine_constrained(stepper, problem);
        std::printf("%s\n", r.summary().c_str());
        EXPECT_TRUE(r.passed) << r.summary();
    };
    check(rattle_stepper<SV>{});
    check(composed_rattle_stepper<SV, scheme::yoshida4>{});
    check(galerkin_vi_stepper<SV, 2>{});
    check(galerkin_vi_stepper<SV, 3>{});
}

TEST(ConformanceConstrained, GeomintsConstrainedSteppersPass) {
    expect_pass<double>(conformance::spherical_pendulum_problem<double>{});
    expect_pass<double>(conformance::cartesian_double_pendulum_problem<double>{});
}

TEST(ConformanceConstrained, NegativeControlsFail) {
    using SV = std::vector<double>;
    const conformance::spherical_pendulum_problem<double> problem;
    const conformance::claims claimed{.order = 2, .symplectic = true, .symmetric = true};
    const auto projected = examine_constrained(geomint_test::projected_leapfrog<SV>{}, problem, claimed);
    std::printf("%s\n", projected.summary().c_str());
    EXPECT_FALSE(projected.passed);
    EXPECT_GT(projected.symplecticity_defect, 1e3 * projected.symplecticity_tolerance);
    EXPECT_GT(projected.reversibility_defect, 1e3 * projected.reversibility_tolerance);
    EXPECT_LE(projected.position_residual, projected.residual_tolerance);  // projected: on the manifold
    const auto drifting = examine_constrained(geomint_test::projected_leapfrog<SV, false>{}, problem, claimed);
    std::printf("%s\n", drifting.summary().c_str());
    EXPECT_GT(drifting.position_residual, 1e3 * drifting.residual_tolerance);
    EXPECT_NE(drifting.summary().find("constraint residuals"), std::string::npos);
    // a wrong order claim
    const auto wrong = examine_constrained(rattle_stepper<SV>{}, problem, {.order = 4, .symplectic = true, .symmetric = true});
    EXPECT_FALSE(wrong.passed);
    EXPECT_NEAR(wrong.measured_order, 2.0, 0.2);
}

}  // namespace
