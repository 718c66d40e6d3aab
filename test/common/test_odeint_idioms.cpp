// Drop-in fidelity (issue 13): the odeint idioms a user of odeint's symplectic steppers writes,
// each with a test, at double. References are independent: exact solutions of the harmonic
// oscillator, odeint's own steppers on the same system, or the same step through the plain
// (q, p) pair form (bitwise: an idiom must not change the arithmetic).
#include "test_common.hpp"

#include <boost/array.hpp>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/integrate/integrate_times.hpp>
#include <boost/numeric/odeint/iterator/const_step_iterator.hpp>
#include <boost/numeric/odeint/iterator/n_step_iterator.hpp>
#include <boost/numeric/odeint/iterator/times_iterator.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/ref.hpp>

#include <cmath>
#include <set>
#include <vector>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;
using vec = std::vector<double>;

// odeint's harm_osc (integrators_symplectic.cpp): writes dpdt[0] without resizing, which odeint
// allows because it sizes derivative containers before calling the system.
struct harm_osc {
    void operator()(const vec& q, vec& dpdt) { dpdt[0] = -q[0]; }
};

// The crash: with a std::vector state the linear steppers probed the callable with an empty
// dpdt. Now every stepper sizes it first; odeint's assertion of integrators_symplectic.cpp kept.
TEST(OdeintIdioms, CallableWritingIntoAnUnsizedDerivative) {
    const auto check = [](auto stepper) {
        using Stepper = decltype(stepper);
        vec q(1, 1.0), p(1, 0.0);
        const std::size_t steps = odeint::integrate_const(Stepper(), harm_osc(), std::make_pair(boost::ref(q), boost::ref(p)),
                                                          0.0, 1.0, 0.1);
        EXPECT_EQ(steps, 10u);
        // BOOST_CHECK_CLOSE(q[0], cos(1.0), 100 * 0.1^order_value): a relative tolerance in percent
        EXPECT_LE(std::abs(q[0] - std::cos(1.0)) / std::cos(1.0) * 100,
                  100 * std::pow(0.1, Stepper::order_value))
            << Stepper::scheme_type::name;
    };
    check(simpson_stepper<vec>());
    check(simpson_variant1_stepper<vec>());
    check(newmark_stepper<vec>());
    check(leapfrog_stepper<vec>());
    check(symplectic_euler_stepper<vec>());
    check(symplectic_euler_adjoint_stepper<vec>());
}

// The silent wrong answer: leap-frog and symplectic Euler ignored the coordinate function of
// the pair form. dq/dt = p/2, dp/dt = −q: q(t) = cos(t/√2) from (1, 0). The errors at h and h/2
// give the scheme's order (they were 2.5e-2–3.3e-2, whatever h).
TEST(OdeintIdioms, PairFormCoordinateFunctionIsUsed) {
    const auto f = [](const vec& p, vec& dqdt) { dqdt[0] = p[0] / 2; };
    const auto g = [](const vec& q, vec& dpdt) { dpdt[0] = -q[0]; };
    const auto error = [&](auto stepper, double h) {
        vec q(1, 1.0), p(1, 0.0);
        odeint::integrate_n_steps(stepper, std::make_pair(f, g), std::make_pair(std::ref(q), std::ref(p)), 0.0, h,
                                  static_cast<std::size_t>(std::lround(1 / h)));
        return std::abs(q[0] - std::cos(1 / std::sqrt(2.0)));
    };
    const auto check = [&](auto stepper) {
        using Stepper = decltype(stepper);
        const double e1 = error(stepper, 0.01), e2 = error(stepper, 0.005);
        EXPECT_LT(e1, 0.5 * std::pow(0.01, Stepper::order_value)) << Stepper::scheme_type::name;
        EXPECT_NEAR(std::log2(e1 / e2), Stepper::order_value, 0.1) << Stepper::scheme_type::name;
    };
    check(leapfrog_stepper<vec>());
    check(symplectic_euler_stepper<vec>());
    check(symplectic_euler_adjoint_stepper<vec>());
    EXPECT_LT(error(simpson_stepper<vec>(), 0.01), 1e-11);  // Simpson probes M⁻¹ = 1/2
}

