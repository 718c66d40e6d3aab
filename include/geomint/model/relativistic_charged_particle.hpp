#pragma once
/// \file
/// `relativistic_charged_particle`: a charged particle at relativistic speed in E(x, t) and
/// B(x, t) (callables, as for `charged_particle`), with the speed of light c. The state is
/// (x, u), u = γv the spatial part of the four-velocity (the proper velocity, momentum per unit
/// rest mass), γ = √(1 + |u|²/c²):
///     dx/dt = u/γ,   du/dt = (q/m) (E(x, t) + (u/γ) × B(x, t)).
/// Units as for `charged_particle` (SI: u and c in m/s); c = 1 for natural units. Every finite u
/// is a velocity v = u/γ below c; `proper_velocity(v, c)` converts a velocity and refuses
/// |v| ≥ c. Steppers: `relativistic_pusher_stepper` (Boris, Vay, Higuera–Cary;
/// stepper/pusher_stepper.hpp).
/// \code
///   auto electron = geomint::make_relativistic_charged_particle<double>(
///       -1.0, 1.0,                                         // q/m, c
///       geomint::uniform_field<double>{{0, 0.5, 0}},       // E
///       geomint::uniform_field<double>{{0, 0, 1}});        // B
///   const auto u0 = geomint::proper_velocity(geomint::vector<double, 3>(0.9, 0, 0), 1.0);   // γv
/// \endcode

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/charged_particle.hpp"
#include "geomint/model/system_form.hpp"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace geomint {

/// γ = √(1 + |u|²/c²) of a proper velocity u (the particle's `lorentz_factor` with its c).
template <class T>
T lorentz_factor(const vector<T, 3>& u, const T& c) {
    using std::sqrt;
    return sqrt(1 + u.squaredNorm() / (c * c));
}

/// A charged particle with the speed of light c (file comment): the fields, q/m and their checks
/// are those of `charged_particle`.
///
/// \tparam T      scalar type.
/// \tparam EField callable `vector<T, 3> E(const vector<T, 3>& x, const T& t)`.
/// \tparam BField the same for B.
template <class T, class EField, class BField>
class relativistic_charged_particle : public charged_particle<T, EField, BField> {
    using base = charged_particle<T, EField, BField>;

public:
    using typename base::vec3;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::relativistic_charged_particle;

    /// \throws std::invalid_argument unless q/m is finite and non-zero and c finite and positive.
    relativistic_charged_particle(T charge_to_mass, T speed_of_light, EField E, BField B)
        : base(std::move(charge_to_mass), std::move(E), std::move(B)), m_c(std::move(speed_of_light)) {
        if (!is_finite(m_c) || !(m_c > T(0)))
            throw std::invalid_argument("relativistic_charged_particle: c = " + geomint::to_string(m_c) +
                                        " violates the precondition c finite and positive");
    }

    /// The speed of light c.
    const T& speed_of_light() const { return m_c; }
    /// γ = √(1 + |u|²/c²) of the proper velocity u.
    T lorentz_factor(const vec3& u) const { return geomint::lorentz_factor(u, m_c); }

private:
    T m_c;
};

/// `relativistic_charged_particle<T, EField, BField>` with q/m = `charge_to_mass` and c = `speed_of_light`.
template <class T, class EField, class BField>
relativistic_charged_particle<T, EField, BField> make_relativistic_charged_particle(T charge_to_mass, T speed_of_light,
                                                                                   EField E, BField B) {
    return relativistic_charged_particle<T, EField, BField>(std::move(charge_to_mass), std::move(speed_of_light),
                                                            std::move(E), std::move(B));
}

/// The proper velocity u = γv of a velocity v below c (a state's u from a velocity).
/// \throws std::domain_error naming v, |v| and c when |v| ≥ c or v is not finite;
///         std::invalid_argument unless c is finite and positive.
template <class T>
vector<T, 3> proper_velocity(const vector<T, 3>& v, const T& c) {
    using std::sqrt;
    if (!is_finite(c) || !(c > T(0)))
        throw std::invalid_argument("proper_velocity: c = " + geomint::to_string(c) +
                                    " violates the precondition c finite and positive");
    const T beta2 = v.squaredNorm() / (c * c);
    if (!all_finite(v) || !(beta2 < T(1)))
        throw std::domain_error("proper_velocity: v = (" + entries_to_string(v) + "), |v| = " +
                                geomint::to_string(T(sqrt(v.squaredNorm()))) + ", is not below c = " + geomint::to_string(c) +
                                " (precondition of a relativistic run: |v| < c)");
    return (1 / sqrt(1 - beta2)) * v;
}

/// The velocity v = u/γ of a proper velocity u (|v| < c for every finite u).
template <class T>
vector<T, 3> velocity_of(const vector<T, 3>& u, const T& c) {
    return (1 / lorentz_factor(u, c)) * u;
}

}  // namespace geomint
