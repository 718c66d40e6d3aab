#pragma once
/// \file
/// Extrapolation of a symmetric one-step method in h² (Gragg 1965; Bulirsch & Stoer, Numer. Math.
/// 8 (1966) 1; Hairer, Nørsett & Wanner, Solving ODEs I, §II.9, eq. (9.10)–(9.12); Deuflhard,
/// SIAM Rev. 27 (1985) 505 for the even sequence n_j = 2j): a macro step H is taken n_j times in
/// substeps H/n_j by the base method (T_{j,1}), and the Aitken–Neville table
///
///     T_{j,l+1} = T_{j,l} + (T_{j,l} − T_{j−1,l}) / ((n_j / n_{j−l})² − 1)
///
/// eliminates the even powers of the global error: T_{j,j} has order 2j. A symmetric base method
/// (Störmer–Verlet, the leapfrog of a time-transformed Hamiltonian) has an error expansion in h²
/// alone, so that no Gragg smoothing step is needed. The result is neither symplectic nor
/// time-symmetric once the step and the column count are chosen by error control; it is the
/// scheme of the algorithmic-regularization codes (Mikkola & Tanikawa 1999; Mikkola & Aarseth
/// 2002), used where close encounters make a fixed fictitious step too coarse
/// (stepper/time_transformed_stepper.hpp).
///
/// The column j stops at the first j >= `first_column` with the error estimate
/// max_i |T_{j,j} − T_{j,j−1}|_i / (1 + |T_{j,j}|_i) <= tolerance (HNW I (9.14)'s mixed norm with
/// atol = rtol), or at `Columns`; the step is accepted when the estimate is within the tolerance.
/// The next H is H · min(4, max(1/5, 0.9 (tolerance/err)^(1/(2j+1)))) (HNW I (9.15), with j the
/// column reached).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scalar.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// Extrapolation of Störmer–Verlet in h² with error control, up to `Columns` columns (order
/// 2 Columns; n_j = 2, 4, …, 2 Columns substeps, Σ n_j = Columns (Columns + 1) force evaluations
/// a step at most).
/// \tparam Columns the largest column (2 … 12); default 8 (order 16).
template <int Columns = 8>
struct gragg_bulirsch_stoer {
    static_assert(Columns >= 2 && Columns <= 12, "gragg_bulirsch_stoer: Columns in 2 … 12");
    /// The largest column.
    static constexpr int columns = Columns;
    /// The order of the last column, 2 Columns.
    static constexpr unsigned short order = 2 * Columns;
    /// Short name for reports.
    static constexpr const char* name = "gragg_bulirsch_stoer";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Bulirsch & Stoer, Numer. Math. 8 (1966) 1; Hairer, Norsett & Wanner, Solving ODEs I, Sec. II.9";

    /// The local error tolerance of a macro step (mixed absolute and relative, see the file's
    /// comment); > 0 and finite. Default 1e-12.
    double tolerance = 1e-12;
    /// The first column at which convergence may stop the table (1-based order 2 first_column);
    /// 2 … Columns. Default 3.
    int first_column = 3;

    /// \throws std::invalid_argument naming a tolerance that is not finite and > 0, or a
    /// first_column outside 2 … Columns.
    void validate() const {
        if (!std::isfinite(tolerance) || !(tolerance > 0))
            throw std::invalid_argument("gragg_bulirsch_stoer: tolerance = " + std::to_string(tolerance) +
                                        " (precondition: finite and > 0)");
        if (first_column < 2 || first_column > Columns)
            throw std::invalid_argument("gragg_bulirsch_stoer: first_column = " + std::to_string(first_column) +
                                        " (precondition: 2 <= first_column <= " + std::to_string(Columns) + ")");
    }
};

/// The outcome of one extrapolated macro step.
template <class State, class T>
struct extrapolated_step {
    /// T_{j,j}: the most extrapolated value.
    State state;
    /// The column j reached (2 … Columns).
    int column = 0;
    /// The error estimate divided by the tolerance (<= 1: accept).
    T error{};
};

/// One macro step H from y0 by extrapolating `base(y, h, substeps)` (which advances a copy of y by
/// `substeps` steps of h of a symmetric method) over n_j = 2j, j = 1 … up to `last` (or until
/// the estimate at a column >= `first` is within `tolerance`, if `stop_early`).
/// State: std::pair of two Eigen vectors (q, p).
/// \returns T_{j,j}, the column j and the scaled error estimate.
template <class State, class Base, class T>
extrapolated_step<State, T> extrapolate(Base&& base, const State& y0, const T& H, int first, int last, double tolerance,
                                        bool stop_early) {
    using std::abs;
    using std::max;
    std::vector<State> row, previous;
    extrapolated_step<State, T> out;
    for (int j = 1; j <= last; ++j) {
        const int nj = 2 * j;
        row.clear();
        row.push_back(base(y0, T(H / T(nj)), nj));
        for (int l = 1; l < j; ++l) {
            const T ratio = T(nj) / T(2 * (j - l)), factor = T(1) / (ratio * ratio - 1);
            State next = row[l - 1];
            next.first += (row[l - 1].first - previous[l - 1].first) * factor;
            next.second += (row[l - 1].second - previous[l - 1].second) * factor;
            row.push_back(std::move(next));
        }
        out.column = j;
        if (j > 1) {
            const State& a = row[j - 1];
            const State& b = row[j - 2];
            T e(0);
            for (Eigen::Index i = 0; i < a.first.size(); ++i) e = max(e, T(abs(a.first(i) - b.first(i)) / (1 + abs(a.first(i)))));
            for (Eigen::Index i = 0; i < a.second.size(); ++i)
                e = max(e, T(abs(a.second(i) - b.second(i)) / (1 + abs(a.second(i)))));
            out.error = e / T(tolerance);
        }
        if (j == last || (stop_early && j >= first && out.error <= T(1))) break;
        std::swap(row, previous);
    }
    out.state = std::move(row.back());
    return out;
}

/// The next macro step after a step of column j with scaled error `error` (HNW I (9.15)).
template <class T>
T next_macro_step(const T& H, const T& error, int column) {
    using std::max;
    using std::min;
    using std::pow;
    const T floor_err = max(error, std::numeric_limits<T>::min());  // an exact estimate: the largest step (4 H)
    return H * min(T(4), max(T(1) / T(5), T(9) / T(10) * T(pow(T(1) / floor_err, T(1) / T(2 * column + 1)))));
}

}  // namespace geomint::scheme
