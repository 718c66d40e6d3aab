// Sparse linear models: quadratic_lagrangian over Eigen::SparseMatrix and the linear steppers'
// sparse path (scheme/linear/sparse_factors.hpp). References are independent: the dense path
// (a different factorization of the same Φ), the chain's closed-form normal modes, and exact
// rational arithmetic (test_rational.cpp).
#include "test_common.hpp"

#include <boost/numeric/odeint.hpp>

#include <cmath>
#include <random>
#include <vector>

namespace {
using namespace geomint_test;
using geomint::problems::spring_chain;
namespace odeint = boost::numeric::odeint;

/// A non-uniform fixed–fixed chain: masses m_i in {1, 5/4, ..., 2}, springs k_i in {1, ..., 4}
/// (exactly representable), as a sparse model and the same model dense. With `consistent_mass`
/// M is tridiagonal (off-diagonal 1/8: diagonally dominant, SPD), so M⁻¹ is a solve, not a division.
struct random_chain {
    sparse_matrix<double> M, K;
    random_chain(Eigen::Index n, unsigned seed, bool consistent_mass = false) : M(n, n), K(n, n) {
        std::mt19937 rng(seed);
        std::uniform_int_distribution<int> dm(4, 8), dk(1, 4);
        std::vector<double> k(static_cast<std::size_t>(n + 1));
        for (auto& ki : k) ki = dk(rng);
        std::vector<Eigen::Triplet<double>> tm, tk;
        for (Eigen::Index i = 0; i < n; ++i) {
            const auto u = static_cast<std::size_t>(i);
            tm.emplace_back(i, i, dm(rng) / 4.0);
            if (consistent_mass && i + 1 < n) {
                tm.emplace_back(i, i + 1, 0.125);
                tm.emplace_back(i + 1, i, 0.125);
            }
            tk.emplace_back(i, i, k[u] + k[u + 1]);
            if (i + 1 < n) {
                tk.emplace_back(i, i + 1, -k[u + 1]);
                tk.emplace_back(i + 1, i, -k[u + 1]);
            }
        }
        M.setFromTriplets(tm.begin(), tm.end());
        K.setFromTriplets(tk.begin(), tk.end());
    }
    quadratic_lagrangian<sparse_matrix<double>> sparse() const { return {M, K}; }
    quadratic_lagrangian<matrix<double>> dense() const { return {dense_copy(M), dense_copy(K)}; }
};

using state = std::pair<std::vector<double>, std::vector<double>>;

state initial_state(Eigen::Index n, unsigned seed) {
    std::mt19937 rng(seed);
    const vector<double> q = random_vector<double>(n, rng), p = random_vector<double>(n, rng);
    return {std::vector<double>(q.data(), q.data() + n), std::vector<double>(p.data(), p.data() + n)};
}

double max_diff(const state& a, const state& b) {
    double d = 0;
    for (std::size_t i = 0; i < a.first.size(); ++i)
        d = std::max({d, std::abs(a.first[i] - b.first[i]), std::abs(a.second[i] - b.second[i])});
    return d;
}

TEST(SparseModel, AgreesWithTheDenseModel) {
    const random_chain c(12, 3);
    const auto s = c.sparse();
    const auto d = c.dense();
    EXPECT_TRUE(decltype(s)::is_sparse);
    std::mt19937 rng(5);
    const vector<double> q = random_vector<double>(12, rng), p = random_vector<double>(12, rng);
    const double tol = 64 * eps<double>();
    EXPECT_NEAR(s.energy(p, q), d.energy(p, q), tol * d.energy(p, q));
    EXPECT_NEAR(s.lagrangian(p, q), d.lagrangian(p, q), tol * std::abs(d.energy(p, q)));
    vector<double> a, b;
    s.coordinate_rate(p, a);
    d.coordinate_rate(p, b);
    EXPECT_LE(max_abs(a - b), tol * max_abs(b));
    s.momentum_rate(q, a);
    d.momentum_rate(q, b);
    EXPECT_LE(max_abs(a - b), tol * max_abs(b));
    vector<double> x(24), dx, dx_dense;
    x << q, p;
    s(x, dx, 0.0);
    d(x, dx_dense, 0.0);
    EXPECT_LE(max_abs(dx - dx_dense), tol * max_abs(dx_dense));
    EXPECT_NEAR(s.omega_max(), d.omega_max(), tol * d.omega_max());
    // the analyses take a sparse model through a dense copy
    const matrix<double> phi_s = transfer_matrix<scheme::simpson>(s, 0.1), phi_d = transfer_matrix<scheme::simpson>(d, 0.1);
    EXPECT_EQ(max_abs(phi_s - phi_d), 0.0);
}

TEST(SparseModel, RejectsInvalidMatrices) {
    const random_chain c(5, 1);
    const auto expect_error = [](const sparse_matrix<double>& M, const sparse_matrix<double>& K, const std::string& text) {
        try {
            quadratic_lagrangian<sparse_matrix<double>> sys(M, K);
            ADD_FAILURE() << "no error, expected: " << text;
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
        }
    };
    sparse_matrix<double> K = c.K;
    K.coeffRef(1, 2) += 0.5;
    expect_error(c.M, K, "stiffness matrix K is not symmetric");
    K = c.K;
    K.coeffRef(3, 3) = std::nan("");
    expect_error(c.M, K, "non-finite entry: (3, 3) = nan");
    sparse_matrix<double> M = c.M;
    M.coeffRef(2, 2) = -1;
    expect_error(M, c.K, "mass matrix M is not positive definite");
    expect_error(c.M, random_chain(4, 1).K, "M is 5x5 but K is 4x4");
}

template <class Stepper>
void expect_sparse_matches_dense(bool consistent_mass) {
    const Eigen::Index n = 30;
    const random_chain c(n, 7, consistent_mass);
    const auto s = c.sparse();
    const auto d = c.dense();
    const double h = 0.9 * 2 * std::sqrt(2.0) / d.omega_max();
    Stepper sparse_stepper, dense_stepper;
    state xs = initial_state(n, 11), xd = xs;
    double scale = 0;
    for (int j = 0; j < 200; ++j) {
        sparse_stepper.do_step(s, xs, 0.0, h);
        dense_stepper.do_step(d, xd, 0.0, h);
        for (double v : xd.first) scale = std::max(scale, std::abs(v));
        if constexpr (Stepper::scheme_type::has_internal_node)
            ASSERT_LE(max_abs(sparse_stepper.midpoint() - dense_stepper.midpoint()), 1e4 * eps<double>() * scale);
    }
    // two factorizations of the same Φ: the difference is rounding, O(ε) per step
    EXPECT_LE(max_diff(xs, xd), 1e4 * eps<double>() * scale) << max_diff(xs, xd);
    EXPECT_GT(scale, 0.1);
}

TEST(SparseStepper, MatchesTheDenseStepper) {
    for (const bool consistent_mass : {false, true}) {
        expect_sparse_matches_dense<newmark_stepper<std::vector<double>>>(consistent_mass);
        expect_sparse_matches_dense<simpson_stepper<std::vector<double>>>(consistent_mass);
        expect_sparse_matches_dense<simpson_variant1_stepper<std::vector<double>>>(consistent_mass);
        expect_sparse_matches_dense<
            simpson_stepper<std::vector<double>, std::vector<double>, checked, compensated_summation>>(consistent_mass);
    }
}

TEST(SparseStepper, StateChangedBetweenStepsIsNoticed) {
    // The opening kick is reused only for the very state the previous step wrote: after the
    // user changes q, the step equals a fresh stepper's step, bit for bit.
    const random_chain c(20, 4, true);
    const auto s = c.sparse();
    simpson_variant1_stepper<std::vector<double>> used;
    state x = initial_state(20, 5);
    used.do_step(s, x, 0.0, 0.1);
    x.first[3] += 0.25;
    state y = x;
    used.do_step(s, x, 0.1, 0.1);
    simpson_variant1_stepper<std::vector<double>> fresh;
    fresh.do_step(s, y, 0.1, 0.1);
    EXPECT_EQ(x, y);
    EXPECT_EQ(max_abs(vector<double>(used.midpoint() - fresh.midpoint())), 0.0);
    // and a second model through the same stepper gets its own factors and kick
    const random_chain other(20, 9);
    state z = y;
    used.do_step(other.sparse(), x, 0.2, 0.1);
    simpson_variant1_stepper<std::vector<double>>().do_step(other.sparse(), z, 0.2, 0.1);
    EXPECT_EQ(x, z);
}

/// Error at t = 10 against the chain's normal-mode solution with modes 1, n/2 and n.
template <class Stepper>
double chain_error(Eigen::Index n, int steps) {
    const spring_chain<double> chain(n);
    const auto sys = chain.sparse_system();
    const std::vector<std::pair<Eigen::Index, double>> modes{{1, 1.0}, {n / 2, 0.5}, {n, 0.25}};
    const auto [q0, p0] = chain.exact_state(modes, 0.0);
    const auto [q1, p1] = chain.exact_state(modes, 10.0);
    auto x = std::make_pair(q0, p0);
    odeint::integrate_n_steps(Stepper(), sys, x, 0.0, 10.0 / steps, steps);
    return std::max(max_abs(x.first - q1), max_abs(x.second - p1));
}

TEST(SparseStepper, OrderAgainstTheNormalModeSolution) {
    // ω_max h = 2 sin(nπ/(2(n+1))) h < 2 h: h = 10/80 keeps Simpson well inside 2√2
    for (const int steps : {80, 160}) {
        const double ratio_s = chain_error<simpson_stepper<vector<double>>>(64, steps) /
                               chain_error<simpson_stepper<vector<double>>>(64, 2 * steps);
        EXPECT_NEAR(std::log2(ratio_s), 4.0, 0.25) << steps;
        const double ratio_n = chain_error<newmark_stepper<vector<double>>>(64, steps) /
                               chain_error<newmark_stepper<vector<double>>>(64, 2 * steps);
        EXPECT_NEAR(std::log2(ratio_n), 2.0, 0.1) << steps;
    }
    EXPECT_LT(chain_error<simpson_stepper<vector<double>>>(64, 640), 1e-6);
}

TEST(SparseStepper, BackwardStepsUndoForwardSteps) {
    const random_chain c(40, 2);
    const auto s = c.sparse();
    const state x0 = initial_state(40, 3);
    for (int variant = 0; variant < 2; ++variant) {
        state x = x0;
        const int N = 100;
        if (variant == 0) {
            simpson_variant1_stepper<std::vector<double>> st;
            odeint::integrate_n_steps(st, s, x, 0.0, 0.05, N);
            odeint::integrate_n_steps(st, s, x, 5.0, -0.05, N);
        } else {
            newmark_stepper<std::vector<double>> st;
            odeint::integrate_const(st, s, x, 0.0, 5.0, 0.05);
            odeint::integrate_const(st, s, x, 5.0, 0.0, -0.05);
        }
        EXPECT_LE(max_diff(x, x0), 100 * eps<double>() * N) << variant;
    }
}

TEST(SparseStepper, StabilityBoundByLdltPivots) {
    const spring_chain<double> chain(50);
    const auto sys = chain.sparse_system();
    const double w = chain.frequency(50), limit = 2 * std::sqrt(2.0);
    auto x = chain.exact_state({{1, 1.0}}, 0.0);
    simpson_stepper<vector<double>> ok;
    EXPECT_NO_THROW(ok.do_step(sys, x, 0.0, 0.99 * limit / w));
    try {
        simpson_stepper<vector<double>> st;
        st.do_step(sys, x, 0.0, 1.01 * limit / w);
        ADD_FAILURE() << "no error";
    } catch (const unstable_step_error& e) {
        EXPECT_NEAR(static_cast<double>(e.omega_max), w, 1e-12 * w);
        EXPECT_NE(std::string(e.what()).find("omega_max h = 2.85"), std::string::npos) << e.what();
    }
    simpson_stepper<vector<double>> off(stability_check::off);
    EXPECT_NO_THROW(off.do_step(sys, x, 0.0, 1.01 * limit / w));
    newmark_stepper<vector<double>> newmark;
    EXPECT_NO_THROW(newmark.do_step(sys, x, 0.0, 10.0));
    // a large chain: the bound is still enforced, without a dense eigensolve
    const spring_chain<double> big(5000);
    auto y = big.exact_state({{1, 1.0}}, 0.0);
    try {
        simpson_stepper<vector<double>> st;
        st.do_step(big.sparse_system(), y, 0.0, 1.01 * limit / big.frequency(5000));
        ADD_FAILURE() << "no error";
    } catch (const unstable_step_error& e) {
        EXPECT_NE(std::string(e.what()).find("omega_max not computed: n > 2000"), std::string::npos) << e.what();
    }
}

TEST(SparseStepper, NewmarkKeepsTheEnergy) {
    // Newmark is the implicit midpoint rule here: H is conserved exactly but for rounding
    const spring_chain<double> chain(1000);
    const auto sys = chain.sparse_system();
    auto x = chain.exact_state({{1, 1.0}, {500, 0.5}, {1000, 0.25}}, 0.0);
    const double h0 = sys.energy(x.second, x.first);
    newmark_stepper<vector<double>> st;
    double worst = 0;
    for (int j = 0; j < 1000; ++j) {
        st.do_step(sys, x, 0.0, 0.1);
        worst = std::max(worst, std::abs(sys.energy(x.second, x.first) - h0));
    }
    EXPECT_LE(worst, 100 * eps<double>() * h0) << worst / h0;
}

TEST(SparseStepper, SystemSizeMustMatchTheState) {
    const auto sys = spring_chain<double>(5).sparse_system();
    auto x = spring_chain<double>(6).exact_state({{1, 1.0}}, 0.0);
    simpson_stepper<vector<double>> st;
    try {
        st.do_step(sys, x, 0.0, 0.1);
        ADD_FAILURE() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("the system has 5 degrees of freedom but the state has 6"), std::string::npos)
            << e.what();
    }
}

}  // namespace

