#pragma once
/// \file
/// The splitting of a rigid body's Hamiltonian H = T₁ + T₂ + T₃ + V, Tᵢ = (Πᵢ)²/(2Iᵢ) in the
/// principal frame, into flows that are exact: the rotation about the principal axis i by the
/// angle θ = h Πᵢ/Iᵢ (Πᵢ is constant along it), R ← R Gᵢ(θ), Π ← Gᵢ(θ)ᵀ Π, and the potential's
/// kick Π ← Π + h τ(R) (R fixed). The symmetric sequence
///
///     K(h/2) ∘ T₁(h/2) ∘ T₂(h/2) ∘ T₃(h) ∘ T₂(h/2) ∘ T₁(h/2) ∘ K(h/2)
///
/// (`rotor_splitting`) is of order 2, symplectic on T*SO(3) and time-symmetric; every flow is an
/// exact rotation, so R stays on SO(3) and |Π| is kept (for the free body) to round-off, and
/// the spatial angular momentum R Π is kept by the rotations. An external torque τ_e(t, R, Π)
/// (model/rigid_body.hpp) enters the kicks as discrete Lagrange–d'Alembert forcing, trapezoidal in
/// time: the opening kick takes (h/2) τ_e at the step's start, explicitly, the closing kick (h/2)
/// τ_e at its end, implicitly in Π; the step stays symmetric, so the compositions keep their
/// order (McLachlan, Phys. Rev. Lett. 71
/// (1993) 3043; Touma & Wisdom, Astron. J. 107 (1994) 1189; Reich 1994; Dullweber, Leimkuhler &
/// McLachlan, J. Chem. Phys. 107 (1997) 5840 — in quaternions NO_SQUISH, Miller et al., J. Chem.
/// Phys. 116 (2002) 8649). `rotor_composition<Method>` composes it with the weights of a
/// symmetric composition of the catalogue (scheme/composition/symmetric_composition.hpp: yoshida4,
/// suzuki4, kahan_li6, kahan_li8, …): order Method::order.
///
/// The attitude is a rotation matrix or a unit quaternion (w, x, y, z); the flows act on either.
/// A body that also translates (model/translating_rigid_body.hpp) adds the drift x ← x + h p/m to
/// the free flow (it commutes with the rotations) and the force to the kicks.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scalar.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/so3.hpp"

#include <limits>
#include <vector>

