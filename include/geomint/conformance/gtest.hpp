#pragma once
/// \file
/// GoogleTest helper of the conformance kit: one line per stepper and precision in a user's CI,
///
/// \code
///   EXPECT_TRUE(geomint::conformance::conforms(my_stepper<std::array<double, 2>>(),
///                                              geomint::conformance::kepler<double>(),
///                                              {.order = 4, .symplectic = true, .symmetric = true}));
/// \endcode
/// The assertion's message is the report's summary (the figures, and each failed claim).
/// Requires GoogleTest (not a dependency of the rest of geomint).

#include "geomint/conformance/examine.hpp"
#include "geomint/conformance/examine_adaptive.hpp"

#include <gtest/gtest.h>

namespace geomint::conformance {

/// examine(stepper, problem, claimed) as a GoogleTest assertion result.
template <class Stepper, class Problem>
::testing::AssertionResult conforms(const Stepper& stepper, const Problem& problem, const claims& claimed) {
    const report r = examine(stepper, problem, claimed);
    return (r.passed ? ::testing::AssertionSuccess() : ::testing::AssertionFailure()) << r.summary();
}

/// examine_adaptive(make, problem, claimed, runs) as a GoogleTest assertion result.
template <class Make, class Problem>
::testing::AssertionResult conforms_adaptive(Make&& make, const Problem& problem, const adaptive_claims& claimed,
                                             const adaptive_runs& runs) {
    const adaptive_report r = examine_adaptive(make, problem, claimed, runs);
    return (r.passed ? ::testing::AssertionSuccess() : ::testing::AssertionFailure()) << r.summary();
}

}  // namespace geomint::conformance
