#pragma once
/// \file
/// The free rigid body's exact body angular momentum Π(t), at any precision, by Jacobi's elliptic
/// functions (Landau & Lifshitz, Mechanics, §37; Boost.Math's `jacobi_elliptic` and `ellint_1`).
///
/// Euler's equations in the body frame, principal moments I = (I₁, I₂, I₃) > 0, Ω = I⁻¹Π:
///
///     Π̇ = Π × Ω,   i.e.  I₁ Ω̇₁ = (I₂ − I₃) Ω₂ Ω₃  (and cyclically).
///
/// They keep the energy E = Σ Πᵢ²/(2Iᵢ) and the Casimir M² = |Π|². For I₁ < I₂ < I₃ and
/// M² > 2E I₂ (a rotation about the axis of the largest moment),
///
///     Ω₁ = A₁ cn u,  Ω₂ = A₂ sn u,  Ω₃ = A₃ dn u,   u = λ t + u₀,
///     A₁² = (2E I₃ − M²)/(I₁(I₃ − I₁)),  A₂² = (2E I₃ − M²)/(I₂(I₃ − I₂)),  A₃² = (M² − 2E I₁)/(I₃(I₃ − I₁)),
///     λ² = (I₃ − I₂)(M² − 2E I₁)/(I₁ I₂ I₃) (λ of the sign of I₃ − I₁),  k² = (I₂ − I₁)(2E I₃ − M²)/((I₃ − I₂)(M² − 2E I₁)),
///
/// with modulus k (Boost.Math's argument, not m = k²). The other cases are reduced to this one by
/// proper rotations of the body frame, under which Euler's equations keep their form: a signed
/// permutation that sorts the moments, the exchange of axes 1 and 3 (with axis 2 reversed) when
/// M² < 2E I₂ (Landau's "interchange the indices 1 and 3": the formulas hold with the moments in
/// descending order), and diag(1, −1, −1) when Ω₃ < 0. The phase u₀ = F(φ₀, k), φ₀ = atan2(Ω₂/A₂,
/// Ω₁/A₁), the incomplete elliptic integral of the first kind. Π is periodic with period 4K(k)/λ.
///
/// Special cases: a spherical body (all moments equal, or Π along a principal axis of an
/// axisymmetric body) keeps Π constant; an axisymmetric body has k = 0 (Π precesses uniformly);
/// on the separatrix (M² = 2E I₂, k = 1) Π tends to the unstable axis and the period is infinite.
/// Every constant is computed in T.
///
/// **The attitude** R(t) (body to space, R(0) = R₀) follows from Π(t) and an elliptic integral
/// of the third kind (Landau & Lifshitz §37). In the reduced body frame, with the space frame's third axis along the
/// spatial angular momentum m = R Π (constant) and the Euler angles (φ, θ, ψ) of
/// R = R_z(φ) R_x(θ) R_z(ψ),
///
///     Π = M (sin θ sin ψ, sin θ cos ψ, cos θ),   φ̇ = M (Π₁²/I₁ + Π₂²/I₂)/(Π₁² + Π₂²),
///
/// so θ and ψ are read off Π(t). With Π₁²/I₁ + Π₂²/I₂ = 2E − Π₃²/I₃, Π₃ = I₃A₃ dn u and
/// dn² = 1 − k² sn²,
///
///     φ̇ = M/I₃ + M (2E − M²/I₃)/(a + b sn² u),   a = (I₁A₁)² = Π₁² + Π₂² at u = 0,  b = (I₃A₃k)²,
///     φ(t) − φ(0) = (M/I₃) t + M (2E − M²/I₃)/(λ a) [Π(n; am u, k)] from u₀ to u,   n = −b/a,
///
/// Π(n; φ, k) the incomplete elliptic integral of the third kind (Boost.Math's `ellint_3`),
/// continued through the periods: Π(n; jπ + φ, k) = 2j Π(n, k) + Π(n; φ, k) (Landau & Lifshitz
/// §37 give it by theta functions; Celledoni, Fassò, Säfström & Zanna, SIAM J. Sci. Comput. 30
/// (2008) 2084, by this integral). For a constant Π, R(t) = R₀ exp(t Ω̂).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scalar.hpp"
#include "geomint/so3.hpp"

