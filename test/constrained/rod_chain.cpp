// The planar chain of N rigid rods (problems/rod_chain.hpp) at double: RATTLE and the constrained
// Galerkin VI with the sparse Jacobian and M⁻¹ (banded multiplier solves) against the same chain
// with autodiff's dense
// Jacobian and M⁻¹ from f; constraint residuals after every step; energy over a long run
// (10⁶ steps with GEOMINT_LONG_RUNS=1, 10⁵ otherwise), first against last tenth: the chain starts
// at rest, so a run much shorter than 10⁵ steps compares the start-up with the motion (at 10⁴
// steps the last tenth is 2.9× the first).
#include "test_common.hpp"

#include <geomint/problems/rod_chain.hpp>

namespace {

using namespace geomint;
using namespace geomint_test;
using SV = std::vector<double>;

std::pair<SV, SV> start(const problems::rod_chain<double>& chain, double theta) {
    const auto [q, p] = chain.straight_state(theta);
    return {SV(q.data(), q.data() + q.size()), SV(p.data(), p.data() + p.size())};
}

// The sparse path (the chain's own Jacobian and M⁻¹) steps as the dense one (autodiff, f), for
// RATTLE and for the constrained Galerkin VI.
TEST(RodChain, SparsePathFollowsTheDensePath) {
    problems::rod_chain<double> chain;
    chain.rods = 6;
    const auto sparse = chain.system<SV>();
    // the same constraint function, its Jacobian by autodiff (dense), M⁻¹ through f
    const auto dense_constraints = make_holonomic_constraints<double>(chain.rods, chain.constraint_function());
    const auto dense = constrained(std::make_pair(sparse.coordinate_rate, sparse.momentum_rate), dense_constraints);
    const auto check = [&](auto s1, auto s2, const char* name) {
        auto a = start(chain, 1.0), b = a;
        for (int j = 0; j < 200; ++j) {
            s1.do_step(sparse, a, j * 0.01, 0.01);
            s2.do_step(dense, b, j * 0.01, 0.01);
        }
        double diff = 0;
        for (std::size_t i = 0; i < a.first.size(); ++i)
            diff = std::max({diff, std::abs(a.first[i] - b.first[i]), std::abs(a.second[i] - b.second[i])});
        EXPECT_LE(diff, 1e-11) << name;
    };
    check(rattle_stepper<SV>{}, rattle_stepper<SV>{}, "rattle");
    check(galerkin_vi_stepper<SV, 3>{}, galerkin_vi_stepper<SV, 3>{}, "galerkin_vi_3");  // a 2m-square Schur system
}

// Residuals after every step and the energy over a long run: bounded, no drift (N = 10).
TEST(RodChain, ResidualsAndEnergyOverALongRun) {
    const problems::rod_chain<double> chain;  // N = 10
    const auto sys = chain.system<SV>();
    auto x = start(chain, 1.0);
    const double e0 = chain.energy(x.first, x.second);
    const std::size_t n = steps_for<double>(1000000, 1, 10);
    const double h = 1e-3;
    rattle_stepper<SV, SV, unchecked> stepper;
    double worst_position = 0, worst_hidden = 0, first = 0, last = 0;
    for (std::size_t j = 0; j < n; ++j) {
        stepper.do_step(sys, x, static_cast<double>(j) * h, h);
        if (j % 100 == 0) {
            const auto r = constraint_residuals(sys, x);
            worst_position = std::max(worst_position, r.position);
            worst_hidden = std::max(worst_hidden, r.hidden);
        }
        const double e = std::abs(chain.energy(x.first, x.second) - e0);
        if (j < n / 10) first = std::max(first, e);
        if (j >= n - n / 10) last = std::max(last, e);
    }
    std::printf("rod chain N = 10, %zu steps of h = 1e-3: worst |g(q)| %.3g, |G M^-1 p| %.3g (every 100th step); "
                "max energy error first tenth %.3g, last tenth %.3g (energy %.3g J)\n",
                n, worst_position, worst_hidden, first, last, e0);
    EXPECT_LE(worst_position, 100 * eps<double>());
    EXPECT_LE(worst_hidden, 100 * eps<double>());
    EXPECT_LE(last, 2 * first);
}

}  // namespace
