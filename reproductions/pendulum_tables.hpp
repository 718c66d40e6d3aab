#pragma once
/// \file
/// Reproduction code of the `geomint` program and its tests (not installed: the library holds no
/// printed values or table runners).
/// Tables 1–4 of Cieśliński & Ratkiewicz as printed, and the runs that recompute them.
///
/// The eight columns, in the paper's order: leap-frog, Suris1, Suris2, gradient, mod. grad.,
/// projection, sym. proj., midpoint (`pendulum_paper_schemes`). Every run starts at φ_0 = 0 with
/// speed p0 on the simple pendulum with k = 1, and measures, as the paper does:
/// - Table 2: relative error of A = A_avg(0, 50) against 2 arcsin(p0/2);
/// - Tables 3, 4: relative error of T = T̄_avg(0, 100, 200) against the elliptic period;
///   Table 4 (p0 = 2 + Δ) also classifies the motion (a printed "·" = wrong qualitative motion);
/// - Table 1: max and min of T_N over J + 100 < N ≤ J + 200 and T̄_avg(J', 100, 200), for p0 = 1.95,
///   ε = 0.2, J = J' = 0 and J ≈ 1.8·10⁶ periods, J' = 1.8·10⁶ zeros (the paper's text, §8).
/// The printed values are the paper's data (double literals on purpose: they are what we compare
/// with, not coefficients).

#include "geomint/analysis/period_amplitude.hpp"
#include "geomint/exact/pendulum_solution.hpp"
#include "geomint/stepper/newton_equation_stepper.hpp"

#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>

namespace geomint::reproduction {

/// The paper's eight schemes, in the column order of Tables 2–4.
using pendulum_paper_schemes =
    std::tuple<scheme::leapfrog, scheme::suris1, scheme::suris2, scheme::discrete_gradient,
               scheme::modified_discrete_gradient, scheme::standard_projection<>, scheme::symmetric_projection<>,
               scheme::implicit_midpoint>;

/// Call `f(std::type_identity<Scheme>{}, column)` for each of the eight schemes.
template <class F>
void for_each_paper_scheme(F&& f) {
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        (f(std::type_identity<std::tuple_element_t<I, pendulum_paper_schemes>>{}, I), ...);
    }(std::make_index_sequence<std::tuple_size_v<pendulum_paper_schemes>>{});
}

/// The column labels of the paper, in order.
inline const std::array<const char*, 8>& pendulum_paper_labels() {
    static const std::array<const char*, 8> labels{"leap-frog", "Suris1",     "Suris2",     "gradient",
                                                   "mod. grad.", "projection", "sym. proj.", "midpoint"};
    return labels;
}

/// One printed row of Tables 2–4: step ε, p0 (Table 4: p0 − 2), eight values (NaN = "·").
struct pendulum_printed_row {
    double eps;
    double p0;
    std::array<double, 8> value;
};

namespace detail {
inline constexpr double nan_ = std::numeric_limits<double>::quiet_NaN();
}

