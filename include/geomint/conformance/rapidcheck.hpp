#pragma once
/// \file
/// RapidCheck helpers of the conformance kit: random pendulum chains (size, coupling, start) and
/// a property assertion, so a user's CI checks the claims away from the shipped start points:
///
/// \code
///   rc::check("my stepper conforms on random chains", [] {
///       const auto chain = *geomint::conformance::arbitrary_pendulum_chain<double>();
///       geomint::conformance::rc_assert_conforms(my_stepper<std::vector<double>>(), chain,
///                                                {.order = 4, .symplectic = true, .symmetric = true});
///   });
/// \endcode
/// Requires RapidCheck (not a dependency of the rest of geomint).

#include "geomint/conformance/examine.hpp"
#include "geomint/conformance/problems.hpp"

#include <rapidcheck.h>

namespace geomint::conformance {

/// Pendulum chains with n ∈ [1, 6], κ = k/16 (k ∈ [0, 32]), q_i and p_i = j/64 (j ∈ [−64, 64]),
/// all exact ratios in T (problems/pendulum_chain.hpp), except the chain at rest (all q_i and p_i
/// zero): that start is the chain's only equilibrium with |q_i| ≤ 1, its motion does not depend
/// on the step, and no order can be measured on it.
template <class T>
rc::Gen<pendulum_chain_problem<T>> arbitrary_pendulum_chain() {
    const auto moving = [](const pendulum_chain_problem<T>& p) {
        for (Eigen::Index i = 0; i < p.q_start.size(); ++i)
            if (p.q_start(i) != T(0) || p.p_start(i) != T(0)) return true;
        return false;
    };
    return rc::gen::suchThat(rc::gen::exec([] {
        const int n = *rc::gen::inRange(1, 7);
        pendulum_chain_problem<T> p;
        p.n = std::size_t(n);
        p.model.kappa = T(*rc::gen::inRange(0, 33)) / T(16);
        p.q_start.resize(n);
        p.p_start.resize(n);
        for (int i = 0; i < n; ++i) {
            p.q_start(i) = T(*rc::gen::inRange(-64, 65)) / T(64);
            p.p_start(i) = T(*rc::gen::inRange(-64, 65)) / T(64);
        }
        return p;
    }), moving);
}

/// RC_ASSERT that examine(stepper, problem, claimed) passes (the report's summary on failure).
template <class Stepper, class Problem>
void rc_assert_conforms(const Stepper& stepper, const Problem& problem, const claims& claimed) {
    const report r = examine(stepper, problem, claimed);
    RC_LOG() << r.summary() << "\n";
    RC_ASSERT(r.passed);
}

}  // namespace geomint::conformance