#include <Eigen/Geometry>
#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/ellint_3.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace geomint::problems {

/// Boost.Math's policy that evaluates double's elliptic functions and integrals in double (not
/// promoted to long double).
using fast_elliptic_policy = boost::math::policies::policy<boost::math::policies::promote_double<false>>;

/// The exact body angular momentum of a free rigid body (see the file's comment).
/// \tparam T      scalar type.
/// \tparam Policy Boost.Math's policy for the elliptic functions and integrals: the default
///                evaluates them for double in long double; `fast_elliptic_policy` in double
///                itself (seven times faster, a few ulp, errors that add up faster over many
///                calls: scheme/rigid/exact_free_flow_splitting.hpp).
template <class T, class Policy = boost::math::policies::policy<>>
class free_rigid_body {
public:
    /// Scalar type.
    using value_type = T;

    /// \param moments principal moments of inertia I₁, I₂, I₃ (kg m²), each finite and > 0.
    /// \param pi0 the body angular momentum Π(0) (kg m²/s), finite.
    /// \param R0 the attitude R(0) (body to space; the identity by default), a rotation to √ε.
    /// \throws std::invalid_argument naming the offending moment or entry, or R0's defect.
    free_rigid_body(const vector<T, 3>& moments, const vector<T, 3>& pi0,
                    const so3::matrix3<T>& R0 = so3::matrix3<T>::Identity())
        : m_moments(moments), m_pi0(pi0), m_R0(R0) {
        using std::sqrt;
        const T defect = so3::orthogonality_defect(m_R0);
        if (!m_R0.allFinite() || !(defect <= sqrt(std::numeric_limits<T>::epsilon())) || !(m_R0.determinant() > T(0)))
            throw std::invalid_argument("free_rigid_body: R0 is not a rotation: max |R0^T R0 - I| = " + geomint::to_string(defect) +
                                        ", det R0 = " + geomint::to_string(T(m_R0.determinant())) +
                                        " (precondition: on SO(3) to sqrt(epsilon))");
        for (int i = 0; i < 3; ++i) {
            if (!is_finite(m_moments(i)) || !(m_moments(i) > T(0)))
                throw std::invalid_argument("free_rigid_body: moment of inertia I_" + std::to_string(i + 1) + " = " +
                                            geomint::to_string(m_moments(i)) + " (precondition: finite and > 0)");
            if (!is_finite(m_pi0(i)))
                throw std::invalid_argument("free_rigid_body: Pi0_" + std::to_string(i + 1) + " = " +
                                            geomint::to_string(m_pi0(i)) + " (precondition: finite)");
        }
        prepare();
    }

    /// The principal moments.
    const vector<T, 3>& moments() const { return m_moments; }
    /// Π(0).
    const vector<T, 3>& pi0() const { return m_pi0; }
    /// The energy E = Σ Πᵢ²/(2Iᵢ).
    T energy() const { return energy_of(m_pi0); }
    /// The Casimir M² = |Π|².
    T casimir() const { return m_pi0.squaredNorm(); }
    /// The kinetic energy of a body angular momentum.
    T energy_of(const vector<T, 3>& pi) const {
        T e(0);
        for (int i = 0; i < 3; ++i) e += pi(i) * pi(i) / (T(2) * m_moments(i));
        return e;
    }
    /// The modulus k of the elliptic functions (0 when Π is constant or precesses uniformly).
    const T& modulus() const { return m_k; }
    /// The period of Π, 4K(k)/λ (infinite when Π is constant or on the separatrix).
    T period() const {
        using std::abs;
        if (m_constant || !(m_k < T(1))) return std::numeric_limits<T>::infinity();
        return T(4) * m_quarter_period / abs(m_lambda);
    }

    /// Π(t), body frame.
    vector<T, 3> pi(const T& t) const {
        if (m_constant) return m_pi0;
        return m_frame.transpose() * reduced_pi(t);  // back to the user's body frame
    }

