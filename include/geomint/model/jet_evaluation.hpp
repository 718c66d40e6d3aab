#pragma once
/// \file
/// How the models evaluate a user's callable of two vectors on `forward_jet`s (forward_jet.hpp):
/// a Lagrangian L(q, v) (`lagrangian_system`) and a Hamiltonian H(q, p) (`hamiltonian_system`)
/// are called with the 2n entries of (a, b) seeded as the 2n variables of jets of order 1
/// (gradient) or 2 (also the Hessian), one evaluation of the callable for all derivatives.
///
/// The jets' storage follows the vectors' size: exactly 2N directions for vectors of a
/// compile-time length N (fixed-size states: unrolled loops), at most `model_jet_capacity` held
/// in place for run-time lengths up to it, on the heap beyond. The argument vectors are a
/// thread's, kept between calls: an evaluation allocates nothing once they have n entries (the
/// evaluations of one thread never nest).

#include "geomint/forward_jet.hpp"
#include "geomint/matrix.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace geomint::detail {

/// The largest 2n whose jets the models hold in place (beyond: on the heap).
inline constexpr int model_jet_capacity = 8;

/// `use(function(xa, xb))` with xa, xb thread-kept `std::vector<J>` of the entries of a and b
/// seeded as variables 0 … n − 1 and n … 2n − 1 of 2n directions.
template <class J, class Vec, class Function, class Use>
auto evaluate_on_jets(const Vec& a, const Vec& b, const Function& function, const Use& use) {
    const Eigen::Index n = a.size();
    thread_local std::vector<J> xa, xb;
    xa.resize(std::size_t(n));
    xb.resize(std::size_t(n));
    for (Eigen::Index i = 0; i < n; ++i) {
        xa[std::size_t(i)].assign_variable(a(i), i, 2 * n);
        xb[std::size_t(i)].assign_variable(b(i), n + i, 2 * n);
    }
    return use(function(std::as_const(xa), std::as_const(xb)));
}

/// `use(function(xa, xb))` on Order-`Order` jets over T of the size a's type calls for (file
/// comment). Precondition: a and b of equal length n >= 1.
template <class T, int Order, class Vec, class Function, class Use>
auto with_model_jets(const Vec& a, const Vec& b, const Function& function, const Use& use) {
    constexpr int N = Vec::RowsAtCompileTime;
    if constexpr (N != Eigen::Dynamic) {
        return evaluate_on_jets<forward_jet<T, 2 * N, Order, jet_size::exactly>>(a, b, function, use);
    } else {
        if (2 * a.size() <= Eigen::Index(model_jet_capacity))
            return evaluate_on_jets<forward_jet<T, model_jet_capacity, Order>>(a, b, function, use);
        return evaluate_on_jets<forward_jet<T, Eigen::Dynamic, Order>>(a, b, function, use);
    }
}

}  // namespace geomint::detail