/// Table 2 (relative error of the amplitude), as printed.
inline const std::vector<pendulum_printed_row>& pendulum_table2_printed() {
    using detail::nan_;
    static const std::vector<pendulum_printed_row> rows{
        {0.02, 0.05, {5.00E-05, 1.50E-04, 1.00E-04, -1.86E-08, -1.87E-08, -1.68E-08, -1.71E-08, -2.89E-08}},
        {0.02, 0.1, {5.00E-05, 1.50E-04, 9.99E-05, -1.85E-08, -1.84E-08, -1.10E-08, -1.21E-08, -6.01E-08}},
        {0.02, 0.3, {5.00E-05, 1.48E-04, 9.92E-05, -1.74E-08, -1.68E-08, 4.58E-08, 5.09E-08, -3.95E-07}},
        {0.02, 0.5, {5.00E-05, 1.46E-04, 9.79E-05, -1.55E-08, -1.56E-08, 1.69E-08, -8.59E-09, -1.08E-06}},
        {0.02, 0.8, {5.02E-05, 1.39E-04, 9.47E-05, -9.03E-09, -8.37E-09, -1.46E-07, -2.05E-07, -2.84E-06}},
        {0.02, 1.2, {5.13E-05, 1.26E-04, 8.86E-05, -3.85E-09, -3.88E-09, -4.55E-09, 2.18E-09, -7.00E-06}},
        {0.02, 1.6, {5.66E-05, 1.08E-04, 8.24E-05, 2.71E-09, 2.68E-09, 5.42E-10, 1.33E-08, -1.53E-05}},
        {0.02, 1.8, {6.73E-05, 1.02E-04, 8.48E-05, 4.07E-09, 3.96E-09, 4.56E-09, 4.10E-09, -2.49E-05}},
        {0.5, 0.05, {2.54E-02, 8.52E-02, 5.58E-02, -6.34E-03, -6.87E-03, -3.15E-02, -3.16E-02, -6.35E-03}},
        {0.5, 0.1, {2.55E-02, 8.52E-02, 5.57E-02, -6.32E-03, -6.80E-03, -3.05E-02, -3.14E-02, -6.34E-03}},
        {0.5, 0.3, {2.58E-02, 8.46E-02, 5.56E-02, -6.07E-03, -6.59E-03, -2.55E-02, -2.76E-02, -6.27E-03}},
        {0.5, 0.5, {2.65E-02, 8.34E-02, 5.54E-02, -5.72E-03, -6.13E-03, -1.44E-02, -2.13E-02, -6.30E-03}},
        {0.5, 0.8, {2.81E-02, 8.05E-02, 5.46E-02, -4.58E-03, -5.01E-03, 8.86E-03, -5.54E-03, -6.12E-03}},
        {0.5, 1.2, {3.07E-02, 7.42E-02, 5.32E-02, -2.44E-03, -2.69E-03, 3.40E-02, 1.95E-02, -6.54E-03}},
        {0.5, 1.6, {3.84E-02, 6.52E-02, 5.19E-02, 1.80E-04, 1.46E-04, 9.31E-03, 1.76E-02, -9.00E-03}},
        {0.5, 1.8, {4.76E-02, 6.14E-02, 5.46E-02, 1.22E-03, 1.31E-03, 5.56E-03, 5.70E-03, -1.36E-02}},
    };
    return rows;
}