    /// The attitude R(t) (body to space) with R(0) = R₀ (see the file's comment).
    /// \throws std::domain_error if t is not finite.
    so3::matrix3<T> attitude(const T& t) const {
        if (!is_finite(t)) throw std::domain_error("free_rigid_body::attitude: t = " + geomint::to_string(t) + " (precondition: finite)");
        if (m_constant) return m_R0 * so3::exp_map(vector<T, 3>(t * m_pi0.cwiseQuotient(m_moments)));
        // R(t) = R₀ Pᵀ E(0)ᵀ E(t) P, E the reduced frame's Euler rotation about m
        return m_R0 * m_frame.transpose() * euler_rotation(T(0), T(0)).transpose() * euler_rotation(t, precession(t)) * m_frame;
    }

    /// The precession angle φ(t) − φ(0) about the spatial angular momentum (rad), in closed form
    /// (see the file's comment).
    T precession(const T& t) const {
        if (m_constant) return T(0);
        return m_precession_rate * t + m_precession_scale * (third_kind(T(m_lambda * t + m_u0)) - m_third_kind_u0);
    }

private:
    using matrix3 = Eigen::Matrix<T, 3, 3>;

    // Π(t) in the reduced frame
    vector<T, 3> reduced_pi(const T& t) const {
        T cn, dn;
        const T sn = boost::math::jacobi_elliptic(m_k, T(m_lambda * t + m_u0), &cn, &dn, Policy());
        return vector<T, 3>(m_reduced_moments(0) * m_a(0) * cn, m_reduced_moments(1) * m_a(1) * sn,
                            m_reduced_moments(2) * m_a(2) * dn);
    }
    // Π(n; am u, k) = ∫₀ᵘ dv/(1 − n sn² v), continued through the periods: with u = 2K j + r,
    // |r| ≤ K, am u = jπ + am r and Π(n; am u, k) = 2j Π(n, k) + Π(n; am r, k)
    T third_kind(const T& u) const {
        using std::atan2;
        using std::round;
        T j(0), r = u;  // on the separatrix (k = 1) am u = gd u ∈ (−π/2, π/2): no period to take out
        if (m_k < T(1)) {
            j = round(u / (T(2) * m_quarter_period));
            r = u - T(2) * m_quarter_period * j;
        }
        T cn, dn;
        const T sn = boost::math::jacobi_elliptic(m_k, r, &cn, &dn, Policy());
        const T within = boost::math::ellint_3(m_k, m_n, T(atan2(sn, cn)), Policy());
        return j == T(0) ? within : T(T(2) * j * boost::math::ellint_3(m_k, m_n, Policy()) + within);
    }
    // R_z(φ) R_x(θ) R_z(ψ), θ and ψ read off the reduced Π(t)
    matrix3 euler_rotation(const T& t, const T& phi) const {
        using std::atan2;
        using std::sqrt;
        const vector<T, 3> p = reduced_pi(t);
        const T theta = atan2(T(sqrt(T(p(0) * p(0) + p(1) * p(1)))), p(2)), psi = atan2(p(0), p(1));
        return so3::axis_rotation(2, phi) * so3::axis_rotation(0, theta) * so3::axis_rotation(2, psi);
    }

