#pragma once
/// \file
/// A closed four-bar linkage under gravity in Cartesian coordinates: ground pivots O₁ = (0, 0) and
/// O₂ = (d, 0), crank O₁A (length l₁), coupler AB (l₂), rocker BO₂ (l₃), point masses m_A at A and
/// m_B at B on massless bars. q = (x_A, y_A, x_B, y_B) (m), M = diag(m_A, m_A, m_B, m_B),
/// V = g (m_A y_A + m_B y_B), three constraints (one degree of freedom, a closed kinematic loop):
///     g_c(q) = ((|A|² − l₁²)/2, (|B − A|² − l₂²)/2, (|B − O₂|² − l₃²)/2).
/// G(q) loses rank only when all three bars are collinear; the default lengths (l₁, l₂, l₃, d) =
/// (1, 3, 5/2, 3) form a Grashof crank–rocker (shortest + longest = 4 < 11/2 = sum of the others,
/// the crank shortest and next to the ground), in which that never happens: the crank turns fully.
///
/// The independent reference of the tests is the motion in the crank angle θ (A = l₁(cos θ, sin θ),
/// B(θ) the intersection of the circles about A (l₂) and O₂ (l₃) on the side of the line A → O₂
/// that `branch` chooses): Lagrange's equation J(θ) θ̈ + ½ J'(θ) θ̇² + V'(θ) = 0 with
/// J = m_A |A'|² + m_B |B'|², V = g (m_A A_y + m_B B_y), derivatives in θ by Boost.Math's autodiff
/// (`rates`, for odeint on (θ, θ̇)); `cartesian_state` maps (θ, θ̇) to (q, p). Every constant is
/// computed in `T`.

#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/state.hpp"

#include <boost/math/differentiation/autodiff.hpp>

#include <array>
#include <cmath>
#include <utility>
#include <vector>

namespace geomint::problems {

/// A closed four-bar linkage in Cartesian coordinates of its two moving joints: three bar constraints, one degree of freedom (see the file comment).
template <class T>
struct four_bar_linkage {
    T crank = T(1);              ///< l₁ (m)
    T coupler = T(3);            ///< l₂ (m)
    T rocker = T(5) / T(2);      ///< l₃ (m)
    T ground = T(3);             ///< d (m)
    T mass_a = T(1);             ///< m_A (kg)
    T mass_b = T(1);             ///< m_B (kg)
    T gravity = T(981) / T(100); ///< g (m/s²)
    int branch = 1;              ///< +1: B to the left of the directed line A → O₂; −1: to the right

    /// The three bar constraints.
    auto constraints() const {
        return make_holonomic_constraints<T>(3, [l1 = crank, l2 = coupler, l3 = rocker, d = ground](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            const U ux = q[2] - q[0], uy = q[3] - q[1], wx = q[2] - d;
            return std::vector<U>{(q[0] * q[0] + q[1] * q[1] - l1 * l1) / 2, (ux * ux + uy * uy - l2 * l2) / 2,
                                  (wx * wx + q[3] * q[3] - l3 * l3) / 2};
        });
    }

    /// odeint's pair form with the constraints, on states of type `Coor` (4 entries).
    template <class Coor>
    auto system() const {
        auto f = [ma = mass_a, mb = mass_b](const Coor& p, Coor& dq) {
            dq[0] = p[0] / ma;
            dq[1] = p[1] / ma;
            dq[2] = p[2] / mb;
            dq[3] = p[3] / mb;
        };
        auto g = [wa = mass_a * gravity, wb = mass_b * gravity](const Coor&, Coor& dp) {
            dp[0] = T(0);
            dp[1] = -wa;
            dp[2] = T(0);
            dp[3] = -wb;
        };
        return constrained(std::make_pair(f, g), constraints());
    }

    /// B at crank angle θ (any scalar U: T or an autodiff variable).
    template <class U>
    std::array<U, 2> joint_b(const U& theta) const {
        using std::cos;
        using std::sin;
        using std::sqrt;
        const U ax = crank * cos(theta), ay = crank * sin(theta);
        const U dx = ground - ax, dy = -ay;  // A → O₂
        const U r2 = dx * dx + dy * dy, r = sqrt(r2);
        const U along = (coupler * coupler - rocker * rocker + r2) / (2 * r);
        const U across = T(branch) * sqrt(coupler * coupler - along * along);
        return {ax + (along * dx - across * dy) / r, ay + (along * dy + across * dx) / r};
    }

    /// (q, p) at crank angle θ and rate θ̇.
    std::pair<vector<T, 4>, vector<T, 4>> cartesian_state(const T& theta, const T& rate) const {
        namespace ad = boost::math::differentiation;
        const auto x = ad::make_fvar<T, 1>(theta);
        const auto b = joint_b(x);
        using std::cos;
        using std::sin;
        vector<T, 4> q, p;
        q << crank * cos(theta), crank * sin(theta), T(b[0].derivative(0)), T(b[1].derivative(0));
        p << -mass_a * crank * sin(theta) * rate, mass_a * crank * cos(theta) * rate, mass_b * T(b[0].derivative(1)) * rate,
            mass_b * T(b[1].derivative(1)) * rate;
        return {q, p};
    }

    /// Lagrange's equation in θ as a first-order odeint system on y = (θ, θ̇).
    void operator()(const std::array<T, 2>& y, std::array<T, 2>& dy, const T& /*t*/) const {
        namespace ad = boost::math::differentiation;
        const auto x = ad::make_fvar<T, 2>(y[0]);
        const auto b = joint_b(x);
        using std::cos;
        const T c = cos(y[0]);
        const T bx1 = b[0].derivative(1), by1 = b[1].derivative(1), bx2 = b[0].derivative(2), by2 = b[1].derivative(2);
        // |A'|² = l₁², A'·A'' = 0
        const T J = mass_a * crank * crank + mass_b * (bx1 * bx1 + by1 * by1);
        const T dJ = 2 * mass_b * (bx1 * bx2 + by1 * by2);
        const T dV = gravity * (mass_a * crank * c + mass_b * by1);
        dy[0] = y[1];
        dy[1] = -(dJ * y[1] * y[1] / 2 + dV) / J;
    }

    /// H(q, p) = Σ |p|²/(2m) + g (m_A y_A + m_B y_B) (J).
    template <class Q, class P>
    T energy(const Q& q, const P& p) const {
        const auto qv = as_eigen(q);
        const auto pv = as_eigen(p);
        return (pv(0) * pv(0) + pv(1) * pv(1)) / (2 * mass_a) + (pv(2) * pv(2) + pv(3) * pv(3)) / (2 * mass_b) +
               gravity * (mass_a * qv(1) + mass_b * qv(3));
    }
};

}  // namespace geomint::problems
