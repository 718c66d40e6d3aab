#pragma once
// Shared by the Galerkin VI tests: run a stepper over [0, T] in N steps, and the error at T.
#include "test_common.hpp"
#include <iostream>
#include <geomint/stepper/galerkin_vi_stepper.hpp>

namespace geomint_test {

/// (q, p) after `steps` steps of size T/steps of `Stepper` on `sys` from (q0, p0).
template <class Stepper, class System, class V>
std::pair<V, V> run_steps(System sys, const V& q0, const V& p0, const typename Stepper::value_type& T, int steps) {
    using S = typename Stepper::value_type;
    Stepper st;
    auto x = std::make_pair(q0, p0);
    const S h = T / S(steps);
    for (int j = 0; j < steps; ++j) st.do_step(sys, x, S(j) * h, h);
    return x;
}

/// Max-norm distance between two (q, p) states.
template <class V>
auto state_distance(const std::pair<V, V>& a, const std::pair<V, V>& b) {
    using std::abs;
    auto d = abs(a.first[0] - b.first[0]);
    for (std::size_t i = 0; i < std::size_t(a.first.size()); ++i) {
        d = (std::max)(d, decltype(d)(abs(a.first[i] - b.first[i])));
        d = (std::max)(d, decltype(d)(abs(a.second[i] - b.second[i])));
    }
    return d;
}

/// Least-squares slope of log(error) against log(steps): the measured order.
inline double fitted_order(const std::vector<int>& steps, const std::vector<double>& errors) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    const double m = double(steps.size());
    for (std::size_t k = 0; k < steps.size(); ++k) {
        const double x = std::log(double(steps[k])), y = std::log(errors[k]);
        sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    return -(m * sxy - sx * sy) / (m * sxx - sx * sx);
}

/// Fits the order of Degree D's stepper on `sys` from its errors at `Ns` steps against
/// `reference` = (q, p)(t1); requires 2D ± 0.2 and errors above round-off.
template <unsigned D, class System, class V>
void expect_order(const char* problem, const System& sys, const V& q0, const V& p0,
                  const typename V::value_type& t1, const std::pair<V, V>& reference, std::vector<int> Ns) {
    std::vector<double> errors;
    for (int N : Ns) {
        const auto x = run_steps<geomint::galerkin_vi_stepper<V, D>>(sys, q0, p0, t1, N);
        errors.push_back(to_d(state_distance(x, reference)));
    }
    const double order = fitted_order(Ns, errors);
    std::cout << problem << " Degree " << D << ": errors";
    for (double e : errors) std::cout << " " << e;
    std::cout << ", fitted order " << order << "\n";
    EXPECT_NEAR(order, 2.0 * D, 0.2) << problem << " Degree " << D;
    EXPECT_GT(errors.back(), 1e-40) << "too close to round-off for a clean slope";
}

}  // namespace geomint_test
