// odeint's symplectic-stepper tests with geomint's steppers substituted and odeint's assertions
// unchanged (boostorg/odeint test/integrators_symplectic.cpp, test/numeric/symplectic.cpp,
// test/symplectic_steppers.cpp). Distributed under the Boost Software License, Version 1.0;
// Copyright 2009-2013 Karsten Ahnert, Copyright 2009-2013 Mario Mulansky.
//
// Adaptations (everything else is verbatim):
// - the stepper lists are geomint's (geomint_substitutes.hpp);
// - symplectic_steppers.cpp runs with std::array<double, 1> states instead of odeint's
//   diagnostic_state_type (a counting container for odeint's algebra): test_adjust_size,
//   test_resizing, test_copying1/2 count the constructions odeint's algebra makes of its own work
//   arrays and are not ported (geomint sizes its arrays from the state on each step and has no
//   resizer); test_do_step_range (iterator-range states) and test_with_boost_units (fusion
//   states with Boost.Units) are refused by design: geomint's states are contiguous vectors or
//   scalars of one number type.
// - test_assoc_types checks geomint's typedefs (odeint's own test instantiates custom algebra,
//   operations and resizer types, which geomint's steppers do not take as parameters).
// - cases with constant_mom_func (dp/dt = 1, affine) run the explicit steppers only: the linear
//   steppers refuse it by design (see geomint_substitutes.hpp).
#define BOOST_TEST_MODULE odeint_symplectic_geomint
#include <boost/test/included/unit_test.hpp>

#include "geomint_substitutes.hpp"

#include <boost/numeric/odeint/integrate/integrate_const.hpp>
#include <boost/ref.hpp>

#include <cmath>
#include <iostream>
#include <vector>

using namespace boost::unit_test;
using namespace boost::numeric::odeint;
namespace mpl = boost::mpl;

// ---------------------------------------------------------------- integrators_symplectic.cpp
namespace integrators_symplectic {
typedef std::vector<double> container_type;

struct harm_osc {
    void operator()(const container_type& q, container_type& dpdt) { dpdt[0] = -q[0]; }
};

typedef geomint_all_steppers<container_type> complete_steppers;

BOOST_AUTO_TEST_SUITE(symplectic_steppers_test)

BOOST_AUTO_TEST_CASE_TEMPLATE(test_integrate_const, Stepper, complete_steppers) {
    container_type q(1, 1.0), p(1, 0.0);
    size_t steps = integrate_const(Stepper(), harm_osc(), std::make_pair(boost::ref(q), boost::ref(p)), 0.0, 1.0, 0.1);
    BOOST_CHECK(steps == 10);
    BOOST_CHECK_CLOSE(q[0], std::cos(1.0), 100 * std::pow(0.1, Stepper::order_value));
}

BOOST_AUTO_TEST_SUITE_END()
}  // namespace integrators_symplectic

// ---------------------------------------------------------------- numeric/symplectic.cpp
namespace numeric_symplectic {
typedef double value_type;
typedef std::array<double, 1> state_type;

// harmonic oscillator, analytic solution x[0] = sin( t )
struct osc {
    void operator()(const state_type& q, state_type& dpdt) const { dpdt[0] = -q[0]; }
};

BOOST_AUTO_TEST_SUITE(numeric_symplectic_test)

/* generic test for all symplectic steppers */
template <class Stepper>
struct perform_symplectic_test {
    void operator()(void) {
        Stepper stepper;
        const int o = stepper.order() + 1;  // order of the error is order of approximation + 1

        const state_type q0 = {{0.0}};
        const state_type p0 = {{1.0}};
        state_type q1, p1;
        std::pair<state_type, state_type> x1(q1, p1);
        const double t = 0.0;
        /* do a first step with dt=0.1 to get an estimate on the prefactor of the error dx = f * dt^(order+1) */
        double dt = 0.5;
        stepper.do_step(osc(), std::make_pair(q0, p0), t, x1, dt);
        const double f = 2.0 * std::abs(sin(dt) - x1.first[0]) / std::pow(dt, o);

        std::cout << o << " , " << f << std::endl;

        /* as long as we have errors above machine precision */
        while (f * std::pow(dt, o) > 1E-16) {
            stepper.do_step(osc(), std::make_pair(q0, p0), t, x1, dt);
            std::cout << "Testing dt=" << dt << std::endl;
            BOOST_CHECK_SMALL(std::abs(sin(dt) - x1.first[0]), f * std::pow(dt, o));
            dt *= 0.5;
        }
    }
};

typedef geomint_all_steppers<state_type> symplectic_steppers;

BOOST_AUTO_TEST_CASE_TEMPLATE(symplectic_test, Stepper, symplectic_steppers) {
    perform_symplectic_test<Stepper> tester;
    tester();
}

BOOST_AUTO_TEST_SUITE_END()
}  // namespace numeric_symplectic