/// Table 3 (relative error of the period), as printed.
inline const std::vector<pendulum_printed_row>& pendulum_table3_printed() {
    using detail::nan_;
    static const std::vector<pendulum_printed_row> rows{
        {0.02, 0.02, {-1.67E-05, 8.33E-05, 3.33E-05, 3.33E-05, -3.34E-09, -1.66E-05, -1.66E-05, 3.33E-05}},
        {0.02, 0.05, {-1.66E-05, 8.33E-05, 3.33E-05, 3.33E-05, -2.08E-08, -1.64E-05, -1.65E-05, 3.33E-05}},
        {0.02, 0.1, {-1.66E-05, 8.32E-05, 3.33E-05, 3.32E-05, -8.34E-08, -1.56E-05, -1.59E-05, 3.32E-05}},
        {0.02, 0.3, {-1.59E-05, 8.18E-05, 3.30E-05, 3.26E-05, -7.52E-07, -6.74E-06, -1.01E-05, 3.24E-05}},
        {0.02, 0.5, {-1.45E-05, 7.92E-05, 3.23E-05, 3.12E-05, -2.10E-06, 1.11E-05, 1.70E-06, 3.07E-05}},
        {0.02, 0.8, {-1.08E-05, 7.28E-05, 3.10E-05, 2.79E-05, -5.45E-06, 5.58E-05, 3.16E-05, 2.63E-05}},
        {0.02, 1.0, {-6.99E-06, 6.71E-05, 3.01E-05, 2.47E-05, -8.63E-06, 9.86E-05, 6.05E-05, 2.20E-05}},
        {0.02, 1.2, {-1.48E-06, 6.05E-05, 2.95E-05, 2.07E-05, -1.27E-05, 1.53E-04, 9.80E-05, 1.62E-05}},
        {0.02, 1.4, {6.86E-06, 5.37E-05, 3.03E-05, 1.56E-05, -1.77E-05, 2.21E-04, 1.46E-04, 8.30E-06}},
        {0.02, 1.6, {2.12E-05, 4.92E-05, 3.52E-05, 9.31E-06, -2.40E-05, 3.05E-04, 2.07E-04, -3.63E-06}},
        {0.02, 1.8, {5.64E-05, 5.91E-05, 5.77E-05, 9.19E-07, -3.24E-05, 4.08E-04, 2.87E-04, -2.75E-05}},
        {0.02, 1.95, {2.17E-04, 1.90E-04, 2.03E-04, -9.09E-06, -4.24E-05, 4.99E-04, 3.72E-04, -1.15E-04}},
        {0.02, 2.05, {-2.44E-04, -2.78E-04, -2.61E-04, -1.14E-05, -4.47E-05, -3.47E-06, 1.57E-04, 1.14E-04}},
        {0.02, 2.2, {-9.25E-05, -1.13E-04, -1.03E-04, -7.02E-06, -4.04E-05, -7.22E-05, 1.04E-04, 4.10E-05}},
        {0.02, 2.5, {-5.71E-05, -6.97E-05, -6.34E-05, -4.20E-06, -3.75E-05, -1.08E-04, 6.77E-05, 2.54E-05}},
        {0.02, 3, {-4.45E-05, -5.18E-05, -4.81E-05, -2.44E-06, -3.58E-05, -1.28E-04, 4.18E-05, 2.04E-05}},
        {0.02, 5, {-3.61E-05, -3.83E-05, -3.72E-05, -7.26E-07, -3.41E-05, -1.43E-04, 1.46E-05, 1.75E-05}},
        {0.5, 0.02, {-1.06E-02, 5.07E-02, 2.05E-02, 2.05E-02, -2.03E-06, -1.06E-02, -1.07E-02, 2.05E-02}},
        {0.5, 0.05, {-1.06E-02, 5.07E-02, 2.05E-02, 2.05E-02, -1.25E-05, -1.05E-02, -1.06E-02, 2.05E-02}},
        {0.5, 0.1, {-1.06E-02, 5.06E-02, 2.05E-02, 2.04E-02, -5.02E-05, -9.86E-03, -1.03E-02, 2.04E-02}},
        {0.5, 0.3, {-1.01E-02, 4.97E-02, 2.03E-02, 2.01E-02, -4.53E-04, -3.29E-03, -7.54E-03, 1.99E-02}},
        {0.5, 0.5, {-9.17E-03, 4.80E-02, 1.98E-02, 1.93E-02, -1.27E-03, 1.01E-02, -1.69E-03, 1.89E-02}},
        {0.5, 0.8, {-6.71E-03, 4.40E-02, 1.89E-02, 1.73E-02, -3.30E-03, 4.43E-02, 1.42E-02, 1.64E-02}},
        {0.5, 1, {-4.13E-03, 4.02E-02, 1.83E-02, 1.53E-02, -5.25E-03, 7.85E-02, 3.12E-02, 1.38E-02}},
        {0.5, 1.2, {-4.05E-04, 3.58E-02, 1.79E-02, 1.29E-02, -7.74E-03, 1.24E-01, 5.55E-02, 1.03E-02}},
        {0.5, 1.4, {5.31E-03, 3.11E-02, 1.83E-02, 9.82E-03, -1.09E-02, 1.84E-01, 9.04E-02, 5.56E-03}},
        {0.5, 1.6, {2.40E-02, 3.74E-02, 3.08E-02, 8.57E-03, -2.13E-02, 4.11E-01, 2.14E-01, -1.91E-03}},
        {0.5, 1.8, {4.28E-02, 3.27E-02, 3.80E-02, 6.42E-04, -2.03E-02, 3.15E-01, 2.19E-01, -1.56E-02}},
        {0.5, 1.95, {3.41E-01, 1.86E-01, 2.56E-01, -5.72E-03, -2.68E-02, 2.86E-01, 3.06E-01, -5.94E-02}},
        {0.5, 2.05, {-1.17E-01, -1.19E-01, -1.19E-01, -7.20E-03, -2.83E-02, -4.02E-02, 1.14E-01, 9.20E-02}},
        {0.5, 2.2, {-5.57E-02, -5.95E-02, -5.77E-02, -4.45E-03, -2.55E-02, -4.42E-02, 8.08E-02, 2.70E-02}},
        {0.5, 2.5, {-3.68E-02, -3.87E-02, -3.77E-02, -2.68E-03, -2.37E-02, -5.03E-02, 5.49E-02, 1.64E-02}},
        {0.5, 3, {-2.96E-02, -2.96E-02, -2.95E-02, -1.57E-03, -2.25E-02, -5.51E-02, 3.34E-02, 1.34E-02}},
        {0.5, 5, {-2.68E-02, -2.31E-02, -2.50E-02, -5.04E-04, -2.14E-02, -5.54E-02, 4.32E-03, 1.29E-02}},
    };
    return rows;
}

