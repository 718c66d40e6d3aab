#pragma once
/// \file
/// A rigid body as a constrained system on the nine entries of its attitude (the constrained
/// family's view of T*SO(3)): q = R row by row (9 entries), the Lagrangian
///
///     L(R, Ṙ) = ½ tr(Ṙ J_d Ṙᵀ) − V(R),   J_d = ½ tr(J) I − J  (the second moments ∫ x xᵀ dm),
///
/// whose momentum is P = Ṙ J_d (M = I₃ ⊗ J_d on the rows), and the six holonomic constraints
/// RᵀR = I (cᵢ·cⱼ = δᵢⱼ, i ≤ j, on the columns cᵢ). Its constrained phase space {RᵀR = I,
/// RᵀṘ skew} with the restricted canonical form is T*SO(3): the body angular momentum is
/// Π = vee(RᵀP − PᵀR), and P = R Ω̂ J_d with Ω = J⁻¹Π (for Ṙ = R Ω̂, Ω̂ J_d + J_d Ω̂ = (JΩ)^).
///
/// Uses:
/// - RATTLE on this system (the constrained family's `rattle_stepper`) is RATTLE on rotation
///   matrices, which for the free body is the discrete Moser–Veselov map (McLachlan & Zanna,
///   Found. Comput. Math. 5 (2005) 87): the same map as `lie_group_variational_stepper`;
/// - the restricted symplecticity defect of a rigid-body stepper's map, carried to this phase
///   space (analysis/rigid_symplecticity.hpp);
/// - chains of bodies joined by spherical joints (problems/rigid_body_chain.hpp).
///
/// Precondition: J_d positive definite (its eigenvalues are the second moments; a body with no
/// extent along an axis — a rod, a lamina — has a zero one): \throws std::invalid_argument naming
/// them.

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/so3.hpp"
#include "geomint/state.hpp"

#include <Eigen/Eigenvalues>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint {

/// J_d = ½ tr(J) I − J: the body's second-moment tensor ∫ x xᵀ dm from its inertia tensor J.
/// \throws std::invalid_argument unless it is positive definite (its eigenvalues named).
template <class T>
so3::matrix3<T> second_moment_tensor(const so3::matrix3<T>& J) {
    const so3::matrix3<T> Jd = so3::matrix3<T>::Identity() * (J.trace() / T(2)) - J;
    const vector<T, 3> moments = Eigen::SelfAdjointEigenSolver<so3::matrix3<T>>(Jd).eigenvalues();
    if (!(moments(0) > T(0)))
        throw std::invalid_argument("second_moment_tensor: the second moments (1/2) tr(J) I - J have eigenvalues " +
                                    geomint::to_string(moments(0)) + ", " + geomint::to_string(moments(1)) + ", " +
                                    geomint::to_string(moments(2)) +
                                    " (precondition: all > 0, the strict triangle inequality of the principal moments)");
    return Jd;
}

namespace detail {
/// The six orthogonality constraints cᵢ·cⱼ − δᵢⱼ (i ≤ j) of the 3 × 3 matrix stored row by row in
/// q[offset … offset + 8], appended to `out`.
template <class U, class Q>
void append_orthogonality(const Q& q, std::size_t offset, std::vector<U>& out) {
    for (std::size_t i = 0; i < 3; ++i)
        for (std::size_t j = i; j < 3; ++j) {
            U dot = U(q[offset + i] * q[offset + j]);
            for (std::size_t r = 1; r < 3; ++r) dot += q[offset + 3 * r + i] * q[offset + 3 * r + j];
            out.push_back(i == j ? U(dot - 1) : dot);
        }
}
/// The 3 × 3 matrix stored row by row in q[offset … offset + 8].
template <class T, class Q>
so3::matrix3<T> matrix_of_rows(const Q& q, std::size_t offset = 0) {
    so3::matrix3<T> A;
    for (std::size_t i = 0; i < 9; ++i) A(Eigen::Index(i / 3), Eigen::Index(i % 3)) = q[offset + i];
    return A;
}
/// vee(RᵀP − PᵀR): the body angular momentum of the embedded momentum P.
template <class T>
vector<T, 3> body_momentum_of(const so3::matrix3<T>& R, const so3::matrix3<T>& P) {
    const so3::matrix3<T> A = R.transpose() * P;
    return vector<T, 3>(A(2, 1) - A(1, 2), A(0, 2) - A(2, 0), A(1, 0) - A(0, 1));
}
}  // namespace detail

