#pragma once
/// \file
/// Error norms of a discrete trajectory against a reference solution.
///
/// The norm is the one that reproduces Table 2 of Rojas-Quintero et al. (2024):
/// ‖e‖∞ = max over steps j = 1..N of the Euclidean norm ‖q_j − q_ex(t_j)‖₂ (same for p).

#include "geomint/linalg.hpp"
#include "geomint/state.hpp"

#include <cmath>
#include <cstddef>
#include <type_traits>
#include <utility>

namespace geomint {

/// max_j ‖q_j − q_ex(t_j)‖₂ and max_j ‖p_j − p_ex(t_j)‖₂.
template <class T>
struct error_norms {
    /// max_j ‖q_j − q_ex(t_j)‖₂.
    T q{0};
    /// max_j ‖p_j − p_ex(t_j)‖₂.
    T p{0};
};

/// Coordinates q of a state: `x.first` of a (q, p) pair, the first half of a flat (q, p) vector.
template <class State>
auto coordinates_of(const State& x) {
    if constexpr (is_std_pair<State>::value) return as_eigen(x.first);
    else return as_eigen(x).head(as_eigen(x).size() / 2);
}

/// Momenta p of a state: `x.second` of a (q, p) pair, the second half of a flat vector.
template <class State>
auto momenta_of(const State& x) {
    if constexpr (is_std_pair<State>::value) return as_eigen(x.second);
    else return as_eigen(x).tail(as_eigen(x).size() / 2);
}

namespace detail {
/// m = max(m, v), where NaN is the largest value and stays: a NaN error is never dropped.
template <class T>
void record_max(T& m, const T& v) {
    using std::isnan;
    if (isnan(m)) return;
    if (isnan(v) || v > m) m = v;
}
}  // namespace detail

/// Step `stepper` N times with step h from `x` (at t = 0) on `system` and return the max error
/// norms against `q_exact(t)`, `p_exact(t)` (callables returning length-n Eigen vectors).
/// `stepper` is any odeint stepper (stepper_tag); `x` is a (q, p) pair or a flat (q, p) vector
/// (as for odeint's `runge_kutta4` on `quadratic_lagrangian`'s first-order form).
/// Time t_j = j h is computed, not accumulated.
///
/// A non-finite error (a run that blew up: inf or NaN in the state) is kept: once a step's error
/// is NaN the result is NaN, and an infinite error makes it inf, so a diverged run never reads as
/// accurate. What the stepper throws on a non-finite state propagates.
template <class Stepper, class System, class State, class T, class QExact, class PExact>
error_norms<T> max_error_norms(Stepper stepper, const System& system, State x, const T& h, std::size_t N,
                               const QExact& q_exact, const PExact& p_exact) {
    error_norms<T> e;
    for (std::size_t j = 1; j <= N; ++j) {
        stepper.do_step(system, x, T(static_cast<unsigned long long>(j - 1)) * h, h);
        const T t = T(static_cast<unsigned long long>(j)) * h;
        const T eq = (coordinates_of(x) - q_exact(t)).norm();
        const T ep = (momenta_of(x) - p_exact(t)).norm();
        detail::record_max(e.q, eq);
        detail::record_max(e.p, ep);
    }
    return e;
}

}  // namespace geomint
