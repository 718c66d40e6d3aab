#pragma once
/// \file
/// A rigid body's equations of motion as a first-order odeint system in quaternion form, for
/// general-purpose methods (odeint's Runge–Kutta steppers) — the comparison the structure-
/// preserving steppers are measured against:
///
///     q̇ = ½ q ⊗ (0, Ω),   Π̇ = Π × Ω + τ(q) + τ_e(t, q, Π),   Ω = I⁻¹Π,
///
/// y = (q_w, q_x, q_y, q_z, Π₁, Π₂, Π₃), 7 entries (any container odeint resizes or a fixed one
/// of 7). Such methods keep neither |q| = 1 nor |Π| (model/rigid_body.hpp has the body; the
/// rotation of q is R(q/|q|) when read back, `so3::rotation_of`).

#include "geomint/linalg.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/so3.hpp"

#include <cstddef>

namespace geomint {

/// The odeint system y' = f(y, t) of a rigid body in quaternion form (see the file's comment).
/// Holds a reference to the body, which must outlive it.
template <class T, class Potential = free_rotation, class Torque = no_external_torque>
class rigid_body_ode {
public:
    /// \param body the rigid body (kept by reference).
    explicit rigid_body_ode(const rigid_body<T, Potential, Torque>& body) : m_body(&body) {}

    /// dy = f(y): y and dy of 7 entries (q then Π); dy is written, not resized.
    template <class State, class Deriv, class Time>
    void operator()(const State& y, Deriv& dy, const Time& t) const {
        const vector<T, 4> q(y[0], y[1], y[2], y[3]);
        const vector<T, 3> pi(y[4], y[5], y[6]), omega = m_body->angular_velocity(pi);
        const vector<T, 4> dq = so3::quaternion_product(q, vector<T, 4>(T(0), omega(0), omega(1), omega(2))) / T(2);
        vector<T, 3> dpi = pi.cross(omega);
        using body_type = rigid_body<T, Potential, Torque>;
        if constexpr (body_type::has_potential || body_type::has_external_torque) {
            const so3::matrix3<T> R = so3::rotation_of(vector<T, 4>(q / q.norm()));
            if constexpr (body_type::has_potential) dpi += m_body->torque(R);
            if constexpr (body_type::has_external_torque) dpi += m_body->external_torque(T(t), R, pi);
        }
        for (std::size_t i = 0; i < 4; ++i) dy[i] = dq(Eigen::Index(i));
        for (std::size_t i = 0; i < 3; ++i) dy[4 + i] = dpi(Eigen::Index(i));
    }

private:
    const rigid_body<T, Potential, Torque>* m_body;
};

}  // namespace geomint
