#pragma once
/// \file
/// Relativistic particle pushers on (x, u), u = γv (model/relativistic_charged_particle.hpp): the
/// relativistic Boris, Vay (2008) and Higuera–Cary (2017) velocity updates, each as a symmetric
/// one-step map on synchronized (x, u) by the same half-drift conjugation as the Boris map
/// (scheme/boris/boris.hpp):
///     x̄ = x + (h/2) u/γ(u),            (fields at x̄ and t + h/2; ε = (q/m)(h/2) E, τ = (q/m)(h/2) B)
///     u₁ = the pusher's update of u,
///     x₁ = x̄ + (h/2) u₁/γ(u₁).
/// The three updates solve three discretizations of du/dt = (q/m)(E + (u/γ) × B):
/// - **relativistic Boris** (Boris 1970; Birdsall & Langdon §15-4):
///   u⁺ − u⁻ = ((u⁺ + u⁻)/γ⁻) × τ, u^± = u₁ − ε, u + ε, γ⁻ = γ(u⁻), an exact rotation of u⁻ by
///   2 atan(|τ|/γ⁻). It does not keep the relativistic E × B drift: with u = γ_d v_d it uses
///   γ(u + ε) ≠ γ_d and drifts away (Vay 2008, sec. II).
/// - **Vay** (J.-L. Vay, Phys. Plasmas 15, 056701 (2008), sec. II):
///   u₁ − u = 2ε + (u/γ(u) + u₁/γ(u₁)) × τ, the average of the velocities: u′ = u + 2ε + (u/γ) × τ,
///   then γ₁ from the quartic γ₁⁴ − σγ₁² − (|τ|² + u*²) = 0, σ = γ(u′)² − |τ|², u* = u′·τ/c, and
///   u₁ = s (u′ + (u′·t) t + u′ × t), t = τ/γ₁, s = 1/(1 + |t|²).
/// - **Higuera–Cary** (A. V. Higuera, J. R. Cary, Phys. Plasmas 24, 052104 (2017)):
///   u₁ − u = 2ε + (ū/γ(ū)) × 2τ, ū = (u + u₁)/2, γ at the mean proper velocity: u⁻ = u + ε,
///   γ̄ from the same quartic with u⁻ for u′, ū = s (u⁻ + (u⁻·t) t + u⁻ × t), t = τ/γ̄,
///   u₁ = ū + ε + ū × t.
/// Vay's and Higuera–Cary's updates are exact on the relativistic E × B drift of uniform crossed
/// fields (|E| < c|B|, u = γ_d v_d, v_d = E × B/|B|²). In a pure uniform B all three keep |u|;
/// Boris and Vay turn u by θ = 2 atan(|τ|/γ) a step, the Boris gyration error at the particle's γ,
/// and Higuera–Cary by θ with tan(θ/2) = |τ|/γ(ū), at the mean ū = (u + u₁)/2 whose part across
/// B is |u_⊥| cos(θ/2) long (a slightly larger turn). Each update is
/// symmetric (the step with −h inverts the step with h), so the maps compose by the symmetric
/// compositions of the catalogue to orders 4, 6 and 8. The positive root of the quartic is taken
/// in the cancellation-free form (σ < 0: γ₁² = 2q/(√(σ² + 4q) − σ), q = |τ|² + u*²).
/// Comparison of the three: Ripperda et al., Astrophys. J. Suppl. 235:21 (2018).

#include "geomint/matrix.hpp"
#include "geomint/model/relativistic_charged_particle.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scheme/boris/boris.hpp"

#include <cmath>

