// The stepper base every family shares (stepper/stepper_base.hpp) and the trait vocabulary
// (scheme/traits.hpp), at double: backward steps for the time-symmetric schemes (checked against
// exact solutions and forward runs), pair-of-references states, the check and summation
// policies, the first-same-as-last force of leap-frog, and each scheme's stated stability limit
// on the harmonic oscillator.
#include "test_common.hpp"

#include <boost/core/ref.hpp>
#include <boost/numeric/odeint.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <array>
#include <functional>
#include <limits>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {
using namespace geomint;
namespace odeint = boost::numeric::odeint;
using T = double;
using V2 = Eigen::Vector<T, 2>;
using flat = std::vector<T>;

// Every scheme declares its family's vocabulary.
static_assert(linear_variational_scheme<scheme::newmark> && linear_variational_scheme<scheme::simpson> &&
              linear_variational_scheme<scheme::simpson_variant1>);
static_assert(newton_equation_scheme<scheme::leapfrog> && newton_equation_scheme<scheme::symplectic_euler> &&
              newton_equation_scheme<scheme::symplectic_euler_adjoint> && newton_equation_scheme<scheme::implicit_midpoint> &&
              newton_equation_scheme<scheme::standard_projection<>> && newton_equation_scheme<scheme::symmetric_projection<>> &&
              newton_equation_scheme<scheme::suris1> && newton_equation_scheme<scheme::suris2> &&
              newton_equation_scheme<scheme::discrete_gradient> && newton_equation_scheme<scheme::modified_discrete_gradient>);
static_assert(truss_scheme<scheme::truss_midpoint> && truss_scheme<scheme::truss_energy_momentum> &&
              truss_scheme<scheme::truss_fourth_order> && truss_scheme<scheme::truss_energy_conserving<>>);
static_assert(scheme::galerkin_scheme<scheme::galerkin_lobatto<1>> && scheme::galerkin_scheme<scheme::galerkin_lobatto<4>> &&
              scheme::splitting_method<scheme::yoshida4> && scheme::splitting_method<scheme::blanes_moan_srkn6>);
// ... and a scheme of another family does not pass for one (leap-frog has the momentum claim of a
// truss scheme, but none of its parameter matrices).
static_assert(!truss_scheme<scheme::leapfrog> && !linear_variational_scheme<scheme::leapfrog> &&
              !newton_equation_scheme<scheme::simpson> && !scheme::splitting_method<scheme::leapfrog> &&
              !scheme::galerkin_scheme<scheme::yoshida4>);
// Per-degree names.
static_assert(std::string_view(scheme::galerkin_lobatto<2>::name) == "galerkin_vi_2" &&
              std::string_view(scheme::galerkin_lobatto<12>::name) == "galerkin_vi_12");
// One classification of systems (model/system_form.hpp), read by every stepper.
namespace form_check {
using V = std::array<T, 2>;
inline void f(const V&, V&) {}
using pair_form = std::pair<decltype(&f), decltype(&f)>;
static_assert(form_of<pair_form>() == system_form::odeint_pair && form_of<decltype(&f)>() == system_form::momentum_function &&
              form_of<std::reference_wrapper<const pair_form>>() == system_form::odeint_pair &&
              form_of<boost::reference_wrapper<pair_form>>() == system_form::odeint_pair);
static_assert(form_of<quadratic_lagrangian<Eigen::Matrix2d>>() == system_form::quadratic_lagrangian &&
              form_of<quadratic_lagrangian<sparse_matrix<T>>>() == system_form::sparse_quadratic_lagrangian &&
              form_of<matrix_free_system<decltype(&f), decltype(&f)>>() == system_form::matrix_free &&
              form_of<simple_pendulum<T>>() == system_form::newton && form_of<truss<T>>() == system_form::truss);
static_assert(has_separable_rates<pair_form>() && !has_separable_rates<simple_pendulum<T>>() &&
              has_lagrangian_view<quadratic_lagrangian<Eigen::Matrix2d>>() &&
              !has_lagrangian_view<quadratic_lagrangian<sparse_matrix<T>>>());
}  // namespace form_check
// One typedef block, one template convention (state, then scheme) for every family.
static_assert(std::is_same_v<simpson_stepper<V2>::stepper_category, odeint::stepper_tag> &&
              std::is_same_v<leapfrog_stepper<T>::stepper_category, odeint::stepper_tag> &&
              std::is_same_v<truss_midpoint_stepper<flat>::stepper_category, odeint::stepper_tag>);
