#pragma once
/// \file
/// `geomint::conformance::examine_constrained(stepper, problem, claims)`: checks what a Boost.Odeint
/// stepper on a constrained phase space — geomint's `rattle_stepper`, `composed_rattle_stepper`,
/// `galerkin_vi_stepper`, or a user's — claims about itself, on a problem of
/// conformance/constrained_problems.hpp, in the stepper's own precision:
/// - **order**: as `examine` (conformance/examine.hpp), the runs' ends compared with each other;
/// - **restricted symplecticity defect**: of one step at the initial point, on a basis of the
///   tangent space of the constrained phase space (analysis/restricted_symplecticity.hpp), by
///   central differences with δ = ε^{1/3} (accuracy O(ε^{2/3})), checked when claimed against
///   100 · 2n · ε^{2/3};
/// - **reversibility defect**: 10 steps of +h then 10 of −h, max|x − x₀| / max(1, |x₀|);
/// - **constraint residuals**: max over the energy run of |g(q)|∞ / (|G|∞ |q|∞) and
///   |G(q) M⁻¹ p|∞ / (|G|∞ |M⁻¹p|∞), always checked against 100 ε (a constrained stepper keeps
///   its states on the constrained phase space);
/// - **energy drift**: max |H − H₀| / max(1, |H₀|) over the energy run (reported).
/// The stepper must be of odeint's symplectic form (`coor_type`, `momentum_type`; the state a
/// pair (q, p)) and take the problem's `constrained` system. Cost: the order runs go on until
/// round-off, so at 50 digits a second-order stepper runs up to 2^13 · coarse_steps steps
/// (minutes); at double, a few seconds per stepper and problem.

#include "geomint/analysis/restricted_symplecticity.hpp"
#include "geomint/conformance/examine.hpp"
#include "geomint/scheme/constrained/constrained_model.hpp"
#include "geomint/scheme/constrained/manifold_projection.hpp"

#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <utility>

namespace geomint::conformance {

/// What `examine_constrained` measured: `report`'s figures (the symplecticity defect is the
/// restricted one, by central differences) and the constraint residuals.
struct constrained_report : report {
    double position_residual = std::numeric_limits<double>::quiet_NaN();  ///< max |g(q)| / (|G| |q|)
    double hidden_residual = std::numeric_limits<double>::quiet_NaN();    ///< max |G M⁻¹ p| / (|G| |M⁻¹ p|)
    /// The bound the constraint residuals are checked against.
    double residual_tolerance = 0;

