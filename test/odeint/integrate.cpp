// odeint's integrate-function tests with geomint's steppers substituted and odeint's assertions
// unchanged (boostorg/odeint test/integrate.cpp, test/integrate_times.cpp). Distributed under the
// Boost Software License, Version 1.0; Copyright 2009-2013 Karsten Ahnert, Mario Mulansky.
//
// Adaptations (everything else is verbatim):
// - the stepper lists are geomint's (geomint_substitutes.hpp), the state a (q, p) pair;
// - integrate.cpp's system is odeint's Lorenz system with the first component replaced by the
//   trivial dx0/dt = 1, and only that component is asserted. Its symplectic substitute is the
//   free particle dq/dt = p, dp/dt = 0 with p = 1 (q(t) = q(0) + t, asserted on q). The linear
//   steppers refuse it by design (K = 0 is not positive definite): the explicit steppers run it.
// - integrate_times.cpp asserts only the observation times: its Lorenz payload is replaced by the
//   harmonic oscillator dp/dt = -q, and every geomint stepper runs it.
// - the dense-output cases (odeint's dense_output_runge_kutta<controlled_runge_kutta<dopri5>> in
//   both files) run geomint::dense_output_stepper around geomint's steppers (issue 25): in
//   integrate.cpp on the free particle, in integrate_times.cpp on the oscillator (the linear
//   steppers included). As in odeint, the overshoot case asserts the step count for the plain
//   steppers only. odeint's controlled steppers have no geomint counterpart (fixed-step schemes).
#define BOOST_TEST_MODULE odeint_integrate_geomint
#include <boost/test/included/unit_test.hpp>

#include "geomint_substitutes.hpp"

#include <boost/iterator/counting_iterator.hpp>
#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>
#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/integrate/integrate_times.hpp>
#include <boost/numeric/odeint/util/detail/less_with_sign.hpp>

#include <cmath>
#include <iostream>
#include <vector>

using namespace boost::unit_test;
using namespace boost::numeric::odeint;
namespace mpl = boost::mpl;

typedef double value_type;
typedef std::vector<value_type> coor_type;
typedef std::pair<coor_type, coor_type> state_type;

// ---------------------------------------------------------------- integrate.cpp
namespace integrate {

// the substitute of lorenz's trivial first component: dq/dt = p, dp/dt = 0 (p = 1)
const auto free_particle = std::make_pair([](const coor_type& p, coor_type& dqdt) { dqdt[0] = p[0]; },
                                          [](const coor_type& q, coor_type& dpdt) { dpdt[0] = 0.0; });

state_type initial() { return state_type(coor_type(1, 10.0), coor_type(1, 1.0)); }

struct push_back_time {
    std::vector<double>& m_times;

    coor_type& m_x;

    push_back_time(std::vector<double>& times, coor_type& x) : m_times(times), m_x(x) {}

