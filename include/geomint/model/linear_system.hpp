#pragma once
/// \file
/// Recovering (M, K) from the system forms a linear stepper accepts.
///
/// 1. `geomint::quadratic_lagrangian<Matrix>`: M and K are read directly; its `id()` keys caches.
/// 2. odeint's symplectic pair form `std::pair<F, G>` with *linear* callables
///    F(p, dqdt): dq/dt = M⁻¹ p and G(q, dpdt): dp/dt = −K q. M⁻¹ and K are recovered by probing
///    unit vectors (2n calls), M by inverting M⁻¹; linearity is checked on (2, 3, ..., n + 1).
/// 3. odeint's momentum-only form G(q, dpdt) (dq/dt = p, i.e. M = I).
/// A model is identified by its `id()`. A callable system is identified by its fingerprint, its
/// values on the fixed vector v = (1, 2, ..., n): a stepper evaluates it each step (two calls)
/// and re-probes when it changes.
/// As odeint does, the derivative containers handed to a callable are sized (n entries, zeroed)
/// before the call, so a callable may write `dpdt[i]` without resizing. Callables are called
/// non-const (a functor may have a non-const `operator()`) and may be wrapped in std::ref or
/// boost::ref.

#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/state.hpp"

#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

template <class S>
struct is_quadratic_lagrangian : std::false_type {};
template <class Matrix>
struct is_quadratic_lagrangian<quadratic_lagrangian<Matrix>> : std::true_type {};

/// Whether `S` is a `quadratic_lagrangian` over sparse matrices (stepped by sparse solves).
template <class S>
constexpr bool is_sparse_model() {
    if constexpr (is_quadratic_lagrangian<S>::value) return S::is_sparse;
    else return false;
}

/// odeint's symplectic pair form (dq/dt = f(p), dp/dt = g(q)).
template <class S>
using is_pair_system = is_std_pair<S>;

/// (M, K) of a system and what identifies it: a model's `id()` (0 for callables), or for
/// callables the fingerprint (f(v), g(v)), v = (1, ..., n), of length 2n (empty for models).
template <class T, int N>
struct linear_system_matrices {
    matrix<T, N> M;
    matrix<T, N> K;
    std::uint64_t model_id = 0;
    vector<T, twice(N)> fingerprint;
};

namespace detail {

/// A derivative container for a callable: n entries, zeroed (odeint sizes them before the call).
template <class V>
V sized_derivative(Eigen::Index n) {
    V v{};
    resize_state(v, n);
    as_eigen(v).setZero();
    return v;
}

/// Apply a linear callable `f(in, out)` to the unit vectors, giving the n × n matrix of the map.
/// `In`, `Out` are the container types the callable takes. Checks linearity on (1, 2, ..., n).
template <class T, int N, class In, class Out, class F>
matrix<T, N> probe_linear_map(F& f, Eigen::Index n, const char* what) {
    matrix<T, N> A(n, n);
    In e = sized_derivative<In>(n);
    Out col = sized_derivative<Out>(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        as_eigen(e).setZero();
        as_eigen(e)(i) = T(1);
        as_eigen(col).setZero();
        f(static_cast<const In&>(e), col);
        if (state_size(col) != n)
            throw std::invalid_argument(std::string("symplectic system form: ") + what + " returned a vector of size " +
                                        std::to_string(state_size(col)) + ", expected " + std::to_string(n));
        A.col(i) = as_eigen(col);
    }
    require_finite(A, std::string("symplectic system form: probed ") + what);
    for (Eigen::Index i = 0; i < n; ++i) as_eigen(e)(i) = T(static_cast<int>(i + 2));  // no coefficient 1
    f(static_cast<const In&>(e), col);
    const vector<T, N> expected = A * as_eigen(e);
    const T scale = max_abs(A) * T(static_cast<int>(n * n));
    if (max_abs(as_eigen(col) - expected) > scale * scalar_traits<T>::tolerance(64))
        throw std::invalid_argument(std::string("symplectic system form: ") + what +
                                    " is not linear (f(sum c_i e_i) != sum c_i f(e_i)); linear steppers need "
                                    "dq/dt = M^-1 p and dp/dt = -K q");
    return A;
}

}  // namespace detail

