#pragma once
// Helpers shared by the test translation units: random SPD systems with entries exactly
// representable in every scalar type, and tolerances in units of the scalar's epsilon.
#include <geomint/geomint.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <random>
#include <stdexcept>

namespace geomint_test {

using namespace geomint;

/// Random symmetric positive definite n × n matrix A Aᵀ + n I with A's entries in {-3..3}/4,
/// exactly representable in every scalar type (so all precisions integrate the same system).
template <class T>
matrix<T> random_spd(Eigen::Index n, std::mt19937& rng) {
    std::uniform_int_distribution<int> d(-3, 3);
    matrix<T> A(n, n);
    for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) A(i, j) = T(d(rng)) / T(4);
    return A * A.transpose() + T(static_cast<int>(n)) * matrix<T>::Identity(n, n);
}

/// Random vector with entries in {-4..4}/8.
template <class T>
vector<T> random_vector(Eigen::Index n, std::mt19937& rng) {
    std::uniform_int_distribution<int> d(-4, 4);
    vector<T> v(n);
    for (Eigen::Index i = 0; i < n; ++i) v(i) = T(d(rng)) / T(8);
    return v;
}

/// f() throws E whose message contains `text`.
template <class E, class F>
void expect_throw_with(F&& f, const std::string& text) {
    try {
        f();
        ADD_FAILURE() << "no exception; expected one saying '" << text << "'";
    } catch (const E& e) {
        EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
}

/// Long-run switch: GEOMINT_LONG_RUNS=1 runs the full step counts of the acceptance criteria at
/// every precision (CI runs them at double and shortens the multiprecision ones).
inline bool long_runs() {
    const char* env = std::getenv("GEOMINT_LONG_RUNS");
    return env != nullptr && std::string(env) == "1";
}

/// `full` with GEOMINT_LONG_RUNS=1; otherwise full / `double_shortening` at double and
/// full / `shortening` at other precisions (CI keeps the whole suite under 30 min on 2 cores).
template <class T>
std::size_t steps_for(std::size_t full, std::size_t shortening, std::size_t double_shortening = 1) {
    if (long_runs()) return full;
    return std::is_same_v<T, double> ? full / double_shortening : full / shortening;
}

/// Step sizes of an order fit over Δt, Δt/2, …: 4 at double or with GEOMINT_LONG_RUNS=1, else 3
/// (the finest multiprecision level dominates the cost).
template <class T>
int order_fit_levels() {
    return std::is_same_v<T, double> || long_runs() ? 4 : 3;
}

template <class T>
T eps() {
    return scalar_traits<T>::epsilon();
}

template <class T>
double to_d(const T& x) {
    return static_cast<double>(x);
}

/// The message of the exception `f()` throws ("" if it throws none): for asserting what an error
/// names.
template <class F>
std::string message_of(F&& f) {
    try {
        f();
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

}  // namespace geomint_test
