#pragma once
/// \file
/// `structural_system`: the forced, damped linear mechanical system
///     M q̈ + C q̇ + K q = f(t),
/// the model every structural code integrates (Rayleigh or general viscous damping, a load
/// history). As a Lagrangian system it is L(q, q̇) = ½ q̇ᵀ M q̇ − ½ qᵀ K q with the
/// non-conservative generalized force F(q, q̇, t) = f(t) − C q̇ (Lagrange–d'Alembert: Marsden &
/// West, Acta Numerica 10 (2001) §3.2; for Newmark, Kane, Marsden, Ortiz & West, IJNME 49 (2000)
/// 1295).
///
/// Generalized momenta p = M q̇; energy H(p, q) = ½ pᵀ M⁻¹ p + ½ qᵀ K q, whose balance along the
/// exact flow is dH/dt = q̇ᵀ f(t) − q̇ᵀ C q̇ (the load's power minus the dissipation).
///
/// Stepped by `newmark_stepper`, `simpson_stepper`, `simpson_variant1_stepper` (the discrete
/// Lagrange–d'Alembert principle, scheme/linear/lagrange_dalembert.hpp) and by the
/// structural-dynamics peers `hht_alpha_stepper`, `generalized_alpha_stepper`
/// (stepper/generalized_alpha_stepper.hpp); dense or sparse matrices.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/load.hpp"
#include "geomint/model/mass_inverse.hpp"
#include "geomint/model/matrix_checks.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// Rayleigh damping C = α M + β K (α in 1/time, β in time), α, β >= 0 and finite.
template <class T>
struct rayleigh_damping {
    /// Mass-proportional coefficient α (1/time).
    T alpha;
    /// Stiffness-proportional coefficient β (time).
    T beta;
};

/// M q̈ + C q̇ + K q = f(t) with constant M (symmetric positive definite), C and K (symmetric
/// positive semidefinite), n × n, and a load f.
///
/// \tparam Matrix a dense Eigen square matrix type (fixed or dynamic size) of one floating-point
///                or exact scalar T, or `Eigen::SparseMatrix<T>` (`geomint::sparse_matrix<T>`,
///                floating-point T) for large models.
/// \tparam Load   `no_load`, or a callable f(t) → an Eigen vector of T of length n (the
///                generalized force at time t, in the units of K q).
///
/// Dense models keep M⁻¹, sparse ones an LDLᵀ factorization of M (`apply_inverse_mass`). Copies
/// share the matrices (one reference-counted block), the load and an identity (`id()`) on which
/// steppers key their factorizations. It is also an odeint system in first-order form
/// `sys(x, dxdt, t)` on x = (q, p) stacked (length 2n): dq/dt = M⁻¹ p,
/// dp/dt = −K q − C M⁻¹ p + f(t), for odeint's Runge–Kutta steppers (the tests' references).
template <class Matrix, class Load = no_load>
class structural_system {
public:
    /// Matrix type of M and K (an Eigen matrix: dense, or sparse where the model allows it).
    using matrix_type = Matrix;
    /// Scalar type.
    using value_type = typename Matrix::Scalar;
    /// Type of the load f(t) (`no_load` without one).
    using load_type = Load;
    /// Number of coordinates known at compile time (Eigen::Dynamic if not).
    static constexpr int static_dimension = Matrix::RowsAtCompileTime;
    /// Coordinate vector type (Eigen column vector of the scalar type).
    using vector_type = vector<value_type, static_dimension>;
    /// Whether the model carries a load f(t).
    static constexpr bool has_load = !std::is_same_v<Load, no_load>;
    /// True for an `Eigen::SparseMatrix` model.
    static constexpr bool is_sparse = is_sparse_matrix_v<Matrix>;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::structural;
    static_assert(!is_sparse || !is_exact_v<value_type>,
                  "a sparse structural_system needs a floating-point scalar (Eigen's SimplicialLDLT compiles a "
                  "square root); use dense matrices for exact arithmetic");

    /// \param M mass matrix, n × n, symmetric positive definite.
    /// \param C damping matrix, n × n, symmetric positive semidefinite.
    /// \param K stiffness matrix, n × n, symmetric positive semidefinite.
    /// \param f the load (omit for free vibration).
    /// \throws std::invalid_argument naming the matrix and the failed property (finite entries,
    ///         square, equal sizes, symmetric within 16 ε max|a_ij|, definiteness:
    ///         model/matrix_checks.hpp).
    structural_system(Matrix M, Matrix C, Matrix K, Load f = Load{}) { build(std::move(M), std::move(C), std::move(K), std::move(f)); }

    /// C = α M + β K. \throws std::invalid_argument as above, or naming α or β when negative or
    /// not finite.
    structural_system(Matrix M, rayleigh_damping<value_type> c, Matrix K, Load f = Load{}) {
        require_coefficient("alpha", c.alpha);
        require_coefficient("beta", c.beta);
        Matrix C = c.alpha * M + c.beta * K;
        build(std::move(M), std::move(C), std::move(K), std::move(f), c);
    }

    /// Number of degrees of freedom n.
    Eigen::Index size() const { return m_data->M.rows(); }
    /// Mass matrix M (n × n, symmetric positive definite).
    const Matrix& mass() const { return m_data->M; }
    /// Damping matrix C (n × n, symmetric positive semidefinite).
    const Matrix& damping() const { return m_data->C; }
    /// Stiffness matrix K (n × n, symmetric positive semidefinite).
    const Matrix& stiffness() const { return m_data->K; }
    /// False when every entry of C is zero (then, with no load, the steppers take the
    /// conservative path: the step of the quadratic_lagrangian (M, K)).
    bool is_damped() const { return m_data->damped; }
    /// (α, β) when C = α M + β K is known: the model was built with `rayleigh_damping`, or C is
    /// zero (α = β = 0); empty for a general C (never guessed from C's entries). The Galerkin
    /// steppers decouple their stage equations when it is set (scheme/galerkin/linear_stages.hpp).
    const std::optional<rayleigh_damping<value_type>>& rayleigh() const { return m_data->rayleigh; }
    /// Identity shared by all copies of this model (never by two different models).
    std::uint64_t id() const { return m_data->id; }
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

