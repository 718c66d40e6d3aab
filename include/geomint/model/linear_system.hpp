#pragma once
/// \file
/// Recovering (M, K) from the system forms a linear stepper accepts.
///
/// 1. `geomint::quadratic_lagrangian<Matrix>`, or a `structural_system` without damping and load:
///    M and K are read directly; its `id()` keys caches.
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

#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/quadratic_lagrangian.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/state.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// (M, K) of a system and what identifies it: a model's `id()` (0 for callables), or for
/// callables the fingerprint (f(v), g(v)), v = (1, ..., n), of length 2n (empty for models).
template <class T, int N>
struct linear_system_matrices {
    /// Mass matrix M.
    matrix<T, N> M;
    /// Stiffness matrix K.
    matrix<T, N> K;
    /// The model's `id()` (0 for callables).
    std::uint64_t model_id = 0;
    /// For callables: (f(v), g(v)) at v = (1, …, n), length 2n; empty for models.
    vector<T, twice(N)> fingerprint;
};

namespace detail {

/// Apply a linear callable `f(in, out)` to the unit vectors, giving the n × n matrix of the map.
/// `In`, `Out` are the container types the callable takes. Checks linearity on (2, 3, ..., n + 1).
template <class T, int N, class In, class Out, class F>
matrix<T, N> probe_linear_map(F& f, Eigen::Index n, const char* what) {
    matrix<T, N> A(n, n);
    callable_adapter<In, Out> call;
    vector<T, N> e = vector<T, N>::Zero(n);
    for (Eigen::Index i = 0; i < n; ++i) {
        e.setZero();
        e(i) = T(1);
        call(f, e, A.col(i), "symplectic system form", what);
    }
    require_finite(A, std::string("symplectic system form: probed ") + what);
    for (Eigen::Index i = 0; i < n; ++i) e(i) = T(static_cast<int>(i + 2));  // no coefficient 1
    const vector<T, N> expected = A * e;
    const T scale = max_abs(A) * T(static_cast<int>(n * n));
    if (max_abs(as_eigen(call.call(f, e, "symplectic system form", what)) - expected) > scale * scalar_traits<T>::tolerance(64))
        throw std::invalid_argument(std::string("symplectic system form: ") + what +
                                    " is not linear (f(sum c_i e_i) != sum c_i f(e_i)); linear steppers need "
                                    "dq/dt = M^-1 p and dp/dt = -K q");
    return A;
}

}  // namespace detail

/// (f(v), g(v)) for v = (1, 2, ..., n) (f ≡ identity for the momentum-only form): the values a
/// stepper compares each step to notice that a callable system changed. The adapters are the
/// caller's, kept between steps (no allocation per call once sized).
///
/// `sys` is the system unwrapped from std::ref / boost::ref; its callables are called non-const.
template <class T, int N, class Coor, class Momentum, class System>
vector<T, twice(N)> system_fingerprint(System& sys, Eigen::Index n, detail::callable_adapter<Momentum, Coor>& f_call,
                                       detail::callable_adapter<Coor, Momentum>& g_call) {
    vector<T, twice(N)> out(2 * n);
    vector<T, N> v(n);
    for (Eigen::Index i = 0; i < n; ++i) v(i) = T(static_cast<int>(i + 1));
    if constexpr (form_of<System>() == system_form::odeint_pair) {
        f_call(sys.first, v, out.head(n), "symplectic system form", "dq/dt = f(p)");
        g_call(sys.second, v, out.tail(n), "symplectic system form", "dp/dt = g(q)");
    } else {
        out.head(n) = v;
        g_call(sys, v, out.tail(n), "symplectic system form", "dp/dt = g(q)");
    }
    return out;
}

/// Recover (M, K) from `sys` for states whose coordinates are `Coor` and momenta `Momentum`,
/// with n = `n` degrees of freedom.
/// \throws std::invalid_argument if the probed matrices are not a valid quadratic Lagrangian
///         (non-linear callables, non-symmetric or indefinite M or K).
template <class T, int N, class Coor, class Momentum, class System>
linear_system_matrices<T, N> system_matrices(System& sys, Eigen::Index n) {
    constexpr system_form form = form_of<System>();
    static_assert(form == system_form::quadratic_lagrangian || form == system_form::structural ||
                      form == system_form::odeint_pair || form == system_form::momentum_function,
                  "a linear stepper's dense path needs a dense quadratic_lagrangian (or an undamped, unloaded "
                  "structural_system) or odeint's system form with linear callables");
    if constexpr (form == system_form::quadratic_lagrangian || form == system_form::structural) {
        if (sys.size() != n)
            throw std::invalid_argument("linear stepper: the system has " + std::to_string(sys.size()) +
                                        " degrees of freedom but the state has " + std::to_string(n));
        return {sys.mass().template cast<T>(), sys.stiffness().template cast<T>(),
                sys.id(), vector<T, twice(N)>()};
    } else {
        matrix<T, N> M, K;
        if constexpr (form == system_form::odeint_pair) {
            const matrix<T, N> Minv = detail::probe_linear_map<T, N, Momentum, Coor>(sys.first, n, "dq/dt = f(p)");
            K = -detail::probe_linear_map<T, N, Coor, Momentum>(sys.second, n, "dp/dt = g(q)");
            M.resize(n, n);
            if (!try_solve(Minv, matrix<T, N>::Identity(n, n), M))
                throw std::invalid_argument("symplectic system form: the probed M^-1 is singular");
        } else {
            K = -detail::probe_linear_map<T, N, Coor, Momentum>(sys, n, "dp/dt = g(q)");
            M = matrix<T, N>::Identity(n, n);
        }
        try {
            quadratic_lagrangian<matrix<T, N>>::require_valid(M, K);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string("symplectic system form (matrices probed from the callables): ") +
                                        e.what());
        }
        detail::callable_adapter<Momentum, Coor> f_call;
        detail::callable_adapter<Coor, Momentum> g_call;
        return {std::move(M), std::move(K), 0, system_fingerprint<T, N, Coor, Momentum>(sys, n, f_call, g_call)};
    }
}

}  // namespace geomint
