#pragma once
/// \file
/// `geomint::conformance::examine(stepper, problem, claims)`: checks what a Boost.Odeint stepper
/// — geomint's, odeint's or a user's — claims about itself, on one of the problems of
/// conformance/problems.hpp, in the stepper's own precision:
/// - **order**: the problem integrated over [0, time_span] with N₀·2^{k/2} steps; the error against
///   the exact solution (or, without one, the difference of successive runs) fitted on the last
///   three step sizes above round-off (analysis/order.hpp);
/// - **symplecticity defect** max|ΦᵀJΦ − J| / (1 + |Φ|²) of one step at the initial point, Φ the
///   step's Jacobian: by forward-mode autodiff when the stepper can be instantiated on
///   dual<T> (its template arguments rebound T → dual<T>), otherwise by central differences
///   with one Richardson extrapolation (error O(ε^{4/5}));
/// - **reversibility defect**: 10 steps of +h then 10 of −h, max|x − x₀| / max(1, |x₀|);
/// - **energy drift**: max |H − H₀| / max(1, |H₀|) over the problem's energy run.
/// A property claimed false is measured and reported but not checked.
///
/// Steppers of two kinds are accepted: odeint's symplectic form (`coor_type` and `momentum_type`:
/// the state is a pair (q, p), the system odeint's pair (f, g)), and every other odeint stepper
/// (the state one container of 2n entries (q, p), the system x' = F(x, t) built from (f, g)).
/// State containers: std::array, boost::array, std::vector, Eigen vectors, a scalar for n = 1.

#include "geomint/analysis/order.hpp"
#include "geomint/analysis/symplecticity.hpp"
#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/rebind_scalar.hpp"
#include "geomint/state.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <exception>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint::conformance {

namespace detail {

/// A defect, residual, drift or tolerance in a report: scientific notation, 3 significant
/// digits ("6.02e-02 > tolerance 4.44e-13": the exponents are what compare; std::to_string's
/// fixed 6 decimals would print that tolerance as 0.000000).
inline std::string figure(double x) {
    std::ostringstream s;
    s << std::scientific << std::setprecision(2) << x;
    return s.str();
}

/// An order of accuracy in a report: 2 decimals ("3.99").
inline std::string order_figure(double x) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << x;
    return s.str();
}

}  // namespace detail

/// What a stepper claims. Aggregate: `{.order = 6, .symplectic = true, .symmetric = true}`.
struct claims {
    unsigned order = 0;       ///< the order of accuracy (0: not checked)
    bool symplectic = false;  ///< the one-step map is symplectic
    bool symmetric = false;   ///< the step with −h inverts the step with h
    double order_tolerance = 0.3;  ///< |measured − order| allowed
};

/// What `examine` measured, and whether the claims hold.
struct report {
    std::string stepper_problem;        ///< "<problem> in <precision>"
    /// Order fitted to the order runs (log error against log h).
    double measured_order = std::numeric_limits<double>::quiet_NaN();
    /// Every order run's error against the exact solution at the round-off floor (1000 ε of the
    /// state's scale): the stepper is exact on the problem, and any claimed order holds.
    bool exact_to_round_off = false;
    double symplecticity_defect = std::numeric_limits<double>::quiet_NaN();   ///< max|ΦᵀJΦ − J| / (1 + |Φ|²)
    double symplecticity_tolerance = 0;  ///< the bound a symplectic claim is checked against
    double reversibility_defect = std::numeric_limits<double>::quiet_NaN();   ///< relative, after 10 + 10 steps
    /// The bound a time-symmetry claim is checked against.
    double reversibility_tolerance = 0;
    double energy_drift = std::numeric_limits<double>::quiet_NaN();           ///< relative
    bool jacobian_by_autodiff = false;   ///< false: central differences
    std::vector<double> step_sizes;  ///< the order runs' step sizes
    std::vector<double> errors;      ///< the order runs' errors (against the exact solution or the next run)
    /// Whether every claim checked holds.
    bool passed = false;
    std::vector<std::string> failures;   ///< one line per claim that failed

