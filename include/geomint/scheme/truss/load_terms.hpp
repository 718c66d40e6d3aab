#pragma once
/// \file
/// The algorithmic load terms F_a, V_a of Algorithm MC (3.1) for an external load
/// F = ∇_R U(R, t) (model/truss.hpp), one rule per accuracy class. Each takes the step
/// (`mc_step_data`) and returns (F_a, V_a), N × 3 each (V_a empty when zero).
/// Source: Graham & Jelenić, (3.1), (3.3), (4.8) and (6.2).
///
/// An external load generally changes 𝓛 and 𝓙: Propositions 1–2 conserve them only when
/// F_a = V_a = 0. What the rules keep is stated with each.
#include "geomint/scheme/truss/algorithm_mc.hpp"

#include <utility>

namespace geomint::scheme::detail {

/// Mid-point rule: F_a = F(R_{1/2}, t_n + Δt/2), V_a = 0 — second order with (3.3). A central
/// force on a node (F ∥ r) leaves 𝓙 about the centre unchanged, as in the exact flow.
template <class Truss, class U, class T>
std::pair<nodal<U>, nodal<U>> midpoint_load(const Truss& sys, const mc_step_data<U, T>& s) {
    const nodal<U> Rh = s.absolute(nodal<U>(s.R0 + s.dR / U(2)));
    return {sys.load_force(Rh, T(s.t + s.h / 2)), nodal<U>()};
}

/// Discrete gradient of U (Gonzalez) at t_{1/2} = t_n + Δt/2: F_a = F_{1/2} + (U_Δ − F_{1/2}·R_Δ)
/// R_Δ/|R_Δ|², F_{1/2} = F(R_{1/2}, t_{1/2}), U_Δ = U(R_{n+1}, t_{1/2}) − U(R_n, t_{1/2}); V_a = 0.
/// Then F_a·R_Δ = U_Δ, so with the energy–momentum 𝒳 the step conserves H = K + φ − U (4.5)
/// for a load that does not depend on t; second order. The correction's rounding is
/// ε|U|/|R_Δ| (U_Δ − F_{1/2}·R_Δ = O(|R_Δ|³) formed from terms of size |U|); F_a = F_{1/2} when R_Δ = 0.
template <class Truss, class U, class T>
std::pair<nodal<U>, nodal<U>> discrete_gradient_load(const Truss& sys, const mc_step_data<U, T>& s) {
    const T th = s.t + s.h / 2;
    const nodal<U> R0 = s.absolute(s.R0), R1 = s.absolute(s.R1());
    const nodal<U> Rh = (R0 + R1) / U(2);
    nodal<U> F = sys.load_force(Rh, th);
    const U d2 = s.dR.squaredNorm();
    if (value_of(d2) > value_type_of_t<U>(0)) {
        const U defect = sys.work(R1, th) - sys.work(R0, th) - F.cwiseProduct(s.dR).sum();
        F += s.dR * U(defect / d2);
    }
    return {std::move(F), nodal<U>()};
}

/// The fourth-order terms of (6.2):
///   F_a = (1/Δt)∫_{t_n}^{t_{n+1}} F h + (Δt²/12) 𝓕_{1/2} M⁻¹ F_{1/2},   V_a = (Δt/12) M⁻¹ F_Δ,
/// with F_n = F(R_n, t_n), F_{n+1} = F(R_{n+1}, t_{n+1}). The integral is taken along the cubic
/// Hermite path through (R_n, M⁻¹P_n) and (R_{n+1}, M⁻¹P_{n+1}) by two-point Gauss–Legendre
/// (nodes θ = 1/2 ∓ √3/6, computed in the scalar type): both are fourth-order accurate, so the
/// integral's error per step is O(Δt⁵), as (6.2)'s order conditions need.
template <class Truss, class U, class T>
std::pair<nodal<U>, nodal<U>> fourth_order_load(const Truss& sys, const mc_step_data<U, T>& s) {
    using std::sqrt;
    const nodal<U> R0 = s.absolute(s.R0), R1 = s.absolute(s.R1());
    const nodal<U> V0 = sys.velocities(s.P0), V1 = sys.velocities(s.P1());
    const nodal<U> F0 = sys.load_force(R0, s.t), F1 = sys.load_force(R1, T(s.t + s.h));
    const auto hermite = [&](const T& th) {  // R(t_n + θΔt) of the cubic Hermite interpolant
        const T th2 = th * th, th3 = th2 * th;
        const T h00 = 2 * th3 - 3 * th2 + 1, h10 = th3 - 2 * th2 + th, h01 = 3 * th2 - 2 * th3, h11 = th3 - th2;
        return nodal<U>(R0 * U(h00) + V0 * U(h10 * s.h) + R1 * U(h01) + V1 * U(h11 * s.h));
    };
    const T offset = sqrt(T(3)) / 6, lo = T(1) / 2 - offset, hi = T(1) / 2 + offset;
    const nodal<U> mean = (sys.load_force(hermite(lo), T(s.t + lo * s.h)) +
                           sys.load_force(hermite(hi), T(s.t + hi * s.h))) / U(2);
    const T c2 = s.h * s.h / 12;
    const matrix<U> Fh = (sys.stiffness(s.R0) + sys.stiffness(s.R1())) / U(2);
    const nodal<U> Fa = mean + Fh * sys.velocities(nodal<U>((F0 + F1) / U(2))) * U(c2);
    return {Fa, sys.velocities(nodal<U>(F1 - F0)) * U(s.h / 12)};
}

}  // namespace geomint::scheme::detail
