#pragma once
/// \file
/// The machinery of the linear family's matrix-free paths: a model given only as callables
/// (`matrix_free_system`: f = p ↦ M⁻¹ p, g = q ↦ −K q, and for a forced model c = v ↦ C v and
/// the load f(t)) applied to Eigen vectors through buffers the stepper owns, operators built
/// from them wrapped as Eigen matrices (Eigen's documented matrix-free pattern), and the Krylov
/// solves on those operators (Eigen's ConjugateGradient, BiCGSTAB). Used by the conservative
/// kick–drift–kick (scheme/linear/matrix_free_factors.hpp) and by the Lagrange–d'Alembert step
/// (scheme/linear/lagrange_dalembert.hpp, eqs. (10)–(13)).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/matrix_free_system.hpp"
#include "geomint/state.hpp"

#include <Eigen/IterativeLinearSolvers>
#include <Eigen/SparseCore>

#include <algorithm>
#include <string>

namespace geomint::detail {
template <class T, class Apply>
class matrix_free_operator;
}  // namespace geomint::detail

namespace Eigen::internal {
template <class T, class Apply>
struct traits<geomint::detail::matrix_free_operator<T, Apply>> : traits<Eigen::SparseMatrix<T>> {};
}  // namespace Eigen::internal

namespace geomint::detail {

/// A symmetric n × n operator given by `apply(x, y)` (y = A x) as an Eigen matrix for its
/// iterative solvers (Eigen's documented matrix-free pattern).
template <class T, class Apply>
class matrix_free_operator : public Eigen::EigenBase<matrix_free_operator<T, Apply>> {
public:
    using Scalar = T;
    using RealScalar = T;
    using StorageIndex = int;
    enum { ColsAtCompileTime = Eigen::Dynamic, MaxColsAtCompileTime = Eigen::Dynamic, IsRowMajor = false };

    matrix_free_operator(Eigen::Index n, const Apply& apply) : m_n(n), m_apply(&apply) {}
    Eigen::Index rows() const { return m_n; }
    Eigen::Index cols() const { return m_n; }

    template <class Rhs>
    Eigen::Product<matrix_free_operator, Rhs, Eigen::AliasFreeProduct> operator*(const Eigen::MatrixBase<Rhs>& x) const {
        return Eigen::Product<matrix_free_operator, Rhs, Eigen::AliasFreeProduct>(*this, x.derived());
    }
    /// dst += alpha A x, through a buffer kept between calls (no allocation per iteration).
    template <class Dest>
    void add_product(Dest& dst, const Eigen::Ref<const vector<T>>& x, const T& alpha) const {
        (*m_apply)(x, m_y);
        dst += alpha * m_y;
    }

private:
    Eigen::Index m_n;
    const Apply* m_apply;
    mutable vector<T> m_y;
};

}  // namespace geomint::detail

namespace Eigen::internal {
template <class T, class Apply, class Rhs>
struct generic_product_impl<geomint::detail::matrix_free_operator<T, Apply>, Rhs, SparseShape, DenseShape, GemvProduct>
    : generic_product_impl_base<geomint::detail::matrix_free_operator<T, Apply>, Rhs,
                                generic_product_impl<geomint::detail::matrix_free_operator<T, Apply>, Rhs>> {
    template <class Dest>
    static void scaleAndAddTo(Dest& dst, const geomint::detail::matrix_free_operator<T, Apply>& lhs, const Rhs& rhs,
                              const T& alpha) {
        lhs.add_product(dst, rhs, alpha);
    }
};
}  // namespace Eigen::internal

namespace geomint::scheme::detail {

/// Buffers of the matrix-free paths (callable arguments and results, operator temporaries, the
/// memo key), owned by the stepper so that steps reuse them: vectors of 10⁵ entries allocated
/// and freed every step cost more in page faults than the arithmetic.
template <class T, class Coor, class Momentum>
struct matrix_free_workspace {
    geomint::detail::callable_adapter<Momentum, Coor> f_call;  ///< p ↦ M⁻¹ p
    geomint::detail::callable_adapter<Coor, Momentum> g_call;  ///< q ↦ −K q
    geomint::detail::callable_adapter<Coor, Momentum> c_call;  ///< v ↦ C v (forced models)
    vector<T> t1, t2, v;

