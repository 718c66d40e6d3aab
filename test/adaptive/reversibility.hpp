#pragma once
// Shared by the tests of the reversible step-size control: runs of a self-stepping stepper
// (observe/adaptive_dense_output.hpp) forward, and forward then back after turning at the node.
#include "test_common.hpp"

namespace geomint_test {

// the state as one Eigen vector (q, p), in the scalar T of the run
template <class T, class State>
geomint::vector<T> flat(const State& x) {
    const auto q = geomint::as_eigen(x.first);
    const auto p = geomint::as_eigen(x.second);
    geomint::vector<T> v(q.size() + p.size());
    for (Eigen::Index i = 0; i < q.size(); ++i) v(i) = T(q(i));
    for (Eigen::Index i = 0; i < p.size(); ++i) v(q.size() + i) = T(p(i));
    return v;
}

// n steps of a fresh controlled stepper from x0
template <class Stepper, class State>
auto forward(Stepper st, const State& x0, int n) {
    st.initialize(x0, typename Stepper::time_type(0), typename Stepper::time_type(1));
    for (int i = 0; i < n; ++i) st.do_step(st.system());
    return st.current_state();
}

// n steps forward, then n back with the same controller: max |x − x0|
template <class Stepper, class State>
double forward_and_back(Stepper st, const State& x0, int n) {
    using T = typename Stepper::value_type;
    st.initialize(x0, T(0), T(1));
    for (int i = 0; i < n; ++i) st.do_step(st.system());
    st.initialize(st.current_state(), st.current_time(), T(-1));  // turn back at the node
    for (int i = 0; i < n; ++i) st.do_step(st.system());
    return to_d(T(geomint::max_abs(geomint::vector<T>(flat<T>(st.current_state()) - flat<T>(x0)))));
}

}  // namespace geomint_test