// A nonlinear coordinate function, T(p) = p⁴/4 (dq/dt = p³), with V = q²/2: leap-frog against
// odeint's runge_kutta4 at a step 100 times smaller on the first-order form.
TEST(OdeintIdioms, NonlinearCoordinateFunction) {
    const auto f = [](const vec& p, vec& dqdt) { dqdt[0] = p[0] * p[0] * p[0]; };
    const auto g = [](const vec& q, vec& dpdt) { dpdt[0] = -q[0]; };
    vec y{0.2, 1.0};
    odeint::integrate_n_steps(odeint::runge_kutta4<vec>(),
                              [](const vec& x, vec& dxdt, double) {
                                  dxdt[0] = x[1] * x[1] * x[1];
                                  dxdt[1] = -x[0];
                              },
                              y, 0.0, 1e-4, 10000);
    const auto error = [&](double h) {
        std::pair<vec, vec> x{vec{0.2}, vec{1.0}};
        odeint::integrate_n_steps(leapfrog_stepper<vec>(), std::make_pair(f, g), x, 0.0, h,
                                  static_cast<std::size_t>(std::lround(1 / h)));
        return std::hypot(x.first[0] - y[0], x.second[0] - y[1]);
    };
    const double e1 = error(0.01), e2 = error(0.005);
    EXPECT_LT(e1, 1e-3);
    EXPECT_NEAR(std::log2(e1 / e2), 2.0, 0.1);
}

// Backward integration through every integrate function and iterator: from the exact state
// at t = 1 back to t = 0 (q̈ = −q, q(t) = cos t), observers see decreasing times.
TEST(OdeintIdioms, BackwardIntegration) {
    const double h = -0.01;
    const auto start = [] { return std::make_pair(vec{std::cos(1.0)}, vec{-std::sin(1.0)}); };
    const auto check = [&](auto stepper, auto system, double tol) {
        using Stepper = decltype(stepper);
        const char* name = Stepper::scheme_type::name;
        std::vector<double> times;
        const auto obs = [&times](const auto&, double t) { times.push_back(t); };
        const auto error_at_0 = [](const std::pair<vec, vec>& x) { return std::hypot(x.first[0] - 1.0, x.second[0]); };
        {
            auto x = start();
            const std::size_t n = odeint::integrate_const(stepper, system, x, 1.0, 0.0, h, obs);
            EXPECT_EQ(n, 100u) << name;
            EXPECT_LT(error_at_0(x), tol) << name;
            ASSERT_EQ(times.size(), 101u) << name;
            EXPECT_DOUBLE_EQ(times.front(), 1.0);
            EXPECT_NEAR(times.back(), 0.0, 1e-14);
        }
        {
            auto x = start();
            odeint::integrate_n_steps(stepper, system, x, 1.0, h, 100);
            EXPECT_LT(error_at_0(x), tol) << name;
        }
        {
            auto x = start();
            odeint::integrate_adaptive(stepper, system, x, 1.0, 0.0, h);
            EXPECT_LT(error_at_0(x), tol) << name;
        }
        {
            auto x = start();
            const std::vector<double> ts{1.0, 0.505, 0.0};  // steps shortened to hit 0.505
            times.clear();
            odeint::integrate_times(stepper, system, x, ts.begin(), ts.end(), h, obs);
            EXPECT_EQ(times, ts) << name;
            EXPECT_LT(error_at_0(x), tol) << name;
        }
        // the iterators: (states seen, error at t = 0) of one pass over [begin, end)
        const auto walk = [&](auto begin, auto end, const std::pair<vec, vec>& x) {
            std::size_t seen = 0;
            for (; begin != end; ++begin) ++seen;
            return std::make_pair(seen, error_at_0(x));
        };
        auto x = start();
        auto r = walk(odeint::make_const_step_iterator_begin(stepper, system, x, 1.0, 0.0, h),
                      odeint::make_const_step_iterator_end(stepper, system, x), x);
        EXPECT_EQ(r.first, 101u) << name;
        EXPECT_LT(r.second, tol) << name;
        x = start();
        r = walk(odeint::make_n_step_iterator_begin(stepper, system, x, 1.0, h, 100),
                 odeint::make_n_step_iterator_end(stepper, system, x), x);
        EXPECT_EQ(r.first, 101u) << name;
        EXPECT_LT(r.second, tol) << name;
        x = start();
        const std::vector<double> ts{1.0, 0.5, 0.0};
        r = walk(odeint::make_times_iterator_begin(stepper, system, x, ts.begin(), ts.end(), h),
                 odeint::make_times_iterator_end<decltype(ts.begin())>(stepper, system, x), x);
        EXPECT_EQ(r.first, 3u) << name;
        EXPECT_LT(r.second, tol) << name;
    };
    const auto g = [](const vec& q, vec& dpdt) { dpdt[0] = -q[0]; };
    check(simpson_stepper<vec>(), g, 1e-9);
    check(simpson_variant1_stepper<vec>(), g, 1e-9);
    check(newmark_stepper<vec>(), g, 1e-4);
    check(leapfrog_stepper<vec>(), g, 1e-4);
    check(symplectic_euler_stepper<vec>(), g, 1e-2);
    check(symplectic_euler_adjoint_stepper<vec>(), g, 1e-2);
    const auto oscillator = make_separable_system<double>(1, [](const auto& q) { return q[0] * q[0] / 2; });
    check(implicit_midpoint_stepper<vec>(), oscillator, 1e-4);
}

