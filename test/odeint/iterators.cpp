// odeint's iterator tests (boostorg/odeint test/const_step_iterator.cpp, n_step_iterator.cpp,
// times_iterator.cpp, and the dense-output cases of adaptive_iterator.cpp) with geomint's steppers substituted, in one executable (each .ipp is the
// adapted odeint file; its header says what was adapted). Boost Software License, Version 1.0.
#define BOOST_TEST_MODULE odeint_iterators_geomint
#include <boost/test/included/unit_test.hpp>

#include "const_step_iterator.ipp"
#include "n_step_iterator.ipp"
#include "times_iterator.ipp"
#include "adaptive_iterator.ipp"