// ---------------------------------------------------------------- symplectic_steppers.cpp
namespace symplectic_steppers {
typedef std::array<double, 1> diagnostic_state_type;
typedef std::array<double, 1> diagnostic_state_type2;

BOOST_AUTO_TEST_SUITE(symplectic_steppers_test)

BOOST_AUTO_TEST_CASE_TEMPLATE(test_assoc_types, Stepper, geomint_all_steppers<diagnostic_state_type>) {
    static_assert((boost::is_same<typename Stepper::coor_type, diagnostic_state_type>::value), "Coordinate type");
    static_assert((boost::is_same<typename Stepper::momentum_type, diagnostic_state_type2>::value), "Momentum type");
    static_assert((boost::is_same<typename Stepper::coor_deriv_type, diagnostic_state_type>::value), "Coordinate deriv type");
    static_assert((boost::is_same<typename Stepper::momentum_deriv_type, diagnostic_state_type2>::value), "Momentum deriv type");
    static_assert((boost::is_same<typename Stepper::state_type, std::pair<diagnostic_state_type, diagnostic_state_type2>>::value), "State type");
    static_assert((boost::is_same<typename Stepper::deriv_type, std::pair<diagnostic_state_type, diagnostic_state_type2>>::value), "Deriv type");
    static_assert((boost::is_same<typename Stepper::value_type, double>::value), "Value type");
    static_assert((boost::is_same<typename Stepper::time_type, double>::value), "Time type");
    static_assert((boost::is_same<typename Stepper::algebra_type, array_algebra>::value), "Algebra type");
    static_assert((boost::is_same<typename Stepper::operations_type, default_operations>::value), "Operations type");
    static_assert((boost::is_same<typename Stepper::resizer_type, initially_resizer>::value), "Resizer type");
    static_assert((boost::is_same<typename Stepper::stepper_category, stepper_tag>::value), "Stepper category");
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_adjust_size, Stepper, geomint_all_steppers<diagnostic_state_type>) {
    // odeint's case counts the constructions of its work arrays; geomint has none to size
    // beforehand: adjust_size exists (odeint's stepper interface) and must compile and not throw.
    Stepper stepper;
    diagnostic_state_type x;
    stepper.adjust_size(x);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_do_step_v1, Stepper, geomint_explicit_steppers<diagnostic_state_type>) {
    Stepper s;
    std::pair<diagnostic_state_type, diagnostic_state_type2> x1, x2, x3, x4;
    x1.first[0] = 1.0;
    x1.second[0] = 2.0;
    x2 = x3 = x4 = x1;
    diagnostic_state_type x5_coor, x5_mom;
    x5_coor[0] = x1.first[0];
    x5_mom[0] = x1.second[0];

    s.do_step(constant_mom_func(), x1, 0.0, 0.1);

    s.do_step(std::make_pair(default_coor_func(), constant_mom_func()), x2, 0.0, 0.1);

    default_coor_func cf;
    constant_mom_func mf;
    s.do_step(std::make_pair(boost::ref(cf), boost::ref(mf)), x3, 0.0, 0.1);

    std::pair<default_coor_func, constant_mom_func> pf;
    s.do_step(boost::ref(pf), x4, 0.0, 0.1);

    s.do_step(constant_mom_func(), std::make_pair(boost::ref(x5_coor), boost::ref(x5_mom)), 0.0, 0.1);

    // checking for absolute values is not possible here, since the steppers are to different
    BOOST_CHECK_CLOSE(x1.first[0], x2.first[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x2.first[0], x3.first[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x3.first[0], x4.first[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x4.first[0], x5_coor[0], 1.0e-14);

    BOOST_CHECK_CLOSE(x1.second[0], x2.second[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x2.second[0], x3.second[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x3.second[0], x4.second[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x4.second[0], x5_mom[0], 1.0e-14);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_do_step_v2, Stepper, geomint_explicit_steppers<diagnostic_state_type>) {
    Stepper s;
    diagnostic_state_type q, p;
    q[0] = 1.0;
    p[0] = 2.0;
    diagnostic_state_type q2 = q, p2 = p;

    s.do_step(constant_mom_func(), q, p, 0.0, 0.1);
    s.do_step(constant_mom_func(), std::make_pair(boost::ref(q2), boost::ref(p2)), 0.0, 0.1);

    BOOST_CHECK_CLOSE(q[0], q2[0], 1.0e-14);
    BOOST_CHECK_CLOSE(p[0], p2[0], 1.0e-14);
}

BOOST_AUTO_TEST_CASE_TEMPLATE(test_do_step_v3, Stepper, geomint_explicit_steppers<diagnostic_state_type>) {
    Stepper s;
    std::pair<diagnostic_state_type, diagnostic_state_type2> x_in, x_out;
    x_in.first[0] = 1.0;
    x_in.second[0] = 2.0;
    diagnostic_state_type q2, p2;
    q2[0] = x_in.first[0];
    p2[0] = x_in.second[0];

    s.do_step(constant_mom_func(), x_in, 0.0, x_out, 0.1);
    s.do_step(constant_mom_func(), std::make_pair(boost::ref(q2), boost::ref(p2)), 0.0, 0.1);

    BOOST_CHECK_CLOSE(x_in.first[0], 1.0, 1.0e-14);
    BOOST_CHECK_CLOSE(x_in.second[0], 2.0, 1.0e-14);
    BOOST_CHECK_CLOSE(x_out.first[0], q2[0], 1.0e-14);
    BOOST_CHECK_CLOSE(x_out.second[0], p2[0], 1.0e-14);
}

typedef double vector_space;
BOOST_AUTO_TEST_CASE_TEMPLATE(test_with_vector_space_algebra, Stepper, geomint_explicit_steppers<vector_space>) {
    Stepper s;
    std::pair<vector_space, vector_space> x;
    s.do_step(constant_mom_func_vector_space_1d(), x, 0.0, 0.1);

    s.do_step(std::make_pair(default_coor_func_vector_space_1d(), constant_mom_func_vector_space_1d()), x, 0.0, 0.1);
}

BOOST_AUTO_TEST_SUITE_END()
}  // namespace symplectic_steppers
