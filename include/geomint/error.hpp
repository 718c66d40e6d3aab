#pragma once
/// \file
/// The `geomint::error` hierarchy and the formatting helper every message uses.
///
/// Conventions (docs/architecture.md, verification conventions):
/// - `std::invalid_argument` for a bad model or argument (non-symmetric M, h <= 0, NaN state);
/// - `geomint::unstable_step_error` when a step size violates a scheme's stability bound;
/// - `geomint::singular_step_error` when a scheme's linear system is singular at this h;
/// - `geomint::convergence_error` when an iterative solve fails (iterations, residual).
/// Values are printed with digits10 + 3 significant digits, so the message identifies them.

#include "geomint/scalar.hpp"

#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace geomint {

/// Print a scalar with enough digits to identify it (digits10 + 3).
template <class T>
std::string to_string(const T& value) {
    std::ostringstream os;
    os.precision(print_digits<T>());
    os << value;
    return os.str();
}

/// Base of geomint's own run-time errors.
struct error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A step size outside a scheme's stability set.
/// `omega_max * h` is compared with `bound` (2√2 for Simpson's scheme, eq. (40)).
struct unstable_step_error : error {
    /// \p what is the message; the figures are kept for programs that react to them.
    unstable_step_error(const std::string& what, long double omega_max, long double h, long double bound)
        : error(what), omega_max(omega_max), h(h), bound(bound) {}
    long double omega_max;  ///< largest generalized eigenfrequency of (K, M), rad per time unit
    long double h;          ///< the rejected step size
    long double bound;      ///< the bound on omega_max * h that was violated
};

/// A scheme's linear system is singular at this step size (e.g. Simpson's L at ω h = 2√2).
struct singular_step_error : error {
    using error::error;
};

/// `what` as a string: itself (a string or C string), or what calling it returns (a callable
/// that builds the description only when an error is reported, off the hot path).
template <class What>
std::string describe(const What& what) {
    if constexpr (std::is_invocable_v<const What&>) return what();
    else return std::string(what);
}

/// An iterative solve did not converge.
struct convergence_error : error {
    /// \p what is the message; the iteration count and the last residual are kept.
    convergence_error(const std::string& what, int iterations, long double residual)
        : error(what), iterations(iterations), residual(residual) {}
    /// Iterations performed.
    int iterations;
    /// The last residual (the solver's norm).
    long double residual;
};

namespace detail {
/// Throw `std::invalid_argument` unless `h` is finite and strictly positive.
template <class T>
void require_positive_step(const T& h, const char* who) {
    if constexpr (is_symbolic_v<T>) return;  // an assumption on the symbol (is_symbolic_v)
    else if (!(h > T(0)) || !is_finite(h))
        throw std::invalid_argument(std::string(who) + ": step size h = " + geomint::to_string(h) +
                                    " violates the precondition 0 < h < infinity");
}
}  // namespace detail

}  // namespace geomint
