#pragma once
/// \file
/// A rigid body that translates as well as rotates: centre of mass x (m, space frame), its
/// momentum p = m ẋ (kg m/s), mass m (kg), attitude R ∈ SO(3) (body to space), body angular
/// momentum Π = I Ω and a potential V(R, x) (J) coupling the two:
///
///     ẋ = p/m,   ṗ = F(R, x),   Ṙ = R Ω̂,   Π̇ = Π × Ω + τ(R, x),
///     H = |p|²/(2m) + ½ Πᵀ I⁻¹ Π + V(R, x),
///
/// with the force F = −∇ₓV and the body torque τᵢ = −d/dε V(R exp(ε êᵢ), x) at ε = 0, both by
/// forward autodiff (six directions; the potential is written once for T and dual<T>). The
/// full body problem of orbital mechanics — a body in the field of a point mass, MacCullagh's
/// potential, problems/orbiting_rigid_body.hpp — is the example (Lee, Leok & McClamroch, Celest.
/// Mech. Dyn. Astron. 98 (2007) 121).
///
/// The rigid-body steppers (stepper/rigid_body_stepper.hpp) step it with the same splittings:
/// the kicks move Π and p, the drift x ← x + h p/m commutes with the rotations and is taken with
/// them. The state is odeint's pair (q, p): q the attitude (R row by row, 9 entries, or a unit
/// quaternion, 4) followed by x (3): 12 or 7 entries; p is Π followed by p (6 entries). When V
/// is invariant under a rotation of space, (R, x) → (Q R, Q x), the kicks keep the total angular
/// momentum x × p + R Π and the flows keep it too: the splittings keep it to round-off.
///
/// The inertia is checked as `rigid_body`'s (principal moments, or a symmetric positive definite
/// tensor). External torques and forces are not taken (use `rigid_body::with_external_torque` for
/// a body that only rotates).
/// \throws std::invalid_argument: the mass not finite and > 0 (named), the inertia as
///         `rigid_body`'s constructor.

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scalar.hpp"
#include "geomint/so3.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// The body torque and the force of a potential V(R, x) at one configuration.
template <class T>
struct generalized_force {
    vector<T, 3> torque;  ///< τ (N m, body frame)
    vector<T, 3> force;   ///< F = −∇ₓV (N, space frame)
};

/// A rigid body that translates (see the file's comment).
/// \tparam T         scalar type.
/// \tparam Potential V(R, x) callable on an Eigen 3 × 3 matrix and an Eigen 3-vector, of T and of
///                   dual<T>; or free_rotation (free flight).
template <class T, class Potential = free_rotation>
class translating_rigid_body {
public:
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::rigid_body;
    /// Scalar type.
    using value_type = T;
    /// A 3 × 3 matrix of T.
    using matrix3 = so3::matrix3<T>;
    /// Whether the body has a potential (else it flies free).
    static constexpr bool has_potential = !std::is_same_v<Potential, free_rotation>;
    /// No external torque is taken.
    static constexpr bool has_external_torque = false;
    /// The centre of mass moves: the state carries x and p.
    static constexpr bool translates = true;

    /// A body of mass `mass` whose frame is principal, with moments I₁, I₂, I₃.
    /// \throws std::invalid_argument naming the mass or a moment (finite and > 0).
    translating_rigid_body(const T& mass, const vector<T, 3>& principal_moments, Potential potential = {})
        : m_mass(checked_mass(mass)), m_rotation(principal_moments), m_potential(std::move(potential)) {}
    /// A body of mass `mass` with the inertia tensor `inertia` in its body frame.
    /// \throws std::invalid_argument naming the mass, or the tensor as `rigid_body`'s.
    translating_rigid_body(const T& mass, const matrix3& inertia, Potential potential = {})
        : m_mass(checked_mass(mass)), m_rotation(inertia), m_potential(std::move(potential)) {}

    /// The mass m (kg).
    const T& mass() const { return m_mass; }
    /// The rotational part: the free body of the same inertia (moments, axes, kinetic energy).
    const rigid_body<T>& rotation() const { return m_rotation; }
    /// The principal moments.
    const vector<T, 3>& moments() const { return m_rotation.moments(); }
    /// The principal axes Q (columns, body frame).
    const matrix3& principal_axes() const { return m_rotation.principal_axes(); }
    /// Whether the body frame is principal.
    bool principal_frame() const { return m_rotation.principal_frame(); }
    /// The quaternion of the principal axes.
    const vector<T, 4>& principal_axes_quaternion() const { return m_rotation.principal_axes_quaternion(); }
    /// The inertia tensor in the body frame (kg m²).
    const matrix3& inertia() const { return m_rotation.inertia(); }
    /// The potential.
    const Potential& potential() const { return m_potential; }