// The idioms of odeint's symplectic steppers, each giving bitwise the step of the plain form.
TEST(OdeintIdioms, StateForms) {
    const auto g = [](const vec& q, vec& dpdt) { dpdt[0] = -q[0]; };
    const auto check = [&](auto stepper, auto array_stepper, auto scalar_stepper) {
        using Stepper = decltype(stepper);
        std::pair<vec, vec> x{vec{1.0}, vec{0.5}};
        stepper.do_step(g, x, 0.0, 0.1);
        {  // boost::ref states (odeint's integrators_symplectic.cpp verbatim)
            vec q{1.0}, p{0.5};
            stepper.do_step(g, std::make_pair(boost::ref(q), boost::ref(p)), 0.0, 0.1);
            EXPECT_EQ(q, x.first);
            EXPECT_EQ(p, x.second);
        }
        {  // do_step(system, q, p, t, dt)
            vec q{1.0}, p{0.5};
            stepper.do_step(g, q, p, 0.0, 0.1);
            EXPECT_EQ(q, x.first);
            EXPECT_EQ(p, x.second);
        }
        {  // in → out, out a pair of boost::ref's
            const std::pair<vec, vec> in{vec{1.0}, vec{0.5}};
            vec q, p;
            stepper.do_step(g, in, 0.0, std::make_pair(boost::ref(q), boost::ref(p)), 0.1);
            EXPECT_EQ(q, x.first);
            EXPECT_EQ(p, x.second);
        }
        {  // boost::array
            const auto ga = [](const boost::array<double, 1>& q, boost::array<double, 1>& dpdt) { dpdt[0] = -q[0]; };
            boost::array<double, 1> q{{1.0}}, p{{0.5}};
            array_stepper.do_step(ga, q, p, 0.0, 0.1);
            EXPECT_EQ(q[0], x.first[0]);
            EXPECT_EQ(p[0], x.second[0]);
        }
        {  // scalar states: std::pair<double, double>
            const auto gs = [](const double& q, double& dpdt) { dpdt = -q; };
            std::pair<double, double> y{1.0, 0.5};
            scalar_stepper.do_step(gs, y, 0.0, 0.1);
            EXPECT_EQ(y.first, x.first[0]);
            EXPECT_EQ(y.second, x.second[0]);
        }
        {  // adjust_size is odeint's stepper interface (nothing to size beforehand)
            Stepper s;
            s.adjust_size(x);
        }
    };
    using A = boost::array<double, 1>;
    check(simpson_stepper<vec>(), simpson_stepper<A>(), simpson_stepper<double>());
    check(newmark_stepper<vec>(), newmark_stepper<A>(), newmark_stepper<double>());
    check(leapfrog_stepper<vec>(), leapfrog_stepper<A>(), leapfrog_stepper<double>());
    check(symplectic_euler_stepper<vec>(), symplectic_euler_stepper<A>(), symplectic_euler_stepper<double>());
}

