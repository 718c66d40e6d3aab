// The double-double scalar geomint::dd (QD's dd_real, the component geomint::qd), built when QD is
// found. Every reference is computed independently in Boost.Multiprecision (cpp_bin_float):
// - arithmetic and √ on 20 000 random operands, cancellation included: relative error of a few ε;
// - decimal strings correctly rounded (hi = RN(x), lo = RN(x − hi)), the coefficient tables too;
// - ensemble::field of any dd, lo tiny or not, reads back to the same hi and lo;
// - conversions from and to integers and floating types exact where they can be;
// - the elementary functions, autodiff, Eigen's LU and eigensolver to a few ε;
// - the catalogue's orders on Kepler at dd (4, 6, 8), the order conditions of the dd weights;
// - the rounding drift of Simpson's conserved form at dd grows as √N from about 1e-31;
// - a Galerkin VI and dense output at dd agree with 50 digits to dd's accuracy;
// - the conformance kit confirms yoshida8's traits at dd; Kepler's pericentre passages by events
//   at dd land on the period to dd's accuracy.
#include <geomint/autodiff.hpp>
#include <geomint/double_double.hpp>
#include <geomint/precision.hpp>
#include <geomint/analysis/rounding_drift.hpp>
#include <geomint/ensemble/campaign.hpp>
#include <geomint/conformance.hpp>
#include <geomint/observe/dense_output_stepper.hpp>
#include <geomint/observe/find_events.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/scheme/composition/order_conditions.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/splitting_stepper.hpp>

#include <Eigen/Dense>
#include <Eigen/Eigenvalues>
#include <boost/math/constants/constants.hpp>
#include <boost/numeric/odeint.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <iostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {
using geomint::dd;
using R = geomint::mp<60>;  // the reference: 60 digits hold any product of two dd exactly enough

const R eps_r = R(std::numeric_limits<dd>::epsilon());

R exact(const dd& x) { return R(x.hi()) + R(x.lo()); }
double relative(const dd& got, const R& want) {
    using std::abs;
    return want == 0 ? static_cast<double>(abs(exact(got))) : static_cast<double>(abs(exact(got) - want) / abs(want) / eps_r);
}

/// A random normalized dd: hi log-uniform in ±[2^-40, 2^40], lo a random fraction of ulp(hi)/2.
dd random_dd(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> e(-40, 40), u(-1, 1);
    const double hi = std::ldexp(1.0 + 0.5 * u(rng), int(e(rng))) * (u(rng) < 0 ? -1 : 1);
    const double lo = 0.5 * u(rng) * std::ldexp(std::numeric_limits<double>::epsilon(), std::ilogb(hi));
    return dd(hi) + dd(lo);
}

TEST(DoubleDouble, ArithmeticIsAccurateToAFewEpsilon) {
    std::mt19937_64 rng(7);
    double worst[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 20000; ++i) {
        const dd a = random_dd(rng);
        // every fourth b nearly cancels a: the IEEE-style addition keeps the relative error small
        const dd b = i % 4 == 0 ? dd(-a * (dd(1) + std::ldexp(1.0, -30 - i % 60))) : random_dd(rng);
        const R ea = exact(a), eb = exact(b);
        worst[0] = std::max(worst[0], relative(a + b, ea + eb));
        worst[1] = std::max(worst[1], relative(a - b, ea - eb));
        worst[2] = std::max(worst[2], relative(a * b, ea * eb));
        worst[3] = std::max(worst[3], relative(a / b, ea / eb));
        worst[4] = std::max(worst[4], relative(sqrt(abs(a)), sqrt(abs(ea))));
    }
    std::cout << "dd relative errors in eps = 2^-104 (20000 operands): + " << worst[0] << ", - " << worst[1] << ", * "
              << worst[2] << ", / " << worst[3] << ", sqrt " << worst[4] << "\n";
    EXPECT_LE(worst[0], 4.0);
    EXPECT_LE(worst[1], 4.0);
    EXPECT_LE(worst[2], 8.0);
    EXPECT_LE(worst[3], 8.0);
    EXPECT_LE(worst[4], 8.0);
}

