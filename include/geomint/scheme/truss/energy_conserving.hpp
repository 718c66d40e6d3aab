#pragma once
/// \file
/// Energy conservation by one scalar, Proposition 3: 𝒳 := κ𝒳̄, with 𝒳̄ the base scheme's 𝒳 and
/// κ from A κ + B = 0 (4.8), A = −Δt 𝒳̄R_{1/2}·M⁻¹P_{1/2},
/// B = φ_Δ − U_Δ + (ΔtF_a − 𝒢P_{1/2})·M⁻¹P_{1/2}. Source: Graham & Jelenić, (4.5)–(4.8) and §4.3.
///
/// κ is solved for together with the step, as a scalar unknown of `mc_step` with the equation
/// H_Δ = P_Δ·M⁻¹P_{1/2} + φ_Δ = 0 (which, given (3.1), is A κ + B = 0). Written this way, the
/// rounding of the energy row is ε times the energy, while κ = −B/A formed explicitly carries
/// ε|φ|/|A| ~ ε/Δt into the momentum rows and stalls Newton above its tolerance.
/// H (4.5) is then conserved to the Newton tolerance, momenta as by the base scheme. κ is
/// undefined where A = B = 0 — on every relative-equilibrium path (§4.3) — and ill-conditioned
/// near it: the step throws `std::domain_error` when |A| ≤ √ε Δt Σ_{i<j} |x̄_ij| |r_ij| |v_ij|
/// (midpoint pair distances and relative velocities) instead of returning κ = 0/0. Away from
/// relative equilibria a solution may still fail to exist where A passes through 0 with
/// A + B ≠ 0 (the paper's "serious flaw", §4.1): Newton then fails, and `mc_step` replaces the
/// step by two half steps (documented fallback, `halve_on_failure`); κ − 1 = −(A + B)/A with
/// A + B = O(Δt⁵), so halving moves the step off the root of A unless it sits on it exactly.
#include "geomint/scheme/traits.hpp"
#include "geomint/error.hpp"
#include "geomint/scheme/truss/fourth_order.hpp"

#include <array>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::scheme {

