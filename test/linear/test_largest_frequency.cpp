// ω_max of large sparse models by Lanczos (analysis/largest_frequency.hpp): the uniform spring
// grid against its closed form at n = 10⁴ (a clustered top spectrum), a varying grid at n = 2 025
// against a dense generalized eigensolve, a consistent-mass beam against the dense solve, and the
// bad inputs named. The time at n = 10⁵ is measured by bench/bench_largest_frequency.cpp.
#include "spring_grid.hpp"
#include "test_common.hpp"

#include <geomint/analysis/largest_frequency.hpp>

#include <Eigen/Eigenvalues>

namespace {
using namespace geomint_test;
using SM = sparse_matrix<double>;

double dense_omega_max(const SM& M, const SM& K) {
    const Eigen::GeneralizedSelfAdjointEigenSolver<Eigen::MatrixXd> es(Eigen::MatrixXd(K), Eigen::MatrixXd(M),
                                                                      Eigen::EigenvaluesOnly);
    return std::sqrt(es.eigenvalues().maxCoeff());
}

TEST(LargestFrequency, UniformGridMatchesItsClosedForm) {
    for (int N : {8, 100}) {
        SM M, K;
        spring_grid(N, false, M, K);
        const double exact = uniform_grid_omega_max(N);
        const double w = largest_frequency(M, K), loose = largest_frequency(M, K, 1e-6);
        std::cout << "n = " << N * N << ": omega_max " << w << ", relative error " << (w - exact) / exact
                  << " (tolerance 1e-10), " << (loose - exact) / exact << " (1e-6)\n";
        EXPECT_NEAR(w, exact, 1e-9 * exact) << "n = " << N * N;
        EXPECT_NEAR(loose, exact, 1e-6 * exact) << "n = " << N * N;
        EXPECT_LE(w, exact * (1 + 1e-14)) << "a Ritz value is a lower bound";
    }
}

TEST(LargestFrequency, VaryingGridMatchesADenseSolve) {
    SM M, K;
    spring_grid(45, true, M, K);
    const double dense = dense_omega_max(M, K), w = largest_frequency(M, K, 1e-6);
    std::cout << "n = 2025, varying: omega_max " << w << " (dense " << dense << ", relative " << (w - dense) / dense << ")\n";
    EXPECT_NEAR(w, dense, 1e-6 * dense);
    EXPECT_NEAR(largest_frequency(M, K), dense, 1e-10 * dense);
}

TEST(LargestFrequency, ConsistentMassMatchesADenseSolve) {
    // a fixed-fixed bar of 300 linear elements: consistent mass (h/6)[2 1; 1 2], stiffness (1/h)[1 -1; -1 1]
    const int e = 300, n = e - 1;
    const double h = 1.0 / e;
    std::vector<Eigen::Triplet<double>> m, k;
    for (int i = 0; i < n; ++i) {
        m.emplace_back(i, i, 4 * h / 6);
        k.emplace_back(i, i, 2 / h);
        if (i + 1 < n) {
            m.emplace_back(i, i + 1, h / 6), m.emplace_back(i + 1, i, h / 6);
            k.emplace_back(i, i + 1, -1 / h), k.emplace_back(i + 1, i, -1 / h);
        }
    }
    SM M(n, n), K(n, n);
    M.setFromTriplets(m.begin(), m.end());
    K.setFromTriplets(k.begin(), k.end());
    const double dense = dense_omega_max(M, K);
    EXPECT_NEAR(largest_frequency(M, K), dense, 1e-9 * dense);
    EXPECT_NEAR(dense, std::sqrt(12.0) / h, 1e-3 * std::sqrt(12.0) / h) << "the bar's cut-off sqrt(12)/h";
}

TEST(LargestFrequency, BadInputsAreNamed) {
    SM M, K;
    spring_grid(10, false, M, K);
    SM singular = M;
    singular.coeffRef(5, 5) = 0;
    EXPECT_NE(message_of([&] { largest_frequency(singular, K); }).find("M is not positive definite"), std::string::npos);
    SM wrong(3, 3);
    EXPECT_NE(message_of([&] { largest_frequency(M, wrong); }).find("(precondition: square, of one size n >= 1)"),
              std::string::npos);
    SM zero(M.rows(), M.cols());
    EXPECT_EQ(largest_frequency(M, zero), 0.0);
}

}  // namespace
