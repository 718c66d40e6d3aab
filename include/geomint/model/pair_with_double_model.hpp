#pragma once
/// \file
/// `with_double_model(pair, double_pair)`: odeint's symplectic pair form (f, g) at a wide scalar
/// T with the same pair written at double attached. The Galerkin VI (stepper/galerkin_vi_stepper.hpp)
/// then solves each step's stage equations in double first and starts the fixed point's Newton
/// corrections in T from that solution (scheme/galerkin/fixed_point.hpp); every other stepper
/// of geomint sees the pair alone, as `std::make_pair(f, g)`. odeint's own steppers dispatch on
/// the type std::pair itself: hand them `sys.pair()`.
///
/// \code
///   using T = geomint::mp<50>;
///   auto g = [](const auto& q, auto& dpdt) {  // generic: the same lambda serves T and double
///       using S = std::decay_t<decltype(q[0])>;
///       using std::sqrt;
///       const S r2 = q[0] * q[0] + q[1] * q[1], r3 = r2 * sqrt(r2);
///       dpdt = {-q[0] / r3, -q[1] / r3};
///   };
///   auto f = [](const auto& p, auto& dqdt) { dqdt = p; };
///   geomint::galerkin_vi_stepper<std::array<T, 2>, 2> stepper;
///   const auto kepler = geomint::with_double_model(std::make_pair(f, g), std::make_pair(f, g));
///   boost::numeric::odeint::integrate_const(stepper, kepler, x, T(0), T(100), T(1) / 32);
/// \endcode
///
/// The double pair sets the cost, not the result: the corrections converge to T's stage
/// equations from wherever the double solution starts them, and where the double solve fails
/// (its sweeps do not settle, or a state beyond double's range) the step starts as without it.

#include "geomint/model/system_form.hpp"

#include <utility>

namespace geomint {

/// odeint's pair (f, g) at T (the base: `first` = f(p, dqdt), `second` = g(q, dpdt) on the state's
/// containers) with `double_model`, the same pair on the containers at double (std::array<T, n> →
/// std::array<double, n>, std::vector<T> → std::vector<double>, an Eigen vector likewise).
template <class F, class G, class DoubleF, class DoubleG>
struct pair_with_double_model : std::pair<F, G> {
    /// The form a stepper dispatches on (model/system_form.hpp): odeint's pair.
    static constexpr system_form form = system_form::odeint_pair;
    /// The same pair at double.
    std::pair<DoubleF, DoubleG> double_model;

    /// The pair at T alone (for odeint's own steppers, which take a std::pair).
    const std::pair<F, G>& pair() const { return *this; }
};

/// The pair `system` with its double copy `double_model` attached (each copied; pass std::ref
/// to share a callable). Precondition, not checked: both pairs describe the same system (the
/// double one with its constants rounded to double).
template <class F, class G, class DoubleF, class DoubleG>
pair_with_double_model<F, G, DoubleF, DoubleG> with_double_model(std::pair<F, G> system,
                                                                 std::pair<DoubleF, DoubleG> double_model) {
    return {std::move(system), std::move(double_model)};
}

/// Whether `S` carries a double copy of its pair (`with_double_model`).
template <class S>
constexpr bool has_double_pair = requires(S& s) { s.double_model.first; };

}  // namespace geomint
