// Exact arithmetic: with rational h, M, K the transfer matrices are rational and the algebraic
// identities hold exactly — ΦᵀJΦ = J, variant 1 = variant 2, φ conserved — with no tolerance.
#include "test_common.hpp"

namespace {
using namespace geomint_test;
using R = rational;

quadratic_lagrangian<matrix<R>> random_rational_system(Eigen::Index n, unsigned seed) {
    std::mt19937 rng(seed);
    return {random_spd<R>(n, rng), random_spd<R>(n, rng)};
}

TEST(Rational, SymplecticityDefectIsExactlyZero) {
    for (unsigned seed = 1; seed <= 4; ++seed) {
        const auto sys = random_rational_system(1 + seed, seed);
        for (const R& h : {R(1, 10), R(1, 3), R(3, 7)}) {
            if (!scheme::simpson::admissible(matrix<R>(sys.mass()), matrix<R>(sys.stiffness()), h)) continue;
            EXPECT_EQ(symplecticity_defect(transfer_matrix<scheme::simpson>(sys, h)), R(0));
            EXPECT_EQ(symplecticity_defect(transfer_matrix<scheme::newmark>(sys, h)), R(0));
        }
    }
}

TEST(Rational, DefectOfAPerturbedMatrixIsNonZero) {
    const auto sys = random_rational_system(2, 9);
    auto phi = transfer_matrix<scheme::simpson>(sys, R(1, 10));
    phi(0, 0) += R(1, 1000000);
    EXPECT_GT(symplecticity_defect(phi), R(0));
}

TEST(Rational, VariantsAreIdentical) {
    const auto sys = random_rational_system(3, 5);
    const R h(1, 5);
    EXPECT_EQ(max_abs(transfer_matrix<scheme::simpson>(sys, h) - transfer_matrix<scheme::simpson_variant1>(sys, h)), R(0));
}

TEST(Rational, QuadraticFormIsConservedExactly) {
    const auto sys = random_rational_system(2, 2);
    const R h(1, 4);
    const auto form = conserved_quadratic_form<scheme::simpson>(sys, h);
    EXPECT_EQ(max_abs(matrix<R>(form.xi - form.xi.transpose())), R(0));  // ξ, ζ symmetric (Prop. 7)
    EXPECT_EQ(max_abs(matrix<R>(form.zeta - form.zeta.transpose())), R(0));
    simpson_stepper<vector<R>> st;
    std::mt19937 rng(1);
    auto x = std::make_pair(random_vector<R>(2, rng), random_vector<R>(2, rng));
    const R phi0 = form(x.second, x.first);
    for (int j = 0; j < 8; ++j) {
        st.do_step(sys, x, R(0), h);
        EXPECT_EQ(form(x.second, x.first), phi0) << j;
    }
}

TEST(Rational, NewmarkConservesEnergyExactly) {
    const auto sys = random_rational_system(2, 4);
    newmark_stepper<vector<R>> st;
    std::mt19937 rng(2);
    auto x = std::make_pair(random_vector<R>(2, rng), random_vector<R>(2, rng));
    const R H0 = sys.energy(x.second, x.first);
    for (int j = 0; j < 8; ++j) {
        st.do_step(sys, x, R(0), R(1, 3));
        EXPECT_EQ(sys.energy(x.second, x.first), H0);
    }
}

TEST(Rational, StabilityTestIsExactAtTheThreshold) {
    // n = 1, M = 1, K = 2: ω h = 2√2 at h = 2 exactly; admissible just below, not at or above.
    const matrix<R> M = matrix<R>::Identity(1, 1), K = matrix<R>::Identity(1, 1) * R(2);
    EXPECT_TRUE(scheme::simpson::admissible(M, K, R(1999999, 1000000)));
    EXPECT_FALSE(scheme::simpson::admissible(M, K, R(2)));
    EXPECT_THROW(scheme::simpson::transfer_matrix(M, K, R(2)), singular_step_error);
}

}  // namespace