TEST(DoubleDouble, DecimalStringsAreCorrectlyRounded) {
    using W = geomint::mp<200>;
    for (const char* s : {"0.1", "-2.5e-7", "3.1415926535897932384626433832795028841971693993751058209749445923078164",
                          "1e300", "1.7976931348623157e308", "6.02214076e23", "12345678901234567890123456789012345"}) {
        const dd x(s);
        const W w(s);
        const double hi = std::strtod(s, nullptr);
        EXPECT_EQ(x.hi(), hi) << s;
        EXPECT_EQ(x.lo(), W(w - W(hi)).convert_to<double>()) << s;
    }
    try {
        (void)dd("1.2.3");
        ADD_FAILURE() << "no exception for '1.2.3'";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'1.2.3' is not a decimal number"), std::string::npos) << e.what();
    }
}

TEST(DoubleDouble, CoefficientTablesAreTheCorrectlyRoundedWeights) {
    // the outer weights are read from the tables (the middle one is 1 − 2Σw, computed in T)
    const auto& d = geomint::scheme::yoshida8::outer_weights<dd>();
    const auto& h = geomint::scheme::yoshida8::outer_weights<geomint::mp<100>>();
    ASSERT_EQ(d.size(), h.size());
    for (std::size_t i = 0; i < d.size(); ++i) {
        EXPECT_EQ(d[i], dd(h[i])) << i;  // the table entry rounded once, as from the 100-digit value
        EXPECT_LE(relative(d[i], R(h[i])), 0.25) << i;
    }
    const auto& c = geomint::scheme::kahan_li8::coefficients<dd>();
    const auto& ch = geomint::scheme::kahan_li8::coefficients<geomint::mp<100>>();
    for (std::size_t i = 0; i < c.kick.size(); ++i) EXPECT_EQ(c.kick[i], dd(ch.kick[i])) << i;
}

TEST(DoubleDouble, FieldsReadBackExactly) {
    std::mt19937_64 rng(11);
    std::vector<dd> xs;
    for (int i = 0; i < 2000; ++i) xs.push_back(random_dd(rng));
    // lo far below ulp(hi): the field needs more than max_digits10 digits
    for (int k : {60, 80, 120, 300, 900}) xs.push_back(dd(1) + dd(std::ldexp(1.0, -k)));
    xs.push_back(dd(-0.0));
    xs.push_back(std::numeric_limits<dd>::max());
    xs.push_back(std::numeric_limits<dd>::min());
    for (const dd& x : xs) {
        const std::string f = geomint::ensemble::field(x);
        const dd y(f);
        EXPECT_EQ(y.hi(), x.hi()) << f;
        EXPECT_EQ(y.lo(), x.lo()) << f;
    }
    std::cout << "dd fields: 1/3 as " << geomint::ensemble::field(dd(1) / dd(3)) << ", 1 + 2^-300 in "
              << geomint::ensemble::field(dd(1) + dd(std::ldexp(1.0, -300))).size() << " characters\n";
}

TEST(DoubleDouble, ConversionsAndLimits) {
    const long long big = (1LL << 62) + 1;
    EXPECT_EQ(static_cast<long long>(dd(big)), big);
    EXPECT_EQ(static_cast<std::size_t>(dd(std::size_t(1) << 63) + dd(5)), (std::size_t(1) << 63) + 5);
    EXPECT_EQ(static_cast<int>(dd(-2.75)), -2);
    EXPECT_EQ(static_cast<int>(dd(3) - dd(std::ldexp(1.0, -80))), 2);
    EXPECT_EQ(static_cast<int>(dd(-3) + dd(std::ldexp(1.0, -80))), -2);
    const long double third = 1.0L / 3;
    EXPECT_EQ(static_cast<long double>(dd(third)), third);
    const R x = R(1) / R(3);
    EXPECT_LE(relative(dd(x), x), 0.5);
    EXPECT_EQ(static_cast<double>(dd(1) / dd(3)), 1.0 / 3);
    using L = std::numeric_limits<dd>;
    EXPECT_EQ(L::epsilon(), dd(std::ldexp(1.0, 1 - L::digits)));
    EXPECT_GT(dd(1) + L::epsilon(), dd(1));
    EXPECT_TRUE(isfinite(L::max()) && isfinite(L::min()) && !isfinite(L::infinity()) && isnan(L::quiet_NaN()));
    EXPECT_EQ(geomint::scalar_traits<dd>::name(), "dd");
    EXPECT_EQ(geomint::scalar_traits<dd>::epsilon(), L::epsilon());
}

