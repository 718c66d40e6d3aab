#pragma once
/// \file
/// A rigid body rotating about a fixed point (or its centre of mass): attitude R ∈ SO(3) (body to
/// space), body angular momentum Π = I Ω (kg m²/s), inertia tensor I (kg m²) and a potential V(R)
/// (J), with
///
///     Ṙ = R Ω̂,   Π̇ = Π × Ω + τ(R),   Ω = I⁻¹Π,   H(R, Π) = ½ Πᵀ I⁻¹ Π + V(R),
///
/// τ(R) the body torque of V: τᵢ = −d/dε V(R exp(ε êᵢ)) at ε = 0, computed by forward autodiff
/// (the potential is written once for T and dual<T>). For the heavy top, V(R) = m g e₃ᵀ R χ (χ
/// the centre of mass in the body frame) gives τ = m g Γ × χ, Γ = Rᵀ e₃ (Marsden & Ratiu,
/// Introduction to Mechanics and Symmetry, §15.10).
///
/// The inertia is given as its principal moments (the body frame is then principal) or as a
/// symmetric positive definite matrix, whose principal axes Q (a proper rotation, columns in the
/// body frame) and moments come from Eigen's SelfAdjointEigenSolver: the steppers rotate about
/// the axes Q eᵢ, so states stay in the user's body frame.
///
/// An external torque τ_e(t, R, Π) (N m, body frame: a control, a drag, a magnetic torque) is
/// Lagrange–d'Alembert forcing, Π̇ = Π × Ω + τ(R) + τ_e(t, R, Π): the splitting steppers apply it
/// in their kicks (scheme/rigid/rotor_splitting.hpp); `with_external_torque(τ_e)` adds it.
///
/// Constructed by value; the potential and the torque are copied. Errors: a moment not finite and > 0, an inertia
/// matrix not symmetric (to 100 ε of its largest entry) or not positive definite (its eigenvalues
/// named): std::invalid_argument.

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/scalar.hpp"
#include "geomint/so3.hpp"

#include <Eigen/Eigenvalues>

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// No potential: the free rigid body (Euler's equations).
struct free_rotation {};
/// No external torque.
struct no_external_torque {};

/// A rigid body (see the file's comment).
/// \tparam T         scalar type.
/// \tparam Potential V(R) callable on Eigen 3 × 3 matrices of T and of dual<T>, or free_rotation.
/// \tparam Torque    τ_e(t, R, Π) → vector<T, 3> (body frame), or no_external_torque.
template <class T, class Potential = free_rotation, class Torque = no_external_torque>
class rigid_body {
public:
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::rigid_body;
    /// Scalar type.
    using value_type = T;
    /// A 3 × 3 matrix of T.
    using matrix3 = so3::matrix3<T>;
    /// Whether the body has a potential (else it is free).
    static constexpr bool has_potential = !std::is_same_v<Potential, free_rotation>;
    /// Whether the body is forced by an external torque.
    static constexpr bool has_external_torque = !std::is_same_v<Torque, no_external_torque>;
    /// It only rotates (model/translating_rigid_body.hpp is the body that also translates).
    static constexpr bool translates = false;

    /// A body whose frame is principal, with moments I₁, I₂, I₃.
    /// \throws std::invalid_argument naming the moment unless each is finite and > 0.
    explicit rigid_body(const vector<T, 3>& principal_moments, Potential potential = {}, Torque torque = {})
        : m_moments(principal_moments), m_axes(matrix3::Identity()), m_potential(std::move(potential)), m_torque(std::move(torque)) {
        for (int i = 0; i < 3; ++i)
            if (!is_finite(m_moments(i)) || !(m_moments(i) > T(0)))
                throw std::invalid_argument("rigid_body: principal moment I_" + std::to_string(i + 1) + " = " +
                                            geomint::to_string(m_moments(i)) + " (precondition: finite and > 0)");
        derive_frame();
    }

    /// A body with the inertia tensor `inertia` in its body frame.
    /// \throws std::invalid_argument if an entry is not finite, the matrix is not symmetric, or it
    ///         is not positive definite (its eigenvalues named).
    explicit rigid_body(const matrix3& inertia, Potential potential = {}, Torque torque = {})
        : m_potential(std::move(potential)), m_torque(std::move(torque)) {
        using std::abs;
        if (!inertia.allFinite()) throw std::invalid_argument("rigid_body: the inertia tensor has a non-finite entry");
        const T asymmetry = max_abs(matrix3(inertia - inertia.transpose()));
        if (asymmetry > T(100) * std::numeric_limits<T>::epsilon() * max_abs(inertia))
            throw std::invalid_argument("rigid_body: the inertia tensor is not symmetric: max |I - I^T| = " +
                                        geomint::to_string(asymmetry) + " (precondition: symmetric positive definite)");
        const Eigen::SelfAdjointEigenSolver<matrix3> eigen(matrix3((inertia + inertia.transpose()) / T(2)));
        m_moments = eigen.eigenvalues();
        if (!(m_moments(0) > T(0)))
            throw std::invalid_argument("rigid_body: the inertia tensor is not positive definite: eigenvalues " +
                                        geomint::to_string(m_moments(0)) + ", " + geomint::to_string(m_moments(1)) + ", " +
                                        geomint::to_string(m_moments(2)) + " (precondition: all > 0)");
        m_axes = eigen.eigenvectors();
        if (m_axes.determinant() < T(0)) m_axes.col(2) *= T(-1);  // a proper rotation
        derive_frame();
    }

