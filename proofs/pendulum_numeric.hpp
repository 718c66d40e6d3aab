#pragma once
// Shared set-up of the pendulum paper's numeric proofs: 100-digit arithmetic and reproducible
// sample points (φ, p, ε) drawn from std::mt19937 as exact ratios.
#include "proof.hpp"

#include <geomint/geomint.hpp>

#include <random>
#include <vector>

namespace geomint_proof {

using real = geomint::mp<100>;

struct sample_point {
    real phi, p, eps;
};

/// `count` points with φ ∈ [−3, 3], p ∈ [−2.5, 2.5], ε ∈ (0, 0.5], from std::mt19937(seed).
inline std::vector<sample_point> sample_points(unsigned seed, int count) {
    std::mt19937 rng(seed);
    std::vector<sample_point> out;
    for (int i = 0; i < count; ++i) {
        const auto draw = [&rng](int lo, int hi) { return real(lo + int(rng() % unsigned(hi - lo + 1))) / 1000; };
        out.push_back({draw(-3000, 3000), draw(-2500, 2500), draw(1, 500)});
    }
    return out;
}

/// The bound every numeric proof compares with: 1e-90 (100 digits carried, Newton to ~1e-98).
inline real bound() { return real(1) / real("1e90"); }

}  // namespace geomint_proof
