#pragma once
// Fields with exact solutions, shared by the charged-particle tests.
#include "test_common.hpp"

#include <geomint/charged.hpp>

#include <cmath>

namespace geomint_test {

/// The Penning trap with q/m = 1: B = (0, 0, b), E = k (x, y, −2z) (k > 0, b² > 4k). Its exact
/// solution: z = z₀ cos ω_z t + (ż₀/ω_z) sin ω_z t, ω_z² = 2k; in u = x + iy,
/// ü = k u − i b u̇, so u = A e^{−iω₊t} + C e^{−iω₋t}, ω± = (b ± √(b² − 4k))/2,
/// A = (i u̇₀ − ω₋ u₀)/(ω₊ − ω₋), C = u₀ − A.
template <class T>
struct penning_trap {
    T b = T(1), k = T(1) / 8;

    auto particle() const {
        const T bb = b, kk = k;
        return make_charged_particle<T>(
            T(1), [kk](const vector<T, 3>& x, const T&) { return vector<T, 3>(kk * x(0), kk * x(1), -2 * kk * x(2)); },
            [bb](const vector<T, 3>&, const T&) { return vector<T, 3>(T(0), T(0), bb); });
    }

    /// (x, v) at t from (x0, v0).
    std::pair<vector<T, 3>, vector<T, 3>> exact(const vector<T, 3>& x0, const vector<T, 3>& v0, const T& t) const {
        using std::cos;
        using std::sin;
        using std::sqrt;
        const T root = sqrt(b * b - 4 * k), wp = (b + root) / 2, wm = (b - root) / 2, wz = sqrt(2 * k);
        // complex arithmetic written out: u0 = x0 + i y0, du0 = vx0 + i vy0
        // A = (i du0 − wm u0)/(wp − wm) = ((−vy0 − wm x0) + i (vx0 − wm y0))/(wp − wm)
        const T Ar = (-v0(1) - wm * x0(0)) / (wp - wm), Ai = (v0(0) - wm * x0(1)) / (wp - wm);
        const T Cr = x0(0) - Ar, Ci = x0(1) - Ai;
        // A e^{−iωt} = (Ar + i Ai)(cos ωt − i sin ωt)
        const auto term = [&](const T& re, const T& im, const T& w, T& ur, T& ui, T& vr, T& vi) {
            const T c = cos(w * t), s = sin(w * t);
            ur += re * c + im * s;
            ui += im * c - re * s;
            // d/dt: −iω (re + i im)(c − i s) = ω (im + … ): −iω(u) with u = (re c + im s) + i (im c − re s)
            vr += w * (im * c - re * s);
            vi += -w * (re * c + im * s);
        };
        T ur(0), ui(0), vr(0), vi(0);
        term(Ar, Ai, wp, ur, ui, vr, vi);
        term(Cr, Ci, wm, ur, ui, vr, vi);
        const T z = x0(2) * cos(wz * t) + v0(2) / wz * sin(wz * t);
        const T vz = -x0(2) * wz * sin(wz * t) + v0(2) * cos(wz * t);
        return {vector<T, 3>(ur, ui, z), vector<T, 3>(vr, vi, vz)};
    }
};

}  // namespace geomint_test
