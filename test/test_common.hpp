#pragma once
// Helpers shared by the test translation units: random SPD systems with entries exactly
// representable in every scalar type, and tolerances in units of the scalar's epsilon.
#include <geomint/geomint.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

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

template <class T>
T eps() {
    return scalar_traits<T>::epsilon();
}

template <class T>
double to_d(const T& x) {
    return static_cast<double>(x);
}

}  // namespace geomint_test
