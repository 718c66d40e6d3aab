#pragma once
/// \file
/// The order conditions checked on a splitting stepper's own coefficients: for any stepper that
/// exposes odeint's `coef_a()` and `coef_b()` (drift a_l then kick b_l: odeint's symplectic RKN
/// steppers, geomint's splitting_stepper), the largest residual of the order-p conditions
/// (scheme/composition/order_conditions.hpp) of the coefficients exactly as the stepper holds
/// them, evaluated at 120 digits — how far rounding or a misprint leaves the method from its
/// claimed order, which a run cannot show once that residual is below the run's errors.

#include "geomint/scheme/composition/order_conditions.hpp"
#include "geomint/precision.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace geomint::conformance {

/// Largest |residual| of the order-`order` splitting conditions of `stepper`'s coefficients
/// (in mp<120>; converted from the stepper's scalar exactly when it has at most 100 digits).
/// \param stepper a splitting stepper exposing `coef_a()` and `coef_b()` (odeint's convention).
/// \param order   the order whose conditions are evaluated.
/// \param nystrom check modulo [B,[B,[B,A]]] = 0 (a Runge–Kutta–Nyström method).
template <class Stepper>
double coefficient_residual(const Stepper& stepper, int order, bool nystrom = false) {
    using W = mp<120>;
    std::vector<W> a, b;
    for (const auto& x : stepper.coef_a()) a.push_back(W(x));
    for (const auto& x : stepper.coef_b()) b.push_back(W(x));
    const scheme::word_basis basis = scheme::splitting_basis(order);
    std::optional<scheme::nystrom_quotient<W>> quotient;
    if (nystrom) quotient.emplace(basis);
    W worst(0);
    using std::abs;
    for (const W& r : scheme::splitting_residuals(basis, a, b, quotient ? &*quotient : nullptr)) worst = (std::max)(worst, W(abs(r)));
    return static_cast<double>(worst);
}

}  // namespace geomint::conformance
