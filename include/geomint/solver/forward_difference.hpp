#pragma once
/// \file
/// A Jacobian by forward differences in the scalar type T, returned in double: the Jacobians that
/// mixed-precision Newton corrections factor in double (scheme/galerkin/fixed_point.hpp,
/// scheme/constrained/constrained_lobatto.hpp), where a model gives values only.

#include "geomint/matrix.hpp"
#include "geomint/scalar.hpp"
#include "geomint/solver/settling_iteration.hpp"

#include <cmath>

namespace geomint {

/// J.col(c) = (rate(x + η e_c) − at) / η for c = 0 … n − 1, `rate(x, out)` writing `out` (the
/// caller's work vector) and `at` = rate(x): the step η = √ε_T·max(1, |x_c|), taken as the
/// representable difference (x_c + η) − x_c; the differences of the rates in T, the quotients in
/// double (the accuracy a Jacobian factored in double needs). x is restored entry by entry.
/// Cost: n calls of `rate`. \pre T is not a dual number (value_of is its identity).
template <class T, class X, class Rate, class Out, class At, class J>
void forward_difference_in_double(Rate&& rate, X& x, Out& out, const At& at, J&& jacobian) {
    using std::abs;
    using std::sqrt;
    static const T root_eps = sqrt(scalar_traits<T>::epsilon());
    for (Eigen::Index c = 0; c < x.size(); ++c) {
        const T xc = x(c), size = abs(xc);
        x(c) = xc + root_eps * (size > T(1) ? size : T(1));
        const double eta = static_cast<double>(T(x(c) - xc));  // exact: η and x_c are close in T
        rate(x, out);
        jacobian.col(c) = in_double(out - at) / eta;
        x(c) = xc;
    }
}

}  // namespace geomint