    /// f(t), length n (zero for `no_load`).
    /// \throws std::invalid_argument naming t when the load returns a vector of another length, or
    ///         naming t, the entry and its value when an entry is not finite.
    vector_type load(const value_type& t) const {
        if constexpr (!has_load) {
            (void)t;
            return vector_type::Zero(size());
        } else {
            return detail::evaluate_load<vector_type>("structural_system", m_data->f, t, size());
        }
    }

    /// Energy H(p, q) = ½ pᵀ M⁻¹ p + ½ qᵀ K q. `p`, `q`: length-n vectors.
    template <class P, class Q>
    value_type energy(const P& p, const Q& q) const {
        const vector_type pv = view(p), qv = view(q);
        return (pv.dot(apply_inverse_mass(pv)) + qv.dot(stiffness() * qv)) / value_type(2);
    }

    /// First-order form: x = (q₁..qₙ, p₁..pₙ), dxdt = (M⁻¹p, −Kq − CM⁻¹p + f(t)). `x` has length 2n.
    template <class X, class DX, class Time>
    void operator()(const X& x, DX& dxdt, const Time& t) const {
        const Eigen::Index n = size();
        resize_state(dxdt, 2 * n);
        const auto xv = as_eigen(x);
        auto dv = as_eigen(dxdt);
        const vector_type v = apply_inverse_mass(vector_type(xv.tail(n)));
        dv.head(n) = v;
        dv.tail(n).noalias() = load(value_type(t)) - stiffness() * xv.head(n) - damping() * v;
    }

private:
    template <class V>
    static vector_type view(const V& v) {
        if constexpr (std::is_base_of_v<Eigen::EigenBase<V>, V>) return v;
        else return as_eigen(v);
    }

    static void require_coefficient(const char* name, const value_type& c) {
        if (!is_finite(c) || c < value_type(0))
            throw std::invalid_argument(std::string("structural_system: Rayleigh coefficient ") + name + " = " +
                                        geomint::to_string(c) + " (precondition: finite and >= 0)");
    }

    static bool has_nonzero(const Matrix& a) {
        if constexpr (is_sparse) return max_abs(a) != value_type(0);
        else return !(a.array() == value_type(0)).all();
    }

    void build(Matrix M, Matrix C, Matrix K, Load f, std::optional<rayleigh_damping<value_type>> rayleigh = {}) {
        using detail::definiteness;
        detail::require_model_matrix("structural_system", "mass matrix M", M, definiteness::positive_definite,
                                     detail::matrix_role::mass);
        detail::require_model_matrix("structural_system", "damping matrix C", C, definiteness::positive_semidefinite);
        detail::require_model_matrix("structural_system", "stiffness matrix K", K, definiteness::positive_semidefinite);
        if (C.rows() != M.rows() || K.rows() != M.rows())
            throw std::invalid_argument("structural_system: M, C, K are " + std::to_string(M.rows()) + ", " +
                                        std::to_string(C.rows()) + ", " + std::to_string(K.rows()) +
                                        " square (precondition: the same size)");
        // a load may be a capturing lambda: moved in, never default-constructed or assigned
        m_data = std::make_shared<const data>(std::move(M), std::move(C), std::move(K), std::move(f), std::move(rayleigh));
    }

    struct data {
        Matrix M, C, K;
        geomint::mass_inverse<Matrix> mass_inverse;  ///< M⁻¹ or LDLᵀ of M
        Load f;
        bool damped;
        std::optional<rayleigh_damping<value_type>> rayleigh;
        std::uint64_t id = detail::next_model_id();

        data(Matrix M_, Matrix C_, Matrix K_, Load f_, std::optional<rayleigh_damping<value_type>> r)
            : M(compressed(std::move(M_))), C(compressed(std::move(C_))), K(compressed(std::move(K_))), mass_inverse(M),
              f(std::move(f_)), damped(has_nonzero(C)), rayleigh(std::move(r)) {
            if (!damped) rayleigh = rayleigh_damping<value_type>{value_type(0), value_type(0)};
        }
    };
    static Matrix compressed(Matrix a) {
        if constexpr (is_sparse) a.makeCompressed();
        return a;
    }
    std::shared_ptr<const data> m_data;  ///< shared by copies, never modified
};

/// Deduction guide: (M, C, K).
template <class Matrix>
structural_system(Matrix, Matrix, Matrix) -> structural_system<Matrix>;
/// Deduction guide: (M, C, K, load).
template <class Matrix, class Load>
structural_system(Matrix, Matrix, Matrix, Load) -> structural_system<Matrix, Load>;
/// Deduction guide: (M, Rayleigh damping, K).
template <class Matrix>
structural_system(Matrix, rayleigh_damping<typename Matrix::Scalar>, Matrix) -> structural_system<Matrix>;
/// Deduction guide: (M, Rayleigh damping, K, load).
template <class Matrix, class Load>
structural_system(Matrix, rayleigh_damping<typename Matrix::Scalar>, Matrix, Load) -> structural_system<Matrix, Load>;

template <class S>
struct is_structural_system : std::false_type {};
template <class Matrix, class Load>
struct is_structural_system<structural_system<Matrix, Load>> : std::true_type {};

}  // namespace geomint
