// Symmetric compositions of leapfrog (scheme/composition/): the order conditions, computed in the
// free algebra (word_series.hpp) rather than typed in, vanish for every method's 100-digit
// weights to within what rounding the weights to 100 digits allows, and fail at the next order; a mutant weight fails; the weights agree with the
// published digits; the closed forms satisfy their defining identities; the 140-digit tables the
// steppers read are the coefficients solved afresh, and a scalar beyond them solves its own.
#include "test_common.hpp"
#include <geomint/scheme/composition/solve_coefficients.hpp>

namespace {
using namespace geomint_test;
using T = mp<100>;

template <class U>
U max_residual(const std::vector<U>& gamma, int order) {
    using std::abs;
    U worst(0);
    for (const U& r : scheme::symmetric_composition_residuals(scheme::odd_generators_basis(order), gamma)) worst = (std::max)(worst, U(abs(r)));
    return worst;
}

/// The residuals' sensitivity to rounding the weights to T: Σ_i |∂r/∂γ_i| |γ_i| ε (first order,
/// max over the conditions), from dual numbers in mp<120>.
template <class M>
T rounding_bound() {
    using W = mp<120>;
    const auto& g = M::template weights<W>();
    const auto basis = scheme::odd_generators_basis(int(M::order));
    std::vector<W> bound(basis.size() - 1, W(0));
    for (std::size_t i = 0; i < g.size(); ++i) {
        std::vector<dual<W>> gd(g.begin(), g.end());
        gd[i] = make_dual(g[i], W(1));
        const auto r = scheme::symmetric_composition_residuals(basis, gd);
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
    EXPECT_GT(next, T(1) / T(1000000000000LL)) << label << " has order " << M::order << " exactly";
    // a mutant weight (one outer weight off by 1e-10) breaks the conditions
    auto w = M::template outer_weights<T>();
    w.front() += T(1) / T(10000000000LL);
    EXPECT_GT(max_residual(scheme::palindromic_weights(w), int(M::order)), T(1) / T(100000000000000LL)) << label << " mutant";
}

TEST(Composition, OrderConditionsVanishAt100Digits) {
    expect_order<scheme::yoshida4>("yoshida4");
    expect_order<scheme::suzuki4>("suzuki4");
    expect_order<scheme::yoshida6>("yoshida6");
    expect_order<scheme::yoshida8>("yoshida8");
    expect_order<scheme::kahan_li6>("kahan_li6");
    expect_order<scheme::kahan_li8>("kahan_li8");
    expect_order<scheme::sofroniou_spaletta10>("sofroniou_spaletta10");
}

/// Residuals of a splitting's order-p conditions for coefficients in U (with the Nyström quotient
/// for an RKN method).
template <class M, class U>
U splitting_residual(const scheme::splitting_coefficients<U>& c, int order) {
    const auto basis = scheme::splitting_basis(order);
    const scheme::nystrom_quotient<value_type_of_t<U>> quotient(basis);
    U worst(0);
    for (const U& r : scheme::splitting_residuals(basis, c.drift, c.kick, M::nystrom ? &quotient : nullptr)) worst = (std::max)(worst, U(abs(r)));
    return worst;
}

/// The splittings in A and B: the order-p residuals of the mp<100> coefficients (evaluated at
/// 120 digits) within the bound from rounding them, the next order's residual not small, a
/// mutant failing.
template <class M>
void expect_splitting_order(const char* label) {
    using W = mp<120>;
    const auto& c = M::template coefficients<T>();
    const scheme::splitting_coefficients<W> c120{std::vector<W>(c.drift.begin(), c.drift.end()), std::vector<W>(c.kick.begin(), c.kick.end())};
    const T at_order = T(splitting_residual<M>(c120, int(M::order)));
    // sensitivity to rounding the coefficients to 100 digits (first order, via duals at 120 digits)
    const auto& cw = M::template coefficients<W>();
    const auto basis = scheme::splitting_basis(int(M::order));
    const scheme::nystrom_quotient<W> quotient(basis);
    std::vector<W> bound;
    for (std::size_t i = 0; i < cw.drift.size() + cw.kick.size(); ++i) {
        scheme::splitting_coefficients<dual<W>> d{std::vector<dual<W>>(cw.drift.begin(), cw.drift.end()), std::vector<dual<W>>(cw.kick.begin(), cw.kick.end())};
        const bool is_drift = i < cw.drift.size();
        const std::size_t j = is_drift ? i : i - cw.drift.size();
        const W v = is_drift ? cw.drift[j] : cw.kick[j];
        (is_drift ? d.drift[j] : d.kick[j]) = make_dual(v, W(1));
        const auto r = scheme::splitting_residuals(basis, d.drift, d.kick, M::nystrom ? &quotient : nullptr);
        bound.resize(r.size(), W(0));
        for (std::size_t k = 0; k < r.size(); ++k) bound[k] += abs(tangent_of(r[k])) * abs(v);
    }
    W worst(0);
    for (const W& b : bound) worst = (std::max)(worst, b);
    const T limit = T(worst) * eps<T>();
    const T next = splitting_residual<M>(c, int(M::order) + 1);
    std::cout << label << ": order-" << M::order << " residuals of the 100-digit coefficients " << to_d(at_order / eps<T>())
              << " eps (rounding bound " << to_d(limit / eps<T>()) << " eps); order " << M::order + 1 << ": " << to_d(next) << "\n";
    EXPECT_LE(at_order, limit) << label;
    EXPECT_GT(next, T(1) / T(1000000000000LL)) << label;
    auto mutant = c;
    mutant.drift[1] += T(1) / T(10000000000LL);
    mutant.drift[mutant.drift.size() - 2] -= T(1) / T(10000000000LL);  // keeps Σa = 1
    EXPECT_GT(splitting_residual<M>(mutant, int(M::order)), T(1) / T(100000000000000LL)) << label << " mutant";
}

TEST(Splitting, OrderConditionsVanishAt100Digits) {
    expect_splitting_order<scheme::mclachlan_sb3a>("mclachlan_sb3a");
    expect_splitting_order<scheme::blanes_moan_srkn6>("blanes_moan_srkn6");
}

// Blanes–Moan's SRKN is a Nyström method: its order-6 conditions hold only modulo
// [B,[B,[B,A]]] (the general ones leave 1e-5), SB3A's hold in general.
TEST(Splitting, NystromQuotientIsNeededForTheRknMethodOnly) {
    using W = mp<120>;
    const auto& srkn = scheme::blanes_moan_srkn6::coefficients<W>();
    const auto b6 = scheme::splitting_basis(6);
    W general(0);
    for (const W& r : scheme::splitting_residuals(b6, srkn.drift, srkn.kick)) general = (std::max)(general, W(abs(r)));
    std::cout << "blanes_moan_srkn6: general (non-Nystrom) order-6 residual " << to_d(general) << "\n";
    EXPECT_GT(general, W(1) / 1000000);
    EXPECT_EQ(scheme::nystrom_quotient<W>(b6).dimension(), 17);  // u E v, |u| + |v| <= 2: 1 + 4 + 12 words
}

// The conditions the engine computes are the known ones at low order: Σγ = 1 (order 1) and
// Σγ³ = 0 (order 3, HLW eq. (V.3.3)) for arbitrary weights: the residuals of a random
// three-stage palindromic composition equal those sums.
TEST(Composition, EngineReproducesTheKnownLowOrderConditions) {
    const std::vector<T> g{T(3) / 7, T(1) / 5, T(3) / 7};
    const auto basis = scheme::odd_generators_basis(3);
    const auto r = scheme::symmetric_composition_residuals(basis, g);
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
    const auto d = scheme::published_values<T>(M{});
    double worst = 0;
    for (std::size_t i = 0; i < w.size(); ++i) worst = std::max(worst, to_d(abs(w[i] - d[i])));
    std::cout << label << ": weights differ from the published digits by at most " << worst << "\n";
    EXPECT_LE(worst, tol) << label;
}

TEST(Composition, WeightsAgreeWithPublishedDigits) {
    expect_published<scheme::yoshida6>("yoshida6", 5e-15);
    expect_published<scheme::yoshida8>("yoshida8", 5e-13);
    expect_published<scheme::kahan_li6>("kahan_li6", 1e-25);
    expect_published<scheme::kahan_li8>("kahan_li8", 1e-25);
    expect_published<scheme::sofroniou_spaletta10>("sofroniou_spaletta10", 1e-25);
}

TEST(Splitting, CoefficientsAgreeWithPublishedDigits) {
    // SB3A: odeint's 20 digits; SRKN: Blanes–Moan's 15 digits
    const auto sb3a = scheme::solve_free_coefficients(std::type_identity<T>{}, scheme::mclachlan_sb3a{}),
               sb3a_printed = scheme::published_values<T>(scheme::mclachlan_sb3a{});
    const auto srkn = scheme::solve_free_coefficients(std::type_identity<T>{}, scheme::blanes_moan_srkn6{}),
               srkn_printed = scheme::published_values<T>(scheme::blanes_moan_srkn6{});
    double d1 = 0, d2 = 0;
    for (std::size_t i = 0; i < sb3a.size(); ++i) d1 = std::max(d1, to_d(abs(sb3a[i] - sb3a_printed[i])));
    for (std::size_t i = 0; i < srkn.size(); ++i) d2 = std::max(d2, to_d(abs(srkn[i] - srkn_printed[i])));
    std::cout << "mclachlan_sb3a: solved drifts differ from the printed digits by " << d1 << "; blanes_moan_srkn6: " << d2 << "\n";
    EXPECT_LE(d1, 1e-19);
    EXPECT_LE(d2, 1e-14);
}

/// Largest |a_i − b_i| / max(1, |b_i|) over two sequences of equal length (+∞ if the lengths differ).
template <class U>
U max_relative_difference(const std::vector<U>& a, const std::vector<U>& b) {
    if (a.size() != b.size()) return std::numeric_limits<U>::infinity();
    U worst(0);
    for (std::size_t i = 0; i < a.size(); ++i) worst = (std::max)(worst, U(abs(a[i] - b[i]) / (std::max)(U(1), U(abs(b[i])))));
    return worst;
}

/// The 140-digit tables (coefficient_tables.hpp) against the coefficients solved afresh at 120
/// digits (solve_coefficients.hpp, never reading the tables): every drift, kick and weight within
/// 10⁵ ε of mp<120> (1e-115: the solve stops at residuals of 1000 ε·max|x|^p, and the conditions
/// of yoshida8, sofroniou_spaletta10 and blanes_moan_srkn6 amplify that to 1.1e-117 at worst), and
/// the double and mp<50> coefficients the stepper reads equal to the solved ones rounded once.
template <class M>
void expect_tables_solved(const char* label) {
    using W = mp<120>;
    const auto solved = scheme::solved_coefficients<W, M>();
    const auto& table = M::template coefficients<W>();
    const W tol = W(100000) * eps<W>();
    EXPECT_LE(max_relative_difference(table.drift, solved.drift), tol) << label << " drifts";
    EXPECT_LE(max_relative_difference(table.kick, solved.kick), tol) << label << " kicks";
    if constexpr (requires { M::stages; })
        EXPECT_LE(max_relative_difference(M::template outer_weights<W>(), scheme::solved_outer_weights<W, M>()), tol) << label << " weights";
    const auto& d = M::template coefficients<double>();
    const auto& m50 = M::template coefficients<mp<50>>();
    ASSERT_EQ(d.drift.size(), solved.drift.size()) << label;
    ASSERT_EQ(m50.kick.size(), solved.kick.size()) << label;
    for (std::size_t i = 0; i < solved.drift.size(); ++i) {
        EXPECT_EQ(d.drift[i], static_cast<double>(solved.drift[i])) << label << " drift " << i;
        EXPECT_EQ(m50.drift[i], static_cast<mp<50>>(solved.drift[i])) << label << " drift " << i;
        EXPECT_EQ(d.kick[i], static_cast<double>(solved.kick[i])) << label << " kick " << i;
        EXPECT_EQ(m50.kick[i], static_cast<mp<50>>(solved.kick[i])) << label << " kick " << i;
    }
}

TEST(Composition, TablesAreTheSolvedCoefficients) {
    expect_tables_solved<scheme::yoshida4>("yoshida4");
    expect_tables_solved<scheme::suzuki4>("suzuki4");
    expect_tables_solved<scheme::yoshida6>("yoshida6");
    expect_tables_solved<scheme::yoshida8>("yoshida8");
    expect_tables_solved<scheme::kahan_li6>("kahan_li6");
    expect_tables_solved<scheme::kahan_li8>("kahan_li8");
    expect_tables_solved<scheme::sofroniou_spaletta10>("sofroniou_spaletta10");
    expect_tables_solved<scheme::mclachlan_sb3a>("mclachlan_sb3a");
    expect_tables_solved<scheme::blanes_moan_srkn6>("blanes_moan_srkn6");
}

// Beyond the tables (140 digits > 130): the coefficients are solved in T itself (this file
// includes solve_coefficients.hpp), and agree with the 140-digit tables to their last digit.
TEST(Composition, BeyondTheTablesTheCoefficientsAreSolvedInT) {
    using B = mp<140>;
    static_assert(!scheme::detail::reads_tables<scheme::yoshida6, B> && scheme::detail::reads_tables<scheme::yoshida6, mp<100>>);
    const B tol = B(1) / pow(B(10), 139);
    const auto& y6 = scheme::yoshida6::coefficients<B>();
    EXPECT_LE(max_relative_difference(y6.drift, scheme::detail::from_decimals<B>(scheme::tables::yoshida6::drift_table)), tol);
    const auto& sb3a = scheme::mclachlan_sb3a::coefficients<B>();
    EXPECT_LE(max_relative_difference(sb3a.drift, scheme::detail::from_decimals<B>(scheme::tables::mclachlan_sb3a::drift_table)), tol);
    EXPECT_LE(max_relative_difference(sb3a.kick, scheme::detail::from_decimals<B>(scheme::tables::mclachlan_sb3a::kick_table)), tol);
}

// The double weights are the 100-digit ones correctly rounded (both read the 140-digit tables).
TEST(Composition, DoubleWeightsAreTheRoundedHighPrecisionOnes) {
    const auto& d = scheme::yoshida8::weights<double>();
    const auto& h = scheme::yoshida8::weights<T>();
    for (std::size_t i = 0; i < d.size(); ++i) EXPECT_EQ(d[i], static_cast<double>(h[i])) << i;
}
}  // namespace

// --- the steppers -------------------------------------------------------------------------
#include <geomint/problems/kepler.hpp>
#include <geomint/stepper/splitting_stepper.hpp>
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
    using S = splitting_stepper<P50, Method>;
    static_assert(S::order() == Method::order);
    const T50 e0 = kepler_error<S>(N0), e1 = kepler_error<S>(2 * N0), e2 = kepler_error<S>(4 * N0);
    using std::log2;
    const double order = to_d((log2(e0) - log2(e2)) / 2);
    std::cout << label << ": Kepler errors " << to_d(e0) << ", " << to_d(e1) << ", " << to_d(e2) << " at N = " << N0
              << ", " << 2 * N0 << ", " << 4 * N0 << " steps per period: order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.3) << label;
}

