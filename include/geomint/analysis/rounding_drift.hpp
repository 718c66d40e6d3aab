#pragma once
/// \file
/// Scheme error versus rounding drift (docs/architecture.md, verification conventions).
///
/// The same scheme runs from the same data at a working precision `Low` (e.g. double) and at a
/// high precision `High` (e.g. mp<50>). The data (M, K, q0, p0, h) are given in `Low` and
/// converted exactly to `High`, so both runs integrate the same system and the only difference
/// is arithmetic rounding. The exact solution of that system is computed in `High`. Then
///   scheme error    = q_high − q_exact          (what the scheme itself commits),
///   rounding drift  = q_low − q_high            (what finite precision adds),
///   form drift      = |φ_j − φ_0| / |φ_0| at each precision, φ the scheme's conserved form
///                     (Proposition 7): exact invariants drift only by rounding.
/// The second `rounding_drift` does the same for any two steppers and systems (nonlinear ones,
/// the Galerkin VIs): state drift between the precisions and the rounding part of an invariant,
/// with `growth_exponent` to fit how they grow (√N for a random walk).

#include "geomint/analysis/conserved_form.hpp"
#include "geomint/exact/modal_solution.hpp"
#include "geomint/stepper/linear_variational_stepper.hpp"

#include <cmath>
#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace geomint {

/// One sampled step of a rounding-drift run (norms are Euclidean, over the n coordinates).
struct rounding_drift_sample {
    /// Step number n.
    std::size_t step;
    /// Time t_n (as double).
    double t;
    double scheme_error_q;    ///< ‖q_high − q_exact‖
    double rounding_drift_q;  ///< ‖q_low − q_high‖
    double form_drift_low;    ///< |φ_j − φ_0| / |φ_0| in Low
    double form_drift_high;   ///< |φ_j − φ_0| / |φ_0| in High
};

/// The engine of every rounding-drift run: steps `x_low` with `st_low` on `sys_low` and `x_high`
/// with `st_high` on `sys_high`, the same `steps` steps of size h (given in the low precision,
/// converted exactly to the high one), calls `observer(j)` after step j of both (if given), and
/// `sample(j, x_low, x_high)` at roughly `samples` steps spaced geometrically (always the last).
template <class StepperLow, class StepperHigh, class SystemLow, class SystemHigh, class StateLow, class StateHigh,
          class Sample>
void paired_runs(StepperLow& st_low, StepperHigh& st_high, const SystemLow& sys_low, const SystemHigh& sys_high,
                 StateLow& x_low, StateHigh& x_high, const typename StepperLow::value_type& h, std::size_t steps,
                 std::size_t samples, const std::function<void(std::size_t)>& observer, Sample&& sample) {
    using Low = typename StepperLow::value_type;
    using High = typename StepperHigh::value_type;
    const High h_high(h);
    double next_sample = 1;
    const double ratio = samples > 1 ? std::pow(double(steps), 1.0 / double(samples - 1)) : 2.0;
    for (std::size_t j = 1; j <= steps; ++j) {
        st_low.do_step(std::cref(sys_low), x_low, Low(0), h);
        st_high.do_step(std::cref(sys_high), x_high, High(0), h_high);
        if (observer) observer(j);
        if (double(j) < next_sample && j != steps) continue;
        while (next_sample <= double(j)) next_sample = std::max(next_sample * ratio, next_sample + 1);
        sample(j, std::as_const(x_low), std::as_const(x_high));
    }
}

/// Run `Scheme` for `steps` steps of size h at `Low` and `High` precision and sample the split
/// at roughly `samples` steps (geometrically spaced, always including the last). `observer(j)`,
/// if given, is called after step j of both runs (as odeint's integrate functions call theirs;
/// a program reports progress from it).
/// \tparam N compile-time size of the system (Eigen::Dynamic allowed).
/// \throws as the steppers do (invalid h, unstable h, non-finite data).
template <class Scheme, class High, class Low, int N>
std::vector<rounding_drift_sample> rounding_drift(const matrix<Low, N>& M, const matrix<Low, N>& K,
                                                  const vector<Low, N>& q0, const vector<Low, N>& p0, const Low& h,
                                                  std::size_t steps, std::size_t samples = 200,
                                                  const std::function<void(std::size_t)>& observer = {}) {
    using VL = vector<Low, N>;
    using VH = vector<High, N>;
    const quadratic_lagrangian<matrix<Low, N>> sys_low(M, K);
    const quadratic_lagrangian<matrix<High, N>> sys_high(M.template cast<High>(), K.template cast<High>());
    const High h_high(h);
    const modal_solution<matrix<High, N>> exact(sys_high, q0.template cast<High>(), p0.template cast<High>());
    const auto form_low = conserved_quadratic_form<Scheme>(sys_low, h);
    const auto form_high = conserved_quadratic_form<Scheme>(sys_high, h_high);

    linear_variational_stepper<VL, Scheme> st_low;
    linear_variational_stepper<VH, Scheme> st_high;
    auto x_low = std::make_pair(VL(q0), VL(p0));
    auto x_high = std::make_pair(VH(q0.template cast<High>()), VH(p0.template cast<High>()));
    const Low phi0_low = form_low(x_low.second, x_low.first);
    const High phi0_high = form_high(x_high.second, x_high.first);

    std::vector<rounding_drift_sample> out;
    paired_runs(st_low, st_high, sys_low, sys_high, x_low, x_high, h, steps, samples, observer,
                [&](std::size_t j, const auto& xl, const auto& xh) {
        const High t = High(static_cast<unsigned long long>(j)) * h_high;
        rounding_drift_sample s;
        s.step = j;
        s.t = static_cast<double>(t);
        s.scheme_error_q = static_cast<double>(VH(xh.first - exact.q(t)).norm());
        s.rounding_drift_q = static_cast<double>(VH(xl.first.template cast<High>() - xh.first).norm());
        using std::abs;
        s.form_drift_low = static_cast<double>(abs(form_low(xl.second, xl.first) - phi0_low) / abs(phi0_low));
        s.form_drift_high = static_cast<double>(abs(form_high(xh.second, xh.first) - phi0_high) / abs(phi0_high));
        out.push_back(s);
    });
    return out;
}