    /// The measured order for a log ("3.99"), "exact to round-off", or "not measured" (no fit: the
    /// runs threw, or agreed to round-off without an exact solution; `failures` says which).
    std::string order_text() const {
        if (exact_to_round_off) return "exact to round-off";
        return std::isnan(measured_order) ? "not measured" : detail::order_figure(measured_order);
    }

    /// A few lines for a log: the figures, the claims checked, PASS or FAIL with the reasons.
    std::string summary() const {
        using detail::figure;
        std::string s = stepper_problem + ": order " + order_text() + ", symplecticity defect " +
                        figure(symplecticity_defect) + " (" + (jacobian_by_autodiff ? "autodiff" : "central differences") +
                        "; tolerance " + figure(symplecticity_tolerance) + "), reversibility defect " +
                        figure(reversibility_defect) + " (tolerance " + figure(reversibility_tolerance) +
                        "), energy drift " + figure(energy_drift) + ": " + (passed ? "PASS" : "FAIL");
        for (const auto& f : failures) s += "\n  - " + f;
        return s;
    }
};


namespace detail {

/// The reversibility check of `examine`, `examine_constrained` and `examine_adaptive`:
/// `there_and_back(h, K)` returns the flat state after K steps of h (K = 10 unless given) and then
/// K of −h from x0 (for an adaptive stepper, h is its control and the K steps back retrace its
/// own); the defect max|x − x₀| / scale is checked, when claimed, against 100 · 2K · ε. A throw
/// is a failure.
template <class U, class ThereAndBack>
void measure_reversibility(ThereAndBack&& there_and_back, const vector<U>& x0, const U& h, const U& scale,
                           const claims& claimed, report& r, std::size_t K = 10) {
    try {
        r.reversibility_defect = static_cast<double>(max_abs(vector<U>(there_and_back(h, K) - x0)) / scale);
        r.reversibility_tolerance = static_cast<double>(U(100) * U(2 * K) * std::numeric_limits<U>::epsilon());
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("stepping back threw: ") + e.what());
    }
    if (claimed.symmetric && !(r.reversibility_defect <= r.reversibility_tolerance))
        r.failures.push_back("symmetric: reversibility defect " + figure(r.reversibility_defect) + " > tolerance " +
                             figure(r.reversibility_tolerance));
}