static_assert(std::is_same_v<leapfrog_stepper<T>::state_type, std::pair<T, T>> &&
              std::is_same_v<simpson_stepper<V2>::state_type, std::pair<V2, V2>> &&
              std::is_same_v<truss_midpoint_stepper<flat>::state_type, std::pair<flat, flat>>);
static_assert(std::is_same_v<truss_midpoint_stepper<flat>::value_type, T> &&
              std::is_same_v<leapfrog_stepper<std::vector<T>>::value_type, T>);
static_assert(leapfrog_stepper<T>::order() == 2 && simpson_stepper<V2>::order() == 4 &&
              truss_fourth_order_stepper<flat>::order() == 4);
// Solver settings only where a solve happens.
static_assert(!std::is_constructible_v<leapfrog_stepper<T>, iteration_options> &&
              std::is_constructible_v<implicit_midpoint_stepper<T>, iteration_options>);

const auto pendulum = make_simple_pendulum<T>();

double eps() { return std::numeric_limits<T>::epsilon(); }

// Simpson and Newmark step backward with dt < 0: from the exact state at t = 1 back to t = 0
// the error is O(|dt|^order) against the exact initial state (measured orders within 0.2), and
// forward then backward returns to the start to rounding.
TEST(StepperBase, SymmetricLinearSchemesStepBackward) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    const modal_solution exact(sys, dp.q0(), dp.p0());
    const auto backward_error = [&](auto stepper, int n) {
        auto x = std::make_pair(V2(exact.q(T(1))), V2(exact.p(T(1))));
        odeint::integrate_n_steps(stepper, sys, x, T(1), T(-1) / n, static_cast<std::size_t>(n));
        return (std::max)((x.first - dp.q0()).cwiseAbs().maxCoeff(), (x.second - dp.p0()).cwiseAbs().maxCoeff());
    };
    const auto check = [&](auto stepper, double order) {
        const std::vector<T> hs{T(1) / 40, T(1) / 80}, errs{backward_error(stepper, 40), backward_error(stepper, 80)};
        EXPECT_NEAR(estimate_order(hs, errs).order, order, 0.2) << errs[0] << " " << errs[1];
        auto x = std::make_pair(V2(dp.q0()), V2(dp.p0()));
        odeint::integrate_n_steps(stepper, sys, x, T(0), T(1) / 50, 200);
        odeint::integrate_n_steps(stepper, sys, x, T(4), T(-1) / 50, 200);
        EXPECT_LE((x.first - dp.q0()).cwiseAbs().maxCoeff(), 1000 * eps());
        EXPECT_LE((x.second - dp.p0()).cwiseAbs().maxCoeff(), 1000 * eps());
    };
    check(simpson_stepper<V2>(), 4.0);
    check(newmark_stepper<V2>(), 2.0);
    check(simpson_variant1_stepper<V2>(), 4.0);
}

// The Newton-equation steppers step backward exactly as the scheme does with −h, and the
// symmetric ones return to the start.
TEST(StepperBase, SymmetricNewtonEquationSchemesStepBackward) {
    const auto check = [&](auto stepper, auto scheme_tag) {
        using S = decltype(scheme_tag);
        std::pair<T, T> x{0.3, 0.8};
        T phi = x.first, p = x.second;
        stepper.do_step(pendulum, x, 0.0, -0.05);
        newton_equation_step<S>(pendulum, phi, p, -0.05);
        EXPECT_EQ(x.first, phi) << S::name;
        EXPECT_EQ(x.second, p) << S::name;
        for (int k = 0; k < 50; ++k) stepper.do_step(pendulum, x, 0.0, 0.05);
        for (int k = 0; k < 49; ++k) stepper.do_step(pendulum, x, 0.0, -0.05);
        EXPECT_NEAR(x.first, 0.3, 1000 * eps()) << S::name;
        EXPECT_NEAR(x.second, 0.8, 1000 * eps()) << S::name;
    };
    check(leapfrog_stepper<T>(), scheme::leapfrog{});
    check(implicit_midpoint_stepper<T>(), scheme::implicit_midpoint{});
    check(discrete_gradient_stepper<T>(), scheme::discrete_gradient{});
    check(symmetric_projection_stepper<T>(), scheme::symmetric_projection<>{});
}