namespace geomint::scheme {

namespace detail {

/// The exact flow of Tᵢ over h on (attitude, Π): the rotation by θ = h (q_iᵀ Π)/Iᵢ about the
/// principal axis q_i = Q eᵢ (Q the body's principal axes).
template <class Body, class T>
void rotate_about_principal_axis(const Body& body, int i, const T& h, so3::matrix3<T>& R, vector<T, 3>& pi) {
    const auto& Q = body.principal_axes();
    if (body.principal_frame()) {  // a plane (Givens) rotation of two columns of R and two entries of Π
        const T theta = h * pi(i) / body.moments()(i);
        T s, c;
        geomint::detail::sin_and_cos(theta, s, c);
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        for (int r = 0; r < 3; ++r) {
            const T a = R(r, j), b = R(r, k);
            R(r, j) = c * a + s * b;
            R(r, k) = c * b - s * a;
        }
        const T a = pi(j), b = pi(k);
        pi(j) = c * a + s * b;
        pi(k) = c * b - s * a;
        return;
    }
    const T theta = h * T(Q.col(i).dot(pi)) / body.moments()(i);
    const so3::matrix3<T> G = Q * so3::axis_rotation(i, theta) * Q.transpose();
    R = R * G;
    pi = G.transpose() * pi;
}
/// The same on a quaternion attitude: q ← q ⊗ q_G, q_G = q_Q ⊗ q_i(θ) ⊗ q_Q* (q_Q the quaternion
/// of the principal axes, `axes`).
template <class Body, class T>
void rotate_about_principal_axis(const Body& body, int i, const T& h, vector<T, 4>& q, vector<T, 3>& pi,
                                 const vector<T, 4>& axes) {
    const auto& Q = body.principal_axes();
    const T theta = h * T(Q.col(i).dot(pi)) / body.moments()(i);
    if (body.principal_frame()) {
        q = so3::quaternion_product(q, so3::axis_quaternion(i, theta));
        T s, c;
        geomint::detail::sin_and_cos(theta, s, c);
        const T a = pi((i + 1) % 3), b = pi((i + 2) % 3);
        pi((i + 1) % 3) = c * a + s * b;
        pi((i + 2) % 3) = c * b - s * a;
        return;
    }
    const vector<T, 4> conjugate(axes(0), -axes(1), -axes(2), -axes(3));
    const vector<T, 4> g = so3::quaternion_product(so3::quaternion_product(axes, so3::axis_quaternion(i, theta)), conjugate);
    q = so3::quaternion_product(q, g);
    pi = Q * so3::axis_rotation(i, theta).transpose() * Q.transpose() * pi;
}

/// The rotation matrix of an attitude (a rotation matrix or a unit quaternion).
template <class T, class Attitude>
so3::matrix3<T> attitude_matrix(const Attitude& attitude) {
    if constexpr (Attitude::RowsAtCompileTime == 4) return so3::rotation_of(attitude);
    else return attitude;
}

/// The potential's kick over h, Π ← Π + h τ(R), on a rotation matrix or a quaternion attitude
/// (nothing for a free body); for a body that translates (model/translating_rigid_body.hpp),
/// Π ← Π + h τ(R, x) and p ← p + h F(R, x).
template <class Body, class T, class Attitude>
void potential_kick(const Body& body, const T& h, const Attitude& attitude, vector<T, 3>& pi) {
    if constexpr (Body::has_potential) {
        if constexpr (Body::translates) body.kick(h, attitude_matrix<T>(attitude), pi);
        else pi += h * body.torque(attitude_matrix<T>(attitude));
    }
}

/// The centre of mass's drift over h, x ← x + (h/m) p, for a body that translates (nothing
/// otherwise): it commutes with the rotations, so a scheme takes it beside its free flow.
template <class Body, class T>
void translation_drift(const Body& body, const T& h) {
    if constexpr (Body::translates) body.drift(h);
}

/// The opening half-kick of a step from t: Π ← Π + (h/2)(τ(R) + τ_e(t, R, Π)), explicit (the
/// discrete Lagrange–d'Alembert forcing's left half, trapezoidal in time).
template <class Body, class T, class Attitude>
void opening_kick(const Body& body, const T& t, const T& half, const Attitude& attitude, vector<T, 3>& pi) {
    if constexpr (Body::has_external_torque) {
        const vector<T, 3> forcing = body.external_torque(t, attitude_matrix<T>(attitude), pi);  // at the step's Π
        potential_kick(body, half, attitude, pi);
        pi += half * forcing;
    } else {
        potential_kick(body, half, attitude, pi);
    }
}

/// The closing half-kick of a step ending at t: Π' = Π + (h/2)(τ(R) + τ_e(t, R, Π')), implicit
/// in Π' when τ_e depends on Π (the adjoint of the opening kick, so that the step stays
/// symmetric): fixed-point iteration until Π' changes by at most 4 ε |Π'|.
/// \throws convergence_error after 100 iterations (h (∂τ_e/∂Π) too large), naming the change
///         and h.
template <class Body, class T, class Attitude>
void closing_kick(const Body& body, const T& t, const T& half, const Attitude& attitude, vector<T, 3>& pi) {
    potential_kick(body, half, attitude, pi);
    if constexpr (Body::has_external_torque) {
        const so3::matrix3<T> R = attitude_matrix<T>(attitude);
        const vector<T, 3> start = pi;
        const T eps = std::numeric_limits<T>::epsilon();
        T change(0);
        for (int k = 1; k <= 100; ++k) {
            const vector<T, 3> next = start + half * body.external_torque(t, R, pi);
            change = (next - pi).norm();
            pi = next;
            if (change <= T(4) * eps * pi.norm()) return;
        }
        throw convergence_error("rotor splitting: the closing kick's fixed-point iteration for the external torque did not "
                                "converge in 100 iterations: last change " + geomint::to_string(change) + " at h = " +
                                    geomint::to_string(T(2 * half)) + " (precondition: h |d tau_e / d Pi| < 1)",
                                100, static_cast<long double>(change));
    }
}

/// The substeps of γ_l h, l = 1 … s, from t of a kick–flow–kick splitting, K(γh/2) ∘ Φ(γh) ∘
/// K(γh/2) with Φ(g) = `flow(g, attitude, Π)` the free flow, followed by a translating body's
/// drift (which commutes with it): the kicks of consecutive substeps merged (two flows of one
/// Hamiltonian term, exact), except with an external torque, whose opening and closing kicks are
/// taken at different Π.
template <class Body, class T, class Attitude, class Flow>
void kick_flow_substeps(const Body& body, const T& t, const T& h, const std::vector<T>& gamma, Attitude& attitude,
                        vector<T, 3>& pi, Flow&& flow) {
    T elapsed(0), pending(0);  // pending: the merged kick carried into the next substep
    for (const T& weight : gamma) {
        const T g = weight * h, half = g / T(2), start = t + elapsed * h;
        if constexpr (Body::has_external_torque) opening_kick(body, start, half, attitude, pi);
        else potential_kick(body, T(pending + half), attitude, pi);
        flow(g, attitude, pi);
        translation_drift(body, g);
        if constexpr (Body::has_external_torque) closing_kick(body, T(start + g), half, attitude, pi);
        pending = half;
        elapsed += weight;
    }
    if constexpr (!Body::has_external_torque) potential_kick(body, pending, attitude, pi);
}

/// What a rigid splitting written as `Derived::substeps` shares: its weights (one substep, the
/// weight 1) and its step (the substeps of those weights).
template <class Derived>
struct splitting_step {
    /// One substep: the weights of its composition (here the single weight 1).
    template <class T>
    static const std::vector<T>& weights() {
        static const std::vector<T> w{T(1)};
        return w;
    }
    /// One step of signed h ≠ 0 from t on (attitude, Π) in place. Attitude: a rotation matrix, or
    /// a unit quaternion with `axes` the quaternion of the body's principal axes.
    template <class Body, class T, class Attitude, class... Axes>
    static void step(const Body& body, const T& t, const T& h, Attitude& attitude, vector<T, 3>& pi, const Axes&... axes) {
        Derived::substeps(body, t, h, weights<T>(), attitude, pi, axes...);
    }
};

}  // namespace detail

/// The symmetric splitting of the rigid body into exact rotations and kicks (order 2; see the
/// file's comment).
struct rotor_splitting : scheme_claims<2, symplectic_map | time_symmetric>,
                         stability_not_analysed,
                         detail::splitting_step<rotor_splitting> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "rotor_splitting";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "McLachlan, Phys. Rev. Lett. 71 (1993) 3043; Touma & Wisdom, Astron. J. 107 (1994) 1189; Dullweber, "
        "Leimkuhler & McLachlan, J. Chem. Phys. 107 (1997) 5840";
    /// Explicit: every flow is a closed-form rotation or kick.
    static constexpr bool implicit = false;
    /// The splitting's steps of γ_l h, l = 1 … s, in sequence from t (a composition's step). The
    /// end flows of consecutive substeps are merged, which is exact (two flows of one Hamiltonian
    /// term): the kicks K(γ_l h/2) K(γ_{l+1} h/2) of a body with a potential, the rotations T₁ of a
    /// free body — 4 rotations a substep instead of 5. With an external torque, whose kicks are
    /// taken at different Π, nothing is merged.
    template <class Body, class T, class Attitude, class... Axes>
    static void substeps(const Body& body, const T& t, const T& h, const std::vector<T>& gamma, Attitude& attitude,
                         vector<T, 3>& pi, const Axes&... axes) {
        if constexpr (Body::has_potential || Body::has_external_torque) {
            detail::kick_flow_substeps(body, t, h, gamma, attitude, pi, [&](const T& g, Attitude& a, vector<T, 3>& p) {
                const T half = g / T(2);
                detail::rotate_about_principal_axis(body, 0, half, a, p, axes...);
                detail::rotate_about_principal_axis(body, 1, half, a, p, axes...);
                detail::rotate_about_principal_axis(body, 2, g, a, p, axes...);
                detail::rotate_about_principal_axis(body, 1, half, a, p, axes...);
                detail::rotate_about_principal_axis(body, 0, half, a, p, axes...);
            });
        } else {  // a free body: the rotations T₁ of consecutive substeps merged
            T pending(0);
            for (const T& weight : gamma) {
                const T g = weight * h, half = g / T(2);
                detail::rotate_about_principal_axis(body, 0, T(pending + half), attitude, pi, axes...);
                detail::rotate_about_principal_axis(body, 1, half, attitude, pi, axes...);
                detail::rotate_about_principal_axis(body, 2, g, attitude, pi, axes...);
                detail::translation_drift(body, g);
                detail::rotate_about_principal_axis(body, 1, half, attitude, pi, axes...);
                pending = half;
            }
            detail::rotate_about_principal_axis(body, 0, pending, attitude, pi, axes...);
        }
    }
};