/// Graham & Jelenić's energy-conserving member of Algorithm MC (Proposition 3, eqs. 4.5–4.8): one extra scalar unknown per step makes the energy exact.
template <class Base = truss_fourth_order>
struct truss_energy_conserving
    : geomint::scheme_claims<Base::order,
                             (Base::symmetric ? time_symmetric : claims_nothing) | energy_conserving | momentum_conserving>,
      geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "truss_energy_conserving";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Graham & Jelenić, Proposition 3, eqs. (4.5)-(4.8)";
    static constexpr std::size_t scalar_unknowns = 1;  ///< κ
    static constexpr bool halve_on_failure = true;     ///< see `mc_step`

    /// External load: the base scheme's F_a, V_a.
    template <class Truss, class U, class T>
    static std::pair<nodal<U>, nodal<U>> load_terms(const Truss& sys, const mc_step_data<U, T>& s) {
        return Base::load_terms(sys, s);
    }

    /// Initial guess of the extra scalar unknown.
    template <class T>
    static std::array<T, 1> scalar_guess() {
        return {T(1)};
    }

    /// The base scheme's parameters with 𝒳 := κ𝒳̄.
    /// \throws std::domain_error where κ is undefined (see the file comment).
    template <class Truss, class U, class T>
    static mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>& P0, const nodal<U>& R1,
                                       const nodal<U>& P1, const T& h, const std::array<U, 1>& kappa) {
        using std::abs;
        using std::sqrt;
        mc_parameters<U> a = Base::parameters(sys, R0, P0, R1, P1, h);
        const nodal<U> Rh = (R0 + R1) / U(2);
        const nodal<U> Vh = sys.velocities(nodal<U>((P0 + P1) / U(2)));
        // A by node pairs: for 𝒳̄ symmetric with zero column sums ((4.2), (4.4)),
        // 𝒳̄R·V = −Σ_{i<j} x̄_ij (r_j − r_i)·(v_j − v_i); each pair term vanishes under rigid motion.
        T A(0), pair_scale(0);
        for (Eigen::Index i = 0; i < Rh.rows(); ++i)
            for (Eigen::Index j = i + 1; j < Rh.rows(); ++j) {
                const auto d = values_of(Rh.row(j) - Rh.row(i));
                const auto w = values_of(Vh.row(j) - Vh.row(i));
                const T x = value_of(a.X(i, j));
                A += x * d.dot(w);
                pair_scale += abs(x) * d.norm() * w.norm();
            }
        A *= h;
        const T bound = sqrt(std::numeric_limits<T>::epsilon()) * abs(h) * pair_scale;
        if (!(abs(A) > bound))
            throw std::domain_error(std::string(name) + ": kappa of (4.8) is undefined: |A| = " + geomint::to_string(T(abs(A))) +
                                    " <= " + geomint::to_string(bound) +
                                    " = sqrt(eps) dt sum |x_ij| |r_ij| |v_ij| (A = B = 0 on relative-equilibrium "
                                    "paths, Graham & Jelenic 4.3)");
        a.X *= kappa[0];
        return a;
    }

    /// The energy balance H_Δ = P_Δ·M⁻¹P_{1/2} + φ_Δ − U_Δ of the step (zero when energy is
    /// conserved; with an external load, U_Δ = U(R_{n+1}, t_{1/2}) − U(R_n, t_{1/2}), so H of (4.5)
    /// is conserved for a load independent of t; for one that depends on t the row still fixes κ,
    /// and H then changes by the work of ∂U/∂t to O(Δt³) a step, not to the order of the base scheme),
    /// with the size of its rounding, at the start of the step: the kinetic energy plus
    /// Σ (|φ| + |f| l²) over the bars — |f| l² since φ(l), computed from positions, carries
    /// rounding φ'(l)·εl = ε f l² (ten times |φ| for a St. Venant–Kirchhoff bar at 10 % strain).
    /// φ_Δ = Σ f̄ (l₁² − l₀²)/2, l₁² − l₀² = (d₁ − d₀)·(d₁ + d₀): no cancellation of φ itself.
    template <class Truss, class U, class T>
    static std::array<std::pair<U, T>, 1> scalar_equations(const Truss& sys, const mc_step_data<U, T>& s) {
        using std::abs;
        const nodal<U>&R0 = s.R0, &P0 = s.P0, &dP = s.dP;
        const nodal<U> R1 = s.R1();
        U phi_delta(0);
        T size = sys.kinetic_energy(nodal<T>(values_of(P0)));
        for (const auto& b : sys.bars()) {
            const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
            const auto d0 = R0.row(j) - R0.row(i);
            const auto d1 = R1.row(j) - R1.row(i);
            const U dl2 = (d1 - d0).dot(d1 + d0);
            const U l0 = sys.length(R0, b), l1 = sys.length(R1, b);
            phi_delta += U(sys.discrete_bar_coefficient(b, l0, l1)) * dl2 / U(2);
            const T l = value_of(l0);
            size += abs(b.energy(l, b.rest_length)) + abs(sys.bar_coefficient(b, l)) * l * l;
        }
        const U kinetic_delta = dP.cwiseProduct(sys.velocities(nodal<U>(P0 + dP / U(2)))).sum();
        U load_delta(0);
        if constexpr (Truss::has_load) {
            const T th = s.t + s.h / 2;
            const nodal<U> A0 = s.absolute(R0), A1 = s.absolute(R1);
            load_delta = sys.work(A1, th) - sys.work(A0, th);
            size += abs(value_of(sys.work(A0, th)));
        }
        return {std::pair<U, T>{kinetic_delta + phi_delta - load_delta, size}};
    }
};

}  // namespace geomint::scheme