/// One sampled step of a rounding-drift run of any two steppers (`rounding_drift` below).
struct stepper_drift_sample {
    /// Step number n.
    std::size_t step;
    /// Time t_n (as double).
    double t;
    double state_drift;           ///< max |x_low − x_high| over the entries of q and p
    double invariant_error_low;   ///< |I(x_low) − I(x_low(0))|, I the invariant given
    double invariant_error_high;  ///< |I(x_high) − I(x_high(0))|
    double invariant_rounding;    ///< |(I(x_low) − I_low(0)) − (I(x_high) − I_high(0))|: rounding's part
};

/// Scheme error versus rounding drift for any stepper and system: the stepper type `StepperLow`
/// (working precision, e.g. double) and `StepperHigh` (the same scheme at high precision, e.g.
/// mp<50>) run from the same data — `x0` given at the low precision and converted exactly — for
/// `steps` steps of h, on `sys_low` and `sys_high` (the same system in each precision), sampled
/// at ~`samples` geometrically spaced steps. `invariant(x)` (a generic callable of a (q, p)
/// state returning its scalar, e.g. the energy) is evaluated on both runs.
/// State types: std::pair of containers of the steppers' coordinate and momentum types.
template <class StepperLow, class StepperHigh, class SystemLow, class SystemHigh, class Invariant>
std::vector<stepper_drift_sample> rounding_drift(
    const SystemLow& sys_low, const SystemHigh& sys_high, const typename StepperLow::state_type& x0,
    const typename StepperLow::value_type& h, std::size_t steps, const Invariant& invariant, std::size_t samples = 200,
    const std::function<void(std::size_t)>& observer = {}) {
    using High = typename StepperHigh::value_type;
    using XH = typename StepperHigh::state_type;
    StepperLow st_low;
    StepperHigh st_high;
    auto x_low = x0;
    XH x_high;
    const auto convert = [](const auto& from, auto& to) {
        resize_state(to, state_size(from));
        for (Eigen::Index i = 0; i < state_size(from); ++i) as_eigen(to)(i) = High(as_eigen(from)(i));
    };
    convert(x0.first, x_high.first);
    convert(x0.second, x_high.second);
    const auto I0_low = invariant(x_low);
    const auto I0_high = invariant(x_high);
    std::vector<stepper_drift_sample> out;
    paired_runs(st_low, st_high, sys_low, sys_high, x_low, x_high, h, steps, samples, observer,
                [&](std::size_t j, const auto& xl, const auto& xh) {
        using std::abs;
        High d(0);
        const auto widen = [&d](const auto& a, const auto& b) {
            for (Eigen::Index i = 0; i < a.size(); ++i) d = std::max(d, High(abs(High(a(i)) - b(i))));
        };
        widen(as_eigen(xl.first), as_eigen(xh.first));
        widen(as_eigen(xl.second), as_eigen(xh.second));
        const High e_low = High(invariant(xl) - I0_low), e_high = High(invariant(xh) - I0_high);
        stepper_drift_sample s;
        s.step = j;
        s.t = static_cast<double>(h) * static_cast<double>(j);
        s.state_drift = static_cast<double>(d);
        s.invariant_error_low = static_cast<double>(abs(e_low));
        s.invariant_error_high = static_cast<double>(abs(e_high));
        s.invariant_rounding = static_cast<double>(abs(e_low - e_high));
        out.push_back(s);
    });
    return out;
}

/// Least-squares slope of log(value) against log(step) over the samples with step >= `from_step`
/// and a positive value: the growth exponent (√N: 0.5; linear drift: 1). NaN with fewer than 3
/// such samples.
inline double growth_exponent(const std::vector<stepper_drift_sample>& samples, double stepper_drift_sample::*value,
                              std::size_t from_step = 10) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0;
    for (const auto& s : samples) {
        if (s.step < from_step || !(s.*value > 0)) continue;
        const double x = std::log(double(s.step)), y = std::log(s.*value);
        sx += x;
        sy += y;
        sxx += x * x;
        sxy += x * y;
        m += 1;
    }
    if (m < 3) return std::nan("");
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}

}  // namespace geomint