/// A rigid body on the nine entries of its attitude (see the file's comment). Holds the body by
/// value.
template <class T, class Potential = free_rotation>
class embedded_rigid_body {
public:
    /// Scalar type.
    using value_type = T;

    /// \throws std::invalid_argument if the body's second moments are not all > 0.
    explicit embedded_rigid_body(rigid_body<T, Potential> body)
        : m_body(std::move(body)), m_Jd(second_moment_tensor(m_body.inertia())), m_Jd_inverse(m_Jd.inverse()) {}

    /// The body.
    const rigid_body<T, Potential>& body() const { return m_body; }
    /// J_d (kg m²).
    const so3::matrix3<T>& second_moments() const { return m_Jd; }

    /// RᵀR = I: six constraints on 9 coordinates, Jacobian by autodiff.
    auto constraints() const {
        return make_holonomic_constraints<T>(6, [](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            std::vector<U> out;
            out.reserve(6);
            detail::append_orthogonality<U>(q, 0, out);
            return out;
        });
    }
    /// M⁻¹ = I₃ ⊗ J_d⁻¹ (9 × 9).
    matrix<T> inverse_mass() const {
        matrix<T> Minv = matrix<T>::Zero(9, 9);
        for (int r = 0; r < 3; ++r) Minv.block(3 * r, 3 * r, 3, 3) = m_Jd_inverse;
        return Minv;
    }
    /// odeint's pair form with the constraints and M⁻¹, on states of type `Coor` (9 entries):
    /// dR/dt = P J_d⁻¹, dP/dt = −∂V/∂R (entrywise, by forward autodiff of the potential).
    template <class Coor>
    auto system() const {
        auto f = [Jinv = m_Jd_inverse](const Coor& p, Coor& dq) {
            for (std::size_t r = 0; r < 3; ++r)
                for (std::size_t c = 0; c < 3; ++c) {
                    T v(0);
                    for (std::size_t d = 0; d < 3; ++d) v += p[3 * r + d] * Jinv(Eigen::Index(d), Eigen::Index(c));
                    dq[3 * r + c] = v;
                }
        };
        auto g = [body = m_body](const Coor& q, Coor& dp) {
            if constexpr (rigid_body<T, Potential>::has_potential) {
                using D = dual<T>;
                so3::matrix3<D> R;
                for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = D(q[std::size_t(i)]);
                for (int i = 0; i < 9; ++i) {
                    so3::matrix3<D> moved = R;
                    moved(i / 3, i % 3) += unit_tangent<T>();
                    dp[std::size_t(i)] = -tangent_of(D(body.potential()(moved)));
                }
            } else {
                for (std::size_t i = 0; i < 9; ++i) dp[i] = T(0);
            }
        };
        return constrained(std::make_pair(f, g), constraints(), inverse_mass());
    }

    /// The embedded state (R row by row, P = R Ω̂ J_d row by row) of (R, Π).
    std::pair<vector<T, 9>, vector<T, 9>> embed(const so3::matrix3<T>& R, const vector<T, 3>& pi) const {
        const so3::matrix3<T> P = R * so3::hat(m_body.angular_velocity(pi)) * m_Jd;
        std::pair<vector<T, 9>, vector<T, 9>> x;
        for (int i = 0; i < 9; ++i) {
            x.first(i) = R(i / 3, i % 3);
            x.second(i) = P(i / 3, i % 3);
        }
        return x;
    }
    /// Π = vee(RᵀP − PᵀR) of an embedded state (q, p), each of 9 entries.
    template <class Q, class P>
    vector<T, 3> body_momentum(const Q& q, const P& p) const {
        return detail::body_momentum_of(matrix_of(q), matrix_of(p));
    }
    /// The 3 × 3 matrix stored row by row in q (9 entries).
    template <class Q>
    static so3::matrix3<T> matrix_of(const Q& q) {
        return detail::matrix_of_rows<T>(q);
    }

private:
    rigid_body<T, Potential> m_body;
    so3::matrix3<T> m_Jd, m_Jd_inverse;
};

}  // namespace geomint
