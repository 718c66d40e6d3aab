#pragma once
/// \file
/// `quadratic_lagrangian`: the linear mechanical system M q̈ + K q = 0.
///
/// Source: Rojas-Quintero, Dubois, Cabrera-Díaz, *Simpson's Variational Integrator for Systems
/// with Quadratic Lagrangians*, Axioms 13(4):255 (2024), eq. (3) (Lagrangian) and the energy
/// H(p, q) of §6.3.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/mass_inverse.hpp"
#include "geomint/model/matrix_checks.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"

#include <Eigen/Eigenvalues>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

namespace geomint {

/// L(q̇, q) = ½ q̇ᵀ M q̇ − ½ qᵀ K q with constant symmetric positive definite M, K (n × n).
///
/// \tparam Matrix an Eigen square matrix type, fixed (`Eigen::Matrix<T, 2, 2>`) or dynamic size,
///         or `Eigen::SparseMatrix<T>` (`geomint::sparse_matrix<T>`) for large sparse models.
///
/// Dense models keep M⁻¹ (computed once). Sparse models keep an LDLᵀ factorization of M instead
/// (`sparse_ldlt`, O(nonzeros) memory), so M⁻¹ p is a sparse solve; `inverse_mass()` exists only
/// for dense models, `apply_inverse_mass(p)` for both. The linear steppers step a sparse model
/// with sparse factorizations computed once per h (scheme/linear/sparse_factors.hpp).
///
/// Units: q in generalized coordinates (rad, m, ...), p = M q̇ the generalized momenta,
/// time in the unit implied by M and K (K/M has units of rad² per time unit²).
///
/// The object is immutable and its copies share M, K and M⁻¹ or its factorization (one reference-counted block: a
/// copy costs a pointer copy, so odeint's by-value system passing copies no matrix) and an
/// identity (`id()`) that steppers use to cache transfer matrices. It is also an odeint system in three forms: the first-order form
/// `sys(x, dxdt, t)` on x = (q, p) stacked (length 2n), and the symplectic pair form through
/// `coordinate_rate` / `momentum_rate` (see `as_symplectic_system`).
template <class Matrix>
class quadratic_lagrangian {
public:
    /// Matrix type of M and K (an Eigen matrix: dense, or sparse where the model allows it).
    using matrix_type = Matrix;
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Number of coordinates known at compile time (Eigen::Dynamic if not).
    static constexpr int static_dimension = Matrix::RowsAtCompileTime;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<value_type, static_dimension>;
    /// True for an `Eigen::SparseMatrix` model.
    static constexpr bool is_sparse = is_sparse_matrix_v<Matrix>;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form =
        is_sparse ? system_form::sparse_quadratic_lagrangian : system_form::quadratic_lagrangian;
    static_assert(!is_sparse || !is_exact_v<value_type>,
                  "a sparse quadratic_lagrangian needs a floating-point scalar (Eigen's SimplicialLDLT compiles a "
                  "square root); use dense matrices for exact arithmetic");

    /// \param M mass matrix, n × n, symmetric positive definite.
    /// \param K stiffness matrix, n × n, symmetric positive definite.
    /// \throws std::invalid_argument naming the matrix and the failed property (finite entries,
    ///         square, equal sizes, symmetric within 16 ε max|a_ij|, positive definite by LDLᵀ).
    quadratic_lagrangian(Matrix M, Matrix K) {
        require_valid(M, K);
        if constexpr (is_sparse) {
            M.makeCompressed();
            K.makeCompressed();
        }
        m_data = std::make_shared<const data>(std::move(M), std::move(K));
    }

    /// The constructor's checks of (M, K) without building a model (for matrices recovered from
    /// callables). \throws std::invalid_argument as the constructor.
    static void require_valid(const Matrix& M, const Matrix& K) {
        check("mass matrix M", M, detail::matrix_role::mass);
        check("stiffness matrix K", K, detail::matrix_role::stiffness);
        if (M.rows() != K.rows())
            throw std::invalid_argument("quadratic_lagrangian: M is " + std::to_string(M.rows()) + "x" +
                                        std::to_string(M.cols()) + " but K is " + std::to_string(K.rows()) + "x" +
                                        std::to_string(K.cols()) + " (precondition: same size)");
    }

    /// Number of degrees of freedom n.
    Eigen::Index size() const { return m_data->M.rows(); }
    /// Mass matrix M (n × n, symmetric positive definite).
    const Matrix& mass() const { return m_data->M; }
    /// Stiffness matrix K (n × n, symmetric positive definite).
    const Matrix& stiffness() const { return m_data->K; }
    /// M⁻¹, computed once at construction (dense models only).
    const Matrix& inverse_mass() const
        requires(!is_sparse)
    {
        return m_data->mass_inverse.dense();
    }
    /// M⁻¹ v for a length-n vector `v` (dense: a product with M⁻¹; sparse: an LDLᵀ solve).
    template <class V>
    vector_type apply_inverse_mass(const V& v) const {
        return m_data->mass_inverse.apply(view(v));
    }
    /// Identity shared by all copies of this model (never by two different models).
    std::uint64_t id() const { return m_data->id; }