/// The order measurement of `examine`, `examine_constrained` and `examine_adaptive` (there N is
/// a control's reciprocal: span / N is the control): `run(N)` returns the flat end
/// state (q, p) after N steps over [0, span]; the errors are against `reference` (the exact end
/// state), or when it is empty, the differences of successive runs. N_k = coarse_steps·2^{k/2}
/// steps (a ratio of √2, so that a high order still leaves three runs between its asymptotic
/// regime and round-off), until round-off or 2^13·coarse_steps steps; when fewer than three runs
/// land above round-off, coarser runs (k < 0, down to one step) are added in front; the order is
/// fitted on the last three runs above their floor: 1000 ε·scale, or `run_floor(N)` when that is
/// larger (the run's own accumulated rounding: `examine_adaptive` passes 10 ε·scale times the
/// steps the run took); the runs stop once an error is below a tenth of its floor. A run that throws (a checked stepper refusing
/// the non-finite state of a blown-up coarse run) ends at NaN, which the fit skips. Without an
/// exact solution, runs that all agree to round-off cannot measure an order: a claimed order then
/// fails with "order: not measurable" (a start at an equilibrium, or a stepper that does not
/// advance), never with a NaN order. Fills r.step_sizes, r.errors, r.measured_order, and
/// r.failures when the claimed order is missed.
template <class U, class Run, class Floor = U (*)(std::size_t)>
void measure_order(Run&& run, const vector<U>& reference, const U& span, std::size_t coarse_steps, const U& scale,
                   const claims& claimed, report& r, Floor run_floor = [](std::size_t) { return U(0); }) {
    const U eps = std::numeric_limits<U>::epsilon();
    const auto floor_of = [&](std::size_t N) { return (std::max)(U(U(1000) * eps * scale), U(run_floor(N))); };
    const bool has_exact = reference.size() > 0;
    bool unmeasurable = false;  // without an exact solution, every run agrees with the next to round-off
    const auto difference = [](const vector<U>& a, const vector<U>& b) {
        return a.size() == 0 || b.size() == 0 ? std::numeric_limits<U>::quiet_NaN() : U(max_abs(vector<U>(a - b)));
    };
    try {
        using std::isfinite;
        std::string thrown;
        auto end_after = [&](std::size_t N) {
            try {
                return vector<U>(run(N));
            } catch (const std::exception& e) {
                thrown = "the run with " + std::to_string(N) + " steps threw: " + e.what();
                return vector<U>();
            }
        };
        auto steps_at = [&](int k) -> std::size_t {
            const double n = double(coarse_steps) * std::pow(2.0, k / 2.0);
            return n < 1 ? 0 : std::size_t(std::lround(n));
        };
        std::vector<std::size_t> steps;
        std::vector<vector<U>> ends;
        for (int k = 0; k <= 26; ++k) {
            const std::size_t N = steps_at(k);
            if (!steps.empty() && N <= steps.back()) continue;
            steps.push_back(N);
            ends.push_back(end_after(N));
            const std::size_t m = ends.size();
            const U e = has_exact ? difference(ends[m - 1], reference) : (m >= 2 ? difference(ends[m - 2], ends[m - 1]) : U(1));
            if (isfinite(e) && e < U(10) * floor_of(N)) break;
        }
        auto errors = [&] {
            std::vector<U> err;
            for (std::size_t i = 0; i < ends.size(); ++i) {
                if (has_exact) err.push_back(difference(ends[i], reference));
                else if (i + 1 < ends.size()) err.push_back(difference(ends[i], ends[i + 1]));
            }
            return err;
        };
        auto usable = [&](const std::vector<U>& err) {
            std::size_t n = 0;
            for (std::size_t i = 0; i < err.size(); ++i) n += isfinite(err[i]) && err[i] > floor_of(steps[i]);
            return n;
        };
        for (int k = -1; usable(errors()) < 3 && steps_at(k) >= 1; --k) {
            if (steps_at(k) >= steps.front()) continue;
            steps.insert(steps.begin(), steps_at(k));
            ends.insert(ends.begin(), end_after(steps.front()));
        }
        const std::vector<U> err = errors();
        std::vector<U> fit_h, fit_e;
        for (std::size_t i = err.size(); i-- > 0 && fit_h.size() < 3;) {
            if (!isfinite(err[i])) break;  // only the runs finer than the last blown-up one count
            if (!(err[i] > floor_of(steps[i]))) continue;
            fit_h.insert(fit_h.begin(), U(span / U(steps[i])));
            fit_e.insert(fit_e.begin(), err[i]);
        }
        for (std::size_t i = 0; i < err.size(); ++i) {
            r.step_sizes.push_back(static_cast<double>(span / U(steps[i])));
            r.errors.push_back(static_cast<double>(err[i]));
        }
        bool all_at_floor = thrown.empty() && !err.empty();
        for (std::size_t i = 0; i < err.size(); ++i) all_at_floor = all_at_floor && isfinite(err[i]) && err[i] <= floor_of(steps[i]);
        if (fit_h.size() >= 2) r.measured_order = estimate_order(fit_h, fit_e).order;
        else if (all_at_floor && has_exact) r.exact_to_round_off = true;
        else if (all_at_floor && claimed.order > 0) {
            unmeasurable = true;
            r.failures.push_back("order: not measurable: the runs of " + std::to_string(steps.front()) + " to " +
                                 std::to_string(steps.back()) +
                                 " steps agree to round-off, so the end state does not depend on the step (a start at "
                                 "an equilibrium, or a stepper that does not advance)");
        } else if (!thrown.empty() && claimed.order > 0) r.failures.push_back("order: " + thrown);
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("order runs threw: ") + e.what());
    }
    if (claimed.order > 0 && !r.exact_to_round_off && !unmeasurable && !(std::abs(r.measured_order - double(claimed.order)) <= claimed.order_tolerance))
        r.failures.push_back("order: measured " + order_figure(r.measured_order) + ", claimed " + std::to_string(claimed.order) +
                             " (tolerance " + order_figure(claimed.order_tolerance) + ")");
}