TEST(DoubleDouble, ElementaryFunctionsAndAutodiff) {
    const dd x = dd(1) / dd(3);
    const R xr = exact(x);
    double worst = 0;
    worst = std::max({relative(sin(x), sin(xr)), relative(cos(x), cos(xr)), relative(exp(x), exp(xr)),
                      relative(log(x), log(xr)), relative(atan2(x, dd(2)), atan2(xr, R(2))),
                      relative(pow(x, dd(2) / dd(7)), pow(xr, exact(dd(2) / dd(7)))), relative(cbrt(-x), cbrt(-xr)),
                      relative(hypot(x, dd(5)), sqrt(xr * xr + 25)), relative(expm1(x / 1024), expm1(xr / 1024)),
                      relative(log1p(x / 1024), log1p(xr / 1024)), relative(sinh(x), sinh(xr)), relative(pow(x, 5), pow(xr, 5))});
    std::cout << "dd elementary functions at 1/3: worst relative error " << worst << " eps\n";
    EXPECT_LE(worst, 16.0);
    EXPECT_LE(relative(boost::math::constants::pi<dd>(), boost::math::constants::pi<R>()), 0.5);
    const auto y = cos(boost::math::differentiation::make_fvar<dd, 2>(x));
    EXPECT_LE(relative(y.derivative(1), -sin(xr)), 16.0);
    EXPECT_LE(relative(y.derivative(2), -cos(xr)), 16.0);
}

TEST(DoubleDouble, EigenSolvesAndEigenvalues) {
    Eigen::Matrix<dd, 3, 3> A;
    A << 2, -1, 0, -1, 2, -1, 0, -1, 2;  // eigenvalues 2 − √2, 2, 2 + √2
    const Eigen::Matrix<dd, 3, 1> b(1, 2, 3);
    const Eigen::Matrix<dd, 3, 1> x = A.partialPivLu().solve(b);
    const Eigen::Matrix<dd, 3, 1> want(dd(5) / 2, dd(4), dd(7) / 2);
    EXPECT_LE(static_cast<double>((x - want).cwiseAbs().maxCoeff()), 20 * static_cast<double>(std::numeric_limits<dd>::epsilon()));
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix<dd, 3, 3>> es(A);
    const R s2 = sqrt(R(2));
    EXPECT_LE(relative(es.eigenvalues()(0), 2 - s2), 64.0);
    EXPECT_LE(relative(es.eigenvalues()(1), R(2)), 64.0);
    EXPECT_LE(relative(es.eigenvalues()(2), 2 + s2), 64.0);
}

// --- the schemes at dd --------------------------------------------------------------------
using P = std::array<dd, 2>;

template <class Method>
dd kepler_error(long N) {
    const geomint::problems::kepler<dd> k(dd(3) / 5);
    auto x = std::make_pair(P{k.q0()[0], k.q0()[1]}, P{k.p0()[0], k.p0()[1]});
    boost::numeric::odeint::integrate_n_steps(geomint::splitting_stepper<P, Method>(), k.system(), x, dd(0),
                                              k.period() / dd(N), int(N));
    return (std::max)(abs(x.first[0] - k.q0()[0]), abs(x.first[1] - k.q0()[1]));
}

