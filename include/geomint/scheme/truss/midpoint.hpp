#pragma once
/// \file
/// Algorithm MC in the mid-point form (3.3) with 𝒳 = 𝓕(R_{1/2}): the mid-point rule for trusses.
/// Source: Graham & Jelenić, eq. (3.3) and refs. [6, 26, 27]. Second order (Table 1),
/// momentum-conserving (𝒳 = 𝓕 satisfies (4.2), (4.4)), time-symmetric (Proposition 5);
/// energy is not conserved (bounded in practice).
#include "geomint/scheme/traits.hpp"
#include "geomint/scheme/truss/load_terms.hpp"

namespace geomint::scheme {

/// (It is the implicit midpoint rule for H = PᵀM⁻¹P/2 + V(R), symplectic in exact arithmetic; no
/// test checks that yet, so `symplectic` is not claimed.)
struct truss_midpoint
    : geomint::scheme_claims<2, time_symmetric | momentum_conserving>, geomint::stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "truss_midpoint";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Graham & Jelenić, eq. (3.3) with X = F(R_1/2)";
    static constexpr bool bar_assembled = true;  ///< 𝒳 from one coefficient per bar (sparse_solve.hpp)

    /// The bar's entry of 𝒳: f(l) of (2.3) at the mid-point positions.
    template <class Truss, class U>
    static U bar_coefficient(const Truss& sys, const typename Truss::bar& b, const nodal<U>& R0, const nodal<U>& R1) {
        const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
        using std::sqrt;
        const U l = sqrt(((R1.row(j) + R0.row(j)) - (R1.row(i) + R0.row(i))).squaredNorm()) / U(2);
        return sys.bar_coefficient(b, l);
    }

    /// The parameters of Algorithm MC (3.3) for this member of the family.
    template <class Truss, class U, class T>
    static mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>&, const nodal<U>& R1,
                                       const nodal<U>&, const T&) {
        return detail::bar_assembled_form<truss_midpoint>(sys, R0, R1);
    }

    /// External load: F_a = F(R_{1/2}, t_{1/2}) (`detail::midpoint_load`).
    template <class Truss, class U, class T>
    static std::pair<nodal<U>, nodal<U>> load_terms(const Truss& sys, const mc_step_data<U, T>& s) {
        return detail::midpoint_load(sys, s);
    }
};

}  // namespace geomint::scheme