/// A symmetric composition of `Base` — `rotor_splitting` (default) or
/// `lie_group_variational` (scheme/rigid/lie_group_variational.hpp) — with the weights of `Method`
/// (order Method::order, symplectic and symmetric).
template <class Method, class Base = rotor_splitting>
struct rotor_composition : scheme_claims<Method::order, symplectic_map | time_symmetric>, stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "rotor_composition";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "composition of Base (rotor_splitting or lie_group_variational); weights: Method::source";
    /// The composition method whose weights are used.
    using method = Method;
    /// The composed one-step method.
    using base = Base;
    /// Whether each substep solves an implicit equation.
    static constexpr bool implicit = Base::implicit;
    /// The composition weights in T.
    template <class T>
    static const std::vector<T>& weights() {
        return Method::template weights<T>();
    }
    /// One step of signed h from t: Base's steps of γ_l h, each from its own time (`extra`: what
    /// Base::step takes after Π).
    template <class Body, class T, class Attitude, class... Extra>
    static void step(const Body& body, const T& t, const T& h, Attitude& attitude, vector<T, 3>& pi, const Extra&... extra) {
        if constexpr (requires { Base::substeps(body, t, h, weights<T>(), attitude, pi, extra...); }) {
            Base::substeps(body, t, h, weights<T>(), attitude, pi, extra...);  // with the end flows merged
        } else {
            T elapsed(0);
            for (const T& gamma : weights<T>()) {
                Base::step(body, T(t + elapsed * h), T(gamma * h), attitude, pi, extra...);
                elapsed += gamma;
            }
        }
    }
};

}  // namespace geomint::scheme