std::pair<flat, flat> flatten(const nodal<T>& R, const nodal<T>& P) {
    std::pair<flat, flat> x{flat(static_cast<std::size_t>(R.size())), flat(static_cast<std::size_t>(P.size()))};
    for (Eigen::Index i = 0; i < R.rows(); ++i)
        for (int c = 0; c < 3; ++c) {
            x.first[static_cast<std::size_t>(3 * i + c)] = R(i, c);
            x.second[static_cast<std::size_t>(3 * i + c)] = P(i, c);
        }
    return x;
}

TEST(StepperBase, TrussSchemesStepBackward) {
    const auto t = problems::tumbling_tetrahedron<T>();
    auto x = flatten(t.R, t.P);
    const auto x0 = x;
    truss_energy_momentum_stepper<flat> st;
    st.do_step(std::cref(t.sys), x, T(0), T(1) / 10);
    st.do_step(std::cref(t.sys), x, T(1) / 10, T(-1) / 10);
    for (std::size_t k = 0; k < x.first.size(); ++k) {
        EXPECT_NEAR(x.first[k], x0.first[k], 256 * eps() * (1 + t.R.norm()));
        EXPECT_NEAR(x.second[k], x0.second[k], 256 * eps() * (1 + t.P.norm()));
    }
}

// odeint's symplectic steppers take std::make_pair(std::ref(q), std::ref(p)); so does every
// geomint stepper, in place and in → out, with the steps of the value form.
TEST(StepperBase, PairOfReferencesState) {
    {
        const problems::double_pendulum<T> dp;
        const auto sys = dp.system();
        V2 q = dp.q0(), p = dp.p0();
        auto x = std::make_pair(q, p);
        simpson_stepper<V2> a, b;
        a.do_step(sys, x, 0.0, 0.1);
        b.do_step(sys, std::make_pair(std::ref(q), std::ref(p)), 0.0, 0.1);
        EXPECT_EQ(q, x.first);
        EXPECT_EQ(p, x.second);
        V2 q2, p2;
        b.do_step(sys, std::make_pair(std::cref(q), std::cref(p)), 0.1, std::make_pair(std::ref(q2), std::ref(p2)), 0.1);
        a.do_step(sys, x, 0.1, 0.1);
        EXPECT_EQ(q2, x.first);
        EXPECT_EQ(p2, x.second);
    }
    {
        T q = 0.3, p = 0.8;
        std::pair<T, T> x{q, p};
        leapfrog_stepper<T> a, b;
        a.do_step(pendulum, x, 0.0, 0.1);
        b.do_step(pendulum, std::make_pair(std::ref(q), std::ref(p)), 0.0, 0.1);
        EXPECT_EQ(q, x.first);
        EXPECT_EQ(p, x.second);
    }
    {
        const auto t = problems::tumbling_tetrahedron<T>();
        auto x = flatten(t.R, t.P);
        auto [q, p] = x;
        truss_midpoint_stepper<flat> a, b;
        a.do_step(std::cref(t.sys), x, T(0), T(1) / 50);
        b.do_step(std::cref(t.sys), std::make_pair(std::ref(q), std::ref(p)), T(0), T(1) / 50);
        EXPECT_EQ(q, x.first);
        EXPECT_EQ(p, x.second);
    }
}