/// Table 4 (relative error of the period near the separatrix; p0 field = p0 − 2), as printed.
inline const std::vector<pendulum_printed_row>& pendulum_table4_printed() {
    using detail::nan_;
    static const std::vector<pendulum_printed_row> rows{
        {0.02, -1.0E-02, {8.96E-04, 8.50E-04, 8.73E-04, -1.50E-05, -4.83E-05, 5.19E-04, 4.08E-04, -4.57E-04}},
        {0.02, -1.0E-03, {7.12E-03, 7.06E-03, 7.09E-03, -1.95E-05, -5.29E-05, 5.14E-04, 4.26E-04, -3.40E-03}},
        {0.02, -1.0E-04, {9.17E-02, 9.16E-02, 9.16E-02, -2.22E-05, -5.56E-05, 5.05E-04, 4.34E-04, -2.40E-02}},
        {0.02, -1.0E-05, {nan_, nan_, nan_, -2.43E-05, -5.58E-05, 4.99E-04, 4.40E-04, -1.03E-01}},
        {0.02, -1.0E-06, {nan_, nan_, nan_, -2.80E-05, -5.69E-05, 4.94E-04, 4.43E-04, -2.13E-01}},
        {0.02, -1.0E-07, {nan_, nan_, nan_, -7.33E-05, -2.09E-05, 4.91E-04, 4.46E-04, -3.08E-01}},
        {0.02, -1.0E-08, {nan_, nan_, nan_, 1.38E-04, 1.15E-04, 4.88E-04, 4.48E-04, -3.83E-01}},
        {0.02, -1.0E-09, {nan_, nan_, nan_, -1.61E-03, 1.18E-03, 4.86E-04, 4.50E-04, -4.43E-01}},
        {0.02, 1.0E-08, {-4.15E-01, -4.15E-01, -4.15E-01, -5.16E-05, -4.23E-06, 2.82E-04, 3.32E-04, nan_}},
        {0.02, 1.0E-07, {-3.44E-01, -3.44E-01, -3.44E-01, -1.59E-05, -6.26E-05, 2.60E-04, 3.15E-04, nan_}},
        {0.02, 1.0E-06, {-2.54E-01, -2.54E-01, -2.54E-01, -2.90E-05, -6.44E-05, 2.31E-04, 2.94E-04, nan_}},
        {0.02, 1.0E-04, {-4.26E-02, -4.27E-02, -4.27E-02, -2.22E-05, -5.55E-05, 8.93E-05, 1.76E-04, 3.38E-02}},
        {0.02, 1.0E-03, {-6.68E-03, -6.73E-03, -6.70E-03, -1.96E-05, -5.29E-05, 1.62E-04, 2.69E-04, 3.49E-03}},
        {0.02, 1.0E-01, {-1.46E-04, -1.74E-04, -1.60E-04, -9.25E-06, -4.26E-05, -3.91E-05, 1.31E-04, 6.62E-05}},
        {0.5, -1.0E-02, {nan_, nan_, nan_, -9.51E-03, -3.06E-02, 2.23E-01, 3.31E-01, -1.54E-01}},
        {0.5, -1.0E-03, {nan_, nan_, nan_, -1.24E-02, -3.36E-02, 1.59E-01, 3.31E-01, -3.21E-01}},
        {0.5, -1.0E-04, {nan_, nan_, nan_, -1.41E-02, -3.53E-02, 1.19E-01, 3.26E-01, -4.48E-01}},
        {0.5, -1.0E-05, {nan_, nan_, nan_, -1.52E-02, -3.65E-02, 9.09E-02, 3.22E-01, -5.36E-01}},
        {0.5, -1.0E-06, {nan_, nan_, nan_, -1.61E-02, -3.73E-02, 7.16E-02, 3.19E-01, -6.01E-01}},
        {0.5, -1.0E-07, {nan_, nan_, nan_, -1.67E-02, -3.80E-02, 5.87E-02, 3.17E-01, -6.49E-01}},
        {0.5, -1.0E-08, {nan_, nan_, nan_, -1.73E-02, -3.86E-02, 4.46E-02, 3.16E-01, -6.88E-01}},
        {0.5, -1.0E-09, {nan_, nan_, nan_, -1.73E-02, -3.86E-02, 3.55E-02, 3.14E-01, -7.18E-01}},
        {0.5, 1.0E-08, {-7.24E-01, -7.22E-01, -7.23E-01, -1.72E-02, -3.85E-02, -5.68E-02, 2.42E-01, nan_}},
        {0.5, 1.0E-07, {-6.90E-01, -6.88E-01, -6.89E-01, -1.67E-02, -3.80E-02, -5.61E-02, 2.35E-01, nan_}},
        {0.5, 1.0E-06, {-6.47E-01, -6.45E-01, -6.46E-01, -1.61E-02, -3.73E-02, -5.53E-02, 2.26E-01, nan_}},
        {0.5, 1.0E-04, {-5.12E-01, -5.08E-01, -5.10E-01, -1.41E-02, -3.53E-02, -5.72E-02, 1.96E-01, nan_}},
        {0.5, 1.0E-03, {-3.97E-01, -3.93E-01, -3.96E-01, -1.24E-02, -3.36E-02, -4.36E-02, 1.80E-01, nan_}},
        {0.5, 1.0E-01, {-8.11E-02, -8.44E-02, -8.28E-02, -5.86E-03, -2.69E-02, -4.18E-02, 9.80E-02, 4.62E-02}},
    };
    return rows;
}

