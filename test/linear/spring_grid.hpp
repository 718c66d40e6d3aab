#pragma once
// A generated sparse model for the ω_max tests and benchmark: an N × N grid of unit masses tied
// to their four neighbours (and to the ground at the edges) by springs; with `vary`, masses
// 1 + 3/10 cos(11 a/100) and spring constants 1 + 1/2 sin(37 (a + b + 2)/100) (a, b the node
// numbers, b = −1 for the ground). The uniform grid's ω_max is known in closed form:
// ω_max² = 8 sin²(N π / (2 (N + 1))) (the 5-point Laplacian's largest eigenvalue), and its top
// spectrum is as clustered as a uniform FE mesh's.
#include <geomint/sparse.hpp>

#include <cmath>
#include <numbers>
#include <utility>
#include <vector>

namespace geomint_test {

inline void spring_grid(int N, bool vary, geomint::sparse_matrix<double>& M, geomint::sparse_matrix<double>& K) {
    const int n = N * N;
    std::vector<Eigen::Triplet<double>> k, m;
    const auto id = [N](int i, int j) { return i * N + j; };
    for (int i = 0; i < N; ++i)
        for (int j = 0; j < N; ++j) {
            const int a = id(i, j);
            m.emplace_back(a, a, vary ? 1 + 0.3 * std::cos(0.11 * a) : 1.0);
            double diagonal = 0;
            for (const auto& [di, dj] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) {
                const int i2 = i + di, j2 = j + dj;
                const int b = (i2 < 0 || i2 >= N || j2 < 0 || j2 >= N) ? -1 : id(i2, j2);
                const double spring = vary ? 1 + 0.5 * std::sin(0.37 * (a + b + 2)) : 1.0;
                diagonal += spring;
                if (b >= 0) k.emplace_back(a, b, -spring);
            }
            k.emplace_back(a, a, diagonal);
        }
    M.resize(n, n);
    K.resize(n, n);
    M.setFromTriplets(m.begin(), m.end());
    K.setFromTriplets(k.begin(), k.end());
}

/// ω_max of the uniform grid.
inline double uniform_grid_omega_max(int N) {
    const double s = std::sin(N * std::numbers::pi / (2 * (N + 1)));
    return std::sqrt(8 * s * s);
}

}  // namespace geomint_test