    void resize(Eigen::Index n) {
        if (v.size() == n) return;
        v.resize(n);
        for (Eigen::Index i = 0; i < n; ++i) v(i) = T(static_cast<int>(i + 1));
    }
};

/// The Krylov method of a matrix-free solve.
enum class krylov_method {
    conjugate_gradient,  ///< the operator is symmetric positive definite
    bicgstab             ///< the operator is only non-singular
};

/// y with A y = b, A given by `apply(x, y)` (y = A x; x an `Eigen::Ref<const vector<T>>`), by
/// `method` from `guess`, to the relative residual 16 ε of T (at most max(200, 2 · size)
/// iterations).
/// \throws geomint::convergence_error (iterations, residual, and `hint`: what the operator
///         needs) if the method fails or returns a non-finite vector.
template <class T, class Apply>
vector<T> krylov_solve(const Apply& apply, const vector<T>& b, const vector<T>& guess, krylov_method method,
                       const char* hint) {
    using op = geomint::detail::matrix_free_operator<T, Apply>;
    const op A(b.size(), apply);
    const auto run = [&](auto& solver, const char* name) {
        solver.setTolerance(scalar_traits<T>::tolerance(16));
        solver.setMaxIterations(std::max<Eigen::Index>(200, 2 * b.size()));
        solver.compute(A);
        vector<T> y = solver.solveWithGuess(b, guess);
        if (solver.info() != Eigen::Success || !all_finite(y))
            throw convergence_error(std::string("matrix_free: ") + name + " did not converge in " +
                                        std::to_string(solver.iterations()) + " iterations (relative residual " +
                                        geomint::to_string(solver.error()) + "): " + hint,
                                    static_cast<int>(solver.iterations()), static_cast<long double>(solver.error()));
        return y;
    };
    if (method == krylov_method::conjugate_gradient) {
        Eigen::ConjugateGradient<op, Eigen::Lower | Eigen::Upper, Eigen::IdentityPreconditioner> cg;
        return run(cg, "conjugate gradient");
    }
    Eigen::BiCGSTAB<op, Eigen::IdentityPreconditioner> bicgstab;
    return run(bicgstab, "BiCGSTAB");
}

/// A `matrix_free_system` applied to Eigen vectors through the stepper's buffers: M⁻¹, K, C (zero
/// without damping) and the load f(t) (zero without a load) — the operations of the
/// kick–drift–kick and of the Lagrange–d'Alembert step. Built per step; holds pointers.
template <class T, class Coor, class Momentum, class System>
class matrix_free_model {
public:
    using value_type = T;
    using workspace = matrix_free_workspace<T, Coor, Momentum>;
    static constexpr bool damped = System::has_damping;

    matrix_free_model(System& sys, Eigen::Index n, workspace& ws) : m_sys(&sys), m_n(n), m_ws(&ws) {}

    Eigen::Index size() const { return m_n; }

    /// out = M⁻¹ x (a call of f). `x`: n entries (a vector or a block).
    template <class X>
    void inverse_mass(const X& x, vector<T>& out) const {
        m_ws->f_call(m_sys->coordinate_rate, x, out, "matrix_free", "coordinate function f(p, dqdt)");
    }
    /// out = K x = −g(x) (a call of g).
    template <class X>
    void stiffness(const X& x, vector<T>& out) const {
        out = -as_eigen(m_ws->g_call.call(m_sys->momentum_rate, x, "matrix_free", "momentum function g(q, dpdt)"));
    }
    /// out = C x (a call of c; zero without damping).
    template <class X>
    void damping(const X& x, vector<T>& out) const {
        if constexpr (damped) m_ws->c_call(m_sys->damping, x, out, "matrix_free", "damping function c(v, force)");
        else out = vector<T>::Zero(m_n);
    }
    /// f(t), n entries (zero without a load). \throws std::invalid_argument as System::load.
    vector<T> load(const T& t) const { return m_sys->template load<vector<T>>(t, m_n); }

private:
    System* m_sys;
    Eigen::Index m_n;
    workspace* m_ws;
};

}  // namespace geomint::scheme::detail
