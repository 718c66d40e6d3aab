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

#include "geomint/analysis/conserved_form.hpp"
#include "geomint/exact/modal_solution.hpp"
#include "geomint/stepper/linear_variational_stepper.hpp"

#include <cstddef>
#include <functional>
#include <vector>

namespace geomint {

/// One sampled step of a rounding-drift run (norms are Euclidean, over the n coordinates).
struct rounding_drift_sample {
    std::size_t step;
    double t;
    double scheme_error_q;    ///< ‖q_high − q_exact‖
    double rounding_drift_q;  ///< ‖q_low − q_high‖
    double form_drift_low;    ///< |φ_j − φ_0| / |φ_0| in Low
    double form_drift_high;   ///< |φ_j − φ_0| / |φ_0| in High
};

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

    linear_variational_stepper<Scheme, VL> st_low;
    linear_variational_stepper<Scheme, VH> st_high;
    auto x_low = std::make_pair(VL(q0), VL(p0));
    auto x_high = std::make_pair(VH(q0.template cast<High>()), VH(p0.template cast<High>()));
    const Low phi0_low = form_low(x_low.second, x_low.first);
    const High phi0_high = form_high(x_high.second, x_high.first);

    std::vector<rounding_drift_sample> out;
    double next_sample = 1;
    const double ratio = samples > 1 ? std::pow(double(steps), 1.0 / double(samples - 1)) : 2.0;
    for (std::size_t j = 1; j <= steps; ++j) {
        st_low.do_step(sys_low, x_low, Low(0), h);
        st_high.do_step(sys_high, x_high, High(0), h_high);
        if (observer) observer(j);
        if (double(j) < next_sample && j != steps) continue;
        while (next_sample <= double(j)) next_sample = std::max(next_sample * ratio, next_sample + 1);
        const High t = High(static_cast<unsigned long long>(j)) * h_high;
        rounding_drift_sample s;
        s.step = j;
        s.t = static_cast<double>(t);
        s.scheme_error_q = static_cast<double>(VH(x_high.first - exact.q(t)).norm());
        s.rounding_drift_q = static_cast<double>(VH(x_low.first.template cast<High>() - x_high.first).norm());
        using std::abs;
        s.form_drift_low = static_cast<double>(abs(form_low(x_low.second, x_low.first) - phi0_low) / abs(phi0_low));
        s.form_drift_high =
            static_cast<double>(abs(form_high(x_high.second, x_high.first) - phi0_high) / abs(phi0_high));
        out.push_back(s);
    }
    return out;
}

}  // namespace geomint