/// The problem's H(q, p) at a flat state (q, p) of 2n entries, in U (the problems' hamiltonian
/// takes std::vector<U>).
template <class U, class Problem>
U energy_at(const Problem& problem, const vector<U>& v) {
    const std::size_t n = problem.dimension();
    std::vector<U> q(n), p(n);
    for (std::size_t i = 0; i < n; ++i) {
        q[i] = v(Eigen::Index(i));
        p[i] = v(Eigen::Index(n + i));
    }
    return U(problem.hamiltonian(q, p));
}

template <class Stepper>
concept pair_form_stepper = requires {
    typename Stepper::coor_type;
    typename Stepper::momentum_type;
};

/// The stepper's state: (q, p) for the symplectic form, one container otherwise.
template <class Stepper>
struct stepper_state {
    using type = typename Stepper::state_type;
    using vector_type = type;
};
template <pair_form_stepper Stepper>
struct stepper_state<Stepper> {
    using type = std::pair<typename Stepper::coor_type, typename Stepper::momentum_type>;
    using vector_type = typename Stepper::coor_type;
};

template <class Stepper>
using stepper_scalar_t = typename state_traits<typename stepper_state<Stepper>::vector_type>::scalar;

/// The stepper's state built from (q, p), and the system it integrates, for either form.
template <class Stepper, class Problem>
struct harness {
    using U = stepper_scalar_t<Stepper>;
    using T = typename Problem::value_type;

    const Problem& problem;

    static constexpr bool pair_form = pair_form_stepper<Stepper>;
    using state_type = typename stepper_state<Stepper>::type;

    state_type make_state(const vector<U>& q, const vector<U>& p) const {
        const Eigen::Index n = q.size();
        state_type x{};
        if constexpr (pair_form) {
            resize_state(x.first, n);
            resize_state(x.second, n);
            as_eigen(x.first) = q;
            as_eigen(x.second) = p;
        } else {
            resize_state(x, 2 * n);
            auto v = as_eigen(x);
            v.head(n) = q;
            v.tail(n) = p;
        }
        return x;
    }
    vector<U> flat(const state_type& x) const {
        if constexpr (pair_form) {
            const auto q = as_eigen(x.first);
            const auto p = as_eigen(x.second);
            vector<U> v(q.size() + p.size());
            v << q, p;
            return v;
        } else {
            return as_eigen(x);
        }
    }
    /// The problem's (f, g) as odeint's first-order system x' = (f(p), g(q)) on one container
    /// x = (q, p) of 2n entries, through adapters kept in the system (no allocation per call).
    template <class FG>
    struct first_order_system {
        FG fg;
        geomint::detail::callable_adapter<std::vector<U>, std::vector<U>> f_call, g_call;
        template <class Time>
        void operator()(const state_type& x, state_type& dxdt, const Time& /*t*/) {
            const auto v = as_eigen(x);
            auto d = as_eigen(dxdt);
            const Eigen::Index n = v.size() / 2;
            f_call(fg.first, v.tail(n), d.head(n), "conformance", "coordinate function f(p, dqdt)");
            g_call(fg.second, v.head(n), d.tail(n), "conformance", "momentum function g(q, dpdt)");
        }
    };
    auto system() const {
        if constexpr (pair_form) return problem.system();
        else return first_order_system<decltype(problem.system())>{problem.system(), {}, {}};
    }
    /// x₀ in U.
    state_type start() const { return make_state(problem.q0().template cast<U>(), problem.p0().template cast<U>()); }
    /// `steps` steps of h from x (a fresh copy of the stepper: its own state, if any, starts afresh).
    void run(Stepper stepper, state_type& x, const U& h, std::size_t steps, const U& t0 = U(0)) const {
        auto sys = system();
        for (std::size_t j = 0; j < steps; ++j) stepper.do_step(sys, x, U(t0 + U(j) * h), h);
    }
};