    /// The principal moments I₁, I₂, I₃ (ascending when given as a matrix).
    const vector<T, 3>& moments() const { return m_moments; }
    /// The principal axes Q (columns, in the body frame; the identity for a principal body frame).
    const matrix3& principal_axes() const { return m_axes; }
    /// Whether the body frame is principal (Q = I: given by its principal moments).
    bool principal_frame() const { return m_principal; }
    /// The unit quaternion (w, x, y, z) of the principal axes Q ((1, 0, 0, 0) for a principal frame).
    const vector<T, 4>& principal_axes_quaternion() const { return m_axes_quaternion; }
    /// The inertia tensor J = Q diag(I₁, I₂, I₃) Qᵀ in the body frame (kg m²).
    const matrix3& inertia() const { return m_inertia; }
    /// The potential.
    const Potential& potential() const { return m_potential; }
    /// The same body forced by the external torque `torque`, τ_e(t, R, Π) → vector<T, 3> (N m,
    /// body frame).
    template <class F>
    rigid_body<T, Potential, F> with_external_torque(F torque) const {
        if (m_principal) return rigid_body<T, Potential, F>(m_moments, m_potential, std::move(torque));
        return rigid_body<T, Potential, F>(m_inertia, m_potential, std::move(torque));
    }

    /// Ω = I⁻¹ Π (rad/s), body frame.
    vector<T, 3> angular_velocity(const vector<T, 3>& pi) const {
        const vector<T, 3> principal = m_axes.transpose() * pi;
        return m_axes * vector<T, 3>(principal.cwiseQuotient(m_moments));
    }
    /// ½ Πᵀ I⁻¹ Π (J).
    T kinetic_energy(const vector<T, 3>& pi) const {
        const vector<T, 3> principal = m_axes.transpose() * pi;
        T e(0);
        for (int i = 0; i < 3; ++i) e += principal(i) * principal(i) / (T(2) * m_moments(i));
        return e;
    }
    /// V(R) (J); 0 for a free body.
    T potential_energy(const matrix3& R) const {
        if constexpr (has_potential) return T(m_potential(R));
        else return T(0);
    }
    /// H(R, Π) = ½ Πᵀ I⁻¹ Π + V(R) (J).
    T energy(const matrix3& R, const vector<T, 3>& pi) const { return kinetic_energy(pi) + potential_energy(R); }
    /// The body torque τ(R) (N m): τᵢ = −d/dε V(R (I + ε êᵢ)), by forward autodiff; 0 for a free
    /// body. \throws std::domain_error naming the component if it is not finite.
    vector<T, 3> torque(const matrix3& R) const {
        vector<T, 3> tau = vector<T, 3>::Zero();
        if constexpr (has_potential) {
            using D = dual<T>;
            const so3::matrix3<D> RD = R.template cast<D>();
            for (int i = 0; i < 3; ++i) {
                vector<D, 3> e = vector<D, 3>::Zero();
                e(i) = unit_tangent<T>();
                const so3::matrix3<D> moved = RD * so3::matrix3<D>(so3::matrix3<D>::Identity() + so3::hat<D>(e));
                tau(i) = -tangent_of(D(m_potential(moved)));
                if (!is_finite(tau(i)))
                    throw std::domain_error("rigid_body: the torque component tau_" + std::to_string(i + 1) + " = " +
                                            geomint::to_string(tau(i)) + " is not finite (the potential's derivative)");
            }
        }
        return tau;
    }

    /// τ_e(t, R, Π) (N m, body frame); 0 without an external torque.
    /// \throws std::domain_error naming the component if it is not finite.
    vector<T, 3> external_torque(const T& t, const matrix3& R, const vector<T, 3>& pi) const {
        if constexpr (has_external_torque) {
            const vector<T, 3> tau = m_torque(t, R, pi);
            for (int i = 0; i < 3; ++i)
                if (!is_finite(tau(i)))
                    throw std::domain_error("rigid_body: the external torque's component " + std::to_string(i + 1) + " = " +
                                            geomint::to_string(tau(i)) + " at t = " + geomint::to_string(t) + " is not finite");
            return tau;
        } else {
            return vector<T, 3>::Zero();
        }
    }

private:
    // what the steppers read of Q, computed once
    void derive_frame() {
        m_principal = m_axes == matrix3::Identity();
        m_inertia = m_axes * m_moments.asDiagonal() * m_axes.transpose();
        m_axes_quaternion = m_principal ? vector<T, 4>(T(1), T(0), T(0), T(0)) : so3::quaternion_of(m_axes);
    }

    vector<T, 3> m_moments;
    matrix3 m_axes;
    bool m_principal = true;
    vector<T, 4> m_axes_quaternion;
    matrix3 m_inertia;
    Potential m_potential;
    Torque m_torque;
};

/// The free rigid body with principal moments I₁, I₂, I₃.
template <class T>
rigid_body<T> make_free_rigid_body(const vector<T, 3>& principal_moments) {
    return rigid_body<T>(principal_moments);
}

}  // namespace geomint