// `unchecked` steps exactly as `checked`, and a NaN then propagates instead of throwing.
TEST(StepperBase, UncheckedPolicy) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    auto x = std::make_pair(V2(dp.q0()), V2(dp.p0()));
    auto y = x;
    simpson_stepper<V2> checked_stepper;
    simpson_stepper<V2, V2, unchecked> unchecked_stepper;
    for (int k = 0; k < 100; ++k) {
        checked_stepper.do_step(sys, x, 0.0, 0.1);
        unchecked_stepper.do_step(sys, y, 0.0, 0.1);
    }
    EXPECT_EQ(x, y);
    y.first[0] = std::numeric_limits<T>::quiet_NaN();
    x = y;
    EXPECT_THROW(checked_stepper.do_step(sys, x, 0.0, 0.1), std::invalid_argument);
    EXPECT_NO_THROW(unchecked_stepper.do_step(sys, y, 0.0, 0.1));
    EXPECT_TRUE(std::isnan(y.first[0]) || std::isnan(y.second[0]));

    std::pair<T, T> a{0.3, 0.8}, b = a;
    leapfrog_stepper<T> lc;
    leapfrog_stepper<T, T, unchecked> lu;
    for (int k = 0; k < 100; ++k) {
        lc.do_step(pendulum, a, 0.0, 0.1);
        lu.do_step(pendulum, b, 0.0, 0.1);
    }
    EXPECT_EQ(a, b);
    b.first = std::numeric_limits<T>::quiet_NaN();
    EXPECT_NO_THROW(lu.do_step(pendulum, b, 0.0, 0.1));
    EXPECT_TRUE(std::isnan(b.first));

    const auto t = problems::tumbling_tetrahedron<T>();
    auto r = flatten(t.R, t.P), s = r;
    truss_midpoint_stepper<flat> tc;
    truss_midpoint_stepper<flat, flat, unchecked> tu;
    for (int k = 0; k < 5; ++k) {
        tc.do_step(std::cref(t.sys), r, T(0), T(1) / 50);
        tu.do_step(std::cref(t.sys), s, T(0), T(1) / 50);
    }
    EXPECT_EQ(r, s);
}

// compensated_summation on the linear stepper: the same trajectory to rounding, and the carry
// is dropped when the caller changes the state (the step then equals a fresh stepper's).
TEST(StepperBase, CompensatedSummationLinear) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    auto x = std::make_pair(V2(dp.q0()), V2(dp.p0()));
    auto y = x;
    simpson_stepper<V2> plain;
    simpson_stepper<V2, V2, checked, compensated_summation> compensated;
    const int n = 10000;
    for (int k = 0; k < n; ++k) {
        plain.do_step(sys, x, 0.0, 0.1);
        compensated.do_step(sys, y, 0.0, 0.1);
    }
    EXPECT_LE((x.first - y.first).cwiseAbs().maxCoeff(), 10 * eps() * n);
    EXPECT_GT((x.first - y.first).cwiseAbs().maxCoeff(), 0.0);  // the policy does change the sums
    y.first[0] += 1e-3;
    auto z = y;
    compensated.do_step(sys, y, 0.0, 0.1);
    simpson_stepper<V2, V2, checked, compensated_summation>().do_step(sys, z, 0.0, 0.1);
    EXPECT_EQ(y, z);
    // backward with the carry, then forward: back at the start to rounding
    for (int k = 0; k < 50; ++k) compensated.do_step(sys, y, 0.0, -0.1);
    for (int k = 0; k < 50; ++k) compensated.do_step(sys, y, 0.0, 0.1);
    EXPECT_LE((y.first - z.first).cwiseAbs().maxCoeff(), 100 * eps());
}

// Leap-frog through its stepper evaluates the force once a step (first same as last), with the
// states of the two-evaluation scheme bitwise, and evaluates afresh for a changed state, a
// different system (not for an equal copy: systems are compared by value) or after reset().
struct counting_pendulum {
    static inline int calls = 0;
    T g = 1;  ///< V = −g cos q
    template <class U>
    U operator()(const U& q) const {
        using std::cos;
        return -g * cos(q);
    }
    template <class U>
    U force(const U& q) const {
        ++calls;
        using std::sin;
        return -g * sin(q);
    }
};