// Systems passed as odeint passes them: by value, std::cref / boost::cref / boost::ref of a
// const model, callables with a non-const operator() (by value and by boost::ref).
TEST(OdeintIdioms, SystemForms) {
    const problems::double_pendulum<double> dp;
    const auto model = dp.system();
    using V2 = Eigen::Vector2d;
    simpson_stepper<V2> s;
    std::pair<V2, V2> x{dp.q0(), dp.p0()};
    s.do_step(model, x, 0.0, 0.01);
    for (int form = 0; form < 3; ++form) {
        std::pair<V2, V2> y{dp.q0(), dp.p0()};
        if (form == 0) s.do_step(std::cref(model), y, 0.0, 0.01);
        if (form == 1) s.do_step(boost::cref(model), y, 0.0, 0.01);
        if (form == 2) s.do_step(boost::ref(model), y, 0.0, 0.01);
        EXPECT_EQ(y.first, x.first) << form;
        EXPECT_EQ(y.second, x.second) << form;
    }
    struct counting {  // non-const operator()
        int calls = 0;
        void operator()(const vec& q, vec& dpdt) {
            ++calls;
            dpdt[0] = -q[0];
        }
    };
    counting c;
    std::pair<vec, vec> y{vec{1.0}, vec{0.0}};
    odeint::integrate_const(leapfrog_stepper<vec>(), boost::ref(c), y, 0.0, 1.0, 0.1);
    EXPECT_EQ(c.calls, 11);  // first same as last: one force a step, plus the first
    symplectic_euler_stepper<vec>().do_step(counting{}, y, 0.0, 0.1);
    simpson_stepper<vec>().do_step(counting{}, y, 0.0, 0.1);
    struct velocity {  // non-const operator(): dq/dt = p
        void operator()(const vec& p, vec& dqdt) { dqdt[0] = p[0]; }
    };
    velocity v;
    const std::pair<vec, vec> y0 = y;
    simpson_stepper<vec>().do_step(std::make_pair(boost::ref(v), boost::ref(c)), y, 0.0, 0.1);
    std::pair<vec, vec> z = y0;
    simpson_stepper<vec>().do_step(harm_osc(), z, 0.0, 0.1);
    EXPECT_EQ(y, z);
}

// A system changed mid-trajectory: leap-frog's first-same-as-last force must not carry over to
// the changed system. Here the user's own object, passed by std::ref, is changed in place
// between two integrations (a trivially copyable system is recognized by its bytes, so no
// reset() is needed). The reference is a fresh stepper for the second part.
TEST(OdeintIdioms, ChangedSystemIsNoticedByLeapfrog) {
    struct spring {
        double k;
        void operator()(const vec& q, vec& dpdt) const { dpdt[0] = -k * q[0]; }
    };
    spring s{1.0};
    std::pair<vec, vec> x{vec{1.0}, vec{0.0}};
    leapfrog_stepper<vec> lf;
    odeint::integrate_const(boost::ref(lf), std::ref(s), x, 0.0, 1.0, 0.1);  // one stepper throughout
    std::pair<vec, vec> y = x;
    s.k = 4.0;
    odeint::integrate_const(boost::ref(lf), std::ref(s), x, 1.0, 2.0, 0.1);
    odeint::integrate_const(leapfrog_stepper<vec>(), std::ref(s), y, 1.0, 2.0, 0.1);
    EXPECT_EQ(x, y);
}

