#pragma once
// Hamiltonians shared by the general-Hamiltonian tests, written once as generic callables.
#include "test_common.hpp"

namespace geomint_test {

/// Tao's example (Phys. Rev. E 94, 043303, 2016): H = (q² + 1)(p² + 1)/2, not separable.
struct tao_hamiltonian {
    template <class V>
    auto operator()(const V& q, const V& p) const {
        return (q[0] * q[0] + 1) * (p[0] * p[0] + 1) / 2;
    }
};

/// The double pendulum in angles and canonical momenta (unit masses and lengths, g = 981/100,
/// exact at every precision):
/// H = (p₁² + 2p₂² − 2p₁p₂ cos(q₁ − q₂)) / (2(1 + sin²(q₁ − q₂))) − 2g cos q₁ − g cos q₂,
/// written with 2 − cos² = 1 + sin² (odeint-v2 issue #88's system).
struct double_pendulum_hamiltonian {
    template <class V>
    auto operator()(const V& q, const V& p) const {
        using std::cos;
        const auto c = cos(q[0] - q[1]);
        return (p[0] * p[0] + 2 * p[1] * p[1] - 2 * c * p[0] * p[1]) / (2 * (2 - c * c)) -
               (2 * 981 * cos(q[0]) + 981 * cos(q[1])) / 100;
    }
};

}  // namespace geomint_test
