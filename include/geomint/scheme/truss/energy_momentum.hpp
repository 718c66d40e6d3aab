#pragma once
/// \file
/// The energy–momentum scheme: the form (3.3) with 𝒳 assembled from the difference quotient of
/// each bar's strain energy in l², f̄ = (φ(l_{n+1}) − φ(l_n)) / ((l²_{n+1} − l²_n)/2).
/// Source: Graham & Jelenić §4.3 and refs. [15, 21, 23, 26] (Simo–Tarnow; Greenspan).
/// Second order, conserves linear and angular momentum and the energy H (4.5) exactly:
/// P_Δ·M⁻¹P_{1/2} = −Δt Σ f̄ (r_ij)_{1/2}·(r_ij)_Δ = −Σ φ_Δ. Time-symmetric.
#include "geomint/scheme/traits.hpp"
#include "geomint/scheme/truss/load_terms.hpp"

namespace geomint::scheme {

/// The energy–momentum member of Algorithm MC (eq. 3.3, §4.3): conserves energy and momenta, order 2.
struct truss_energy_momentum
    : geomint::scheme_claims<2, time_symmetric | energy_conserving | momentum_conserving>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "truss_energy_momentum";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Graham & Jelenić, eq. (3.3), §4.3";
    static constexpr bool bar_assembled = true;  ///< 𝒳 from one coefficient per bar (sparse_solve.hpp)

    /// The bar's entry of 𝒳: f̄ = (φ(l_{n+1}) − φ(l_n)) / ((l²_{n+1} − l²_n)/2).
    template <class Truss, class U>
    static U bar_coefficient(const Truss& sys, const typename Truss::bar& b, const nodal<U>& R0, const nodal<U>& R1) {
        return U(sys.discrete_bar_coefficient(b, sys.length(R0, b), sys.length(R1, b)));
    }

    /// The parameters of Algorithm MC (3.3) for this member of the family.
    template <class Truss, class U, class T>
    static mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>&, const nodal<U>& R1,
                                       const nodal<U>&, const T&) {
        return detail::bar_assembled_form<truss_energy_momentum>(sys, R0, R1);
    }

    /// External load: the discrete gradient of U (`detail::discrete_gradient_load`), so H with
    /// −U (4.5) is conserved for a load independent of t.
    template <class Truss, class U, class T>
    static std::pair<nodal<U>, nodal<U>> load_terms(const Truss& sys, const mc_step_data<U, T>& s) {
        return detail::discrete_gradient_load(sys, s);
    }
};

}  // namespace geomint::scheme
