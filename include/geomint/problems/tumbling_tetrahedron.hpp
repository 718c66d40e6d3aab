#pragma once
/// \file
/// The free-flying truss of geomint's Algorithm MC experiments (Graham & Jelenić, §7 style):
/// a tetrahedron of St. Venant–Kirchhoff bars that tumbles, translates and vibrates, and the
/// high-precision reference trajectory it is measured against.

#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace geomint::problems {

/// A truss with its initial state.
template <class T, class StrainEnergy, class Load = no_load>
struct truss_problem {
    /// The truss.
    truss<T, StrainEnergy, Load> sys;
    nodal<T> R;  ///< initial positions, N × 3
    nodal<T> P;  ///< initial momenta, N × 3
};

/// Initial velocities of the tumbling tetrahedron in eighths, (v_x, v_y, v_z) node by node.
using velocity_eighths = std::array<int, 12>;

/// Twelve integers uniform in [−4, 4] from std::mt19937(seed) (the engine is specified by the
/// standard, and the reduction is done here, so every platform draws the same state).
inline velocity_eighths random_velocity_eighths(std::uint32_t seed) {
    std::mt19937 rng(seed);
    velocity_eighths v{};
    for (int& k : v) k = static_cast<int>(rng() % 9u) - 4;
    return v;
}

/// Tetrahedron with corners (0,0,0), (1,0,0), (1/4,3/4,0), (1/4,1/4,3/4), masses 1, 2, 3, 4, six
/// St. Venant–Kirchhoff bars (EA = 10) pre-stretched (rest lengths 9/10 of the edges), and
/// initial velocities v = k/8 for the integers k of `velocity` (default: a fixed set in [−4, 4];
/// `random_velocity_eighths` draws others), exact in every precision, under the external load of
/// work function `load` (none by default; see `truss`). Units: consistent, unnamed.
template <class T, class Load = no_load>
truss_problem<T, st_venant_kirchhoff<T>, Load> tumbling_tetrahedron(
    const velocity_eighths& velocity = {-4, -2, 3, -2, -1, 4, 2, 0, 4, -2, 0, -2}, Load load = {}) {
    constexpr std::array<std::array<int, 3>, 4> corners{{{0, 0, 0}, {4, 0, 0}, {1, 3, 0}, {1, 1, 3}}};
    truss_problem<T, st_venant_kirchhoff<T>, Load> p{truss<T, st_venant_kirchhoff<T>, Load>(std::move(load)), {}, {}};
    for (std::size_t k = 0; k < 4; ++k)
        p.sys.add_node({T(corners[k][0]) / 4, T(corners[k][1]) / 4, T(corners[k][2]) / 4}, T(static_cast<int>(k + 1)));
    p.R = p.sys.positions();
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = i + 1; j < 4; ++j)
            p.sys.add_bar(i, j, T((p.R.row(Eigen::Index(i)) - p.R.row(Eigen::Index(j))).norm() * 9 / 10),
                          st_venant_kirchhoff<T>{T(10)});
    p.P = nodal<T>(4, 3);
    for (Eigen::Index i = 0; i < 4; ++i)
        for (int c = 0; c < 3; ++c)
            p.P(i, c) = T(velocity[std::size_t(3 * i + c)]) / 8 * p.sys.masses()[static_cast<std::size_t>(i)];
    return p;
}

}  // namespace geomint::problems