    /// Energy H(p, q) = ½ pᵀ M⁻¹ p + ½ qᵀ K q (§6.3). `p`, `q`: length-n vectors.
    template <class P, class Q>
    value_type energy(const P& p, const Q& q) const {
        const vector_type pv = view(p), qv = view(q);
        return (pv.dot(apply_inverse_mass(pv)) + qv.dot(stiffness() * qv)) / value_type(2);
    }

    /// Lagrangian L(q̇, q) of eq. (3).
    template <class V, class Q>
    value_type lagrangian(const V& qdot, const Q& q) const {
        const vector_type v = view(qdot), qv = view(q);
        return (v.dot(mass() * v) - qv.dot(stiffness() * qv)) / value_type(2);
    }

    /// Generalized eigenfrequencies ω_i (K x = ω² M x), ascending, rad per time unit.
    /// Requires a floating-point scalar. A dense eigensolve: O(n³) time and O(n²) memory, also
    /// for sparse models (meant for models of up to a few thousand degrees of freedom).
    vector_type frequencies() const {
        static_assert(!is_exact_v<value_type>, "frequencies() needs square roots: use a floating-point scalar");
        Eigen::GeneralizedSelfAdjointEigenSolver<matrix<value_type>> es(dense_copy(stiffness()), dense_copy(mass()),
                                                                         Eigen::EigenvaluesOnly);
        vector_type w = es.eigenvalues();
        for (Eigen::Index i = 0; i < w.size(); ++i) {
            using std::sqrt;
            w(i) = sqrt(w(i));
        }
        return w;
    }

    /// ω_max, the largest generalized eigenfrequency.
    value_type omega_max() const { return frequencies().maxCoeff(); }

    /// dq/dt = M⁻¹ p (odeint's coordinate function of the symplectic pair form).
    template <class P, class DQ>
    void coordinate_rate(const P& p, DQ& dqdt) const {
        resize_state(dqdt, size());
        as_eigen(dqdt) = apply_inverse_mass(as_eigen(p));
    }

    /// dp/dt = −K q (odeint's momentum function of the symplectic pair form).
    template <class Q, class DP>
    void momentum_rate(const Q& q, DP& dpdt) const {
        resize_state(dpdt, size());
        as_eigen(dpdt).noalias() = -(stiffness() * as_eigen(q));
    }

    /// First-order form for explicit steppers (e.g. odeint's `runge_kutta4`):
    /// x = (q₁..qₙ, p₁..pₙ), dxdt = (M⁻¹p, −Kq). `x` has length 2n.
    template <class X, class DX, class Time>
    void operator()(const X& x, DX& dxdt, const Time& /*t*/) const {
        const Eigen::Index n = size();
        resize_state(dxdt, 2 * n);
        const auto xv = as_eigen(x);
        auto dv = as_eigen(dxdt);
        dv.head(n) = apply_inverse_mass(vector_type(xv.tail(n)));
        dv.tail(n).noalias() = -(stiffness() * xv.head(n));
    }

private:
    template <class V>
    static vector_type view(const V& v) {
        if constexpr (std::is_base_of_v<Eigen::EigenBase<V>, V>) return v;
        else return as_eigen(v);
    }

    static void check(const std::string& name, const Matrix& a, detail::matrix_role role) {
        detail::require_model_matrix("quadratic_lagrangian", name, a, detail::definiteness::positive_definite,
                                     role);
    }

    struct data {
        Matrix M, K;
        geomint::mass_inverse<Matrix> mass_inverse;  ///< M⁻¹ or LDLᵀ of M
        std::uint64_t id = detail::next_model_id();

        data(Matrix M_, Matrix K_) : M(std::move(M_)), K(std::move(K_)), mass_inverse(M) {}
    };
    std::shared_ptr<const data> m_data;  ///< shared by copies, never modified
};

/// Deduction guide: the matrix type of M and K.
template <class Matrix>
quadratic_lagrangian(Matrix, Matrix) -> quadratic_lagrangian<Matrix>;

template <class S>
struct is_quadratic_lagrangian : std::false_type {};
template <class Matrix>
struct is_quadratic_lagrangian<quadratic_lagrangian<Matrix>> : std::true_type {};

/// Whether `S` is a `quadratic_lagrangian` over sparse matrices (stepped by sparse solves).
template <class S>
constexpr bool is_sparse_model() {
    return form_of<S>() == system_form::sparse_quadratic_lagrangian;
}

/// The model as odeint's symplectic system form: a pair (dq/dt = f(p), dp/dt = g(q)) of
/// callables, for `symplectic_rkn_sb3a_m4_mclachlan` and friends. Holds a copy of `sys`.
template <class Matrix>
auto as_symplectic_system(const quadratic_lagrangian<Matrix>& sys) {
    return std::make_pair([sys](const auto& p, auto& dqdt) { sys.coordinate_rate(p, dqdt); },
                          [sys](const auto& q, auto& dpdt) { sys.momentum_rate(q, dpdt); });
}

}  // namespace geomint
