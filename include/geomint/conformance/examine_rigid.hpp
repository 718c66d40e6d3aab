#pragma once
/// \file
/// `geomint::conformance::examine_rigid(stepper, problem, claims)`: checks what a Boost.Odeint
/// stepper of a rigid body — geomint's `rigid_body_stepper` and its compositions, the Lie group
/// variational steppers, or a user's on the same states — claims about itself, on a problem of
/// this file, in the stepper's own precision:
/// - **order**: of the end state (R, Π) at the problem's time span, against its exact solution
///   when it has one (the free body: problems/free_rigid_body.hpp), else the runs compared with
///   each other (conformance/examine.hpp's `measure_order`);
/// - **symplecticity on T*SO(3)**: the restricted defect of one step carried to the body on the
///   nine entries of R (analysis/rigid_symplecticity.hpp), δ = ε^{1/3}, checked when claimed
///   against 100 · 18 · ε^{2/3} (a quaternion stepper is measured through the quaternion of R);
/// - **reversibility**: 10 steps of +h then 10 of −h;
/// - **attitude**: max ‖RᵀR − I‖ (or | |q| − 1 |) along the energy run, always checked against
///   100 ε;
/// - **energy drift** and the Casimir's relative change along the energy run (reported).
/// The state is the pair (attitude, Π) of the rigid steppers (stepper/rigid_body_stepper.hpp).

#include "geomint/analysis/rigid_symplecticity.hpp"
#include "geomint/conformance/examine.hpp"
#include "geomint/conformance/examine_constrained.hpp"
#include "geomint/model/rigid_body.hpp"
#include "geomint/problems/free_rigid_body.hpp"
#include "geomint/so3.hpp"
#include "geomint/state.hpp"

#include <cmath>
#include <exception>
#include <limits>
#include <string>
#include <tuple>
#include <utility>

namespace geomint::conformance {

/// The free body I = (2, 3, 4) (a solid: its second moments are positive), Π₀ = (1, 1/2, −3/10),
/// R₀ = exp((3/10, −1/2, 7/10)^): order against the exact (R, Π)(3).
template <class T>
struct free_rigid_body_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "free rigid body I = (2, 3, 4)";
    /// The body.
    rigid_body<T> body() const { return rigid_body<T>(moments()); }
    /// R(0).
    so3::matrix3<T> R0() const { return so3::exp_map(vector<T, 3>(T(3) / T(10), T(-1) / T(2), T(7) / T(10))); }
    /// Π(0).
    vector<T, 3> pi0() const { return vector<T, 3>(T(1), T(1) / T(2), T(-3) / T(10)); }
    /// The exact (R row by row, Π) at the time span.
    vector<T> reference() const {
        const problems::free_rigid_body<T> exact(moments(), pi0(), R0());
        const so3::matrix3<T> R = exact.attitude(time_span());
        const vector<T, 3> pi = exact.pi(time_span());
        vector<T> x(12);
        for (int i = 0; i < 9; ++i) x(i) = R(i / 3, i % 3);
        x.tail(3) = pi;
        return x;
    }
    /// Time span of the order runs.
    T time_span() const { return T(3); }
    /// Steps of the coarsest order run.
    std::size_t coarse_steps() const { return 10; }
    /// Step of the symplecticity and reversibility checks.
    T defect_step() const { return T(1) / T(10); }
    /// Step of the energy run.
    T energy_step() const { return T(1) / T(20); }
    /// Steps of the energy run.
    std::size_t energy_steps() const { return 2000; }

private:
    static vector<T, 3> moments() { return vector<T, 3>(T(2), T(3), T(4)); }
};