namespace geomint::scheme {

namespace detail {
/// The positive root γ² of γ⁴ − σγ² − q = 0 (q ≥ 0), σ = γ(w)² − |τ|², q = |τ|² + (w·τ/c)²,
/// the Lorentz factor after Vay's and Higuera–Cary's implicit rotation of w by τ (file comment).
template <class T>
T implicit_rotation_gamma(const vector<T, 3>& w, const vector<T, 3>& tau, const T& c) {
    using std::sqrt;
    const T tau2 = tau.squaredNorm();
    const T ustar = w.dot(tau) / c;
    const T sigma = 1 + w.squaredNorm() / (c * c) - tau2;
    const T q = tau2 + ustar * ustar;
    const T root = sqrt(sigma * sigma + 4 * q);
    return sqrt(sigma >= 0 ? T((sigma + root) / 2) : T(2 * q / (root - sigma)));
}

/// s (w + (w·t) t + w × t), s = 1/(1 + |t|²): the solution y of y = w + y × t.
template <class T>
vector<T, 3> solve_rotation(const vector<T, 3>& w, const vector<T, 3>& t) {
    return (1 / (1 + t.squaredNorm())) * (w + w.dot(t) * t + cross(w, t));
}

/// One relativistic map of step h from (x, u) at t, in place (file comment), with the velocity
/// update `Pusher::update(u, ε, τ, c)`.
template <class Pusher, bool Check, class Particle, class T>
[[gnu::always_inline]] inline void relativistic_map(const Particle& particle, vector<T, 3>& x, vector<T, 3>& u,
                                                    const T& t, const T& h) {
    const T half = h / 2;
    const T& c = particle.speed_of_light();
    x += (half / particle.lorentz_factor(u)) * u;
    const T th = t + half;
    const T& qm = particle.charge_to_mass();
    const vector<T, 3> eps = (qm * half) * particle.template electric<Check>(x, th);
    const vector<T, 3> tau = (qm * half) * particle.template magnetic<Check>(x, th);
    Pusher::update(u, eps, tau, c);
    x += (half / particle.lorentz_factor(u)) * u;
}

/// The map and names shared by the three pushers: `Derived::update(u, ε, τ, c)` is the velocity update.
template <class Derived>
struct relativistic_pusher {
    /// The model form they step (model/system_form.hpp).
    static constexpr system_form form = system_form::relativistic_charged_particle;
    /// The state's velocity, as error messages name it (the proper velocity γv).
    static constexpr const char* velocity_name = "u";
    /// One map of step h (file comment).
    template <bool Check, class Particle, class T>
    [[gnu::always_inline]] static void map(const Particle& particle, vector<T, 3>& x, vector<T, 3>& u, const T& t,
                                           const T& h) {
        relativistic_map<Derived, Check>(particle, x, u, t, h);
    }
};
}  // namespace detail

/// The relativistic Boris pusher (file comment).
struct relativistic_boris : detail::relativistic_pusher<relativistic_boris> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "relativistic_boris";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Boris (1970); Birdsall & Langdon (1991) sec. 15-4";
    /// u ↦ u₁ with ε = (q/m)(h/2)E and τ = (q/m)(h/2)B at the midpoint.
    template <class T>
    static void update(vector<T, 3>& u, const vector<T, 3>& eps, const vector<T, 3>& tau, const T& c) {
        u += eps;
        detail::boris_rotation(u, vector<T, 3>((1 / lorentz_factor(u, c)) * tau));
        u += eps;
    }
};

/// Vay's pusher (file comment).
struct vay : detail::relativistic_pusher<vay> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "vay";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "J.-L. Vay, Phys. Plasmas 15, 056701 (2008), sec. II";
    /// u ↦ u₁ with ε = (q/m)(h/2)E and τ = (q/m)(h/2)B at the midpoint.
    template <class T>
    static void update(vector<T, 3>& u, const vector<T, 3>& eps, const vector<T, 3>& tau, const T& c) {
        const vector<T, 3> u_prime = u + 2 * eps + detail::cross(vector<T, 3>((1 / lorentz_factor(u, c)) * u), tau);
        const vector<T, 3> t = (1 / detail::implicit_rotation_gamma(u_prime, tau, c)) * tau;
        u = detail::solve_rotation(u_prime, t);
    }
};

/// Higuera and Cary's pusher (file comment).
struct higuera_cary : detail::relativistic_pusher<higuera_cary> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "higuera_cary";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "A. V. Higuera, J. R. Cary, Phys. Plasmas 24, 052104 (2017)";
    /// u ↦ u₁ with ε = (q/m)(h/2)E and τ = (q/m)(h/2)B at the midpoint.
    template <class T>
    static void update(vector<T, 3>& u, const vector<T, 3>& eps, const vector<T, 3>& tau, const T& c) {
        const vector<T, 3> u_minus = u + eps;
        const vector<T, 3> t = (1 / detail::implicit_rotation_gamma(u_minus, tau, c)) * tau;
        const vector<T, 3> u_mean = detail::solve_rotation(u_minus, t);
        u = u_mean + eps + detail::cross(u_mean, t);
    }
};

}  // namespace geomint::scheme
