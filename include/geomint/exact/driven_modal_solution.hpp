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

namespace geomint {

/// Exact trajectory of M q̈ + (α M + β K) q̇ + K q = f_c cos Ωt + f_s sin Ωt from (q0, p0) at
/// t = 0. Dense matrices of a floating-point scalar T; every mode underdamped.
template <class T>
class driven_modal_solution {
public:
    using value_type = T;
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
        : m_M(M), m_Omega(Omega) {
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
        m_mode.resize(static_cast<std::size_t>(n));
        using std::sqrt;
        for (Eigen::Index i = 0; i < n; ++i) {
            mode& m = m_mode[static_cast<std::size_t>(i)];
            const T w2 = es.eigenvalues()(i) > T(0) ? T(es.eigenvalues()(i)) : T(0);
            const T ci = c.alpha + c.beta * w2;
            m.sigma = ci / T(2);
            if (!(m.sigma * m.sigma < w2))
                throw std::invalid_argument("driven_modal_solution: mode " + std::to_string(i) + " (omega^2 = " +
                                            geomint::to_string(w2) + ", c = " + geomint::to_string(ci) +
                                            ") is not underdamped (precondition: c_i < 2 omega_i)");
            m.omega_d = sqrt(w2 - m.sigma * m.sigma);
            const T a = w2 - Omega * Omega, b = ci * Omega, det = a * a + b * b;
            if (det == T(0))
                throw std::invalid_argument("driven_modal_solution: the load is at resonance with undamped mode " +
                                            std::to_string(i));
            m.A = (a * Fc(i) - b * Fs(i)) / det;
            m.B = (b * Fc(i) + a * Fs(i)) / det;
            m.D = y0(i) - m.A;
            m.E = (v0(i) - m.B * Omega + m.sigma * m.D) / m.omega_d;
        }
    }

    /// q(t), length n.
    vector_type q(const T& t) const { return m_X * modal(t, false); }
    /// p(t) = M q̇(t), length n.
    vector_type p(const T& t) const { return m_M * (m_X * modal(t, true)); }
    /// M-orthonormal mode shapes (columns).
    const matrix<T>& modes() const { return m_X; }

private:
    struct mode {
        T sigma, omega_d, A, B, D, E;
    };

    /// y(t), or y'(t) when `rate`.
    vector_type modal(const T& t, bool rate) const {
        using std::cos;
        using std::exp;
        using std::sin;
        vector_type y(static_cast<Eigen::Index>(m_mode.size()));
        const T cO = cos(m_Omega * t), sO = sin(m_Omega * t);
        for (std::size_t i = 0; i < m_mode.size(); ++i) {
            const mode& m = m_mode[i];
            const T decay = exp(-m.sigma * t), cd = cos(m.omega_d * t), sd = sin(m.omega_d * t);
            if (!rate) {
                y(static_cast<Eigen::Index>(i)) = m.A * cO + m.B * sO + decay * (m.D * cd + m.E * sd);
            } else {
                y(static_cast<Eigen::Index>(i)) =
                    m_Omega * (m.B * cO - m.A * sO) +
                    decay * ((m.omega_d * m.E - m.sigma * m.D) * cd - (m.omega_d * m.D + m.sigma * m.E) * sd);
            }
        }
        return y;
    }

    matrix<T> m_M, m_X;
    T m_Omega;
    std::vector<mode> m_mode;
};

}  // namespace geomint
