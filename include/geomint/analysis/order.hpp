#pragma once
/// \file
/// Measured order of accuracy: a least-squares fit of log(error) against log(h) that drops
/// points at round-off level (docs/architecture.md, verification conventions). With three step sizes in geometric
/// progression the fit is the slope between the end points, as the "convergence order" column
/// of Table 2 of Rojas-Quintero et al. (2024).

#include "geomint/scalar.hpp"

#include <boost/math/statistics/linear_regression.hpp>

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint {

/// Result of `estimate_order`.
struct order_estimate {
    double order = 0;          ///< fitted slope d log(error) / d log(h)
    std::size_t points = 0;    ///< points used in the fit
    std::size_t dropped = 0;   ///< points dropped at or below the round-off floor
    std::size_t non_finite = 0;  ///< errors that are inf or NaN (then `order` is NaN)
};

/// Fit error ≈ C h^order by least squares in log–log coordinates.
///
/// \param h       step sizes (> 0), any order, same length as `error`.
/// \param error   error norms (≥ 0). A non-finite error (a run that blew up) makes the fitted
///                order NaN (counted in `non_finite`): it is never dropped as round-off.
/// \param floor   errors ≤ floor are dropped as round-off dominated (pass e.g.
///                `1000 * scalar_traits<T>::epsilon()` times the solution's scale).
/// \throws std::invalid_argument on mismatched lengths, h ≤ 0, or fewer than two usable points.
template <class T>
order_estimate estimate_order(const std::vector<T>& h, const std::vector<T>& error, const T& floor = T(0)) {
    if (h.size() != error.size())
        throw std::invalid_argument("estimate_order: " + std::to_string(h.size()) + " step sizes but " +
                                    std::to_string(error.size()) + " errors");
    std::vector<double> x, y;
    order_estimate r;
    using std::isfinite;
    for (std::size_t i = 0; i < h.size(); ++i) {
        if (!(h[i] > T(0))) throw std::invalid_argument("estimate_order: step size h[" + std::to_string(i) + "] <= 0");
        if (!isfinite(error[i])) {
            ++r.non_finite;
            continue;
        }
        if (!(error[i] > floor)) {
            ++r.dropped;
            continue;
        }
        x.push_back(std::log(static_cast<double>(h[i])));
        y.push_back(std::log(static_cast<double>(error[i])));
    }
    if (r.non_finite > 0) {
        r.order = std::numeric_limits<double>::quiet_NaN();
        r.points = x.size();
        return r;
    }
    if (x.size() < 2)
        throw std::invalid_argument("estimate_order: fewer than two errors above the round-off floor");
    bool distinct = false;
    for (double xi : x) distinct = distinct || xi != x.front();
    if (!distinct) throw std::invalid_argument("estimate_order: all usable step sizes are equal");
    r.order = boost::math::statistics::simple_ordinary_least_squares(x, y).second;
    r.points = x.size();
    return r;
}

}  // namespace geomint