/// (f(v), g(v)) for v = (1, 2, ..., n) (f ≡ identity for the momentum-only form): the values a
/// stepper compares each step to notice that a callable system changed.
///
/// `sys` is the system unwrapped from std::ref / boost::ref; its callables are called non-const.
template <class T, int N, class Coor, class Momentum, class System>
vector<T, twice(N)> system_fingerprint(System& sys, Eigen::Index n) {
    using S = std::remove_cv_t<System>;
    vector<T, twice(N)> out(2 * n);
    Coor q = detail::sized_derivative<Coor>(n);
    Momentum p = detail::sized_derivative<Momentum>(n);
    for (Eigen::Index i = 0; i < n; ++i) as_eigen(q)(i) = as_eigen(p)(i) = T(static_cast<int>(i + 1));
    Coor dq = detail::sized_derivative<Coor>(n);
    Momentum dp = detail::sized_derivative<Momentum>(n);
    if constexpr (is_pair_system<S>::value) {
        detail::unwrap_reference_to(sys.first)(static_cast<const Momentum&>(p), dq);
        detail::unwrap_reference_to(sys.second)(static_cast<const Coor&>(q), dp);
    } else {
        as_eigen(dq) = as_eigen(q);
        sys(static_cast<const Coor&>(q), dp);
    }
    if (state_size(dq) != n || state_size(dp) != n)
        throw std::invalid_argument("symplectic system form: a callable returned a vector of the wrong size");
    out << as_eigen(dq), as_eigen(dp);
    return out;
}

/// Recover (M, K) from `sys` for states whose coordinates are `Coor` and momenta `Momentum`,
/// with n = `n` degrees of freedom.
/// \throws std::invalid_argument if the probed matrices are not a valid quadratic Lagrangian
///         (non-linear callables, non-symmetric or indefinite M or K).
template <class T, int N, class Coor, class Momentum, class System>
linear_system_matrices<T, N> system_matrices(System& sys, Eigen::Index n) {
    using S = std::remove_cv_t<System>;
    if constexpr (is_quadratic_lagrangian<S>::value) {
        if (sys.size() != n)
            throw std::invalid_argument("linear stepper: the system has " + std::to_string(sys.size()) +
                                        " degrees of freedom but the state has " + std::to_string(n));
        return {sys.mass().template cast<T>(), sys.stiffness().template cast<T>(),
                sys.id(), vector<T, twice(N)>()};
    } else {
        matrix<T, N> M, K;
        if constexpr (is_pair_system<S>::value) {
            const matrix<T, N> Minv =
                detail::probe_linear_map<T, N, Momentum, Coor>(detail::unwrap_reference_to(sys.first), n, "dq/dt = f(p)");
            K = -detail::probe_linear_map<T, N, Coor, Momentum>(detail::unwrap_reference_to(sys.second), n, "dp/dt = g(q)");
            M.resize(n, n);
            if (!try_solve(Minv, matrix<T, N>::Identity(n, n), M))
                throw std::invalid_argument("symplectic system form: the probed M^-1 is singular");
        } else {
            K = -detail::probe_linear_map<T, N, Coor, Momentum>(sys, n, "dp/dt = g(q)");
            M = matrix<T, N>::Identity(n, n);
        }
        try {
            quadratic_lagrangian<matrix<T, N>> check(M, K);  // validates symmetry and definiteness
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("symplectic system form (matrices probed from the callables): ") +
                                        e.what());
        }
        return {std::move(M), std::move(K), 0, system_fingerprint<T, N, Coor, Momentum>(sys, n)};
    }
}

}  // namespace geomint