    /// |p|²/(2m) + ½ Πᵀ I⁻¹ Π (J).
    T kinetic_energy(const vector<T, 3>& pi, const vector<T, 3>& p) const {
        return m_rotation.kinetic_energy(pi) + T(p.squaredNorm()) / (T(2) * m_mass);
    }
    /// V(R, x) (J); 0 in free flight.
    T potential_energy(const matrix3& R, const vector<T, 3>& x) const {
        if constexpr (has_potential) return T(m_potential(R, x));
        else return T(0);
    }
    /// H(R, x, Π, p) (J).
    T energy(const matrix3& R, const vector<T, 3>& x, const vector<T, 3>& pi, const vector<T, 3>& p) const {
        return kinetic_energy(pi, p) + potential_energy(R, x);
    }
    /// The total angular momentum about the origin, x × p + R Π (space frame, kg m²/s).
    vector<T, 3> angular_momentum(const matrix3& R, const vector<T, 3>& x, const vector<T, 3>& p,
                                  const vector<T, 3>& pi) const {
        return vector<T, 3>(x.cross(p) + R * pi);
    }

    /// The torque τ (body frame) and the force F = −∇ₓV (space frame) at (R, x), by forward
    /// autodiff; both 0 in free flight.
    /// \throws std::domain_error naming the component that is not finite.
    geomint::generalized_force<T> generalized_force(const matrix3& R, const vector<T, 3>& x) const {
        geomint::generalized_force<T> out{vector<T, 3>::Zero(), vector<T, 3>::Zero()};
        if constexpr (has_potential) {
            using D = dual<T>;
            const so3::matrix3<D> RD = R.template cast<D>();
            const vector<D, 3> xD = x.template cast<D>();
            for (int i = 0; i < 3; ++i) {
                vector<D, 3> e = vector<D, 3>::Zero();
                e(i) = unit_tangent<T>();
                const so3::matrix3<D> turned = RD * so3::matrix3<D>(so3::matrix3<D>::Identity() + so3::hat<D>(e));
                out.torque(i) = -tangent_of(D(m_potential(turned, xD)));
                out.force(i) = -tangent_of(D(m_potential(RD, vector<D, 3>(xD + e))));
                if (!is_finite(out.torque(i)) || !is_finite(out.force(i)))
                    throw std::domain_error("translating_rigid_body: the potential's derivative is not finite: torque_" +
                                            std::to_string(i + 1) + " = " + geomint::to_string(out.torque(i)) + ", force_" +
                                            std::to_string(i + 1) + " = " + geomint::to_string(out.force(i)) + " at x = (" +
                                            geomint::to_string(T(x(0))) + ", " + geomint::to_string(T(x(1))) + ", " +
                                            geomint::to_string(T(x(2))) + ")");
            }
        }
        return out;
    }

private:
    static T checked_mass(const T& mass) {
        if (!is_finite(mass) || !(mass > T(0)))
            throw std::invalid_argument("translating_rigid_body: the mass m = " + geomint::to_string(mass) +
                                        " (precondition: finite and > 0)");
        return mass;
    }

    T m_mass;
    rigid_body<T> m_rotation;
    Potential m_potential;
};

namespace detail {

/// A translating body with its centre of mass's state (x, p) bound for one step: what the
/// rigid schemes (scheme/rigid/) step, reading the body as a rotating one and moving x and p in
/// its kicks (`kick`) and drifts (`drift`). Holds pointers: it lives for one step.
template <class Body>
class bound_translation {
public:
    /// Scalar type.
    using value_type = typename Body::value_type;
    /// As the body.
    static constexpr bool has_potential = Body::has_potential;
    /// As the body (none).
    static constexpr bool has_external_torque = false;
    /// The kicks and drifts move x and p.
    static constexpr bool translates = true;

    /// `body` with x and p (space frame), changed in place by the step.
    bound_translation(const Body& body, vector<value_type, 3>& x, vector<value_type, 3>& p) : m_body(&body), m_x(&x), m_p(&p) {}

    /// The principal moments.
    const vector<value_type, 3>& moments() const { return m_body->moments(); }
    /// The principal axes.
    const so3::matrix3<value_type>& principal_axes() const { return m_body->principal_axes(); }
    /// Whether the body frame is principal.
    bool principal_frame() const { return m_body->principal_frame(); }
    /// The quaternion of the principal axes.
    const vector<value_type, 4>& principal_axes_quaternion() const { return m_body->principal_axes_quaternion(); }
    /// The inertia tensor.
    const so3::matrix3<value_type>& inertia() const { return m_body->inertia(); }

    /// The potential's kick over h at (R, x): Π ← Π + h τ, p ← p + h F.
    void kick(const value_type& h, const so3::matrix3<value_type>& R, vector<value_type, 3>& pi) const {
        const auto f = m_body->generalized_force(R, *m_x);
        pi += h * f.torque;
        *m_p += h * f.force;
    }
    /// The drift over h: x ← x + (h/m) p.
    void drift(const value_type& h) const { *m_x += (h / m_body->mass()) * *m_p; }

private:
    const Body* m_body;
    vector<value_type, 3>* m_x;
    vector<value_type, 3>* m_p;
};

}  // namespace detail

}  // namespace geomint
