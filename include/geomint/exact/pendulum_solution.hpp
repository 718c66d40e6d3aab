#pragma once
/// \file
/// Exact solution of the simple pendulum φ̈ = −k sin φ with φ(0) = 0, φ̇(0) = p0, from Boost.Math's
/// elliptic functions (Cieśliński & Ratkiewicz, §7, eq. (57)). With ω = √k:
/// - oscillation (|p0| < 2ω): modulus m = |p0|/(2ω), amplitude A = 2 arcsin m (57),
///   period T = 4K(m)/ω, φ(t) = 2 arcsin(m sn(ωt, m))·sign(p0);
/// - rotation (|p0| > 2ω): modulus κ = 2ω/|p0|, φ(t) = 2 am(|p0|t/2, κ)·sign(p0), and the time to
///   advance by 2π is T = 4K(κ)/|p0|;
/// - separatrix (|p0| = 2ω): φ(t) = 4 arctan(tanh(ωt/2))·sign(p0), no period.
/// `velocity(t)` gives p(t) = φ̇(t) in closed form as well.

#include "geomint/error.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/special_functions/ellint_1.hpp>
#include <boost/math/special_functions/jacobi_elliptic.hpp>
#include <boost/math/special_functions/round.hpp>

#include <cmath>
#include <stdexcept>

namespace geomint {

/// Motion of the pendulum from φ(0) = 0 with speed p0.
enum class pendulum_motion { oscillation, separatrix, rotation };

/// Exact solution of φ̈ = −k sin φ, φ(0) = 0, φ̇(0) = p0, by Jacobi elliptic functions (Boost.Math), in any floating-point scalar T.
template <class T>
class pendulum_solution {
public:
    /// \throws std::invalid_argument unless k > 0 and p0 finite.
    explicit pendulum_solution(const T& p0, const T& k = T(1)) : m_p0(p0), m_k(k) {
        using std::sqrt;
        if (!(k > T(0)) || !is_finite(k) || !is_finite(p0))
            throw std::invalid_argument("pendulum_solution: (p0, k) = (" + geomint::to_string(p0) + ", " + geomint::to_string(k) +
                                        ") violates the precondition k > 0, both finite");
        m_omega = sqrt(k);
    }

    /// Oscillation, separatrix or rotation, from the energy p0²/2 against 2k.
    pendulum_motion motion() const {
        using std::abs;
        const T s = abs(m_p0), c = 2 * m_omega;
        return s < c ? pendulum_motion::oscillation : s > c ? pendulum_motion::rotation : pendulum_motion::separatrix;
    }

    /// Oscillation: the period 4K(m)/ω; rotation: the time 4K(κ)/|p0| to advance by 2π.
    /// \throws std::domain_error on the separatrix (infinite period).
    T period() const {
        using std::abs;
        switch (motion()) {
        case pendulum_motion::oscillation:
            return 4 * boost::math::ellint_1(T(abs(m_p0) / (2 * m_omega))) / m_omega;
        case pendulum_motion::rotation:
            return 4 * boost::math::ellint_1(T(2 * m_omega / abs(m_p0))) / abs(m_p0);
        default:
            throw std::domain_error("pendulum_solution: p0 = " + geomint::to_string(m_p0) +
                                    " is on the separatrix |p0| = 2 sqrt(k): the period is infinite");
        }
    }

    /// Amplitude A = 2 arcsin(|p0|/(2ω)) (eq. 57).
    /// \throws std::domain_error unless the motion is an oscillation.
    T amplitude() const {
        using std::abs;
        using std::asin;
        if (motion() != pendulum_motion::oscillation)
            throw std::domain_error("pendulum_solution: p0 = " + geomint::to_string(m_p0) +
                                    " gives no oscillation (|p0| >= 2 sqrt(k)): no amplitude");
        return 2 * asin(T(abs(m_p0) / (2 * m_omega)));
    }

    /// φ(t).
    T operator()(const T& t) const {
        using std::abs;
        using std::asin;
        using std::atan;
        using std::atan2;
        using std::tanh;
        const T sign = m_p0 < 0 ? T(-1) : T(1);
        switch (motion()) {
        case pendulum_motion::oscillation: {
            const T m = abs(m_p0) / (2 * m_omega);
            return sign * 2 * asin(T(m * boost::math::jacobi_sn(m, T(m_omega * t))));
        }
        case pendulum_motion::rotation: {
            // am(u) = atan2(sn, cn) + jπ, j chosen so that am is continuous (am(u) ≈ πu/(2K)).
            const T kappa = 2 * m_omega / abs(m_p0), u = abs(m_p0) * t / 2;
            T cn;
            const T sn = boost::math::jacobi_elliptic(kappa, u, &cn);
            const T pi = boost::math::constants::pi<T>();
            const T base = atan2(sn, cn);
            const T j = boost::math::round((pi * u / (2 * boost::math::ellint_1(kappa)) - base) / pi);
            return sign * 2 * (base + j * pi);
        }
        default:
            return sign * 4 * atan(tanh(m_omega * t / 2));
        }
    }

    /// p(t) = φ̇(t): 2mω cn(ωt, m)·sign(p0) (oscillation), |p0| dn(|p0|t/2, κ)·sign(p0) (rotation),
    /// 2ω sech(ωt)·sign(p0) (separatrix).
    T velocity(const T& t) const {
        using std::abs;
        using std::cosh;
        const T sign = m_p0 < 0 ? T(-1) : T(1);
        switch (motion()) {
        case pendulum_motion::oscillation: {
            const T m = abs(m_p0) / (2 * m_omega);
            return sign * 2 * m * m_omega * boost::math::jacobi_cn(m, T(m_omega * t));
        }
        case pendulum_motion::rotation:
            return sign * abs(m_p0) * boost::math::jacobi_dn(T(2 * m_omega / abs(m_p0)), T(abs(m_p0) * t / 2));
        default:
            return sign * 2 * m_omega / cosh(m_omega * t);
        }
    }

private:
    T m_p0, m_k, m_omega;
};

}  // namespace geomint
