#pragma once
/// \file
/// The splitting of a symmetric top (I₁ = I₂ in the principal body frame, the symmetry axis e₃)
/// that keeps its body-axial momentum Π₃: the kinetic energy is split as
///
///     T = |Π|²/(2I₁) + Π₃² (1/I₃ − 1/I₁)/2,
///
/// two functions of Π that Poisson-commute (|Π|² is a Casimir), each with an exact flow that
/// leaves Π₃ alone: the rotation of R about Π by the angle h|Π|/I₁ (Π fixed), and the rotation
/// about e₃ by θ = h Π₃ (1/I₃ − 1/I₁) (R ← R G₃(θ), Π ← G₃(θ)ᵀΠ). Their composition is the exact
/// free flow of the symmetric top. With the potential's kicks,
///
///     K(h/2) ∘ S(h) ∘ A(h) ∘ K(h/2)
///
/// is symmetric, symplectic and of order 2. (|Π| is constant along the free flow, so the rotation
/// about Π is nearly the same matrix every step and its rounding, a fixed GᵀG − I of order ε,
/// would add up linearly: the stepper's rounding correction of the attitude, one Newton–Schulz
/// step a step, keeps it at ε; stepper/rigid_body_stepper.hpp.) For a potential symmetric about the body axis e₃ (the
/// heavy top with its centre of mass on the axis) the torque has no e₃ component, so Π₃ is kept
/// to the last bit; the spatial angular momentum about the vertical is kept to round-off. The
/// compositions of `rotor_composition<Method, symmetric_top_splitting>` raise the order.
/// Source: the free symmetric top's exact solution (Landau & Lifshitz, Mechanics, §33); the
/// splitting of the heavy top into its free flow and kicks (Touma & Wisdom 1994; Dullweber,
/// Leimkuhler & McLachlan 1997).

#include "geomint/linalg.hpp"
#include "geomint/scalar.hpp"
#include "geomint/scheme/rigid/rotor_splitting.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/so3.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint::scheme {

/// The symmetric top's splitting (order 2; see the file's comment).
struct symmetric_top_splitting : scheme_claims<2, symplectic_map | time_symmetric>,
                                 stability_not_analysed,
                                 detail::splitting_step<symmetric_top_splitting> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "symmetric_top_splitting";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Landau & Lifshitz, Mechanics, §33 (the free symmetric top); Touma & Wisdom, Astron. J. 107 (1994) 1189";
    /// Explicit.
    static constexpr bool implicit = false;

    /// \throws std::invalid_argument unless the body frame is principal and I₁ = I₂.
    template <class Body>
    static void require_symmetric(const Body& body) {
        if (!body.principal_frame() || !(body.moments()(0) == body.moments()(1)))
            throw std::invalid_argument(std::string(name) + ": the body is not a symmetric top about its third axis: moments " +
                                        geomint::to_string(body.moments()(0)) + ", " + geomint::to_string(body.moments()(1)) +
                                        ", " + geomint::to_string(body.moments()(2)) +
                                        (body.principal_frame() ? "" : " in principal axes other than the body axes") +
                                        " (precondition: a principal body frame with I_1 = I_2)");
    }

    /// The splitting's steps of γ_l h in sequence from t (a composition's step), the kicks of
    /// consecutive substeps merged (detail::kick_flow_substeps).
    /// \throws std::invalid_argument (`require_symmetric`).
    template <class Body, class T, class Attitude, class... Axes>
    static void substeps(const Body& body, const T& t, const T& h, const std::vector<T>& gamma, Attitude& attitude,
                         vector<T, 3>& pi, const Axes&...) {
        require_symmetric(body);
        detail::kick_flow_substeps(body, t, h, gamma, attitude, pi,
                                   [&](const T& g, Attitude& a, vector<T, 3>& p) { free_flow(body, g, a, p); });
    }

private:
    // S(h) ∘ A(h): the exact free flow of the symmetric top
    template <class Body, class T, class Attitude>
    static void free_flow(const Body& body, const T& h, Attitude& attitude, vector<T, 3>& pi) {
        const T I1 = body.moments()(0), I3 = body.moments()(2);
        const vector<T, 3> w = (h / I1) * pi;                  // the rotation vector about Π
        const T theta = h * pi(2) * (T(1) / I3 - T(1) / I1);  // the angle about e₃
        if constexpr (Attitude::RowsAtCompileTime == 4) {
            const T angle = w.norm();
            vector<T, 4> about_pi(T(1), T(0), T(0), T(0));
            if (angle > T(0)) {
                T s, c;
                geomint::detail::sin_and_cos(T(angle / T(2)), s, c);
                about_pi << c, (s / angle) * w;
            }
            attitude = so3::quaternion_product(so3::quaternion_product(attitude, about_pi), so3::axis_quaternion(2, theta));
        } else {
            attitude = attitude * so3::exp_map(w) * so3::axis_rotation(2, theta);
        }
        T s, c;
        geomint::detail::sin_and_cos(theta, s, c);
        const T a = pi(0), b = pi(1);
        pi(0) = c * a + s * b;
        pi(1) = c * b - s * a;
    }
};

}  // namespace geomint::scheme