TEST(CompositionStepper, KeplerOrdersAt50Digits) {
    const long scale = long_runs() ? 8 : 1;
    expect_kepler_order<scheme::yoshida4>("yoshida4", 2000);
    expect_kepler_order<scheme::suzuki4>("suzuki4", 2000);
    expect_kepler_order<scheme::mclachlan_sb3a>("mclachlan_sb3a", 2000);
    expect_kepler_order<scheme::yoshida6>("yoshida6", 2000);
    expect_kepler_order<scheme::kahan_li6>("kahan_li6", 1000);
    expect_kepler_order<scheme::blanes_moan_srkn6>("blanes_moan_srkn6", 1000);
    expect_kepler_order<scheme::yoshida8>("yoshida8", 2000 * scale);
    expect_kepler_order<scheme::kahan_li8>("kahan_li8", 1000 * scale);
    expect_kepler_order<scheme::sofroniou_spaletta10>("sofroniou_spaletta10", 500 * scale);
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
// Each step calls g (the kick) Method::evaluations times, the count the method's source gives, and
// f (the drift) once per non-zero drift coefficient: the unrolled sweep leaves out exactly the
// zero substeps (it reads them from the tables at compile time; the counts here come from the
// coefficients in T). Three steps of each method at double through odeint's pair form.
template <class Method>
void expect_evaluations(const char* label) {
    using P = std::array<double, 2>;
    long f_calls = 0, g_calls = 0;
    const auto f = [&](const P& p, P& dqdt) { ++f_calls; dqdt = p; };
    const auto g = [&](const P& q, P& dpdt) {
        ++g_calls;
        dpdt = {-q[0], -q[1]};
    };
    splitting_stepper<P, Method> st;
    auto x = std::make_pair(P{1.0, 0.0}, P{0.0, 1.0});
    for (int j = 0; j < 3; ++j) st.do_step(std::make_pair(f, g), x, 0.0, 0.01);
    long drifts = 0;
    for (const double a : st.coef_a()) drifts += a != 0.0 ? 1 : 0;
    EXPECT_EQ(g_calls, 3L * long(Method::evaluations)) << label;
    EXPECT_EQ(f_calls, 3L * drifts) << label;
}

TEST(CompositionStepper, EachStepEvaluatesTheForceAsOftenAsTheMethodSays) {
    expect_evaluations<scheme::yoshida4>("yoshida4");
    expect_evaluations<scheme::suzuki4>("suzuki4");
    expect_evaluations<scheme::mclachlan_sb3a>("mclachlan_sb3a");
    expect_evaluations<scheme::yoshida6>("yoshida6");
    expect_evaluations<scheme::kahan_li6>("kahan_li6");
    expect_evaluations<scheme::blanes_moan_srkn6>("blanes_moan_srkn6");
    expect_evaluations<scheme::yoshida8>("yoshida8");
    expect_evaluations<scheme::kahan_li8>("kahan_li8");
    expect_evaluations<scheme::sofroniou_spaletta10>("sofroniou_spaletta10");
}
}  // namespace
