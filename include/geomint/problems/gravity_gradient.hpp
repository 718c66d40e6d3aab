#pragma once
/// \file
/// A satellite in a gravity-gradient field: a rigid body whose centre of mass is held at the
/// distance r from a point mass of gravitational parameter μ, in the direction e (space frame,
/// unit), rotating about its centre of mass under the field's torque. MacCullagh's formula gives
/// the potential (the constant −μm/r and −μ tr J/(2r³) dropped)
///
///     V(R) = (3/2) n² bᵀ J b,   b = Rᵀ e,   n² = μ/r³ (s⁻², the square of the circular orbit's
///     mean motion), J the inertia tensor in the body frame,
///
/// whose torque is τ = 3 n² b × J b (Hughes, Spacecraft Attitude Dynamics, §8.1). The orbital
/// motion is left out: e is fixed in space (a circular orbit turns it at the rate n; on time
/// scales short against 1/n, or for a body at a fixed point of a rotating structure, e stays
/// put). The body's equilibria have a principal axis along e; the axis of the least moment is
/// the stable one. There a small rotation about the principal axis k ≠ that axis librates with
/// ω² = 3 n² (I_j − I₁)/I_k (j the third axis); a rotation in the plane of axes 1 and j is
/// exactly a pendulum in 2θ: I_k θ̈ = −(3/2) n² (I_j − I₁) sin 2θ.
///
/// `gravity_gradient<T>` is the potential (callable on 3 × 3 matrices of T and of dual<T>, as
/// `rigid_body` asks); `gravity_gradient_satellite(inertia, n², e)` builds the body.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/scalar.hpp"
#include "geomint/so3.hpp"

#include <stdexcept>
#include <string>

namespace geomint::problems {

/// The gravity-gradient potential V(R) = (3/2) n² (Rᵀe)ᵀ J (Rᵀe) (see the file's comment).
template <class T>
class gravity_gradient {
public:
    /// \param inertia the body's inertia tensor J in its body frame (kg m²).
    /// \param mean_motion_squared n² = μ/r³ (s⁻²), finite and > 0.
    /// \param direction e, the direction from the attracting mass to the body (space frame);
    ///        normalized here.
    /// \throws std::invalid_argument naming n² or e (zero or not finite), or a non-finite J.
    gravity_gradient(const so3::matrix3<T>& inertia, const T& mean_motion_squared, const vector<T, 3>& direction)
        : m_inertia(inertia), m_n2(mean_motion_squared), m_direction(direction) {
        if (!m_inertia.allFinite()) throw std::invalid_argument("gravity_gradient: the inertia tensor has a non-finite entry");
        if (!is_finite(m_n2) || !(m_n2 > T(0)))
            throw std::invalid_argument("gravity_gradient: n^2 = mu/r^3 = " + geomint::to_string(m_n2) +
                                        " (precondition: finite and > 0)");
        const T norm = m_direction.norm();
        if (!is_finite(norm) || !(norm > T(0)))
            throw std::invalid_argument("gravity_gradient: the direction e has norm " + geomint::to_string(norm) +
                                        " (precondition: finite and non-zero)");
        m_direction /= norm;
    }

    /// V(R) (J) for a rotation matrix R of T or of dual<T>.
    template <class S>
    S operator()(const so3::matrix3<S>& R) const {
        const vector<S, 3> b = R.transpose() * m_direction.template cast<S>();
        return S(T(3) * m_n2 / T(2)) * S(b.dot(m_inertia.template cast<S>() * b));
    }

    /// The body torque 3 n² b × J b, b = Rᵀe (N m), in closed form.
    vector<T, 3> torque(const so3::matrix3<T>& R) const {
        const vector<T, 3> b = R.transpose() * m_direction;
        return T(3) * m_n2 * b.cross(vector<T, 3>(m_inertia * b));
    }

    /// n² = μ/r³ (s⁻²).
    const T& mean_motion_squared() const { return m_n2; }
    /// The unit direction e (space frame).
    const vector<T, 3>& direction() const { return m_direction; }

private:
    so3::matrix3<T> m_inertia;
    T m_n2;
    vector<T, 3> m_direction;
};

/// A rigid body with principal moments `moments` (kg m²) in the gravity-gradient field of n² =
/// μ/r³ (s⁻²) along `direction` (space frame).
/// \throws std::invalid_argument as `rigid_body` and `gravity_gradient` do.
template <class T>
rigid_body<T, gravity_gradient<T>> gravity_gradient_satellite(const vector<T, 3>& moments, const T& mean_motion_squared,
                                                              const vector<T, 3>& direction) {
    const rigid_body<T> free(moments);  // checks the moments
    return rigid_body<T, gravity_gradient<T>>(moments, gravity_gradient<T>(free.inertia(), mean_motion_squared, direction));
}

/// The same with the inertia tensor `inertia` (kg m²), symmetric positive definite.
template <class T>
rigid_body<T, gravity_gradient<T>> gravity_gradient_satellite(const so3::matrix3<T>& inertia, const T& mean_motion_squared,
                                                              const vector<T, 3>& direction) {
    const rigid_body<T> free(inertia);  // checks the tensor
    return rigid_body<T, gravity_gradient<T>>(inertia, gravity_gradient<T>(free.inertia(), mean_motion_squared, direction));
}

}  // namespace geomint::problems