TEST(StepperBase, LeapfrogEvaluatesTheForceOncePerStep) {
    const auto sys = make_newton_system<T>(counting_pendulum{});
    const auto other = make_newton_system<T>(counting_pendulum{2});
    leapfrog_stepper<T> st;
    std::pair<T, T> x{0.3, 0.8};
    T phi = x.first, p = x.second;
    counting_pendulum::calls = 0;
    for (int k = 0; k < 100; ++k) st.do_step(sys, x, 0.0, 0.05);
    EXPECT_EQ(counting_pendulum::calls, 101);
    for (int k = 0; k < 100; ++k) scheme::leapfrog::step(sys, phi, p, 0.05);
    EXPECT_EQ(x.first, phi);
    EXPECT_EQ(x.second, p);
    counting_pendulum::calls = 0;
    x.first += 1e-3;  // changed by the caller
    st.do_step(sys, x, 0.0, 0.05);
    EXPECT_EQ(counting_pendulum::calls, 2);
    st.do_step(other, x, 0.0, 0.05);  // another system (g = 2)
    EXPECT_EQ(counting_pendulum::calls, 4);
    st.do_step(sys, x, 0.0, 0.05);  // back to the first: a copy equal to it counts as it
    EXPECT_EQ(counting_pendulum::calls, 6);
    const auto copy = sys;
    st.do_step(copy, x, 0.0, 0.05);
    EXPECT_EQ(counting_pendulum::calls, 7);
    st.reset();
    st.do_step(copy, x, 0.0, 0.05);
    EXPECT_EQ(counting_pendulum::calls, 9);
}

// Each Newton-equation scheme's stated stability limit on q̈ = −q (ω = 1): bounded over 2000
// steps at 0.98 of a finite limit, unbounded at 1.02 of it; bounded at ω h = 3 for the
// unconditionally stable ones. (Suris' maps exist for the pendulum only; the projections' limit
// is not analysed.)
TEST(SchemeTraits, StabilityLimitOnTheHarmonicOscillator) {
    const auto oscillator = make_newton_system<T>([](const auto& q) { return q * q / 2; });
    const auto run = [&](auto scheme_tag, T h) {
        using S = decltype(scheme_tag);
        T q = 1, p = 0, worst = 0;
        for (int k = 0; k < 2000 && worst < 1e6; ++k) {
            newton_equation_step<S>(oscillator, q, p, h);
            worst = (std::max)(worst, std::abs(q) + std::abs(p));
        }
        return worst;
    };
    const auto check = [&](auto scheme_tag) {
        using S = decltype(scheme_tag);
        const T limit = S::template stability_limit<T>();
        ASSERT_FALSE(std::isnan(limit)) << S::name;
        if (std::isinf(limit)) {
            EXPECT_LT(run(scheme_tag, 3.0), 10.0) << S::name << " (" << S::stability_text << ")";
        } else {
            EXPECT_LT(run(scheme_tag, 0.98 * limit), 100.0) << S::name << " (" << S::stability_text << ")";
            EXPECT_GT(run(scheme_tag, 1.02 * limit), 1e3) << S::name << " (" << S::stability_text << ")";
        }
    };
    check(scheme::leapfrog{});
    check(scheme::symplectic_euler{});
    check(scheme::symplectic_euler_adjoint{});
    check(scheme::implicit_midpoint{});
    check(scheme::discrete_gradient{});
    check(scheme::modified_discrete_gradient{});
    EXPECT_TRUE(std::isnan(scheme::standard_projection<>::stability_limit<T>()));
}

// The linear family's limits, on the double pendulum: Newmark bounded at ω_max h = 10; Simpson
// refused at 1.02 · 2√2 (and unbounded when told to step anyway), bounded at 0.98 · 2√2.
TEST(SchemeTraits, StabilityLimitOfTheLinearSchemes) {
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    const T w = dp.omega1();
    const auto run = [&](auto stepper, T h) {
        auto x = std::make_pair(V2(dp.q0()), V2(dp.p0()));
        T worst = 0;
        for (int k = 0; k < 2000 && worst < 1e6; ++k) {
            stepper.do_step(sys, x, 0.0, h);
            worst = (std::max)(worst, x.first.cwiseAbs().maxCoeff());
        }
        return worst;
    };
    EXPECT_TRUE(std::isinf(scheme::newmark::stability_limit<T>()));
    EXPECT_LT(run(newmark_stepper<V2>(), 10 / w), 10.0);
    const T limit = scheme::simpson::stability_limit<T>();
    EXPECT_EQ(limit, 2 * std::sqrt(2.0));
    EXPECT_LT(run(simpson_stepper<V2>(), 0.98 * limit / w), 10.0);
    EXPECT_THROW(run(simpson_stepper<V2>(), 1.02 * limit / w), unstable_step_error);
    EXPECT_GT(run(simpson_stepper<V2>(stability_check::off), 1.02 * limit / w), 1e3);
}

}  // namespace
