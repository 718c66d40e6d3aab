#pragma once
/// \file
/// `geomint::conformance::examine_adaptive(make, problem, claims, runs)`: checks what a stepper
/// that chooses its own steps claims about itself — geomint's `time_transformed_stepper` and
/// `reversible_stepper`, or a user's on the same protocol (observe/adaptive_dense_output.hpp:
/// odeint's dense-output stepper with `initialize`, `do_step`, `current_state`, `current_time`,
/// `current_time_step` and `system()`) — on one of the problems of conformance/problems.hpp, in
/// the stepper's own precision. The stepper is built by `make(c)` from its control c: the
/// fictitious step Δs of a time-transformed splitting, the ε of the reversible control (the steps
/// scale with c). Measured:
/// - **order in physical time at a fixed output time**: each run goes from the problem's initial
///   point at t = 0 to t = time_span(), landing on it (as odeint's integrate_adaptive does), with
///   the controls c_k = coarse_control · 2^{−k/2}; the error against the exact solution (or the
///   difference of successive runs) is fitted against c on the last three runs above round-off,
///   as for `examine`;
/// - **reversibility of the step sequence**: `reversibility_steps` steps forward at `control`,
///   then as many back after turning at the node (`initialize` with the current state and time
///   and a negative dt), max|x − x₀| / max(1, |x₀|), checked when claimed against 100 · 2N · ε;
/// - **energy drift**: the run at `control` to t = energy_step() · energy_steps() (10 periods for
///   Kepler), |H − H₀| / max(1, |H₀|) after every step; the maximum over the first and over the
///   last tenth of the time span. No drift is claimed as last ≤ drift_ratio × first (a bounded,
///   oscillating error gives about 1, round-off's √t about 3, a linear drift 10; the first
///   tenth's maximum is floored at 100 ε).
/// A property claimed false is measured and reported but not checked. Cost: the order runs go
/// on until round-off or 2^13 · coarse_steps times finer controls (at 50 digits, a second-order
/// stepper runs minutes).

#include "geomint/conformance/examine.hpp"
#include "geomint/scalar.hpp"
#include "geomint/state.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <exception>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint::conformance {

/// What an adaptive stepper claims. Aggregate: `{.order = 4, .reversible = true, .no_energy_drift = true}`.
struct adaptive_claims {
    unsigned order = 0;             ///< order in the control at a fixed physical time (0: not checked)
    bool reversible = false;        ///< N steps forward and N back return the initial state to round-off
    bool no_energy_drift = false;   ///< the energy error's last tenth at most drift_ratio × its first
    double order_tolerance = 0.3;   ///< |measured − order| allowed
    double drift_ratio = 4;         ///< the bound of no_energy_drift (a linear drift gives 10)
};

/// The runs of `examine_adaptive`, which depend on the stepper's control (not guessed by the kit).
struct adaptive_runs {
    /// The coarsest control of the order runs (> 0): the runs use coarse_control · 2^{−k/2}.
    double coarse_control = 0;
    /// The control of the reversibility and energy runs (> 0).
    double control = 0;
    /// Steps forward (and as many back) of the reversibility check (≥ 1).
    std::size_t reversibility_steps = 100;
};

/// What `examine_adaptive` measured: `report`'s order (its `step_sizes` are the controls), the
/// reversibility defect and the energy's first and last tenths (`energy_drift` is the run's
/// maximum). The symplecticity defect is not measured (NaN).
struct adaptive_report : report {
    double energy_first_tenth = std::numeric_limits<double>::quiet_NaN();  ///< max relative energy error, first tenth of the run
    double energy_last_tenth = std::numeric_limits<double>::quiet_NaN();   ///< the same, last tenth
    long long energy_run_steps = 0;  ///< steps of the energy run

    /// A few lines for a log: the figures, the claims checked, PASS or FAIL with the reasons.
    std::string summary() const {
        using detail::figure;
        std::string s = stepper_problem + ": order " + order_text() + " in the control, reversibility defect " +
                        figure(reversibility_defect) + " (tolerance " + figure(reversibility_tolerance) +
                        "), energy error " + figure(energy_first_tenth) + " in the first tenth, " +
                        figure(energy_last_tenth) + " in the last (" + std::to_string(energy_run_steps) +
                        " steps): " + (passed ? "PASS" : "FAIL");
        for (const auto& f : failures) s += "\n  - " + f;
        return s;
    }
};

namespace detail {

/// The problem's (q, p) in the adaptive stepper's pair state, and back as one flat vector.
template <class State, class U>
struct adaptive_state {
    template <class C>
    static void fill(C& c, const vector<U>& v) {
        if constexpr (!is_scalar_state_v<C>) resize_state(c, v.size());
        as_eigen(c) = v;
    }
    static State make(const vector<U>& q, const vector<U>& p) {
        State x{};
        fill(x.first, q);
        fill(x.second, p);
        return x;
    }
    static vector<U> flat(const State& x) {
        const auto q = as_eigen(x.first);
        const auto p = as_eigen(x.second);
        vector<U> v(q.size() + p.size());
        v << q, p;
        return v;
    }
};

/// Steps `st` (initialized) until its current time is `t_end`, the last step shortened to land on
/// it (the protocol's initialize at the node with dt = t_end − t).
template <class Stepper, class U>
void run_to(Stepper& st, const U& t_end) {
    while (st.current_time() != t_end) {
        const U t = st.current_time();
        if (U(t + st.current_time_step()) > t_end) {
            const auto x = st.current_state();
            st.initialize(x, t, U(t_end - t));
        }
        st.do_step(st.system());
    }
}

}  // namespace detail

