#pragma once
/// \file
/// The Boris pusher for a charged particle (model/charged_particle.hpp), as a symmetric one-step
/// map on synchronized (x, v), and its symmetric compositions.
///
/// Boris (1970) staggers x and v by half a step: v_{n+1/2} − v_{n−1/2} = h (q/m)(E(x_n) +
/// ½(v_{n+1/2} + v_{n−1/2}) × B(x_n)), x_{n+1} = x_n + h v_{n+1/2}, the implicit velocity equation
/// solved exactly by a rotation. Conjugated by a half drift it is a one-step map on (x, v) at
/// the same time, with the staggering internal (neither the start nor an observation shows a
/// half-step velocity):
///     x̄ = x + (h/2) v,                 (fields at x̄ and t + h/2)
///     v⁻ = v + (h/2)(q/m) E,
///     v⁺ = v⁻ + (v⁻ + v⁻ × τ) × σ,     τ = (q/m) B h/2,  σ = 2τ/(1 + |τ|²),
///     v₁ = v⁺ + (h/2)(q/m) E,
///     x₁ = x̄ + (h/2) v₁.
/// The rotation v⁻ ↦ v⁺ turns by 2 atan(|τ|) = 2 atan(ωh/2) about B (ω = |q/m||B|), not by ωh:
/// the gyration's phase error, which a composition shrinks to its order. The map is second
/// order, symmetric (the step with −h inverts the step with h), preserves phase-space volume, and
/// is exact on the E × B drift of uniform crossed fields (started at v = E × B/|B|², it stays
/// there). It is not symplectic for non-uniform fields (He, Sun, Qin, Liu, J. Comput. Phys. 281
/// (2015)), and in non-uniform fields with E its energy can drift (Hairer & Lubich, Numer. Math.
/// 139 (2018)). Two half-step Boris updates are not Boris: they turn by 4 atan(ωh/4).
///
/// Compositions: with the weights γ of a symmetric composition of the catalogue (yoshida4, 6, 8,
/// suzuki4, kahan_li6, …; scheme/composition/symmetric_composition.hpp) the map composed as
/// Φ_{γ_s h} ∘ ⋯ ∘ Φ_{γ_1 h} (each substep at its own time) has Method::order (Yoshida 1990), the
/// field evaluations one E and one B a substep.
///
/// Sources: J. P. Boris, Proc. 4th Conf. Num. Sim. Plasmas (1970) 3–67; Birdsall & Langdon,
/// *Plasma Physics via Computer Simulation* (1991) §4-3–4-4; Qin et al., Phys. Plasmas 20 (2013)
/// 084503 (volume preservation).

#include "geomint/matrix.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/traits.hpp"

#include <vector>

namespace geomint::scheme {

/// Trait block of a pusher's map (`boris_pusher`, or a relativistic pusher of
/// scheme/boris/relativistic_pushers.hpp) composed by `Method`'s weights (stormer_verlet: the map
/// itself, order 2): order Method::order, time symmetric; not symplectic in general (file comment).
template <class Pusher, class Method = stormer_verlet>
struct pusher_composition : scheme_claims<Method::order, time_symmetric>, stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = Pusher::name;
    /// The publication and equations this is taken from (the pusher's; the weights': Method::source).
    static constexpr const char* source = Pusher::source;
    /// The pusher composed.
    using pusher = Pusher;
    /// The composition method whose weights are used.
    using method = Method;
    /// The composition weights γ in T (palindromic, Σγ = 1).
    template <class T>
    static const std::vector<T>& weights() {
        return Method::template weights<T>();
    }
};

namespace detail {
/// a × b (Eigen's `cross` needs <Eigen/Geometry>, a heavy include for one formula).
template <class T>
vector<T, 3> cross(const vector<T, 3>& a, const vector<T, 3>& b) {
    return vector<T, 3>(a(1) * b(2) - a(2) * b(1), a(2) * b(0) - a(0) * b(2), a(0) * b(1) - a(1) * b(0));
}
/// Boris's rotation of v about τ in place: v += (v + v × τ) × σ, σ = 2τ/(1 + |τ|²), a turn by
/// 2 atan(|τ|) that keeps |v| (file comment).
template <class T>
[[gnu::always_inline]] inline void boris_rotation(vector<T, 3>& v, const vector<T, 3>& tau) {
    const vector<T, 3> sigma = (2 / (1 + tau.squaredNorm())) * tau;
    const vector<T, 3> v_prime = v + cross(v, tau);
    v += cross(v_prime, sigma);
}
}  // namespace detail

/// One Boris map of step h from (x, v) at t on `particle` (`charge_to_mass()`, `electric<Check>(x, t)`,
/// `magnetic<Check>(x, t)`), in place (file comment). `Check`: each field value checked finite;
/// without, a non-finite field shows in the result (the stepper checks it once a step).
/// Inlined into the stepper's loop whatever the optimizer's heuristics say (GCC at -O3 called it:
/// 1.7× a hand-written loop; bench/bench_boris.cpp).
/// \throws std::domain_error from the particle (a non-finite field).
template <bool Check = true, class Particle, class T>
[[gnu::always_inline]] inline void boris_map(const Particle& particle, vector<T, 3>& x, vector<T, 3>& v, const T& t, const T& h) {
    const T half = h / 2;
    x += half * v;
    const T th = t + half;
    const T& qm = particle.charge_to_mass();
    const vector<T, 3> kick = (qm * half) * particle.template electric<Check>(x, th);
    const vector<T, 3> tau = (qm * half) * particle.template magnetic<Check>(x, th);
    v += kick;
    detail::boris_rotation(v, tau);
    v += kick;
    x += half * v;
}

/// The composition with weights γ of a pusher's map (`Pusher::map<Check>`): one step of h from
/// (x, v) at t, in place, each substep γᵢh at its own time.
template <class Pusher, bool Check = true, class Particle, class T>
void composed_step(const Particle& particle, const std::vector<T>& gamma, vector<T, 3>& x, vector<T, 3>& v,
                   const T& t, const T& h) {
    T elapsed(0);
    for (const T& g : gamma) {
        const T sub = g * h;
        Pusher::template map<Check>(particle, x, v, T(t + elapsed), sub);
        elapsed += sub;
    }
}

/// The non-relativistic Boris pusher on a `charged_particle`: the map `boris_map` (file comment).
struct boris_pusher {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "boris";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Boris (1970); Birdsall & Langdon (1991) sec. 4-3, 4-4";
    /// The model form it steps (model/system_form.hpp).
    static constexpr system_form form = system_form::charged_particle;
    /// The state's velocity, as error messages name it.
    static constexpr const char* velocity_name = "v";
    /// One map of step h (`boris_map`).
    template <bool Check, class Particle, class T>
    [[gnu::always_inline]] static void map(const Particle& particle, vector<T, 3>& x, vector<T, 3>& v, const T& t,
                                           const T& h) {
        boris_map<Check>(particle, x, v, t, h);
    }
};

/// Trait block of the Boris map composed by `Method` (stormer_verlet: Boris itself, order 2).
template <class Method = stormer_verlet>
using boris_composition = pusher_composition<boris_pusher, Method>;

}  // namespace geomint::scheme