    /// A few lines for a log: the figures, PASS or FAIL with the reasons.
    std::string summary() const {
        using detail::figure;
        std::string s = stepper_problem + ": order " + order_text() +
                        ", restricted symplecticity defect " + figure(symplecticity_defect) + " (tolerance " +
                        figure(symplecticity_tolerance) + "), reversibility defect " + figure(reversibility_defect) +
                        " (tolerance " + figure(reversibility_tolerance) + "), constraint residuals " +
                        figure(position_residual) + " and " + figure(hidden_residual) + " (tolerance " +
                        figure(residual_tolerance) + "), energy drift " + figure(energy_drift) + ": " +
                        (passed ? "PASS" : "FAIL");
        for (const auto& f : failures) s += "\n  - " + f;
        return s;
    }
};

namespace detail {
/// The order runs and the reversibility check of a kit whose stepper steps the state `start()`
/// by `run(stepper, x, h, steps, t0)` and whose state is flattened by `flat(x)` (`examine_constrained`,
/// `examine_rigid`): the runs' ends over [0, span] against `reference` (or each other when it
/// is empty), and 10 steps of +h then 10 of −h from the start (`measure_order`,
/// `measure_reversibility`).
template <class U, class Stepper, class Start, class Run, class Flat>
void measure_runs(const Stepper& stepper, Start&& start, Run&& run, Flat&& flat, const vector<U>& reference, const U& span,
                  std::size_t coarse_steps, const U& defect_step, const U& scale, const claims& claimed, report& r) {
    measure_order<U>(
        [&](std::size_t N) {
            auto x = start();
            run(stepper, x, U(span / U(N)), N, U(0));
            return flat(x);
        },
        reference, span, coarse_steps, scale, claimed, r);
    measure_reversibility<U>(
        [&](const U& h, std::size_t K) {
            auto x = start();
            run(stepper, x, h, K, U(0));
            run(stepper, x, U(-h), K, U(U(K) * h));
            return flat(x);
        },
        flat(start()), defect_step, scale, claimed, r);
}

/// The restricted symplecticity check of `examine_constrained` and `examine_rigid`: `defect(δ)`
/// measures one step's defect on a tangent basis of a phase space of 2n coordinates by central
/// differences with δ = ε^{1/3}; checked, when claimed, against 100 · 2n · ε^{2/3}. A throw is a
/// failure; `what` names the defect in the failure's line.
template <class U, class Defect>
void measure_restricted_symplecticity(Defect&& defect, Eigen::Index n, const claims& claimed, report& r, const std::string& what) {
    using std::cbrt;
    using std::pow;
    const U eps = std::numeric_limits<U>::epsilon();
    try {
        r.symplecticity_defect = static_cast<double>(U(defect(U(cbrt(eps)))));
        r.symplecticity_tolerance = static_cast<double>(U(100) * U(2 * n) * U(pow(eps, U(2) / U(3))));
    } catch (const std::exception& e) {
        r.failures.push_back("the symplecticity step threw: " + std::string(e.what()));
    }
    if (claimed.symplectic && !(r.symplecticity_defect <= r.symplecticity_tolerance))
        r.failures.push_back("symplectic: " + what + " " + figure(r.symplecticity_defect) + " > tolerance " +
                             figure(r.symplecticity_tolerance));
}
}  // namespace detail

/// Examines the constrained stepper `stepper` on `problem` against `claimed` (see the file
/// comment). Exceptions a stepper throws are reported as failures, not propagated.
template <class Stepper, class Problem>
constrained_report examine_constrained(const Stepper& stepper, const Problem& problem, const claims& claimed) {
    using Coor = typename Stepper::coor_type;
    using Momentum = typename Stepper::momentum_type;
    using U = typename state_traits<Coor>::scalar;
    using state_type = std::pair<Coor, Momentum>;
    constrained_report r;
    r.stepper_problem = std::string(problem.name) + " in " + scalar_traits<U>::name();
    const U eps = std::numeric_limits<U>::epsilon();
    auto sys = problem.template system<Coor>();
    const vector<U> q0 = problem.q0().template cast<U>(), p0 = problem.p0().template cast<U>();
    const Eigen::Index n = q0.size();
    const auto start = [&] {
        state_type x{};
        resize_state(x.first, n);
        resize_state(x.second, n);
        as_eigen(x.first) = q0;
        as_eigen(x.second) = p0;
        return x;
    };
    const auto flat = [&](const state_type& x) {
        vector<U> v(2 * n);
        v << as_eigen(x.first), as_eigen(x.second);
        return v;
    };
    const auto run = [&](Stepper s, state_type& x, const U& h, std::size_t steps, const U& t0 = U(0)) {
        for (std::size_t j = 0; j < steps; ++j) s.do_step(sys, x, U(t0 + U(j) * h), h);
    };
    const vector<U> x0 = flat(start());
    const U scale = (std::max)(U(1), max_abs(x0));

    // order (the runs' ends compared with each other) and reversibility (10 steps forward, 10 back)
    detail::measure_runs<U>(stepper, start, run, flat, vector<U>(), U(problem.time_span()), problem.coarse_steps(),
                            U(problem.defect_step()), scale, claimed, r);

    // restricted symplecticity of one step at x0
    detail::measure_restricted_symplecticity<U>(
        [&](const U& delta) { return restricted_symplecticity_defect(stepper, sys, start(), U(0), U(problem.defect_step()), delta); },
        n, claimed, r, "restricted defect");

    // constraint residuals and energy along the energy run
    try {
        scheme::detail::constrained_workspace<Coor, Momentum> calls;
        const scheme::detail::constrained_model<U, Coor, Momentum, decltype(sys)> model(sys, calls);
        auto x = start();
        Stepper s = stepper;
        const U h = U(problem.energy_step());
        using std::abs;
        const U H0 = U(problem.hamiltonian(x.first, x.second)), denominator = (std::max)(U(1), U(abs(H0)));
        U worst_energy(0), worst_position(0), worst_hidden(0);
        for (std::size_t j = 0; j < problem.energy_steps(); ++j) {
            s.do_step(sys, x, U(U(j) * h), h);
            worst_energy = (std::max)(worst_energy, U(abs(U(problem.hamiltonian(x.first, x.second)) - H0) / denominator));
            const vector<U> q = as_eigen(x.first), v = model.inverse_mass(vector<U>(as_eigen(x.second)));
            const auto G = model.constraint_jacobian(q);
            worst_position = (std::max)(worst_position, U(max_abs(model.constraint(q)) / scheme::detail::constraint_scale(G, q)));
            worst_hidden = (std::max)(worst_hidden, U(max_abs(vector<U>(G * v)) / scheme::detail::constraint_scale(G, v)));
        }
        r.energy_drift = static_cast<double>(worst_energy);
        r.position_residual = static_cast<double>(worst_position);
        r.hidden_residual = static_cast<double>(worst_hidden);
        r.residual_tolerance = static_cast<double>(U(100) * eps);
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("the energy run threw: ") + e.what());
    }
    if (!(r.position_residual <= r.residual_tolerance && r.hidden_residual <= r.residual_tolerance))
        r.failures.push_back("constraint residuals " + detail::figure(r.position_residual) + " (|g(q)|) and " +
                             detail::figure(r.hidden_residual) + " (|G M^-1 p|) relative to their scale > tolerance " +
                             detail::figure(r.residual_tolerance));
    r.passed = r.failures.empty();
    return r;
}

/// `examine_constrained` against the claims the stepper's scheme declares (`declared_claims`).
template <class Stepper, class Problem>
    requires requires { typename Stepper::scheme_type; }
constrained_report examine_constrained(const Stepper& stepper, const Problem& problem) {
    return examine_constrained(stepper, problem, declared_claims<Stepper>());
}

}  // namespace geomint::conformance
