#pragma once
// The free-body cases of the rigid-body tests, in any scalar T:
// - generic: I = (1, 2, 3), Π₀ = (1, 1/2, −3/10) (k = 0.295);
// - Hairer, Lubich & Wanner's: I = (2, 1, 2/3), Π₀ = (cos 1.1, 0, sin 1.1) (GNI §IV.1, Example 1.7
//   and §VII.5);
// - near the separatrix: I = (1, 2, 3), Π₀ = (c, 0, √(1 − c²)) with c² = k²/(3 + k²), which gives
//   k² = 998787/10⁶ (for Π₀ = (c, 0, s), |Π₀| = 1: k² = 3c²/(1 − c²)).
// The attitude starts at the identity.
#include "test_common.hpp"

#include <geomint/model/rigid_body.hpp>
#include <geomint/problems/free_rigid_body.hpp>
#include <geomint/so3.hpp>

#include <array>
#include <string>
#include <utility>

namespace geomint_test {

template <class T>
struct rigid_case {
    std::string name;
    geomint::vector<T, 3> moments;
    geomint::vector<T, 3> pi0;
};

template <class T>
std::array<rigid_case<T>, 3> free_body_cases() {
    using std::cos;
    using std::sin;
    using std::sqrt;
    const T k2 = T(998787) / T(1000000), c = sqrt(k2 / (T(3) + k2));
    return {rigid_case<T>{"generic", {T(1), T(2), T(3)}, {T(1), T(1) / T(2), T(-3) / T(10)}},
            rigid_case<T>{"HLW", {T(2), T(1), T(2) / T(3)}, {cos(T(11) / T(10)), T(0), sin(T(11) / T(10))}},
            rigid_case<T>{"near separatrix", {T(1), T(2), T(3)}, {c, T(0), sqrt(T(1) - c * c)}}};
}

// the state (R row by row, Π) at the identity attitude
template <class T>
std::pair<std::array<T, 9>, std::array<T, 3>> identity_state(const geomint::vector<T, 3>& pi0) {
    return {std::array<T, 9>{T(1), T(0), T(0), T(0), T(1), T(0), T(0), T(0), T(1)}, std::array<T, 3>{pi0(0), pi0(1), pi0(2)}};
}

template <class T>
geomint::so3::matrix3<T> attitude_of(const std::array<T, 9>& q) {
    geomint::so3::matrix3<T> R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = q[std::size_t(i)];
    return R;
}

template <class T>
geomint::vector<T, 3> momentum_of(const std::array<T, 3>& p) {
    return geomint::vector<T, 3>(p[0], p[1], p[2]);
}

}  // namespace geomint_test