/// Table 1 as printed: max T_N (J = 0, J ≈ 1.8e6), min T_N (same), T̄_avg(N, 100, 200) (N = 0, 1.8e6).
struct pendulum_table1_row {
    const char* scheme;
    std::array<double, 6> value;
};
inline const std::vector<pendulum_table1_row>& pendulum_table1_printed() {
    static const std::vector<pendulum_table1_row> rows{
        {"leapfrog", {11.93166041, 11.93166040, 11.93164145, 11.93164140, 11.93165174, 11.93165162}},
        {"suris1", {11.88885008, 11.88885008, 11.88883061, 11.88883061, 11.88884005, 11.88884001}},
        {"discrete_gradient", {11.64698500, 11.64698540, 11.64697157, 11.64697190, 11.64697732, 11.64697764}},
    };
    return rows;
}

/// A run of one scheme from (φ, p) = (0, p0).
template <class T>
struct pendulum_run {
    oscillation_recorder<T> recorder;
    std::size_t steps = 0;
    bool complete = false;  ///< the zeros (and amplitudes, for oscillations) asked for were found
};

/// Integrate from (0, p0) with step ε using `newton_equation_stepper<T, Scheme>` until zeros z_0 … z_{zeros−1}
/// and, unless the trajectory rotates, `amplitudes` amplitudes are recorded, or `max_steps` steps.
/// `zero_windows` limits the zeros kept (see oscillation_recorder); `progress(steps)` is called
/// every 2^20 steps.
template <class Scheme, class T>
pendulum_run<T> run_pendulum(const T& p0, const T& eps, std::size_t zeros, std::size_t amplitudes,
                             std::size_t max_steps, std::vector<std::pair<std::size_t, std::size_t>> zero_windows = {},
                             const std::function<void(std::size_t)>& progress = {}) {
    const auto sys = make_simple_pendulum<T>();
    newton_equation_stepper<T, Scheme> stepper;
    pendulum_run<T> run{oscillation_recorder<T>(std::move(zero_windows))};
    std::pair<T, T> x{T(0), p0};
    run.recorder.push(x.first);
    const auto done = [&] {
        return run.recorder.zero_count() >= zeros &&
               (run.recorder.rotated() || run.recorder.amplitudes().size() >= amplitudes);
    };
    while (!done() && run.steps < max_steps) {
        stepper.do_step(sys, x, T(0), eps);
        run.recorder.push(x.first);
        if ((++run.steps & ((std::size_t(1) << 20) - 1)) == 0 && progress) progress(run.steps);
    }
    run.complete = done();
    return run;
}

