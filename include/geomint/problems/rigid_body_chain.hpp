#pragma once
/// \file
/// A chain of rigid bodies joined by spherical (ball) joints, the first hung from a fixed ball
/// joint at the origin, under gravity g along −e₃: with two bodies, a 3-D compound double
/// pendulum. Each body k is given in maximal coordinates, its centre of mass x_k (m) and its
/// attitude R_k row by row (model/embedded_rigid_body.hpp), 12 per body:
///
///     q = (x₀, R₀, x₁, R₁, …),   M = blockdiag(m_k I₃, I₃ ⊗ J_d,k),   V = Σ m_k g e₃·x_k,
///
/// and the constraints, through the constrained family (`constrained`, RATTLE and its
/// compositions): six R_kᵀR_k = I per body, and three per joint,
///
///     x₀ + R₀ u₀ = 0,   x_{k−1} + R_{k−1} l_{k−1} − x_k − R_k u_k = 0,
///
/// u_k and l_k the upper and lower joints in body k's frame, from its centre of mass. The
/// motion keeps the energy and the vertical angular momentum about the pivot,
/// L₃ = Σ_k e₃·(x_k × p_{x,k} + R_k Π_k), Π_k = vee(R_kᵀP_k − P_kᵀR_k). Every constant is in T.

#include "geomint/linalg.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/model/embedded_rigid_body.hpp"
#include "geomint/model/holonomic_constraints.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/so3.hpp"
#include "geomint/state.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint::problems {

/// A chain of rigid bodies joined by ball joints (see the file's comment).
template <class T>
class rigid_body_chain {
public:
    /// Scalar type.
    using value_type = T;

    /// One body of the chain.
    struct link {
        T mass;                ///< m (kg), > 0
        vector<T, 3> moments;  ///< principal moments about the centre of mass (kg m²), the body frame principal
        vector<T, 3> upper;    ///< the joint above, from the centre of mass (body frame, m)
        vector<T, 3> lower;    ///< the joint below (body frame, m); unused for the last body
    };

    /// \param links the bodies from the pivot down (at least one); \param gravity g (m/s²).
    /// \throws std::invalid_argument naming the link: a mass not finite and > 0, moments as
    ///         `rigid_body` refuses them, or second moments not all > 0 (embedded_rigid_body.hpp).
    explicit rigid_body_chain(std::vector<link> links, const T& gravity = T(981) / T(100)) : m_links(std::move(links)), m_g(gravity) {
        if (m_links.empty()) throw std::invalid_argument("rigid_body_chain: no links (precondition: at least one)");
        for (std::size_t k = 0; k < m_links.size(); ++k) {
            if (!is_finite(m_links[k].mass) || !(m_links[k].mass > T(0)))
                throw std::invalid_argument("rigid_body_chain: link " + std::to_string(k) + " has mass " +
                                            geomint::to_string(m_links[k].mass) + " (precondition: finite and > 0)");
            try {
                const rigid_body<T> body(m_links[k].moments);
                m_second.push_back(second_moment_tensor(body.inertia()));
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("rigid_body_chain: link " + std::to_string(k) + ": " + e.what());
            }
            m_second_inverse.push_back(m_second.back().inverse());
        }
    }

    /// The links.
    const std::vector<link>& links() const { return m_links; }
    /// Number of coordinates, 12 per body.
    Eigen::Index dof() const { return Eigen::Index(12 * m_links.size()); }

    /// The 9 constraints per body (six orthogonality, three of its upper joint), Jacobian by autodiff.
    auto constraints() const {
        const std::size_t n = m_links.size();
        return make_holonomic_constraints<T>(Eigen::Index(9 * n), [links = m_links, n](const auto& q) {
            using U = std::decay_t<decltype(q[0])>;
            std::vector<U> out;
            out.reserve(9 * n);
            for (std::size_t k = 0; k < n; ++k) detail::append_orthogonality<U>(q, 12 * k + 3, out);
            // the joint point of body k at its frame vector a: x_k + R_k a
            const auto joint = [&](std::size_t k, const vector<T, 3>& a, std::size_t i) {
                U s = U(q[12 * k + i]);
                for (std::size_t j = 0; j < 3; ++j) s += q[12 * k + 3 + 3 * i + j] * a(Eigen::Index(j));
                return s;
            };
            for (std::size_t k = 0; k < n; ++k)
                for (std::size_t i = 0; i < 3; ++i)
                    out.push_back(k == 0 ? joint(0, links[0].upper, i)
                                         : U(joint(k - 1, links[k - 1].lower, i) - joint(k, links[k].upper, i)));
            return out;
        });
    }

    /// M⁻¹ = blockdiag(I₃/m_k, I₃ ⊗ J_d,k⁻¹).
    matrix<T> inverse_mass() const {
        matrix<T> Minv = matrix<T>::Zero(dof(), dof());
        for (std::size_t k = 0; k < m_links.size(); ++k) {
            const Eigen::Index o = Eigen::Index(12 * k);
            Minv.block(o, o, 3, 3) = so3::matrix3<T>::Identity() / m_links[k].mass;
            for (Eigen::Index r = 0; r < 3; ++r) Minv.block(o + 3 + 3 * r, o + 3 + 3 * r, 3, 3) = m_second_inverse[k];
        }
        return Minv;
    }

