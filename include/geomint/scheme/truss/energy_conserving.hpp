#pragma once
/// \file
/// Energy conservation by one scalar, Proposition 3: 𝒳 := κ𝒳̄, with 𝒳̄ the base scheme's 𝒳 and
/// κ from A κ + B = 0 (4.8), A = −Δt 𝒳̄R_{1/2}·M⁻¹P_{1/2}, B = φ_Δ − 𝒢P_{1/2}·M⁻¹P_{1/2}
/// (no external load). Source: Graham & Jelenić, (4.5)–(4.8) and §4.3.
///
/// H (4.5) is then conserved to the Newton tolerance, momenta as by the base scheme. κ is
/// undefined where A = B = 0 — on every relative-equilibrium path (§4.3) — and ill-conditioned
/// near it: the step throws `std::domain_error` when |A| ≤ √ε Δt |𝒳̄R_{1/2}| |M⁻¹P_{1/2}|
/// (Frobenius norms) instead of returning κ = 0/0.
#include "geomint/error.hpp"
#include "geomint/scheme/truss/fourth_order.hpp"

#include <stdexcept>
#include <string>

namespace geomint::scheme {

template <class Base = truss_fourth_order>
struct truss_energy_conserving {
    static constexpr const char* name = "truss_energy_conserving";
    static constexpr unsigned order = Base::order;
    static constexpr bool conserves_energy = true;
    static constexpr bool time_symmetric = Base::time_symmetric;

    /// \throws std::domain_error where κ is undefined (see the file comment).
    template <class Truss, class U, class T>
    static mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>& P0, const nodal<U>& R1,
                                       const nodal<U>& P1, const T& dt) {
        using std::abs;
        using std::sqrt;
        mc_parameters<U> a = Base::parameters(sys, R0, P0, R1, P1, dt);
        const nodal<U> Rh = (R0 + R1) / U(2), Ph = (P0 + P1) / U(2);
        const nodal<U> Vh = sys.velocities(Ph);
        const nodal<U> XRh = a.X * Rh;
        // φ_Δ = Σ f̄ (l₁² − l₀²)/2 with l₁² − l₀² = (d₁ − d₀)·(d₁ + d₀): no cancellation of φ itself,
        // so κ is as well-conditioned as the quotient B/A allows.
        U phi_delta(0);
        for (const auto& b : sys.bars()) {
            const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
            const auto d0 = R0.row(j) - R0.row(i);
            const auto d1 = R1.row(j) - R1.row(i);
            const U dl2 = (d1 - d0).dot(d1 + d0);
            phi_delta += U(sys.discrete_bar_coefficient(b, sys.length(R0, b), sys.length(R1, b))) * dl2 / U(2);
        }
        const U A = -XRh.cwiseProduct(Vh).sum() * U(dt);
        const U B = phi_delta - (a.G * Ph).cwiseProduct(Vh).sum();
        const T bound = sqrt(std::numeric_limits<T>::epsilon()) * abs(dt) * T(value_of(U(XRh.norm()))) *
                        T(value_of(U(Vh.norm())));
        if (!(abs(value_of(A)) > bound))
            throw std::domain_error(std::string(name) + ": kappa = -B/A of (4.8) is undefined: |A| = " +
                                    to_string(T(abs(value_of(A)))) + " <= " + to_string(bound) +
                                    " (A = B = 0 on relative-equilibrium paths, Graham & Jelenic 4.3)");
        a.X *= -B / A;
        return a;
    }
};

}  // namespace geomint::scheme
