#pragma once
/// \file
/// Exact solution of M q̈ + C q̇ + K q = f_c cos Ωt + f_s sin Ωt with Rayleigh damping
/// C = α M + β K, by modal superposition, in any floating-point precision.
///
/// With the generalized eigenpairs K x_i = ω_i² M x_i, Xᵀ M X = I, the modal coordinates
/// y = Xᵀ M q obey y_i'' + c_i y_i' + ω_i² y_i = F_i(t), c_i = α + β ω_i² (Rayleigh damping is
/// diagonal in the modes), F_i = x_iᵀ f_c cos Ωt + x_iᵀ f_s sin Ωt. Each is the free, underdamped
/// response plus the steady state (any vibrations text, e.g. Géradin & Rixen, *Mechanical
/// Vibrations*, ch. 2):
///     y_i(t) = A_i cos Ωt + B_i sin Ωt + e^{−σ_i t} (D_i cos ω_{d,i} t + E_i sin ω_{d,i} t),
///     σ_i = c_i/2, ω_{d,i} = √(ω_i² − σ_i²),
///     [ω_i² − Ω²   c_i Ω ] [A_i]   [x_iᵀ f_c]
///     [−c_i Ω   ω_i² − Ω²] [B_i] = [x_iᵀ f_s],
/// D_i, E_i from y_i(0) = x_iᵀ M q0 and y_i'(0) = x_iᵀ p0. Then q = X y, p = M X y'.

#include "geomint/model/structural_system.hpp"

#include <Eigen/Eigenvalues>

#include <stdexcept>
#include <string>
#include <vector>

namespace geomint {

/// One underdamped mode y'' + c y' + ω² y = F_c cos Ωt + F_s sin Ωt from y(0) = y0, y'(0) = v0
/// (the formulas in the file comment). Also the building block for models whose modes are
/// known in closed form (problems/spring_chain.hpp).
template <class T>
class damped_mode_response {
public:
    /// \param omega2 ω² >= 0.
    /// \param c      the modal damping, 0 <= c < 2ω.
    /// \param Fc     amplitude of the cos Ωt load.
    /// \param Fs     amplitude of the sin Ωt load.
    /// \param Omega  the load's frequency Ω.
    /// \param y0     y(0).
    /// \param v0     y'(0).
    /// \throws std::invalid_argument when the mode is not underdamped (naming ω² and c), or when
    ///         the load is at resonance with an undamped mode.
    damped_mode_response(const T& omega2, const T& c, const T& Fc, const T& Fs, const T& Omega, const T& y0,
                         const T& v0)
        : m_Omega(Omega) {
        using std::sqrt;
        m_sigma = c / T(2);
        if (!(m_sigma * m_sigma < omega2))
            throw std::invalid_argument("damped_mode_response: omega^2 = " + geomint::to_string(omega2) + ", c = " +
                                        geomint::to_string(c) + ": not underdamped (precondition: c < 2 omega)");
        m_omega_d = sqrt(omega2 - m_sigma * m_sigma);
        const T a = omega2 - Omega * Omega, b = c * Omega, det = a * a + b * b;
        if (det == T(0)) throw std::invalid_argument("damped_mode_response: the load is at resonance with an undamped mode");
        m_A = (a * Fc - b * Fs) / det;
        m_B = (b * Fc + a * Fs) / det;
        m_D = y0 - m_A;
        m_E = (v0 - m_B * Omega + m_sigma * m_D) / m_omega_d;
    }