template <class Stepper, class Problem, class D = dual<stepper_scalar_t<Stepper>>>
concept autodiff_capable = requires(rebind_scalar_t<Stepper, stepper_scalar_t<Stepper>, D> s,
                                    typename harness<rebind_scalar_t<Stepper, stepper_scalar_t<Stepper>, D>, Problem>::state_type x,
                                    D t) {
    s.do_step(harness<rebind_scalar_t<Stepper, stepper_scalar_t<Stepper>, D>, Problem>{std::declval<const Problem&>()}.system(), x, t, t);
};

}  // namespace detail

namespace detail {
template <class Stepper>
constexpr bool declares_no_dual_states() {
    if constexpr (requires { Stepper::dual_states; }) return !Stepper::dual_states;
    else return false;
}
}  // namespace detail

/// Whether the Jacobian is taken by autodiff (the stepper rebound to dual<T>) when the rebound
/// stepper's do_step is declared. False for a stepper that says `static constexpr bool
/// dual_states = false` (geomint's linear steppers). A user's stepper whose body does not compile
/// on dual numbers (the requirement checks declarations only) is opted out by specializing this
/// to std::false_type: central differences are used instead.
template <class Stepper>
struct use_autodiff : std::bool_constant<!detail::declares_no_dual_states<Stepper>()> {};

/// The Jacobian Φ = ∂x₁/∂x₀ of one step of h from the problem's initial point, 2n × 2n, with the
/// way it was obtained.
template <class Stepper, class Problem>
std::pair<matrix<detail::stepper_scalar_t<Stepper>>, bool> one_step_jacobian(const Stepper& stepper, const Problem& problem,
                                                                              const detail::stepper_scalar_t<Stepper>& h) {
    using U = detail::stepper_scalar_t<Stepper>;
    const Eigen::Index n2 = Eigen::Index(2 * problem.dimension());
    matrix<U> phi(n2, n2);
    const detail::harness<Stepper, Problem> H{problem};
    const vector<U> x0 = H.flat(H.start());
    if constexpr (use_autodiff<Stepper>::value && detail::autodiff_capable<Stepper, Problem>) {
        using D = dual<U>;
        using S = rebind_scalar_t<Stepper, U, D>;
        const detail::harness<S, Problem> HD{problem};
        for (Eigen::Index j = 0; j < n2; ++j) {
            vector<D> xd(n2);
            for (Eigen::Index i = 0; i < n2; ++i) xd(i) = i == j ? make_dual(x0(i), U(1)) : D(x0(i));
            auto x = HD.make_state(xd.head(n2 / 2), xd.tail(n2 / 2));
            HD.run(S(), x, D(h), 1);
            const vector<D> out = HD.flat(x);
            for (Eigen::Index i = 0; i < n2; ++i) phi(i, j) = tangent_of(out(i));
        }
        return {phi, true};
    } else {
        using std::abs;
        using std::pow;
        const U delta0 = pow(std::numeric_limits<U>::epsilon(), U(1) / U(5));
        auto image = [&](const vector<U>& x) {
            auto s = H.make_state(x.head(n2 / 2), x.tail(n2 / 2));
            H.run(stepper, s, h, 1);
            return H.flat(s);
        };
        for (Eigen::Index j = 0; j < n2; ++j) {
            const U d = delta0 * (U(1) + U(abs(x0(j))));
            auto central = [&](const U& dj) {
                vector<U> a = x0, b = x0;
                a(j) += dj;
                b(j) -= dj;
                return vector<U>((image(a) - image(b)) / (U(2) * dj));
            };
            phi.col(j) = (U(4) * central(d / 2) - central(d)) / U(3);
        }
        return {phi, false};
    }
}