    void prepare() {
        using std::abs;
        using std::atan2;
        using std::sqrt;
        // a proper signed permutation P sorting the moments ascending: Π' = P Π, I' = P I Pᵀ
        std::array<int, 3> order{0, 1, 2};
        for (int a = 0; a < 3; ++a)
            for (int b = a + 1; b < 3; ++b)
                if (m_moments(order[std::size_t(b)]) < m_moments(order[std::size_t(a)])) std::swap(order[std::size_t(a)], order[std::size_t(b)]);
        matrix3 P = matrix3::Zero();
        for (int i = 0; i < 3; ++i) P(i, order[std::size_t(i)]) = T(1);
        if (P.determinant() < T(0)) P.row(2) *= T(-1);
        vector<T, 3> I;
        for (int i = 0; i < 3; ++i) I(i) = m_moments(order[std::size_t(i)]);
        vector<T, 3> p = P * m_pi0;
        const T M2 = p.squaredNorm();
        T E2(0);  // 2E
        for (int i = 0; i < 3; ++i) E2 += p(i) * p(i) / I(i);
        m_frame = P;
        // Π constant: at rest, a spherical body, or Ω parallel to Π (Π × Ω = 0: Π along a principal
        // axis, or in the plane of two equal moments)
        const vector<T, 3> omega0(p(0) / I(0), p(1) / I(1), p(2) / I(2));
        if (M2 == T(0) || I(0) == I(2) || p.cross(omega0).cwiseAbs().maxCoeff() == T(0)) {
            m_constant = true;
            return;
        }
        // M² < 2E I₂: exchange axes 1 and 3 (axis 2 reversed), moments then descending
        if (M2 < E2 * I(1)) {
            matrix3 S;
            S << T(0), T(0), T(1), T(0), T(-1), T(0), T(1), T(0), T(0);
            p = S * p;
            std::swap(I(0), I(2));
            m_frame = S * m_frame;
        }
        if (p(2) < T(0)) {  // Ω₃ < 0: rotate by π about axis 1
            const matrix3 D = vector<T, 3>(T(1), T(-1), T(-1)).asDiagonal();
            p = D * p;
            m_frame = D * m_frame;
        }
        m_reduced_moments = I;
        const T I1 = I(0), I2 = I(1), I3 = I(2);
        m_a(0) = sqrt((E2 * I3 - M2) / (I1 * (I3 - I1)));
        m_a(1) = sqrt((E2 * I3 - M2) / (I2 * (I3 - I2)));
        m_a(2) = sqrt((M2 - E2 * I1) / (I3 * (I3 - I1)));
        // λ has the sign of I₃ − I₁: negative after the exchange of axes 1 and 3 (the moments then
        // descend), so that I₁ A₁ λ = (I₃ − I₂) A₂ A₃ and its cyclic companions hold
        m_lambda = sqrt((I3 - I2) * (M2 - E2 * I1) / (I1 * I2 * I3));
        if (I3 < I1) m_lambda = -m_lambda;
        T k2 = (I2 - I1) * (E2 * I3 - M2) / ((I3 - I2) * (M2 - E2 * I1));
        if (!(k2 > T(0))) k2 = T(0);  // an axisymmetric body (or rounding there)
        if (k2 > T(1)) k2 = T(1);  // rounding at the separatrix
        m_k = sqrt(k2);
        // the phase: sn u₀ = Ω₂/A₂, cn u₀ = Ω₁/A₁ (amplitude φ₀), u₀ = F(φ₀, k)
        const T phi0 = atan2(T(p(1) / I2 / m_a(1)), T(p(0) / I1 / m_a(0)));
        m_u0 = boost::math::ellint_1(m_k, phi0, Policy());
        // the precession φ̇ = M/I₃ + M (2E − M²/I₃)/(a + b sn² u), a = (I₁A₁)², b = (I₃A₃k)²:
        // φ(t) − φ(0) = (M/I₃) t + M (2E − M²/I₃)/(λ a) [Π(n; am u, k)]_{u₀}^{u}, n = −b/a
        const T M = sqrt(M2), a = I1 * m_a(0) * I1 * m_a(0), b = I3 * m_a(2) * m_k * I3 * m_a(2) * m_k;
        m_precession_rate = M / I3;
        m_precession_scale = M * (E2 - M2 / I3) / (m_lambda * a);
        m_n = -b / a;
        if (m_k < T(1)) m_quarter_period = boost::math::ellint_1(m_k, Policy());
        m_third_kind_u0 = third_kind(m_u0);
    }

    vector<T, 3> m_moments, m_pi0;
    matrix3 m_R0;
    matrix3 m_frame = matrix3::Identity();  ///< proper rotation from the user's body frame to the reduced one
    vector<T, 3> m_reduced_moments = vector<T, 3>::Zero();
    vector<T, 3> m_a = vector<T, 3>::Zero();  ///< A₁, A₂, A₃
    T m_lambda{0}, m_k{0}, m_u0{0};
    // the precession's closed form: its uniform rate M/I₃, the scale and characteristic n of the
    // elliptic integral of the third kind, K(k), and Π(n; am u₀, k)
    T m_precession_rate{0}, m_precession_scale{0}, m_n{0}, m_quarter_period{0}, m_third_kind_u0{0};
    bool m_constant = false;
};

}  // namespace geomint::problems
