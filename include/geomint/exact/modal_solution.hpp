#pragma once
/// \file
/// Exact solution of M q̈ + K q = 0 by modal superposition, in any floating-point precision.
///
/// With the generalized eigenpairs K x_i = ω_i² M x_i normalized so that Xᵀ M X = I:
///     q(t) = Σ_i x_i (a_i cos ω_i t + (b_i/ω_i) sin ω_i t),  a = Xᵀ M q0,  b = Xᵀ p0,
///     p(t) = M q̇(t) = M Σ_i x_i (−a_i ω_i sin ω_i t + b_i cos ω_i t).
/// Reference: Rojas-Quintero et al. (2024), §5.2 (general solution (51)); any linear-vibrations
/// text (e.g. Géradin & Rixen, ch. 2).

#include "geomint/model/quadratic_lagrangian.hpp"

#include <Eigen/Eigenvalues>

namespace geomint {

/// Exact trajectory of a `quadratic_lagrangian` from (q0, p0) at t = 0.
/// \tparam Matrix the model's matrix type; its scalar must be floating point.
template <class Matrix>
class modal_solution {
public:
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Number of coordinates known at compile time (Eigen::Dynamic if not).
    static constexpr int static_dimension = Matrix::RowsAtCompileTime;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<value_type, static_dimension>;
    static_assert(!is_exact_v<value_type>, "modal_solution needs cos/sin/sqrt: use a floating-point scalar");

    /// \param sys the model; \param q0, p0 initial coordinates and momenta (length n).
    /// \throws std::invalid_argument on a size mismatch or non-finite initial data.
    modal_solution(const quadratic_lagrangian<Matrix>& sys, const vector_type& q0, const vector_type& p0)
        : m_M(sys.mass()) {
        if (q0.size() != sys.size() || p0.size() != sys.size())
            throw std::invalid_argument("modal_solution: q0 and p0 must have n = " + std::to_string(sys.size()) +
                                        " entries");
        require_finite(q0, "modal_solution: q0");
        require_finite(p0, "modal_solution: p0");
        Eigen::GeneralizedSelfAdjointEigenSolver<matrix<value_type>> es(matrix<value_type>(sys.stiffness()),
                                                                         matrix<value_type>(sys.mass()));
        if (es.info() != Eigen::Success) throw std::runtime_error("modal_solution: eigen solver failed");
        m_X = es.eigenvectors();  // Xᵀ M X = I
        m_omega = es.eigenvalues();
        for (Eigen::Index i = 0; i < m_omega.size(); ++i) {
            using std::sqrt;
            m_omega(i) = sqrt(m_omega(i));
        }
        m_a = m_X.transpose() * (m_M * q0);
        m_b = m_X.transpose() * p0;
    }

    /// Eigenfrequencies ω_i, ascending (rad per time unit).
    const vector_type& frequencies() const { return m_omega; }
    /// M-orthonormal mode shapes (columns).
    const Matrix& modes() const { return m_X; }

    /// q(t), length n.
    vector_type q(const value_type& t) const {
        vector_type c(m_a.size());
        for (Eigen::Index i = 0; i < c.size(); ++i) {
            using std::cos;
            using std::sin;
            const value_type wt = m_omega(i) * t;
            c(i) = m_a(i) * cos(wt) + m_b(i) / m_omega(i) * sin(wt);
        }
        return m_X * c;
    }

    /// p(t) = M q̇(t), length n.
    vector_type p(const value_type& t) const {
        vector_type c(m_a.size());
        for (Eigen::Index i = 0; i < c.size(); ++i) {
            using std::cos;
            using std::sin;
            const value_type wt = m_omega(i) * t;
            c(i) = -m_a(i) * m_omega(i) * sin(wt) + m_b(i) * cos(wt);
        }
        return m_M * (m_X * c);
    }

private:
    Matrix m_M, m_X;
    vector_type m_omega, m_a, m_b;
};

}  // namespace geomint