// The typedef set and static order of odeint's symplectic steppers.
TEST(OdeintIdioms, TypedefsAndOrder) {
    using S = simpson_stepper<vec>;
    static_assert(std::is_same_v<S::coor_type, vec> && std::is_same_v<S::momentum_type, vec>);
    static_assert(std::is_same_v<S::coor_deriv_type, vec> && std::is_same_v<S::momentum_deriv_type, vec>);
    static_assert(std::is_same_v<S::state_type, std::pair<vec, vec>> && std::is_same_v<S::deriv_type, std::pair<vec, vec>>);
    static_assert(std::is_same_v<S::value_type, double> && std::is_same_v<S::time_type, double>);
    static_assert(std::is_same_v<S::algebra_type, odeint::range_algebra>);
    static_assert(std::is_same_v<S::operations_type, odeint::default_operations>);
    static_assert(std::is_same_v<S::resizer_type, odeint::initially_resizer>);
    static_assert(std::is_same_v<S::stepper_category, odeint::stepper_tag>);
    static_assert(std::is_same_v<S::order_type, unsigned short>);
    static_assert(S::order_value == 4 && newmark_stepper<vec>::order_value == 2);
    static_assert(leapfrog_stepper<double>::order_value == 2 && symplectic_euler_stepper<double>::order_value == 1);
    static_assert(truss_fourth_order_stepper<vec>::order_value == 4);
    EXPECT_EQ(S().order(), 4);
}

// Copies of a model share its matrices: odeint's by-value system passing copies no matrix.
TEST(OdeintIdioms, ModelCopiesShareStorage) {
    const auto model = problems::double_pendulum<double>().system();
    const auto copy = model;
    EXPECT_EQ(&copy.mass(), &model.mass());
    EXPECT_EQ(&copy.stiffness(), &model.stiffness());
    EXPECT_EQ(&copy.inverse_mass(), &model.inverse_mass());
    EXPECT_EQ(copy.id(), model.id());
}

}  // namespace

// The system-adapter layer (model/callable_adapter.hpp) hands a user's callable the same two
// containers on every call once they are sized: no allocation per call, in every family that
// calls odeint's forms (the splittings, the Galerkin fixed point, the Newton-equation force, the
// linear steppers' per-step fingerprint of a callable system).
TEST(OdeintIdioms, CallableContainersAreKeptBetweenCalls) {
    const auto check = [](auto stepper, const char* name) {
        std::set<const double*> inputs, outputs;
        auto g = [&](const vec& q, vec& dpdt) {
            inputs.insert(q.data());
            outputs.insert(dpdt.data());
            dpdt[0] = -q[0];
            dpdt[1] = -(q[1] * 4);
        };
        auto x = std::make_pair(vec{1.0, 0.5}, vec{0.0, 0.25});
        stepper.do_step(g, x, 0.0, 0.01);  // a linear stepper probes its matrices here
        inputs.clear();
        outputs.clear();
        for (int k = 1; k <= 100; ++k) stepper.do_step(g, x, 0.01 * k, 0.01);
        EXPECT_EQ(inputs.size(), 1u) << name;
        EXPECT_EQ(outputs.size(), 1u) << name;
        EXPECT_TRUE(std::isfinite(x.first[0]) && std::abs(x.first[0]) <= 1.0 + 1e-3) << name;  // |q| <= 1 on this orbit, to O(h^2)
    };
    check(geomint::yoshida4_stepper<vec>(), "yoshida4");
    check(geomint::galerkin_vi_stepper<vec, 2>(), "galerkin_vi_2");
    check(geomint::leapfrog_stepper<vec>(), "leapfrog");
    check(geomint::simpson_stepper<vec>(), "simpson");
}
