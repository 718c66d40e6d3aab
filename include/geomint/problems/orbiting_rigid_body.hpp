#pragma once
/// \file
/// The full body problem, restricted: a rigid body of mass m and inertia J (body frame) moving
/// in the field of a fixed point mass of gravitational parameter μ (m³/s²) at the origin, its
/// orbit and attitude coupled. MacCullagh's potential (the field expanded to second order in the
/// body's size) is
///
///     V(R, x) = −μ m / r − μ tr J / (2 r³) + 3 μ bᵀ J b / (2 r⁵),   r = |x|,  b = Rᵀ x,
///
/// with the body torque τ = 3 μ b × J b / r⁵ and the force
///
///     F = −∇ₓV = −μ m x/r³ − 3 μ tr J x/(2 r⁵) − 3 μ R J b / r⁵ + 15 μ (bᵀ J b) x/(2 r⁷)
///
/// (`torque` and `force`, in closed form beside the model's autodiff). V is invariant under a
/// rotation of space, so the total angular momentum x × p + R Π is conserved; so is the energy.
/// The orbit is a Kepler orbit perturbed at order J/(m r²); the attitude librates or tumbles
/// under the gravity-gradient torque (Hughes, Spacecraft Attitude Dynamics, §8.1; Lee, Leok &
/// McClamroch, Celest. Mech. Dyn. Astron. 98 (2007) 121, whose Lie group variational integrators
/// step the full two-body problem).
///
/// `maccullagh_potential<T>` is the potential (callable on a 3 × 3 matrix and a 3-vector of T
/// and of dual<T>, as `translating_rigid_body` asks); `orbiting_rigid_body(m, moments, μ)`
/// builds the body.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/translating_rigid_body.hpp"
#include "geomint/scalar.hpp"
#include "geomint/so3.hpp"

#include <stdexcept>
#include <string>

namespace geomint::problems {

/// MacCullagh's potential of a body in the field of a point mass (see the file's comment).
template <class T>
class maccullagh_potential {
public:
    /// \param mass           the body's mass m (kg).
    /// \param inertia        its inertia tensor J in the body frame (kg m²).
    /// \param gravitational_parameter μ (m³/s²), finite and > 0.
    /// \throws std::invalid_argument naming μ, the mass, or a non-finite J.
    maccullagh_potential(const T& mass, const so3::matrix3<T>& inertia, const T& gravitational_parameter)
        : m_mass(mass), m_inertia(inertia), m_mu(gravitational_parameter), m_trace(inertia.trace()) {
        if (!m_inertia.allFinite()) throw std::invalid_argument("maccullagh_potential: the inertia tensor has a non-finite entry");
        if (!is_finite(m_mu) || !(m_mu > T(0)))
            throw std::invalid_argument("maccullagh_potential: the gravitational parameter mu = " + geomint::to_string(m_mu) +
                                        " (precondition: finite and > 0)");
        if (!is_finite(m_mass) || !(m_mass > T(0)))
            throw std::invalid_argument("maccullagh_potential: the mass m = " + geomint::to_string(m_mass) +
                                        " (precondition: finite and > 0)");
    }

    /// V(R, x) (J), of T or of dual<T>.
    template <class S>
    S operator()(const so3::matrix3<S>& R, const vector<S, 3>& x) const {
        using std::sqrt;
        const S r2 = x.squaredNorm(), r = sqrt(r2), r3 = r * r2;
        const vector<S, 3> b = R.transpose() * x;
        const S bJb = b.dot(m_inertia.template cast<S>() * b);
        return -S(m_mu * m_mass) / r - S(m_mu * m_trace / T(2)) / r3 + S(T(3) * m_mu / T(2)) * bJb / (r3 * r2);
    }

    /// The body torque 3 μ b × J b / r⁵, b = Rᵀx (N m), in closed form.
    vector<T, 3> torque(const so3::matrix3<T>& R, const vector<T, 3>& x) const {
        using std::sqrt;
        const T r2 = x.squaredNorm();
        const vector<T, 3> b = R.transpose() * x;
        return (T(3) * m_mu / (r2 * r2 * sqrt(r2))) * b.cross(vector<T, 3>(m_inertia * b));
    }

    /// The force −∇ₓV (N, space frame), in closed form.
    vector<T, 3> force(const so3::matrix3<T>& R, const vector<T, 3>& x) const {
        using std::sqrt;
        const T r2 = x.squaredNorm(), r = sqrt(r2), r3 = r * r2, r5 = r3 * r2, r7 = r5 * r2;
        const vector<T, 3> b = R.transpose() * x;
        const vector<T, 3> Jb = m_inertia * b;
        return -(m_mu * m_mass / r3 + T(3) * m_mu * m_trace / (T(2) * r5) - T(15) * m_mu * b.dot(Jb) / (T(2) * r7)) * x -
               (T(3) * m_mu / r5) * vector<T, 3>(R * Jb);
    }

    /// μ (m³/s²).
    const T& gravitational_parameter() const { return m_mu; }

private:
    T m_mass;
    so3::matrix3<T> m_inertia;
    T m_mu;
    T m_trace;
};

/// A body of mass `mass` (kg) and principal moments `moments` (kg m²) in the field of a point
/// mass of gravitational parameter μ (m³/s²) at the origin.
/// \throws std::invalid_argument as `translating_rigid_body` and `maccullagh_potential` do.
template <class T>
translating_rigid_body<T, maccullagh_potential<T>> orbiting_rigid_body(const T& mass, const vector<T, 3>& moments,
                                                                        const T& gravitational_parameter) {
    const translating_rigid_body<T> free(mass, moments);  // checks the mass and the moments
    return translating_rigid_body<T, maccullagh_potential<T>>(
        mass, moments, maccullagh_potential<T>(mass, free.inertia(), gravitational_parameter));
}

}  // namespace geomint::problems