/// Examines `stepper` on `problem` (conformance/problems.hpp) against `claimed` (see the file
/// comment for what is measured). Runs in the stepper's scalar U; the problem's T must convert to
/// U. Exceptions a stepper throws (a negative step refused, a solver that fails) are reported as
/// failures, not propagated.
/// \throws std::invalid_argument if the problem's dimension is 0.
template <class Stepper, class Problem>
report examine(const Stepper& stepper, const Problem& problem, const claims& claimed) {
    using U = detail::stepper_scalar_t<Stepper>;
    using std::abs;
    if (problem.dimension() == 0) throw std::invalid_argument("conformance::examine: the problem has dimension 0");
    report r;
    r.stepper_problem = std::string(problem.name) + " in " + scalar_traits<U>::name();
    const detail::harness<Stepper, Problem> H{problem};
    const U eps = std::numeric_limits<U>::epsilon();
    const vector<U> x0 = H.flat(H.start());
    const U scale = (std::max)(U(1), max_abs(x0));

    // order: the runs' ends against the exact solution, or each other
    {
        vector<U> reference;
        if constexpr (Problem::has_exact) {
            const auto e = problem.exact(typename Problem::value_type(problem.time_span()));
            reference = vector<U>(2 * problem.dimension());
            reference << e.first.template cast<U>(), e.second.template cast<U>();
        }
        const U span = U(problem.time_span());
        detail::measure_order<U>(
            [&](std::size_t N) {
                auto x = H.start();
                H.run(stepper, x, U(span / U(N)), N);
                return H.flat(x);
            },
            reference, span, problem.coarse_steps(), scale, claimed, r);
    }

    // symplecticity of one step at x0
    try {
        const auto [phi, by_autodiff] = one_step_jacobian(stepper, problem, U(problem.defect_step()));
        r.jacobian_by_autodiff = by_autodiff;
        const U size = max_abs(phi);
        const U defect = symplecticity_defect(phi) / (U(1) + size * size);
        r.symplecticity_defect = static_cast<double>(defect);
        using std::pow;
        const U accuracy = by_autodiff ? eps : U(pow(eps, U(4) / U(5)));
        r.symplecticity_tolerance = static_cast<double>(U(100) * U(phi.rows()) * accuracy);
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("the Jacobian's step threw: ") + e.what());
    }
    if (claimed.symplectic && !(r.symplecticity_defect <= r.symplecticity_tolerance))
        r.failures.push_back("symplectic: defect " + detail::figure(r.symplecticity_defect) + " > tolerance " +
                             detail::figure(r.symplecticity_tolerance));

    // reversibility: 10 steps forward, 10 back
    detail::measure_reversibility<U>(
        [&](const U& h, std::size_t K) {
            auto x = H.start();
            H.run(stepper, x, h, K);
            H.run(stepper, x, U(-h), K, U(U(K) * h));
            return H.flat(x);
        },
        x0, U(problem.defect_step()), scale, claimed, r);

    // energy over the energy run (reported, not checked)
    try {
        auto x = H.start();
        auto sys = H.system();
        Stepper s = stepper;
        const U h = U(problem.energy_step());
        auto energy = [&](const vector<U>& v) { return detail::energy_at(problem, v); };
        const U H0 = energy(x0), denominator = (std::max)(U(1), U(abs(H0)));
        U worst(0);
        for (std::size_t j = 0; j < problem.energy_steps(); ++j) {
            s.do_step(sys, x, U(U(j) * h), h);
            worst = (std::max)(worst, U(abs(energy(H.flat(x)) - H0) / denominator));
        }
        r.energy_drift = static_cast<double>(worst);
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("the energy run threw: ") + e.what());
    }
    r.passed = r.failures.empty();
    return r;
}

/// The claims a stepper's scheme declares (scheme/traits.hpp): its order, symplecticity and
/// time symmetry — the default of `examine` for steppers that name their scheme (`scheme_type`:
/// every geomint stepper).
template <class Stepper>
    requires requires { typename Stepper::scheme_type; }
constexpr claims declared_claims() {
    using S = typename Stepper::scheme_type;
    return claims{.order = S::order, .symplectic = S::symplectic, .symmetric = S::symmetric};
}

/// `examine` against the claims the stepper's scheme declares (`declared_claims`).
template <class Stepper, class Problem>
    requires requires { typename Stepper::scheme_type; }
report examine(const Stepper& stepper, const Problem& problem) {
    return examine(stepper, problem, declared_claims<Stepper>());
}

}  // namespace geomint::conformance