/// The heavy top V(R) = e₃ᵀ R χ (m g = 1) with χ = (1/10, 1/5, 1) off every principal axis,
/// I = (2, 3, 4), Π₀ = (0, 3/10, 5), tilted by 1/2 about e₁: no exact solution (the runs are
/// compared with each other).
template <class T>
struct heavy_top_problem {
    /// The potential e₃ᵀ R χ.
    struct potential {
        vector<T, 3> chi;  ///< the centre of mass from the fixed point (body frame)
        /// V(R) for R of T or dual<T>.
        template <class S>
        S operator()(const so3::matrix3<S>& R) const {
            return S(R.row(2).dot(chi.template cast<S>()));
        }
    };
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "asymmetric heavy top";
    /// The body.
    rigid_body<T, potential> body() const {
        return rigid_body<T, potential>(vector<T, 3>(T(2), T(3), T(4)), potential{vector<T, 3>(T(1) / T(10), T(1) / T(5), T(1))});
    }
    /// R(0).
    so3::matrix3<T> R0() const { return so3::axis_rotation(0, T(1) / T(2)); }
    /// Π(0).
    vector<T, 3> pi0() const { return vector<T, 3>(T(0), T(3) / T(10), T(5)); }
    /// None: the order runs are compared with each other.
    vector<T> reference() const { return vector<T>(); }
    /// Time span of the order runs.
    T time_span() const { return T(3); }
    /// Steps of the coarsest order run.
    std::size_t coarse_steps() const { return 20; }
    /// Step of the symplecticity and reversibility checks.
    T defect_step() const { return T(1) / T(20); }
    /// Step of the energy run.
    T energy_step() const { return T(1) / T(50); }
    /// Steps of the energy run.
    std::size_t energy_steps() const { return 2000; }
};

namespace detail {
/// The attitude's entries of a state container: 4 for a fixed-size container of 4 (a
/// quaternion), else 9 (the rotation matrix row by row).
template <class Coor>
constexpr Eigen::Index attitude_entries() {
    if constexpr (requires { std::tuple_size<Coor>::value; }) return std::tuple_size<Coor>::value == 4 ? 4 : 9;
    else if constexpr (requires { Coor::RowsAtCompileTime; }) return Coor::RowsAtCompileTime == 4 ? 4 : 9;
    else return 9;
}
}  // namespace detail

/// What `examine_rigid` measured: `report`'s figures (the symplecticity defect is the restricted
/// one on T*SO(3)), the attitude's defect and the Casimir's relative change.
struct rigid_report : report {
    double attitude_defect = std::numeric_limits<double>::quiet_NaN();  ///< max ‖RᵀR − I‖ or | |q| − 1 |
    double attitude_tolerance = 0;                                      ///< 100 ε
    double casimir_change = std::numeric_limits<double>::quiet_NaN();   ///< max | |Π|²/|Π₀|² − 1 |

    /// A few lines for a log: the figures, PASS or FAIL with the reasons.
    std::string summary() const {
        using detail::figure;
        std::string s = stepper_problem + ": order " + order_text() +
                        ", symplecticity defect on T*SO(3) " + figure(symplecticity_defect) + " (tolerance " +
                        figure(symplecticity_tolerance) + "), reversibility defect " + figure(reversibility_defect) +
                        " (tolerance " + figure(reversibility_tolerance) + "), attitude defect " + figure(attitude_defect) +
                        " (tolerance " + figure(attitude_tolerance) + "), energy drift " + figure(energy_drift) +
                        ", Casimir change " + figure(casimir_change) + ": " + (passed ? "PASS" : "FAIL");
        for (const auto& f : failures) s += "\n  - " + f;
        return s;
    }
};

