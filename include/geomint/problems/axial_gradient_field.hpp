#pragma once
/// \file
/// A charged particle in a static non-uniform field in which the Boris map's energy error is known
/// to drift (the planar example of Hairer & Lubich's analysis of the Boris method's energy
/// behaviour, BIT Numer. Math. 58 (2018), as we take it): q/m = 1,
///     B(x) = (0, 0, r),   E(x) = −∇U,   U(x) = 1/(100 r),   r = √(x₁² + x₂²),
/// so E = (x₁, x₂, 0)/(100 r³); B is the curl of A = (−x₂ r/3, x₁ r/3, 0). Start
/// x₀ = (0, 0.2, 0), v₀ = (0.09, 0.05, 0.2). Invariants: the energy |v|²/2 + U and the angular
/// momentum about the axis (rotation symmetry): x₁v₂ − x₂v₁ + (x₁A₂ − x₂A₁) = x₁v₂ − x₂v₁ + r³/3.

#include "geomint/matrix.hpp"
#include "geomint/model/canonical_charged_particle.hpp"
#include "geomint/model/charged_particle.hpp"

#include <array>
#include <cmath>
#include <utility>

namespace geomint::problems {

/// The field B = (0, 0, r), U = 1/(100 r) and its start (file comment).
template <class T>
struct axial_gradient_field {
    /// B(x).
    static vector<T, 3> magnetic(const vector<T, 3>& x) {
        using std::sqrt;
        return vector<T, 3>(T(0), T(0), T(sqrt(x(0) * x(0) + x(1) * x(1))));
    }
    /// E(x) = (x₁, x₂, 0)/(100 r³).
    static vector<T, 3> electric(const vector<T, 3>& x) {
        using std::sqrt;
        const T r2 = x(0) * x(0) + x(1) * x(1);
        const T f = 1 / (100 * r2 * sqrt(r2));
        return vector<T, 3>(f * x(0), f * x(1), T(0));
    }
    /// A(x, t) = (−x₂ r/3, x₁ r/3, 0) as a generic callable.
    static auto vector_potential() {
        return [](const auto& x, const T&) {
            using std::sqrt;
            const auto r = sqrt(x[0] * x[0] + x[1] * x[1]);
            using U = std::decay_t<decltype(r)>;
            return std::array<U, 3>{-x[1] * r / 3, x[0] * r / 3, U(0 * r)};
        };
    }
    /// φ = U = 1/(100 r) as a generic callable.
    static auto scalar_potential() {
        return [](const auto& x, const T&) {
            using std::sqrt;
            return 1 / (100 * sqrt(x[0] * x[0] + x[1] * x[1]));
        };
    }
    /// The particle for the pushers (q/m = 1).
    static auto particle() {
        return make_charged_particle<T>(T(1), [](const vector<T, 3>& x, const T&) { return electric(x); },
                                        [](const vector<T, 3>& x, const T&) { return magnetic(x); });
    }
    /// The particle in canonical coordinates (q/m = 1), for `gauss_collocation_stepper`.
    static auto canonical() { return make_canonical_charged_particle<T>(T(1), vector_potential(), scalar_potential()); }
    /// The start (x₀, v₀).
    static std::pair<vector<T, 3>, vector<T, 3>> start() {
        return {vector<T, 3>(T(0), T(2) / 10, T(0)), vector<T, 3>(T(9) / 100, T(5) / 100, T(2) / 10)};
    }
    /// The Lorentz equations written out, s = (x, v) of 6 entries, for reference solvers.
    template <class X>
    static void rates(const X& s, X& ds) {
        const vector<T, 3> x(s[0], s[1], s[2]);
        const vector<T, 3> B = magnetic(x), E = electric(x);
        ds[0] = s[3];
        ds[1] = s[4];
        ds[2] = s[5];
        ds[3] = E(0) + s[4] * B(2) - s[5] * B(1);
        ds[4] = E(1) + s[5] * B(0) - s[3] * B(2);
        ds[5] = E(2) + s[3] * B(1) - s[4] * B(0);
    }
    /// The energy |v|²/2 + U(x).
    static T energy(const vector<T, 3>& x, const vector<T, 3>& v) {
        using std::sqrt;
        return v.squaredNorm() / 2 + 1 / (100 * sqrt(x(0) * x(0) + x(1) * x(1)));
    }
};

}  // namespace geomint::problems