template <class Method>
void expect_order_at_dd(const char* label, long N0) {
    const dd e0 = kepler_error<Method>(N0), e2 = kepler_error<Method>(4 * N0);
    const double order = static_cast<double>((log2(e0) - log2(e2)) / 2);
    std::cout << label << " at dd: Kepler errors " << static_cast<double>(e0) << ", " << static_cast<double>(e2)
              << " at N = " << N0 << ", " << 4 * N0 << ": order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.2) << label;
    EXPECT_GT(static_cast<double>(e2), 1e4 * static_cast<double>(std::numeric_limits<dd>::epsilon())) << label << ": above round-off";
}

TEST(DoubleDouble, CatalogueOrdersOnKepler) {
    expect_order_at_dd<geomint::scheme::suzuki4>("suzuki4", 1000);
    expect_order_at_dd<geomint::scheme::kahan_li6>("kahan_li6", 500);
    expect_order_at_dd<geomint::scheme::yoshida8>("yoshida8", 500);
    expect_order_at_dd<geomint::scheme::kahan_li8>("kahan_li8", 250);
}

// The order conditions of the dd weights, evaluated at 60 digits: within what rounding the
// weights once can leave (Σ |∂r/∂γ_i| |γ_i| ε, from duals), and at most 10 ε for the order-4 method.
template <class Method>
void expect_conditions_at_dd(const char* label, double at_most_eps) {
    const auto& g = Method::template weights<dd>();
    std::vector<R> gr;
    for (const dd& x : g) gr.push_back(exact(x));
    const auto basis = geomint::scheme::odd_generators_basis(int(Method::order));
    R worst(0), bound(0);
    for (const R& r : geomint::scheme::symmetric_composition_residuals(basis, gr)) worst = (std::max)(worst, R(abs(r)));
    std::vector<R> sens(basis.size() - 1, R(0));
    for (std::size_t i = 0; i < gr.size(); ++i) {
        std::vector<geomint::dual<R>> gd(gr.begin(), gr.end());
        gd[i] = geomint::make_dual(gr[i], R(1));
        const auto r = geomint::scheme::symmetric_composition_residuals(basis, gd);
        for (std::size_t k = 0; k < r.size(); ++k) sens[k] += abs(geomint::tangent_of(r[k])) * abs(gr[i]);
    }
    for (const R& s : sens) bound = (std::max)(bound, s);
    std::cout << label << ": order conditions of the dd weights " << static_cast<double>(worst / eps_r)
              << " eps (rounding the weights can leave " << static_cast<double>(bound) << " eps)\n";
    EXPECT_LE(worst, (std::max)(R(at_most_eps), bound) * eps_r) << label;
}

TEST(DoubleDouble, OrderConditionsOfTheWeights) {
    expect_conditions_at_dd<geomint::scheme::yoshida4>("yoshida4", 10);
    expect_conditions_at_dd<geomint::scheme::suzuki4>("suzuki4", 10);
    expect_conditions_at_dd<geomint::scheme::yoshida6>("yoshida6", 10);
    expect_conditions_at_dd<geomint::scheme::yoshida8>("yoshida8", 10);
}

// Simpson's conserved form φ drifts only by rounding: at dd from about 1e-31, as a random walk.
TEST(DoubleDouble, RoundingDriftOfTheConservedFormGrowsAsSqrtN) {
    const geomint::problems::double_pendulum<double> dp;
    using M = geomint::matrix<dd, 2>;
    using V = geomint::vector<dd, 2>;
    const std::size_t steps = 1000000;
    const auto rows = geomint::rounding_drift<geomint::scheme::simpson, geomint::mp<50>>(
        M(dp.mass().cast<dd>()), M(dp.stiffness().cast<dd>()), V(dp.q0().cast<dd>()), V(dp.p0().cast<dd>()),
        dd(dp.tbar) / 10, steps, 60);
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0, first = 0;
    for (const auto& r : rows) {
        if (r.step < 100 || !(r.form_drift_low > 0)) continue;
        if (first == 0) first = r.form_drift_low;
        const double x = std::log(double(r.step)), y = std::log(r.form_drift_low);
        sx += x, sy += y, sxx += x * x, sxy += x * y, m += 1;
    }
    const double exponent = (m * sxy - sx * sy) / (m * sxx - sx * sx);
    std::cout << "Simpson at dd, h = 0.1 tbar: phi drift " << first << " near step 100, " << rows.back().form_drift_low
              << " at step " << steps << "; growth exponent " << exponent << "; scheme error " << rows.back().scheme_error_q
              << ", rounding drift of q " << rows.back().rounding_drift_q << "\n";
    EXPECT_NEAR(exponent, 0.5, 0.1);
    EXPECT_LT(rows.back().form_drift_low, 1e-28);
    EXPECT_GT(rows.back().form_drift_low, 1e-33);
}

