#pragma once
/// \file
/// Gauss–Newton for systems of equations that may be under- or overdetermined: each step is the
/// minimum-norm least-squares solution of J Δx = −r (Eigen's complete orthogonal decomposition),
/// with the Jacobian from dual<T> residuals (forward-mode autodiff), so an underdetermined system
/// converges to the point of its solution set nearest the start and a consistent overdetermined
/// one to its solution. The Jacobian is kept while the residuals shrink at least tenfold per step
/// (a chord iteration) and recomputed otherwise.
///
/// Stopping rule (the residual form of the rules of solver/options.hpp): iterate until the
/// largest residual is 0, or a step from a fresh Jacobian no longer decreases it (round-off
/// reached), or the cap (`iteration_options::max_iterations`, 80 here by default); then accept
/// the point if the largest residual is within the caller's tolerance.
/// Used to solve the order conditions of the splitting catalogue at 120 digits
/// (scheme/composition/order_conditions.hpp).

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/solver/options.hpp"

#include <Eigen/QR>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint {

/// Solves residuals(x) = 0 from `x` by minimum-norm Gauss–Newton in T (see the file comment).
///
/// \param x         the starting point.
/// \param residuals a generic callable std::vector<U> → std::vector<U>, called with U = T and
///                  U = dual<T>.
/// \param name      what is solved (for error messages).
/// \param options   the iteration cap.
/// \param tolerance a callable x ↦ the largest residual accepted at x.
/// \throws std::runtime_error (naming `name` and the largest residual) if the iteration stops
///         above the tolerance.
template <class T, class Residuals, class Tolerance>
std::vector<T> gauss_newton(std::vector<T> x, Residuals&& residuals, const char* name, Tolerance&& tolerance,
                            const iteration_options& options = {.max_iterations = 80}) {
    using std::abs;
    const Eigen::Index m = Eigen::Index(x.size());
    auto largest = [](const std::vector<T>& r) {
        T worst(0);
        for (const T& v : r) worst = (std::max)(worst, T(abs(v)));
        return worst;
    };
    Eigen::CompleteOrthogonalDecomposition<matrix<T>> cod;
    bool have_jacobian = false, jacobian_at_x = false;
    std::vector<T> r = residuals(x);
    T last = largest(r);
    for (int it = 0; it < options.max_iterations && last != T(0); ++it) {
        if (!have_jacobian) {
            matrix<T> J(Eigen::Index(r.size()), m);
            for (Eigen::Index u = 0; u < m; ++u) {
                std::vector<dual<T>> xd(x.begin(), x.end());
                xd[std::size_t(u)] = make_dual(x[std::size_t(u)], T(1));
                const auto rd = residuals(xd);
                for (Eigen::Index k = 0; k < J.rows(); ++k) J(k, u) = tangent_of(rd[std::size_t(k)]);
            }
            cod.compute(J);
            have_jacobian = jacobian_at_x = true;
        }
        vector<T> rv(Eigen::Index(r.size()));
        for (Eigen::Index k = 0; k < rv.size(); ++k) rv(k) = r[std::size_t(k)];
        const vector<T> step = cod.solve(vector<T>(-rv));
        std::vector<T> next = x;
        for (Eigen::Index u = 0; u < m; ++u) next[std::size_t(u)] += step(u);
        std::vector<T> r_next = residuals(next);
        const T now = largest(r_next);
        if (!(now < last)) {
            if (jacobian_at_x) break;  // a fresh Jacobian no longer helps: converged to round-off
            have_jacobian = false;     // the chord stalled: recompute at x and retry
            continue;
        }
        if (now > last / T(10)) have_jacobian = false;
        jacobian_at_x = false;
        x = std::move(next);
        r = std::move(r_next);
        last = now;
    }
    if (!(last <= tolerance(x)))
        throw std::runtime_error(std::string(name) + ": Gauss-Newton did not converge (largest residual " +
                                 geomint::to_string(last) + " > tolerance " + geomint::to_string(T(tolerance(x))) + ")");
    return x;
}

}  // namespace geomint