    void operator()(const state_type& x, double t) {
        m_times.push_back(t);
        boost::numeric::odeint::copy(x.first, m_x);
    }
};

template <class Stepper>
struct perform_integrate_const_test {
    void operator()(const value_type t_end, const value_type dt) {
        state_type x = initial();
        coor_type x_end(1);

        std::vector<value_type> times;

        size_t steps = integrate_const(Stepper(), free_particle, x, 0.0, t_end, dt, push_back_time(times, x_end));

        std::cout.precision(16);
        std::cout << t_end << " (" << dt << "), " << steps << " , " << times.size() << " , " << 10.0 + dt * steps << "="
                  << x_end[0] << std::endl;

        std::cout << static_cast<int>(floor(t_end / dt)) << " , " << t_end / dt << std::endl;

        BOOST_CHECK_EQUAL(static_cast<int>(times.size()), static_cast<int>(floor(t_end / dt)) + 1);

        for (size_t i = 0; i < times.size(); ++i) {
            // check if observer was called at times 0,1,2,...
            BOOST_CHECK_SMALL(times[i] - static_cast<value_type>(i) * dt, (i + 1) * 2E-16);
        }

        // check first, trivial, component
        BOOST_CHECK_SMALL((10.0 + times[times.size() - 1]) - x_end[0], 1E-6);  // precision of steppers: 1E-6
    }
};

template <class Stepper>
struct perform_integrate_adaptive_test {
    void operator()(const value_type t_end = 10.0, const value_type dt = 0.03) {
        state_type x = initial();
        coor_type x_end(1);

        std::vector<value_type> times;

        size_t steps = integrate_adaptive(Stepper(), free_particle, x, 0.0, t_end, dt, push_back_time(times, x_end));

        BOOST_CHECK_EQUAL(times.size(), steps + 1);

        BOOST_CHECK_SMALL(times[0] - 0.0, 2E-16);
        BOOST_CHECK_SMALL(times[times.size() - 1] - t_end, times.size() * 2E-16);

        // check first, trivial, component
        BOOST_CHECK_SMALL((10.0 + t_end) - x_end[0], 1E-6);  // precision of steppers: 1E-6
    }
};

template <class Stepper>
struct perform_integrate_times_test {
    void operator()(const int n = 10, const int dn = 1, const value_type dt = 0.03) {
        state_type x = initial();
        coor_type x_end(1);

        std::vector<double> times;

        std::vector<double> obs_times(abs(n));
        for (int i = 0; boost::numeric::odeint::detail::less_with_sign(static_cast<double>(i),
                                                                        static_cast<double>(obs_times.size()), dt);
             i += dn) {
            obs_times[i] = i;
        }
        // simple stepper
        integrate_times(Stepper(), free_particle, x, obs_times.begin(), obs_times.end(), dt,
                        push_back_time(times, x_end));

        BOOST_CHECK_EQUAL(static_cast<int>(times.size()), abs(n));

        for (size_t i = 0; i < times.size(); ++i)
            // check if observer was called at times 0,1,2,...
            BOOST_CHECK_EQUAL(times[i], static_cast<double>(i));

        // check first, trivial, component
        BOOST_CHECK_SMALL((10.0 + 1.0 * times[times.size() - 1]) - x_end[0], 1E-6);  // precision of steppers: 1E-6
    }
};

template <class Stepper>
struct perform_integrate_n_steps_test {
    void operator()(const int n = 200, const value_type dt = 0.01) {
        state_type x = initial();
        coor_type x_end(1);

        std::vector<double> times;

        // simple stepper
        value_type end_time = integrate_n_steps(Stepper(), free_particle, x, 0.0, dt, n, push_back_time(times, x_end));

        BOOST_CHECK_SMALL(end_time - n * dt, 2E-16);
        BOOST_CHECK_EQUAL(static_cast<int>(times.size()), n + 1);

        for (size_t i = 0; i < times.size(); ++i) {
            // check if observer was called at times 0,1,2,...
            BOOST_CHECK_SMALL(times[i] - static_cast<value_type>(i) * dt, 2E-16);
        }
        // check first, trivial, component
        BOOST_CHECK_SMALL((10.0 + end_time) - x_end[0], 1E-6);  // precision of steppers: 1E-6
    }
};

typedef geomint_explicit_and_dense_steppers<coor_type> stepper_methods;

BOOST_AUTO_TEST_SUITE(integrate_test)

BOOST_AUTO_TEST_CASE_TEMPLATE(integrate_const_test_case, Stepper, stepper_methods) {
    perform_integrate_const_test<Stepper> tester;
    tester(1.005, 0.01);
    tester(1.0, 0.01);
    tester(1.1, 0.01);
    tester(-1.005, -0.01);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(integrate_adaptive_test_case, Stepper, stepper_methods) {
    perform_integrate_adaptive_test<Stepper> tester;
    tester(1.005, 0.01);
    tester(1.0, 0.01);
    tester(1.1, 0.01);
    tester(-1.005, -0.01);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(integrate_times_test_case, Stepper, stepper_methods) {
    perform_integrate_times_test<Stepper> tester;
    tester();
}

BOOST_AUTO_TEST_CASE_TEMPLATE(integrate_n_steps_test_case, Stepper, stepper_methods) {
    perform_integrate_n_steps_test<Stepper> tester;
    tester();
    tester(200, 0.01);
    tester(200, 0.01);
    tester(200, 0.01);
    tester(200, -0.01);
}

BOOST_AUTO_TEST_SUITE_END()
}  // namespace integrate

// ---------------------------------------------------------------- integrate_times.cpp
namespace integrate_times_test {

// the Lorenz payload replaced by the harmonic oscillator (only times are asserted)
struct harm_osc {
    void operator()(const coor_type& q, coor_type& dpdt) const { dpdt[0] = -q[0]; }
};

struct push_back_time {
    std::vector<double>& m_times;

    push_back_time(std::vector<double>& times) : m_times(times) {}

    template <typename State>
    void operator()(const State& x, double t) {
        m_times.push_back(t);
    }
};

// geomint's steppers, plain and dense (odeint's runge_kutta4 and dopri5 dense-output cases)
typedef mpl::vector<geomint::newmark_stepper<coor_type>, geomint::simpson_stepper<coor_type>,
                    geomint::simpson_variant1_stepper<coor_type>, geomint::leapfrog_stepper<coor_type>,
                    geomint::symplectic_euler_stepper<coor_type>, geomint::symplectic_euler_adjoint_stepper<coor_type>,
                    geomint::dense_output_stepper<geomint::leapfrog_stepper<coor_type>>,
                    geomint::dense_output_stepper<geomint::yoshida4_stepper<coor_type>>,
                    geomint::dense_output_stepper<geomint::galerkin_vi_stepper<coor_type, 2>>,
                    geomint::dense_output_stepper<geomint::newmark_stepper<coor_type>>,
                    geomint::dense_output_stepper<geomint::simpson_stepper<coor_type>>>
    times_steppers;

BOOST_AUTO_TEST_SUITE(integrate_times_cases)

BOOST_AUTO_TEST_CASE_TEMPLATE(test_integrate_times, Stepper, times_steppers) {
    state_type x(coor_type(1, 10.0), coor_type(1, 10.0));

    const value_type dt = 0.03;

    std::vector<double> times;

    // simple stepper
    integrate_times(Stepper(), harm_osc(), x, boost::counting_iterator<int>(0), boost::counting_iterator<int>(10), dt,
                    push_back_time(times));

    for (int i = 0; i < 10; ++i)
        // check if observer was called at times 0,1,2,...
        BOOST_CHECK_EQUAL(times[i], static_cast<double>(i));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_integrate_times_ranges, Stepper, times_steppers) {
    state_type x(coor_type(1, 10.0), coor_type(1, 10.0));

    const value_type dt = 0.03;

    std::vector<double> times;

    // simple stepper
    integrate_times(Stepper(), harm_osc(), x,
                    std::make_pair(boost::counting_iterator<int>(0), boost::counting_iterator<int>(10)), dt,
                    push_back_time(times));

    for (int i = 0; i < 10; ++i)
        // check if observer was called at times 0,1,2,...
        BOOST_CHECK_EQUAL(times[i], static_cast<double>(i));
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_integrate_times_overshoot, Stepper, times_steppers) {
    state_type x(coor_type(1, 10.0), coor_type(1, 10.0));
    double dt = -0.1;

    std::vector<double> times(10);
    for (int i = 0; i < 10; ++i) times[i] = 1.0 - i * 1.0 / 9.0;

    // simple stepper
    std::vector<double> obs_times;
    int steps = integrate_times(Stepper(), harm_osc(), x, times.begin(), times.end(), dt, push_back_time(obs_times));
    // as in odeint, the step count is asserted for the plain steppers only
    if constexpr (std::is_same_v<typename Stepper::stepper_category, stepper_tag>)
        BOOST_CHECK_EQUAL(steps, 18);  // we really need 18 steps because dt and
                                       // the difference of the observation times
                                       // are so out of sync
    for (int i = 0; i < 10; ++i) BOOST_CHECK_EQUAL(times[i], obs_times[i]);
}

BOOST_AUTO_TEST_SUITE_END()
}  // namespace integrate_times_test
