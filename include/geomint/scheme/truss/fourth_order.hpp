#pragma once
/// \file
/// The fourth-order, time-symmetric, relative-equilibrium-preserving member of Algorithm MC.
/// Source: Graham & Jelenić, eq. (6.2), without external load (F_a = V_a = 0):
///   𝒢 = (Δt²/12) 𝓕_Δ M⁻¹,   𝓜 = M (M + (Δt²/12) 𝓕_{1/2})⁻¹ M,
///   𝒳 = 𝒳̃ + (Δt²/12) 𝒳̃ M⁻¹ 𝒳̃,   𝒳̃ = 𝓕_{1/2} − (Δt/12) 𝓕̇_Δ,
/// with 𝓕_{1/2} = (𝓕(R_n) + 𝓕(R_{n+1}))/2, 𝓕_Δ = 𝓕(R_{n+1}) − 𝓕(R_n) and
/// 𝓕̇_Δ = 𝓕̇(R_{n+1}, M⁻¹P_{n+1}) − 𝓕̇(R_n, M⁻¹P_n). geomint uses 𝓜⁻¹ = M⁻¹ + (Δt²/12) M⁻¹𝓕_{1/2}M⁻¹
/// (no inverse). Columns of 𝒢 and 𝒳 sum to 0 and 𝒳, 𝓜 are symmetric (momenta conserved);
/// (4.13) holds (time-symmetric); energy is not conserved. The matrices are dense: every node
/// couples to every node through M⁻¹-products (the loss of sparsity the paper notes).
#include "geomint/scheme/traits.hpp"
#include "geomint/scheme/truss/load_terms.hpp"

namespace geomint::scheme {

/// The fourth-order member of Algorithm MC (eq. 6.2).
struct truss_fourth_order
    : geomint::scheme_claims<4, time_symmetric | momentum_conserving>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "truss_fourth_order";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Graham & Jelenić, eq. (6.2)";
    /// The parameters of Algorithm MC (3.3) for this member of the family.
    template <class Truss, class U, class T>
    static mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>& P0, const nodal<U>& R1,
                                       const nodal<U>& P1, const T& h) {
        const matrix<U> m_inv = detail::inverse_mass<U>(sys);
        const matrix<U> F0 = sys.stiffness(R0), F1 = sys.stiffness(R1);
        const matrix<U> Fh = (F0 + F1) / U(2);
        const matrix<U> Fdot_delta = sys.stiffness_rate(R1, sys.velocities(P1)) - sys.stiffness_rate(R0, sys.velocities(P0));
        const U c2 = U(h * h / 12), c1 = U(h / 12);
        const matrix<U> Xt = Fh - Fdot_delta * c1;
        mc_parameters<U> a;
        a.G = (F1 - F0) * m_inv * c2;
        a.M_inv = m_inv + m_inv * Fh * m_inv * c2;
        a.X = Xt + Xt * m_inv * Xt * c2;
        return a;
    }

    /// External load: F_a and V_a of (6.2) (`detail::fourth_order_load`).
    template <class Truss, class U, class T>
    static std::pair<nodal<U>, nodal<U>> load_terms(const Truss& sys, const mc_step_data<U, T>& s) {
        return detail::fourth_order_load(sys, s);
    }
};

}  // namespace geomint::scheme
