#pragma once
/// \file
/// A charged particle in a large-aspect-ratio model tokamak field (circular flux surfaces, a
/// constant safety factor), the kind the structure-preserving pusher literature runs banana orbits
/// in, where a slightly trapped particle traces a banana orbit: in cylindrical (R, ϕ, z) with the
/// magnetic axis at R = R₀, z = 0 and the minor radius r = √((R − R₀)² + z²),
///     B = B₀R₀/R e_ϕ + B₀ (z e_R − (R − R₀) e_z)/(q_s R),
/// a toroidal field falling as 1/R and a poloidal field of safety factor q_s, no electric field.
/// Here B₀ = R₀ = 1, q_s = 2, q/m = 1 (dimensionless: lengths in R₀, times in 1/ω_c at the axis).
/// It is the curl of
///     A = −B₀R₀ ln(R/R₀) e_z − B₀ r²/(2 q_s R) e_ϕ,
/// which gives the canonical H = ½|p − A|² of `canonical_charged_particle`. In Cartesian x:
///     B = ((−R₀ y + z x/q_s)/R², (R₀ x + z y/q_s)/R², −(R − R₀)/(q_s R)) B₀,
///     A = (r² y/(2 q_s R²), −r² x/(2 q_s R²), −R₀ ln(R/R₀)) B₀.
/// The start x₀ = (1.05, 0, 0), v₀ = (0, 2, 9.8)·10⁻⁴ (|v| ≈ 1e-3, v_∥/v_⊥ ≈ 0.2 below the
/// trapping bound √(2ε/(1 − ε)), ε = r/R₀ = 0.05) gives a banana orbit: gyration of radius ≈ 1e-3
/// and period ≈ 2π, bounce period of order 10⁴ gyrations. Invariants: the energy |v|²/2, the
/// toroidal canonical momentum p_ϕ = R (v_ϕ + A_ϕ) (axisymmetry), and, adiabatically, the
/// magnetic moment μ = |v_⊥|²/(2|B|).

#include "geomint/matrix.hpp"
#include "geomint/model/canonical_charged_particle.hpp"
#include "geomint/model/charged_particle.hpp"

#include <array>
#include <cmath>
#include <utility>

namespace geomint::problems {

/// The model tokamak field and a banana-orbit start (file comment).
template <class T>
struct tokamak_field {
    /// Safety factor q_s = 2.
    static T safety_factor() { return T(2); }

    /// B(x) (B₀ = R₀ = 1).
    static vector<T, 3> magnetic(const vector<T, 3>& x) {
        const T qs = safety_factor();
        const T R2 = x(0) * x(0) + x(1) * x(1);
        using std::sqrt;
        const T R = sqrt(R2);
        return vector<T, 3>((-x(1) + x(2) * x(0) / qs) / R2, (x(0) + x(2) * x(1) / qs) / R2, -(R - 1) / (qs * R));
    }
    /// A(x, t) as a generic callable (x a vector of 3 entries of T or of jets over T).
    static auto vector_potential() {
        return [](const auto& x, const T&) {
            using std::log;
            using std::sqrt;
            const auto R2 = x[0] * x[0] + x[1] * x[1];
            const auto R = sqrt(R2);
            const auto r2 = (R - 1) * (R - 1) + x[2] * x[2];
            using U = std::decay_t<decltype(R)>;
            const T qs = safety_factor();
            return std::array<U, 3>{r2 * x[1] / (2 * qs * R2), -r2 * x[0] / (2 * qs * R2), U(-log(R))};
        };
    }
    /// φ = 0 as a generic callable.
    static auto scalar_potential() {
        return [](const auto& x, const T&) { return 0 * x[0]; };
    }
    /// The particle for the pushers (q/m = 1, E = 0).
    static auto particle() {
        return make_charged_particle<T>(T(1), uniform_field<T>{vector<T, 3>(T(0), T(0), T(0))},
                                        [](const vector<T, 3>& x, const T&) { return magnetic(x); });
    }
    /// The particle in canonical coordinates (q/m = 1), for `gauss_collocation_stepper`.
    static auto canonical() { return make_canonical_charged_particle<T>(T(1), vector_potential(), scalar_potential()); }
    /// The banana-orbit start (x₀, v₀).
    static std::pair<vector<T, 3>, vector<T, 3>> start() {
        return {vector<T, 3>(T(105) / 100, T(0), T(0)), vector<T, 3>(T(0), T(2) / 10000, T(98) / 100000)};
    }
    /// The Lorentz equations written out, x = (x, v) of 6 entries: dx/dt = v, dv/dt = v × B(x), for
    /// reference solvers (`X` any container of 6 entries of T).
    template <class X>
    static void rates(const X& s, X& ds) {
        const vector<T, 3> B = magnetic(vector<T, 3>(s[0], s[1], s[2]));
        ds[0] = s[3];
        ds[1] = s[4];
        ds[2] = s[5];
        ds[3] = s[4] * B(2) - s[5] * B(1);
        ds[4] = s[5] * B(0) - s[3] * B(2);
        ds[5] = s[3] * B(1) - s[4] * B(0);
    }
    /// The energy |v|²/2.
    static T energy(const vector<T, 3>&, const vector<T, 3>& v) { return v.squaredNorm() / 2; }
    /// The magnetic moment μ = |v_⊥|²/(2|B|) (the adiabatic invariant).
    static T magnetic_moment(const vector<T, 3>& x, const vector<T, 3>& v) {
        const vector<T, 3> B = magnetic(x);
        const T B2 = B.squaredNorm();
        const T vpar = v.dot(B);
        using std::sqrt;
        return (v.squaredNorm() - vpar * vpar / B2) / (2 * sqrt(B2));
    }
};

}  // namespace geomint::problems
