#pragma once
/// \file
/// `matrix_free_system`: odeint's symplectic pair form of a linear system, M q̈ + K q = 0, that
/// the linear steppers apply as given — no probing into matrices.
///
/// By default a linear stepper recovers M and K from the pair (f, g) by probing unit vectors
/// (model/linear_system.hpp): 2n calls and dense n × n matrices, fine for small models. Wrapping
/// the pair in `geomint::matrix_free(f, g, omega_max_bound)` asks the stepper to use only the
/// callables: its linear solves are conjugate-gradient iterations on operators built from f and
/// g (scheme/linear/matrix_free_factors.hpp), so memory is O(n) and a step costs a few tens of
/// calls of f and g (depending on ω_max h and the precision).
///
/// f(p, dqdt): dq/dt = M⁻¹ p, g(q, dpdt): dp/dt = −K q, linear, with M, K symmetric positive
/// definite (not checked: that would need the matrices). Callables are called non-const, with
/// derivative containers sized (n entries, zeroed) first, as odeint does.
///
/// Damping and a load make it the matrix-free form of `structural_system`,
/// M q̈ + C q̇ + K q = f(t):
/// \code
///   auto sys = geomint::matrix_free(f, g, omega_max_bound).with_damping(c).with_load(load);
/// \endcode
/// with c(v, force): force = C v (C symmetric positive semidefinite, linear; the containers of
/// g: v a coordinate vector, force a momentum vector) and load(t) returning f(t) as an Eigen
/// vector of the stepper's scalar, length n (checked each call: model/load.hpp). Newmark's and
/// Simpson's steppers then take the discrete Lagrange–d'Alembert step by Krylov solves
/// (scheme/linear/lagrange_dalembert.hpp, eqs. (10)–(13)); the other steppers refuse it.

#include "geomint/error.hpp"
#include "geomint/model/load.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/state.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint {

/// No damping (the default of `matrix_free_system`).
struct no_damping {};

/// The pair (f, g), an upper bound of ω_max (rad per time unit) for the stability test of
/// Simpson's scheme (ω_max h < 2√2), which cannot be decided from the callables alone, and
/// optionally a damping operator D and a load L (`with_damping`, `with_load`).
template <class F, class G, class D = no_damping, class L = no_load>
struct matrix_free_system {
    /// Whether the model carries a damping operator.
    static constexpr bool has_damping = !std::is_same_v<D, no_damping>;
    /// Whether the model carries a load f(t).
    static constexpr bool has_load = !std::is_same_v<L, no_load>;
    /// `matrix_free` (conservative: every stepper of a separable pair takes it) or
    /// `matrix_free_structural` (with damping or a load: Newmark's and Simpson's steppers only).
    static constexpr system_form form =
        has_damping || has_load ? system_form::matrix_free_structural : system_form::matrix_free;
    F coordinate_rate;  ///< f(p, dqdt): dq/dt = M⁻¹ p
    G momentum_rate;    ///< g(q, dpdt): dp/dt = −K q
    /// Upper bound of ω_max given by the user; NaN when unknown (then Simpson's stepper needs
    /// stability_check::off).
    long double omega_max_bound = std::numeric_limits<long double>::quiet_NaN();
    D damping{};  ///< c(v, force): force = C v
    L load_function{};  ///< f(t), an Eigen vector of length n

    /// The same system with the damping operator c(v, force): force = C v (replaces any before).
    template <class C>
    matrix_free_system<F, G, C, L> with_damping(C c) const {
        return {coordinate_rate, momentum_rate, omega_max_bound, std::move(c), load_function};
    }
    /// The same system with the load f(t) (replaces any before).
    template <class Load>
    matrix_free_system<F, G, D, Load> with_load(Load f) const {
        return {coordinate_rate, momentum_rate, omega_max_bound, damping, std::move(f)};
    }

    /// f(t) as a length-n vector of `Vector`'s scalar (zero without a load).
    /// \throws std::invalid_argument naming t when the load returns another length or a
    ///         non-finite entry (model/load.hpp).
    template <class Vector, class Time>
    Vector load(const Time& t, Eigen::Index n) const {
        if constexpr (!has_load) {
            (void)t;
            return Vector::Zero(n);
        } else {
            return detail::evaluate_load<Vector>("matrix_free", load_function, t, n);
        }
    }
};

/// Wrap odeint's pair form (f, g) for the linear steppers' matrix-free path.
/// \param f dq/dt = f(p) = M⁻¹p, a linear callable (p, dqdt).
/// \param g dp/dt = g(q) = −Kq, a linear callable (q, dpdt).
/// \param omega_max_bound an upper bound of the largest generalized eigenfrequency ω_max
///        (finite, > 0), or omitted when unknown (Newmark needs none; Simpson's stepper then
///        needs stability_check::off).
/// \throws std::invalid_argument if a given bound is not finite and positive.
template <class F, class G>
matrix_free_system<F, G> matrix_free(F f, G g,
                                     long double omega_max_bound = std::numeric_limits<long double>::quiet_NaN()) {
    if (!std::isnan(omega_max_bound) && !(std::isfinite(omega_max_bound) && omega_max_bound > 0))
        throw std::invalid_argument("matrix_free: omega_max_bound = " + geomint::to_string(omega_max_bound) +
                                    " (precondition: finite and > 0, or omitted)");
    return {std::move(f), std::move(g), omega_max_bound};
}

/// Same, from odeint's `std::make_pair(f, g)`.
template <class F, class G>
matrix_free_system<F, G> matrix_free(std::pair<F, G> fg,
                                     long double omega_max_bound = std::numeric_limits<long double>::quiet_NaN()) {
    return matrix_free(std::move(fg.first), std::move(fg.second), omega_max_bound);
}

template <class S>
struct is_matrix_free_system : std::false_type {};
template <class F, class G, class D, class L>
struct is_matrix_free_system<matrix_free_system<F, G, D, L>> : std::true_type {};

}  // namespace geomint
