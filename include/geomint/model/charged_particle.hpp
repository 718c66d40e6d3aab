#pragma once
/// \file
/// `charged_particle`: a particle of charge-to-mass ratio q/m in an electric field E(x, t) and a
/// magnetic field B(x, t) given as callables (odeint-v2 issue #201), the Lorentz force equations
///     dx/dt = v,   dv/dt = (q/m) (E(x, t) + v × B(x, t)),
/// in consistent units (SI: x in m, v in m/s, E in V/m, B in T, q/m in C/kg). The steppers' state
/// is odeint's pair (x, v) of 3-vectors (std::array<T, 3>, Eigen 3-vectors, std::vector of 3).
/// \code
///   // a uniform B along z and a uniform E along y: gyration and the E × B drift
///   auto particle = geomint::make_charged_particle<double>(
///       1.0,                                                              // q/m
///       [](const geomint::vector<double, 3>&, double) { return geomint::vector<double, 3>(0, 0.1, 0); },   // E(x, t)
///       [](const geomint::vector<double, 3>&, double) { return geomint::vector<double, 3>(0, 0, 1); });    // B(x, t)
/// \endcode
/// Steppers: `boris_stepper` (stepper/pusher_stepper.hpp). A field value that is not finite
/// throws `std::domain_error` naming the field, x and t.

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/system_form.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// A charged particle in the fields E(x, t) and B(x, t) (file comment).
///
/// \tparam T      scalar type.
/// \tparam EField callable `vector<T, 3> E(const vector<T, 3>& x, const T& t)` (anything
///                convertible to `vector<T, 3>`).
/// \tparam BField the same for B.
template <class T, class EField, class BField>
class charged_particle {
    static_assert(std::is_invocable_v<const EField&, const vector<T, 3>&, const T&> &&
                      std::is_invocable_v<const BField&, const vector<T, 3>&, const T&>,
                  "charged_particle: E and B must be callables (const geomint::vector<T, 3>& x, const T& t) returning "
                  "a 3-vector (geomint::vector<T, 3>)");

public:
    /// Scalar type.
    using value_type = T;
    /// 3-vector.
    using vec3 = vector<T, 3>;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::charged_particle;

    /// \throws std::invalid_argument unless q/m is finite and non-zero.
    charged_particle(T charge_to_mass, EField E, BField B)
        : m_qm(charge_to_mass), m_E(std::move(E)), m_B(std::move(B)) {
        if (!is_finite(m_qm) || m_qm == T(0))
            throw std::invalid_argument("charged_particle: q/m = " + geomint::to_string(m_qm) +
                                        " violates the precondition q/m finite and non-zero");
    }

    /// The charge-to-mass ratio q/m.
    const T& charge_to_mass() const { return m_qm; }
    /// Degrees of freedom (3).
    static constexpr std::size_t dof() { return 3; }

    /// E(x, t). \throws std::domain_error naming E, x and t when an entry is not finite (with
    /// `Check`; without, the value as the callable gives it: a pusher's inner loop, which checks
    /// its result once a step and calls the checked form to name the field).
    template <bool Check = true>
    vec3 electric(const vec3& x, const T& t) const {
        if constexpr (Check) return checked(vec3(m_E(x, t)), "E", x, t);
        else return vec3(m_E(x, t));
    }
    /// B(x, t). \throws std::domain_error naming B, x and t when an entry is not finite (with `Check`).
    template <bool Check = true>
    vec3 magnetic(const vec3& x, const T& t) const {
        if constexpr (Check) return checked(vec3(m_B(x, t)), "B", x, t);
        else return vec3(m_B(x, t));
    }

private:
    static vec3 checked(vec3 value, const char* field, const vec3& x, const T& t) {
        if (!all_finite(value))
            throw std::domain_error(std::string("charged_particle: ") + field + "(x, t) = (" + entries_to_string(value) +
                                    ") at x = (" + entries_to_string(x) + "), t = " + geomint::to_string(t) +
                                    " (precondition: finite fields)");
        return value;
    }

    T m_qm;
    EField m_E;
    BField m_B;
};

/// `charged_particle<T, EField, BField>` with q/m = `charge_to_mass`.
template <class T, class EField, class BField>
charged_particle<T, EField, BField> make_charged_particle(T charge_to_mass, EField E, BField B) {
    return charged_particle<T, EField, BField>(std::move(charge_to_mass), std::move(E), std::move(B));
}

/// A field constant in space and time (E or B of `make_charged_particle`).
template <class T>
struct uniform_field {
    vector<T, 3> value;  ///< the field's value
    /// The value, wherever and whenever.
    const vector<T, 3>& operator()(const vector<T, 3>& /*x*/, const T& /*t*/) const { return value; }
};

}  // namespace geomint