    /// odeint's pair form with the constraints and M⁻¹, on states of type `Coor` (12 per body).
    template <class Coor>
    auto system() const {
        auto f = [Minv = inverse_mass()](const Coor& p, Coor& dq) {
            const vector<T> v = Minv * as_eigen(p);
            for (std::size_t i = 0; i < std::size_t(v.size()); ++i) dq[i] = v(Eigen::Index(i));
        };
        auto g = [links = m_links, gravity = m_g](const Coor& q, Coor& dp) {
            for (std::size_t i = 0; i < q.size(); ++i) dp[i] = T(0);
            for (std::size_t k = 0; k < links.size(); ++k) dp[12 * k + 2] = -links[k].mass * gravity;
        };
        return constrained(std::make_pair(f, g), constraints(), inverse_mass());
    }

    /// The state (q, p) of attitudes R_k and body angular velocities Ω_k (rad/s), the centres and
    /// their velocities following from the joints.
    /// \throws std::invalid_argument unless one attitude and one velocity per body.
    std::pair<vector<T>, vector<T>> state(const std::vector<so3::matrix3<T>>& R, const std::vector<vector<T, 3>>& omega) const {
        const std::size_t n = m_links.size();
        if (R.size() != n || omega.size() != n)
            throw std::invalid_argument("rigid_body_chain::state: " + std::to_string(R.size()) + " attitudes and " +
                                        std::to_string(omega.size()) + " angular velocities for " + std::to_string(n) +
                                        " bodies (precondition: one of each per body)");
        vector<T> q(dof()), p(dof());
        vector<T, 3> joint = vector<T, 3>::Zero(), joint_rate = vector<T, 3>::Zero();  // the upper joint of body k
        for (std::size_t k = 0; k < n; ++k) {
            const so3::matrix3<T> Rdot = R[k] * so3::hat(omega[k]);
            const vector<T, 3> x = joint - R[k] * m_links[k].upper, v = joint_rate - Rdot * m_links[k].upper;
            const so3::matrix3<T> P = Rdot * m_second[k];
            const Eigen::Index o = Eigen::Index(12 * k);
            q.segment(o, 3) = x;
            p.segment(o, 3) = m_links[k].mass * v;
            for (Eigen::Index i = 0; i < 9; ++i) {
                q(o + 3 + i) = R[k](i / 3, i % 3);
                p(o + 3 + i) = P(i / 3, i % 3);
            }
            joint = x + R[k] * m_links[k].lower;
            joint_rate = v + Rdot * m_links[k].lower;
        }
        return {q, p};
    }

    /// The attitude R_k of a state.
    template <class Q>
    so3::matrix3<T> attitude(const Q& q, std::size_t k) const {
        return detail::matrix_of_rows<T>(q, 12 * k + 3);
    }
    /// The body angular momentum Π_k = vee(R_kᵀP_k − P_kᵀR_k) of a state (about its centre of mass).
    template <class Q, class P>
    vector<T, 3> body_momentum(const Q& q, const P& p, std::size_t k) const {
        return detail::body_momentum_of(attitude(q, k), detail::matrix_of_rows<T>(p, 12 * k + 3));
    }

    /// H(q, p) = Σ |p_x|²/(2m) + ½ tr(P J_d⁻¹ Pᵀ) + m g x₃ (J).
    template <class Q, class P>
    T energy(const Q& q, const P& p) const {
        T e(0);
        for (std::size_t k = 0; k < m_links.size(); ++k) {
            const std::size_t o = 12 * k;
            for (std::size_t i = 0; i < 3; ++i) e += p[o + i] * p[o + i] / (T(2) * m_links[k].mass);
            const so3::matrix3<T> Pk = detail::matrix_of_rows<T>(p, o + 3);
            e += T((Pk * m_second_inverse[k] * Pk.transpose()).trace()) / T(2);
            e += m_links[k].mass * m_g * q[o + 2];
        }
        return e;
    }

    /// The vertical angular momentum about the pivot, Σ e₃·(x_k × p_{x,k} + R_k Π_k) (kg m²/s).
    template <class Q, class P>
    T vertical_angular_momentum(const Q& q, const P& p) const {
        T l(0);
        for (std::size_t k = 0; k < m_links.size(); ++k) {
            const std::size_t o = 12 * k;
            l += q[o] * p[o + 1] - q[o + 1] * p[o];
            l += (attitude(q, k) * body_momentum(q, p, k))(2);
        }
        return l;
    }

private:
    std::vector<link> m_links;
    T m_g;
    std::vector<so3::matrix3<T>> m_second, m_second_inverse;
};

}  // namespace geomint::problems