/// Examines the adaptive stepper `make(c)` builds (c its control, in its scalar U) on `problem`
/// (conformance/problems.hpp) against `claimed`, with the controls of `runs` (see the file's
/// comment). The stepper's state must be a pair (q, p) of containers (or scalars, n = 1).
/// Exceptions a stepper throws are reported as failures, not propagated.
/// \throws std::invalid_argument if runs.coarse_control or runs.control is not finite and > 0,
///         runs.reversibility_steps is 0, or the problem's dimension is 0.
template <class Make, class Problem>
adaptive_report examine_adaptive(Make&& make, const Problem& problem, const adaptive_claims& claimed,
                                 const adaptive_runs& runs) {
    using Stepper = std::remove_cvref_t<decltype(make(typename Problem::value_type(runs.control)))>;
    using U = typename Stepper::value_type;
    using state = detail::adaptive_state<typename Stepper::state_type, U>;
    using std::abs;
    using std::isfinite;
    if (!(isfinite(runs.coarse_control) && runs.coarse_control > 0))
        throw std::invalid_argument("conformance::examine_adaptive: coarse_control = " + detail::figure(runs.coarse_control) +
                                    " (precondition: finite and > 0)");
    if (!(isfinite(runs.control) && runs.control > 0))
        throw std::invalid_argument("conformance::examine_adaptive: control = " + detail::figure(runs.control) +
                                    " (precondition: finite and > 0)");
    if (runs.reversibility_steps == 0)
        throw std::invalid_argument("conformance::examine_adaptive: reversibility_steps = 0 (precondition: >= 1)");
    if (problem.dimension() == 0) throw std::invalid_argument("conformance::examine_adaptive: the problem has dimension 0");

    adaptive_report r;
    r.stepper_problem = std::string(problem.name) + " in " + scalar_traits<U>::name() + ", adaptive";
    const U eps = std::numeric_limits<U>::epsilon();
    const auto x0 = state::make(problem.q0().template cast<U>(), problem.p0().template cast<U>());
    const vector<U> flat0 = state::flat(x0);
    const U scale = (std::max)(U(1), max_abs(flat0));
    const claims as_claims{.order = claimed.order, .symmetric = claimed.reversible, .order_tolerance = claimed.order_tolerance};

    // order at t = time_span(), in the control c = span / N
    {
        vector<U> reference;
        if constexpr (Problem::has_exact) {
            const auto e = problem.exact(typename Problem::value_type(problem.time_span()));
            reference = vector<U>(2 * problem.dimension());
            reference << e.first.template cast<U>(), e.second.template cast<U>();
        }
        const std::size_t coarse = problem.coarse_steps();
        const U span = U(runs.coarse_control) * U(coarse), t_end = U(problem.time_span());
        std::map<std::size_t, long long> steps_taken;
        detail::measure_order<U>(
            [&](std::size_t N) {
                auto st = make(U(span / U(N)));
                st.initialize(x0, U(0), t_end);
                detail::run_to(st, t_end);
                steps_taken[N] = st.steps();
                return state::flat(st.current_state());
            },
            reference, span, coarse, scale, as_claims, r,
            [&](std::size_t N) { return U(U(10) * eps * scale * U(steps_taken[N])); });
    }

    // reversibility of the step sequence
    detail::measure_reversibility<U>(
        [&](const U& c, std::size_t K) {
            auto st = make(c);
            st.initialize(x0, U(0), U(1));
            for (std::size_t j = 0; j < K; ++j) st.do_step(st.system());
            const auto x = st.current_state();
            st.initialize(x, st.current_time(), U(-1));  // turn back at the node
            for (std::size_t j = 0; j < K; ++j) st.do_step(st.system());
            return state::flat(st.current_state());
        },
        flat0, U(runs.control), scale, as_claims, r, runs.reversibility_steps);

    // energy over the energy run, by tenths of its time span
    try {
        auto energy = [&](const vector<U>& v) { return detail::energy_at(problem, v); };
        const U t_end = U(problem.energy_step()) * U(problem.energy_steps());
        const U H0 = energy(flat0), denominator = (std::max)(U(1), U(abs(H0)));
        std::vector<U> tenth(10, U(0));
        auto st = make(U(runs.control));
        st.initialize(x0, U(0), t_end);
        while (st.current_time() < t_end) {
            st.do_step(st.system());
            const U t = st.current_time();
            const std::size_t k = (std::min)(std::size_t(9), static_cast<std::size_t>(static_cast<double>(U(U(10) * t / t_end))));
            tenth[k] = (std::max)(tenth[k], U(abs(energy(state::flat(st.current_state())) - H0) / denominator));
        }
        r.energy_run_steps = st.steps();
        r.energy_first_tenth = static_cast<double>(tenth.front());
        r.energy_last_tenth = static_cast<double>(tenth.back());
        r.energy_drift = static_cast<double>(*std::max_element(tenth.begin(), tenth.end()));
        const double floor = static_cast<double>(U(100) * eps);
        if (claimed.no_energy_drift && !(r.energy_last_tenth <= claimed.drift_ratio * (std::max)(r.energy_first_tenth, floor)))
            r.failures.push_back("no energy drift: the last tenth's error " + detail::figure(r.energy_last_tenth) + " > " +
                                 detail::figure(claimed.drift_ratio) + " x the first tenth's " +
                                 detail::figure(r.energy_first_tenth));
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("the energy run threw: ") + e.what());
    }
    r.passed = r.failures.empty();
    return r;
}

}  // namespace geomint::conformance