namespace {

/// The chain as odeint's pair form with O(n) functors, asked to be applied as given.
auto matrix_free_chain(const spring_chain<double>& chain, bool with_bound = true) {
    auto f = [&chain](const std::vector<double>& p, std::vector<double>& dqdt) { chain.coordinate_rate(p, dqdt); };
    auto g = [&chain](const std::vector<double>& q, std::vector<double>& dpdt) { chain.momentum_rate(q, dpdt); };
    return with_bound ? matrix_free(std::make_pair(f, g), static_cast<long double>(chain.frequency(chain.size())))
                      : matrix_free(f, g);
}

template <class Stepper>
void expect_matrix_free_matches_sparse() {
    const spring_chain<double> chain(200, 1.5, 2.0);
    const auto sparse = chain.sparse_system();
    const auto mf = matrix_free_chain(chain);
    auto [q0, p0] = chain.exact_state({{1, 1.0}, {100, 0.5}, {200, 0.25}}, 0.0);
    state xm{std::vector<double>(q0.data(), q0.data() + 200), std::vector<double>(p0.data(), p0.data() + 200)};
    state xs = xm;
    Stepper sm, ss;
    for (int j = 0; j < 100; ++j) {
        sm.do_step(mf, xm, 0.0, 0.5);
        ss.do_step(sparse, xs, 0.0, 0.5);
    }
    EXPECT_LE(max_diff(xm, xs), 1e4 * eps<double>()) << max_diff(xm, xs);
    if constexpr (Stepper::scheme_type::has_internal_node)
        EXPECT_LE(max_abs(vector<double>(sm.midpoint() - ss.midpoint())), 1e4 * eps<double>());
}

TEST(MatrixFree, StepsMatchTheSparseModel) {
    expect_matrix_free_matches_sparse<newmark_stepper<std::vector<double>>>();
    expect_matrix_free_matches_sparse<simpson_stepper<std::vector<double>>>();
    expect_matrix_free_matches_sparse<simpson_variant1_stepper<std::vector<double>>>();
}

TEST(MatrixFree, CallsOnlyTheCallablesAndIntegratesBackward) {
    const spring_chain<double> chain(1000);
    int calls = 0;
    auto f = [&](const std::vector<double>& p, std::vector<double>& dqdt) {
        ++calls;
        chain.coordinate_rate(p, dqdt);
    };
    auto g = [&](const std::vector<double>& q, std::vector<double>& dpdt) {
        ++calls;
        chain.momentum_rate(q, dpdt);
    };
    const auto sys = matrix_free(f, g, 2.0L);  // ω_max < 2 √(k/m) = 2
    const auto [q0, p0] = chain.exact_state({{1, 1.0}, {1000, 0.25}}, 0.0);
    const state x0{std::vector<double>(q0.data(), q0.data() + 1000), std::vector<double>(p0.data(), p0.data() + 1000)};
    state x = x0;
    simpson_stepper<std::vector<double>> st;
    odeint::integrate_n_steps(st, sys, x, 0.0, 0.25, 40);
    // far fewer than the 2n = 2000 calls that probing would make
    EXPECT_LT(calls / 40, 100) << calls;
    odeint::integrate_n_steps(st, sys, x, 10.0, -0.25, 40);
    EXPECT_LE(max_diff(x, x0), 1e3 * eps<double>());
}

TEST(MatrixFree, SimpsonNeedsABoundOfOmegaMax) {
    const spring_chain<double> chain(10);
    auto x = chain.exact_state({{1, 1.0}}, 0.0);
    std::pair<std::vector<double>, std::vector<double>> y{std::vector<double>(x.first.data(), x.first.data() + 10),
                                                          std::vector<double>(10, 0.0)};
    simpson_stepper<std::vector<double>> st;
    try {
        st.do_step(matrix_free_chain(chain, false), y, 0.0, 0.1);
        ADD_FAILURE() << "no error";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("needs an upper bound of omega_max"), std::string::npos) << e.what();
    }
    EXPECT_THROW(st.do_step(matrix_free_chain(chain), y, 0.0, 1.5), unstable_step_error);  // ω_max h ≈ 2.9
    simpson_stepper<std::vector<double>> off(stability_check::off);
    EXPECT_NO_THROW(off.do_step(matrix_free_chain(chain, false), y, 0.0, 0.1));
    newmark_stepper<std::vector<double>> newmark;
    EXPECT_NO_THROW(newmark.do_step(matrix_free_chain(chain, false), y, 0.0, 0.1));
    EXPECT_THROW(matrix_free(std::make_pair(1, 2), -1.0L), std::invalid_argument);
}

}  // namespace
