#pragma once
/// \file
/// A model's load f(t): the time-dependent generalized force of `structural_system` and of a
/// forced `matrix_free_system`, evaluated and checked in one place.

#include "geomint/error.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>

namespace geomint::detail {

/// f(t) as a length-n vector of `Vector`'s scalar, for a callable f(t) returning an Eigen vector.
/// \throws std::invalid_argument naming `model` and t when f(t) has another length than n, or
///         naming t, the entry and its value when an entry is not finite.
template <class Vector, class Load, class Time>
Vector evaluate_load(const char* model, const Load& f, const Time& t, Eigen::Index n) {
    using T = typename Vector::Scalar;
    const auto v = f(t);  // checked before it is converted to a length-n vector
    if (v.size() != n)
        throw std::invalid_argument(std::string(model) + ": the load at t = " + geomint::to_string(t) + " has " +
                                    std::to_string(v.size()) + " entries (precondition: n = " + std::to_string(n) +
                                    ")");
    if (const Eigen::Index k = first_non_finite(v); k >= 0)
        throw std::invalid_argument(std::string(model) + ": the load at t = " + geomint::to_string(t) +
                                    " has a non-finite entry f(" + std::to_string(k) + ") = " +
                                    geomint::to_string(T(v(k))) + " (precondition: all entries finite)");
    return Vector(v);
}

}  // namespace geomint::detail