// A Galerkin VI (Degree 3, the Lobatto tables) at dd against the same run at 50 digits, and its
// dense output between steps.
TEST(DoubleDouble, GalerkinAndDenseOutputAgreeWithFiftyDigits) {
    const auto run = [](auto zero) {
        using T = decltype(zero);
        using V = std::array<T, 2>;
        const geomint::problems::kepler<T> k(T(1) / 2);
        auto x = std::make_pair(V{k.q0()[0], k.q0()[1]}, V{k.p0()[0], k.p0()[1]});
        auto stepper = geomint::make_dense_output(geomint::galerkin_vi_stepper<V, 3>());
        stepper.initialize(x, T(0), k.period() / T(100));
        for (int j = 0; j < 20; ++j) stepper.do_step(k.system());
        V mid_q, mid_p;
        auto mid = std::make_pair(mid_q, mid_p);
        stepper.calc_state(stepper.current_time() - k.period() / T(300), mid);
        return std::make_pair(stepper.current_state(), mid);
    };
    const auto a = run(dd(0));
    const auto b = run(geomint::mp<50>(0));
    double worst = 0;
    for (int i = 0; i < 2; ++i) {
        worst = std::max<double>({worst, relative(a.first.first[i], R(b.first.first[i])), relative(a.first.second[i], R(b.first.second[i])),
                          relative(a.second.first[i], R(b.second.first[i]))});
    }
    std::cout << "Galerkin Degree 3 on Kepler, 20 steps and dense output at dd vs 50 digits: " << worst << " eps\n";
    EXPECT_LE(worst, 1e4);
}

// The conformance kit at dd: yoshida8's claims (order 8, symplectic, time-symmetric) confirmed.
TEST(DoubleDouble, ConformanceKitConfirmsYoshida8) {
    const auto r = geomint::conformance::examine(geomint::yoshida8_stepper<P>(), geomint::conformance::kepler<dd>());
    std::cout << "yoshida8 at dd: " << r.summary() << "\n";
    EXPECT_TRUE(r.passed);
}

// Pericentre passages (q·p = 0, rising) of Kepler e = 0.5 by events on the Galerkin VI's dense
// output at dd: the passages sit at whole periods, to the scheme's error at this step (order 8).
TEST(DoubleDouble, EventsFindThePericentrePassages) {
    using V = std::array<dd, 2>;
    const geomint::problems::kepler<dd> k(dd(1) / 2);
    auto x = std::make_pair(V{k.q0()[0], k.q0()[1]}, V{k.p0()[0], k.p0()[1]});
    auto dense = geomint::make_dense_output(geomint::galerkin_vi_stepper<V, 4>());
    const auto events = geomint::find_events(
        dense, k.system(), x, dd(0), dd(3) * k.period() + k.period() / 4, k.period() / dd(2000),
        [](const dd&, const V& q, const V& p) { return q[0] * p[0] + q[1] * p[1]; }, geomint::event_direction::rising);
    ASSERT_EQ(events.size(), 3u);
    double worst = 0;
    for (std::size_t i = 0; i < events.size(); ++i)
        worst = std::max(worst, static_cast<double>(abs(events[i].t - dd(int(i) + 1) * k.period())));
    std::cout << "pericentre passages at dd, Galerkin Degree 4, h = P/2000: largest time error " << worst << "\n";
    EXPECT_LT(worst, 1e-18);  // below what double can resolve at t ≈ 20
}

}  // namespace