/// One recomputed cell of Tables 2–4.
template <class T>
struct pendulum_cell {
    std::optional<T> value;   ///< relative error; empty if the motion is qualitatively wrong or the run incomplete
    bool rotated = false;     ///< the scheme's trajectory went over the top
    bool correct_motion = true;
};

/// Step cap: room for `periods` periods of up to three times the exact one.
template <class T>
std::size_t pendulum_step_cap(const pendulum_solution<T>& exact, const T& eps, std::size_t periods) {
    using std::ceil;
    const T t = exact.motion() == pendulum_motion::separatrix ? T(1000) : exact.period();
    return static_cast<std::size_t>(static_cast<double>(ceil(T(3 * static_cast<long long>(periods + 2)) * t / eps))) + 1000;
}

/// Relative error of T̄_avg(0, 100, 200) against the exact period (Tables 3 and 4).
template <class Scheme, class T>
pendulum_cell<T> pendulum_period_error(const T& p0, const T& eps) {
    const pendulum_solution<T> exact(p0);
    const auto run = run_pendulum<Scheme, T>(p0, eps, 401, 0, pendulum_step_cap(exact, eps, 201));
    pendulum_cell<T> c;
    c.rotated = run.recorder.rotated();
    c.correct_motion = c.rotated == (exact.motion() == pendulum_motion::rotation);
    if (c.correct_motion && run.complete) c.value = averaged_average_period(run.recorder, 0, 100, 200, eps) / exact.period() - 1;
    return c;
}

/// Relative error of A_avg(0, 50) against 2 arcsin(p0/2) (Table 2).
template <class Scheme, class T>
pendulum_cell<T> pendulum_amplitude_error(const T& p0, const T& eps) {
    const pendulum_solution<T> exact(p0);
    const auto run = run_pendulum<Scheme, T>(p0, eps, 0, 50, pendulum_step_cap(exact, eps, 26));
    pendulum_cell<T> c;
    c.rotated = run.recorder.rotated();
    c.correct_motion = !c.rotated;
    if (c.correct_motion && run.complete) c.value = average_amplitude(run.recorder, 0, 50) / exact.amplitude() - 1;
    return c;
}

/// Table 1 quantities for one scheme: {max T_N, min T_N} over J + 100 < N ≤ J + 200 and
/// T̄_avg(J', 100, 200), for J = J' = 0 and for J = `periods` (N counts periods) and J' = `periods`
/// (the zero index, as the paper's table header reads), p0 = 1.95, ε = 0.2.
///
/// The paper's header reads "N < 100" where its text reads J + 100 < N ≤ J + 200; `value` uses the
/// text, `header_window` gives max and min of T_N over 1 ≤ N < 100 (J = 0) as well.
template <class T>
struct pendulum_table1_result {
    std::array<T, 6> value;  ///< max (J=0), max (J), min (J=0), min (J), T̄_avg(0), T̄_avg(J')
    std::array<T, 2> header_window;  ///< max, min of T_N over 1 ≤ N < 100
    std::size_t steps;
};

template <class Scheme, class T>
pendulum_table1_result<T> pendulum_table1(std::size_t periods, const std::function<void(std::size_t)>& progress = {}) {
    const T p0 = T(195) / 100, eps = T(2) / 10;
    const std::size_t J = periods;
    const std::size_t last_zero = (std::max)(2 * J + 400, J + 400);
    const auto run = run_pendulum<Scheme, T>(p0, eps, last_zero + 1, 0, std::numeric_limits<std::size_t>::max(),
                                             {{0, 400}, {J, J + 400}, {2 * J + 198, 2 * J + 400}}, progress);
    const auto& r = run.recorder;
    const auto extremes = [&](std::size_t first, std::size_t last) {
        T hi = period_estimate(r, first, eps), lo = hi;
        for (std::size_t N = first + 1; N <= last; ++N) {
            const T t = period_estimate(r, N, eps);
            hi = (std::max)(hi, t);
            lo = (std::min)(lo, t);
        }
        return std::make_pair(hi, lo);
    };
    const auto e0 = extremes(101, 200), eJ = extremes(J + 101, J + 200), header = extremes(1, 99);
    return {{e0.first, eJ.first, e0.second, eJ.second, averaged_average_period(r, 0, 100, 200, eps),
             averaged_average_period(r, J, 100, 200, eps)},
            {header.first, header.second},
            run.steps};
}

}  // namespace geomint::reproduction