/// Examines the rigid-body stepper `stepper` on `problem` against `claimed` (see the file
/// comment). Exceptions a stepper throws are reported as failures, not propagated.
template <class Stepper, class Problem>
rigid_report examine_rigid(const Stepper& stepper, const Problem& problem, const claims& claimed) {
    using Coor = typename Stepper::coor_type;
    using Momentum = typename Stepper::momentum_type;
    using U = typename state_traits<Coor>::scalar;
    using state_type = std::pair<Coor, Momentum>;
    using std::abs;
    rigid_report r;
    r.stepper_problem = std::string(problem.name) + " in " + scalar_traits<U>::name();
    const U eps = std::numeric_limits<U>::epsilon();
    const auto body = problem.body();
    const so3::matrix3<U> R0 = problem.R0();
    const vector<U, 3> pi0 = problem.pi0();
    const auto start = [&] {
        state_type x{};
        resize_state(x.first, detail::attitude_entries<Coor>());
        resize_state(x.second, 3);
        auto q = as_eigen(x.first);
        if constexpr (detail::attitude_entries<Coor>() == 4) {
            q = so3::quaternion_of(R0);
        } else {
            for (int i = 0; i < 9; ++i) q(i) = R0(i / 3, i % 3);
        }
        as_eigen(x.second) = pi0;
        return x;
    };
    const auto attitude = [](const state_type& x) {
        const auto q = as_eigen(x.first);
        if constexpr (detail::attitude_entries<Coor>() == 4) return so3::rotation_of(vector<U, 4>(q(0), q(1), q(2), q(3)));
        else return geomint::detail::matrix_of_rows<U>(q);
    };
    const auto flat = [&](const state_type& x) {
        const so3::matrix3<U> R = attitude(x);
        vector<U> v(12);
        for (int i = 0; i < 9; ++i) v(i) = R(i / 3, i % 3);
        v.tail(3) = as_eigen(x.second);
        return v;
    };
    const auto run = [&](Stepper s, state_type& x, const U& h, std::size_t steps, const U& t0 = U(0)) {
        for (std::size_t j = 0; j < steps; ++j) s.do_step(body, x, U(t0 + U(j) * h), h);
    };
    const vector<U> x0 = flat(start());
    const U scale = (std::max)(U(1), max_abs(x0));

    // order (against the exact end state, or the runs against each other) and reversibility
    detail::measure_runs<U>(stepper, start, run, flat, problem.reference(), U(problem.time_span()), problem.coarse_steps(),
                            U(problem.defect_step()), scale, claimed, r);

    // symplecticity on T*SO(3)
    detail::measure_restricted_symplecticity<U>(
        [&](const U& delta) {
            return rigid_symplecticity_defect<int(detail::attitude_entries<Coor>())>(stepper, body, R0, pi0, U(0),
                                                                                     U(problem.defect_step()), delta);
        },
        9, claimed, r, "defect on T*SO(3)");

    // the attitude, the energy and the Casimir along the energy run
    try {
        auto x = start();
        Stepper s = stepper;
        const U h = U(problem.energy_step()), H0 = body.energy(R0, pi0), M0 = pi0.squaredNorm();
        const U denominator = (std::max)(U(1), U(abs(H0)));
        U worst_energy(0), worst_attitude(0), worst_casimir(0);
        for (std::size_t j = 0; j < problem.energy_steps(); ++j) {
            s.do_step(body, x, U(U(j) * h), h);
            const vector<U, 3> pi = as_eigen(x.second);
            worst_energy = (std::max)(worst_energy, U(abs(U(body.energy(attitude(x), pi) - H0)) / denominator));
            worst_casimir = (std::max)(worst_casimir, U(abs(U(pi.squaredNorm() / M0 - U(1)))));
            const auto q = as_eigen(x.first);
            if constexpr (detail::attitude_entries<Coor>() == 4)
                worst_attitude = (std::max)(worst_attitude, U(abs(U(vector<U, 4>(q(0), q(1), q(2), q(3)).norm() - U(1)))));
            else worst_attitude = (std::max)(worst_attitude, so3::orthogonality_defect(attitude(x)));
        }
        r.energy_drift = static_cast<double>(worst_energy);
        r.casimir_change = static_cast<double>(worst_casimir);
        r.attitude_defect = static_cast<double>(worst_attitude);
        r.attitude_tolerance = static_cast<double>(U(100) * eps);
    } catch (const std::exception& e) {
        r.failures.push_back(std::string("the energy run threw: ") + e.what());
    }
    if (!(r.attitude_defect <= r.attitude_tolerance))
        r.failures.push_back("attitude off SO(3): " + detail::figure(r.attitude_defect) + " > tolerance " +
                             detail::figure(r.attitude_tolerance));
    r.passed = r.failures.empty();
    return r;
}

/// `examine_rigid` against the claims the stepper's scheme declares (`declared_claims`).
template <class Stepper, class Problem>
    requires requires { typename Stepper::scheme_type; }
rigid_report examine_rigid(const Stepper& stepper, const Problem& problem) {
    return examine_rigid(stepper, problem, declared_claims<Stepper>());
}

}  // namespace geomint::conformance
