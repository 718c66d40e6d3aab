// Symmetric compositions of leapfrog (scheme/composition/): the order conditions, computed in the
// free algebra (word_series.hpp) rather than typed in, vanish for every method's 100-digit
// weights to within what rounding the weights to 100 digits allows, and fail at the next order; a mutant weight fails; the weights agree with the
// published digits; the closed forms satisfy their defining identities.
#include "test_common.hpp"
#include <geomint/scheme/composition/symmetric_composition.hpp>

namespace {
using namespace geomint_test;
using T = mp<100>;

template <class U>
U max_residual(const std::vector<U>& gamma, int order) {
    using std::abs;
    U worst(0);
    for (const U& r : symmetric_composition_residuals(odd_generators_basis(order), gamma)) worst = (std::max)(worst, U(abs(r)));
    return worst;
}

/// The residuals' sensitivity to rounding the weights to T: Σ_i |∂r/∂γ_i| |γ_i| ε (first order,
/// max over the conditions), from dual numbers in mp<120>.
template <class M>
T rounding_bound() {
    using W = mp<120>;
    const auto& g = M::template weights<W>();
    const auto basis = odd_generators_basis(int(M::order));
    std::vector<W> bound(basis.size() - 1, W(0));
    for (std::size_t i = 0; i < g.size(); ++i) {
        std::vector<dual<W>> gd(g.begin(), g.end());
        gd[i] = make_dual(g[i], W(1));
        const auto r = symmetric_composition_residuals(basis, gd);
        for (std::size_t k = 0; k < r.size(); ++k) bound[k] += abs(tangent_of(r[k])) * abs(g[i]);
    }
    W worst(0);
    for (const W& b : bound) worst = (std::max)(worst, b);
    return T(worst) * eps<T>();
}

template <class M>
void expect_order(const char* label) {
    const auto& g = M::template weights<T>();
    ASSERT_EQ(g.size(), M::stages) << label;
    // residuals of the mp<100> weights, evaluated at 120 digits (so the evaluation's own rounding
    // does not count)
    const std::vector<mp<120>> g120(g.begin(), g.end());
    const T at_order = T(max_residual(g120, int(M::order)));
    const T next = max_residual(g, int(M::order) + 1);
    const T bound = rounding_bound<M>();
    std::cout << label << ": order-" << M::order << " residuals of the 100-digit weights " << to_d(at_order / eps<T>())
              << " eps (the weights' rounding can account for " << to_d(bound / eps<T>()) << " eps); order "
              << M::order + 1 << ": " << to_d(next) << "\n";
    // Correctly rounded weights cannot do better than the conditions' sensitivity to rounding
    // them (45 ε for yoshida6, 3486 ε for yoshida8): the residual must stay within it.
    EXPECT_LE(at_order, bound) << label;
    EXPECT_GT(next, T(1) / 10000) << label << " has order " << M::order << " exactly";
    // a mutant weight (one outer weight off by 1e-10) breaks the conditions
    auto w = M::template outer_weights<T>();
    w.front() += T(1) / T(10000000000LL);
    EXPECT_GT(max_residual(palindromic_weights(w), int(M::order)), T(1) / T(100000000000000LL)) << label << " mutant";
}

TEST(Composition, OrderConditionsVanishAt100Digits) {
    expect_order<scheme::yoshida4>("yoshida4");
    expect_order<scheme::suzuki4>("suzuki4");
    expect_order<scheme::yoshida6>("yoshida6");
    expect_order<scheme::yoshida8>("yoshida8");
}

// The conditions the engine computes are the known ones at low order: Σγ = 1 (order 1) and
// Σγ³ = 0 (order 3, HLW eq. (V.3.3)) for arbitrary weights: the residuals of a random
// three-stage palindromic composition equal those sums.
TEST(Composition, EngineReproducesTheKnownLowOrderConditions) {
    const std::vector<T> g{T(3) / 7, T(1) / 5, T(3) / 7};
    const auto basis = odd_generators_basis(3);
    const auto r = symmetric_composition_residuals(basis, g);
    T sum(0), cubes(0);
    for (const T& x : g) {
        sum += x;
        cubes += x * x * x;
    }
    EXPECT_LE(abs(r[std::size_t(basis.index({0}) - 1)] - (sum - 1)), 10 * eps<T>());
    EXPECT_LE(abs(r[std::size_t(basis.index({1}) - 1)] - cubes), 10 * eps<T>());
}

TEST(Composition, ClosedForms) {
    using std::cbrt;
    const T w = scheme::yoshida4::outer_weights<T>()[0];
    EXPECT_LE(abs(T(2) * w * w * w + pow(T(1) - 2 * w, 3)), 10 * eps<T>());  // Σγ³ = 0
    const T v = scheme::suzuki4::outer_weights<T>()[0];
    EXPECT_LE(abs(T(4) * v * v * v + pow(T(1) - 4 * v, 3)), 10 * eps<T>());
}

// The solved weights agree with the printed ones to the printed digits' accuracy (Yoshida 1990
// gives 15 significant digits; solution D's differ from the converged weights by up to 2.3e-13).
template <class M>
void expect_published(const char* label, double tol) {
    const auto& w = M::template outer_weights<T>();
    const auto d = M::template published_digits<T>();
    double worst = 0;
    for (std::size_t i = 0; i < w.size(); ++i) worst = std::max(worst, to_d(abs(w[i] - d[i])));
    std::cout << label << ": weights differ from the published digits by at most " << worst << "\n";
    EXPECT_LE(worst, tol) << label;
}

TEST(Composition, WeightsAgreeWithPublishedDigits) {
    expect_published<scheme::yoshida6>("yoshida6", 5e-15);
    expect_published<scheme::yoshida8>("yoshida8", 5e-13);
}

// The double weights are the 100-digit ones correctly rounded (both come from the 120-digit solve).
TEST(Composition, DoubleWeightsAreTheRoundedHighPrecisionOnes) {
    const auto& d = scheme::yoshida8::weights<double>();
    const auto& h = scheme::yoshida8::weights<T>();
    for (std::size_t i = 0; i < d.size(); ++i) EXPECT_EQ(d[i], static_cast<double>(h[i])) << i;
}
}  // namespace