    /// y(t).
    T y(const T& t) const {
        using std::cos;
        using std::exp;
        using std::sin;
        return m_A * cos(m_Omega * t) + m_B * sin(m_Omega * t) +
               exp(-m_sigma * t) * (m_D * cos(m_omega_d * t) + m_E * sin(m_omega_d * t));
    }
    /// y'(t).
    T rate(const T& t) const {
        using std::cos;
        using std::exp;
        using std::sin;
        const T cd = cos(m_omega_d * t), sd = sin(m_omega_d * t);
        return m_Omega * (m_B * cos(m_Omega * t) - m_A * sin(m_Omega * t)) +
               exp(-m_sigma * t) * ((m_omega_d * m_E - m_sigma * m_D) * cd - (m_omega_d * m_D + m_sigma * m_E) * sd);
    }

private:
    T m_Omega, m_sigma, m_omega_d, m_A, m_B, m_D, m_E;
};

/// Exact trajectory of M q̈ + (α M + β K) q̇ + K q = f_c cos Ωt + f_s sin Ωt from (q0, p0) at
/// t = 0. Dense matrices of a floating-point scalar T; every mode underdamped.
template <class T>
class driven_modal_solution {
public:
    /// Scalar type.
    using value_type = T;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<T>;
    static_assert(!is_exact_v<T>, "driven_modal_solution needs exp/cos/sin/sqrt: use a floating-point scalar");

    /// \param M, K n × n symmetric, M positive definite, K positive semidefinite (as structural_system checks).
    /// \param c Rayleigh coefficients (α, β >= 0).
    /// \param f_c, f_s load amplitudes (length n); \param Omega load frequency (rad per time unit).
    /// \param q0, p0 initial coordinates and momenta p = M q̇ (length n).
    /// \throws std::invalid_argument on a size mismatch or a mode that is not underdamped
    ///         (c_i >= 2 ω_i, naming the mode), or a load at resonance with an undamped mode.
    driven_modal_solution(const matrix<T>& M, rayleigh_damping<T> c, const matrix<T>& K, const vector_type& f_c,
                          const vector_type& f_s, const T& Omega, const vector_type& q0, const vector_type& p0)
        : m_M(M) {
        const Eigen::Index n = M.rows();
        if (K.rows() != n || f_c.size() != n || f_s.size() != n || q0.size() != n || p0.size() != n)
            throw std::invalid_argument("driven_modal_solution: K, f_c, f_s, q0, p0 must have n = " + std::to_string(n) +
                                        " rows");
        const structural_system<matrix<T>> checked(M, c, K);  // the model's checks
        Eigen::GeneralizedSelfAdjointEigenSolver<matrix<T>> es(K, M);
        if (es.info() != Eigen::Success) throw std::runtime_error("driven_modal_solution: eigen solver failed");
        m_X = es.eigenvectors();
        const vector_type y0 = m_X.transpose() * (M * q0), v0 = m_X.transpose() * p0;
        const vector_type Fc = m_X.transpose() * f_c, Fs = m_X.transpose() * f_s;
        m_mode.reserve(static_cast<std::size_t>(n));
        for (Eigen::Index i = 0; i < n; ++i) {
            const T w2 = es.eigenvalues()(i) > T(0) ? T(es.eigenvalues()(i)) : T(0);
            try {
                m_mode.emplace_back(w2, T(c.alpha + c.beta * w2), T(Fc(i)), T(Fs(i)), Omega, T(y0(i)), T(v0(i)));
            } catch (const std::invalid_argument& e) {
                throw std::invalid_argument("driven_modal_solution: mode " + std::to_string(i) + ": " + e.what());
            }
        }
    }

    /// q(t), length n.
    vector_type q(const T& t) const { return m_X * modal(t, false); }
    /// p(t) = M q̇(t), length n.
    vector_type p(const T& t) const { return m_M * (m_X * modal(t, true)); }
    /// M-orthonormal mode shapes (columns).
    const matrix<T>& modes() const { return m_X; }

private:
    /// y(t), or y'(t) when `rate`.
    vector_type modal(const T& t, bool rate) const {
        vector_type y(static_cast<Eigen::Index>(m_mode.size()));
        for (std::size_t i = 0; i < m_mode.size(); ++i)
            y(static_cast<Eigen::Index>(i)) = rate ? m_mode[i].rate(t) : m_mode[i].y(t);
        return y;
    }

    matrix<T> m_M, m_X;
    std::vector<damped_mode_response<T>> m_mode;
};

}  // namespace geomint
