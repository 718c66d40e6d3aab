#pragma once
/// \file
/// Time transformations that keep a splitting explicit: for a separable H = T(p) + V(q) with
/// V < 0 along the motion (gravitation), the extended Hamiltonian in the fictitious time s
///
///     K(q, t; p, p_t) = F(T(p) + p_t) − F(U(q)),   U = −V,   p_t = −H(q₀, p₀),
///
/// (Mikkola & Tanikawa, Mon. Not. R. Astron. Soc. 310 (1999) 745; Preto & Tremaine, Astron. J.
/// 118 (1999) 2532) is again separable, in (p, p_t) and (q, t): on the level K = 0, where
/// T + p_t = U, the flow of K is H's flow with dt/ds = F'(U(q)). Its drift (the flow of
/// F(T + p_t)) moves q by F'(T + p_t) ∂T/∂p and t by F'(T + p_t); its kick (the flow of −F(U))
/// moves p by F'(U) (−∂V/∂q). Both are exact and explicit, so the leapfrog of K is explicit,
/// symplectic in the extended phase space and time-symmetric, and every composition of the
/// catalogue lifts it (stepper/time_transformed_stepper.hpp).
///
/// A transformation is the callable x ↦ F'(x) > 0 (the step density's inverse: physical time per
/// unit of s at T + p_t = U = x). `logarithmic_hamiltonian` is F = ln (dt/ds = 1/U: Sundman's
/// dt ∝ r for a Kepler orbit, and the leapfrog's orbit is then exactly a Kepler ellipse, with a
/// phase error only; Mikkola & Tanikawa 1999, Preto & Tremaine 1999). `power_time_transformation`
/// is F'(x) = x^(−γ) (γ = 1 is the logarithmic one; γ = 0 is no transformation).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"

#include <concepts>
#include <stdexcept>
#include <string>

namespace geomint {

/// What a time transformation needs of a model: H = T(p) + V(q) on Eigen vectors of length
/// `dof()`, with `kinetic_energy(p)`, `potential_energy(q)`, `velocity(p, out)` (∂T/∂p) and
/// `force(q, out)` (−∂V/∂q), out resized by the callee or of length dof().
template <class M>
concept separable_hamiltonian = requires(const M& m, const vector<typename M::value_type>& x,
                                         vector<typename M::value_type>& out) {
    typename M::value_type;
    { m.dof() } -> std::convertible_to<Eigen::Index>;
    { m.kinetic_energy(x) } -> std::convertible_to<typename M::value_type>;
    { m.potential_energy(x) } -> std::convertible_to<typename M::value_type>;
    m.velocity(x, out);
    m.force(x, out);
};

/// F = ln: dt/ds = 1/x (Mikkola & Tanikawa 1999; Preto & Tremaine 1999). Precondition: x > 0.
struct logarithmic_hamiltonian {
    /// Short name for reports.
    static constexpr const char* name = "logarithmic Hamiltonian";
    /// F'(x) = 1/x.
    template <class T>
    T operator()(const T& x) const {
        return T(1) / x;
    }
};

/// F'(x) = x^(−γ), γ >= 0 (the family of Preto & Tremaine 1999). Precondition: x > 0.
template <class T>
struct power_time_transformation {
    /// The exponent γ (γ = 1: logarithmic; γ = 0: physical time).
    T gamma;
    /// Short name for reports.
    static constexpr const char* name = "power time transformation";
    /// F'(x) = x^(−γ).
    T operator()(const T& x) const {
        using std::pow;
        return pow(x, -gamma);
    }
};

}  // namespace geomint