// --- the steppers -------------------------------------------------------------------------
#include <geomint/problems/kepler.hpp>
#include <geomint/stepper/composition_stepper.hpp>
#include <boost/numeric/odeint.hpp>

namespace {
using T50 = mp<50>;
using P50 = std::array<T50, 2>;

/// Max position error after one period of Kepler e = 0.6 with N steps of `Stepper` (odeint's
/// integrate_n_steps on the pair form), against the exact orbit.
template <class Stepper>
T50 kepler_error(long N) {
    const problems::kepler<T50> k(T50(3) / 5);
    auto x = std::make_pair(P50{k.q0()[0], k.q0()[1]}, P50{k.p0()[0], k.p0()[1]});
    boost::numeric::odeint::integrate_n_steps(Stepper(), k.system(), x, T50(0), k.period() / T50(N), int(N));
    using std::abs;
    return (std::max)(abs(x.first[0] - k.q0()[0]), abs(x.first[1] - k.q0()[1]));
}

template <class Method>
void expect_kepler_order(const char* label, long N0) {
    using S = composition_stepper<P50, Method>;
    static_assert(S::order() == Method::order);
    const T50 e0 = kepler_error<S>(N0), e1 = kepler_error<S>(2 * N0), e2 = kepler_error<S>(4 * N0);
    using std::log2;
    const double order = to_d((log2(e0) - log2(e2)) / 2);
    std::cout << label << ": Kepler errors " << to_d(e0) << ", " << to_d(e1) << ", " << to_d(e2) << " at N = " << N0
              << ", " << 2 * N0 << ", " << 4 * N0 << " steps per period: order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.3) << label;
}

TEST(CompositionStepper, KeplerOrdersAt50Digits) {
    expect_kepler_order<scheme::yoshida4>("yoshida4", 2000);
    expect_kepler_order<scheme::suzuki4>("suzuki4", 2000);
    expect_kepler_order<scheme::yoshida6>("yoshida6", 2000);
    expect_kepler_order<scheme::yoshida8>("yoshida8", 2000);
}

// +h then −h returns to the start (symmetric), at 50 digits, through odeint's do_step.
TEST(CompositionStepper, BackwardStepsInvertForwardOnes) {
    const problems::kepler<T50> k(T50(3) / 5);
    yoshida8_stepper<P50> st;
    const auto x0 = std::make_pair(P50{k.q0()[0], k.q0()[1]}, P50{k.p0()[0], k.p0()[1]});
    auto x = x0;
    const T50 h = k.period() / 500;
    for (int j = 0; j < 50; ++j) st.do_step(k.system(), x, T50(j) * h, h);
    for (int j = 50; j > 0; --j) st.do_step(k.system(), x, T50(j) * h, T50(-h));
    T50 d(0);
    for (int i = 0; i < 2; ++i) d = (std::max)({d, T50(abs(x.first[std::size_t(i)] - x0.first[std::size_t(i)])), T50(abs(x.second[std::size_t(i)] - x0.second[std::size_t(i)]))});
    std::cout << "yoshida8: 50 steps +h then -h return within " << to_d(d / eps<T50>()) << " eps\n";
    EXPECT_LE(d, 100 * 50 * eps<T50>());
}
}  // namespace
