// Substitutes for odeint's test helpers (boostorg/odeint test/: dummy_steppers.hpp, dummy_odes.hpp,
// dummy_observers.hpp), so that odeint's own tests run with geomint's steppers and odeint's
// assertions unchanged. Distributed under the Boost Software License, Version 1.0 (the odeint
// tests adapted here are Copyright 2009-2013 Karsten Ahnert and Mario Mulansky).
//
// Stepper lists:
// - `geomint_linear_steppers<Coor>`: the linear variational steppers (Newmark, Simpson variants 1
//   and 2). They take odeint's pair form only for linear callables dq/dt = M^-1 p, dp/dt = -K q
//   with M, K symmetric positive definite (the Simpson paper's precondition): they refuse, by
//   design, the affine dp/dt = 1 (`constant_mom_func`) and the free particle dp/dt = 0 (K = 0)
//   that odeint's dummy systems are.
// - `geomint_explicit_steppers<Coor>`: the explicit splitting steppers (leap-frog, both
//   symplectic Euler forms): any separable system, affine and free particle included.
// - `geomint_all_steppers<Coor>`: both lists.
// - `geomint_explicit_and_dense_steppers<Coor>`: the explicit steppers and
//   geomint::dense_output_stepper (odeint's dense-output concept) around leap-frog, Yoshida's
//   triple jump and the degree-2 Galerkin VI, for the tests odeint runs on its dummy stepper and
//   dummy dense-output stepper alike.
#pragma once

#include <geomint/geomint.hpp>

#include <boost/mpl/vector.hpp>
#include <boost/mpl/joint_view.hpp>

#include <array>
#include <utility>

template <class Coor>
using geomint_linear_steppers = boost::mpl::vector<geomint::newmark_stepper<Coor>, geomint::simpson_stepper<Coor>,
                                                   geomint::simpson_variant1_stepper<Coor>>;
template <class Coor>
using geomint_explicit_steppers =
    boost::mpl::vector<geomint::leapfrog_stepper<Coor>, geomint::symplectic_euler_stepper<Coor>,
                       geomint::symplectic_euler_adjoint_stepper<Coor>>;
template <class Coor>
using geomint_all_steppers =
    boost::mpl::vector<geomint::newmark_stepper<Coor>, geomint::simpson_stepper<Coor>,
                       geomint::simpson_variant1_stepper<Coor>, geomint::leapfrog_stepper<Coor>,
                       geomint::symplectic_euler_stepper<Coor>, geomint::symplectic_euler_adjoint_stepper<Coor>>;

template <class Coor>
using geomint_explicit_and_dense_steppers =
    boost::mpl::vector<geomint::leapfrog_stepper<Coor>, geomint::symplectic_euler_stepper<Coor>,
                       geomint::symplectic_euler_adjoint_stepper<Coor>,
                       geomint::dense_output_stepper<geomint::leapfrog_stepper<Coor>>,
                       geomint::dense_output_stepper<geomint::yoshida4_stepper<Coor>>,
                       geomint::dense_output_stepper<geomint::galerkin_vi_stepper<Coor, 2>>>;

namespace boost::numeric::odeint {

// dummy_odes.hpp: the symplectic rhs functors, verbatim
struct constant_mom_func {
    template <class StateIn, class StateOut>
    void operator()(const StateIn& q, StateOut& dp) const { dp[0] = 1.0; }
};
struct default_coor_func {
    template <class StateIn, class StateOut>
    void operator()(const StateIn& p, StateOut& dq) const { dq[0] = p[0]; }
};
struct constant_mom_func_vector_space_1d {
    template <class T>
    void operator()(const T& q, T& dp) const { dp = 1.0; }
};
struct default_coor_func_vector_space_1d {
    template <class T>
    void operator()(const T& p, T& dq) const { dq = p; }
};

// dummy_observers.hpp, verbatim
struct dummy_observer {
    template <class State>
    void operator()(const State& s) const {}
};

/// Substitute of the iterator tests' (dummy_stepper, empty_system) pair, whose step adds 0.25 to
/// x[0]: the free particle dq/dt = p, dp/dt = 0 with p = 2.5 adds exactly 0.25 to q in a step of
/// 0.1 with every explicit stepper (p = -2.5 for a step of -0.1). The state is (q, p).
struct zero_mom_func {
    template <class StateIn, class StateOut>
    void operator()(const StateIn& q, StateOut& dp) const { dp[0] = 0.0; }
};
typedef std::pair<default_coor_func, zero_mom_func> empty_system;
typedef std::pair<std::array<double, 1>, std::array<double, 1>> dummy_state_type;
inline dummy_state_type make_dummy_state(double q, double velocity = 2.5) {
    return dummy_state_type{{{q}}, {{velocity}}};
}

}  // namespace boost::numeric::odeint
