#pragma once
// The constrained tests' problems and references, at the including translation unit's
// `test_scalar`: the spherical pendulum and the Simpson paper's nonlinear double pendulum in
// Cartesian coordinates, with (q, p) at t1 from odeint's rkf78 on the angle equations (an
// independent description of the same motion), and the max-norm errors of a stepper's run.
// Shared by rattle.inc and constrained_galerkin.inc.

#include <geomint/problems/cartesian_double_pendulum.hpp>

#include <boost/numeric/odeint.hpp>

namespace {

using namespace geomint_test;
using T = test_scalar;
using SV = std::vector<T>;
using geomint::problems::spherical_pendulum;

/// The initial angles: θ = 1, θ̇ = 0, φ = 0, φ̇ = 2 (off the poles all along).
constexpr int theta0_num = 1, phi_rate0 = 2;

std::pair<SV, SV> initial_state(const spherical_pendulum<T>& pendulum) {
    const auto [q, p] = pendulum.cartesian_state(T(theta0_num), T(0), T(0), T(phi_rate0));
    return {SV(q.data(), q.data() + 3), SV(p.data(), p.data() + 3)};
}

/// (q, p)(t1) by rkf78 on the angle equations, 4000 fixed steps per time unit (error ~1e-26 at
/// t1 = 1, checked against 8000 steps in ReferenceIsConverged).
std::pair<vector<T, 3>, vector<T, 3>> reference_state(const spherical_pendulum<T>& pendulum, const T& t1,
                                                      int steps_per_unit = 4000) {
    namespace odeint = boost::numeric::odeint;
    using Y = std::array<T, 4>;
    Y y{T(theta0_num), T(0), T(0), T(phi_rate0)};
    const int steps = static_cast<int>(std::ceil(to_d(t1) * steps_per_unit));
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<Y, T, Y, T>(), pendulum, y, T(0), t1 / T(steps), steps);
    return pendulum.cartesian_state(y[0], y[1], y[2], y[3]);
}

/// The max-norm errors of q and of p at t1 = 1 after `n` steps of `stepper` on the spherical
/// pendulum (against rkf78 on the angle equations).
template <class Stepper>
std::pair<T, T> spherical_errors(Stepper stepper, int n) {
    const spherical_pendulum<T> pendulum;
    const auto sys = pendulum.system<SV>();
    auto x = initial_state(pendulum);
    const T h = T(1) / T(n);
    for (int j = 0; j < n; ++j) stepper.do_step(sys, x, T(j) * h, h);
    static const auto reference = reference_state(pendulum, T(1));
    return {(as_eigen(x.first) - reference.first).cwiseAbs().maxCoeff(),
            (as_eigen(x.second) - reference.second).cwiseAbs().maxCoeff()};
}

/// The double pendulum released at rest from θ = (0, π/6) (the paper's initial state, Table 1),
/// as the system `sys` (its pair form or its Lagrangian, with the constraints): the max-norm
/// errors of q and of p at t1 = 1 t̄ after `n` steps, against rkf78 on the angle equations.
template <class Stepper, class System>
std::pair<T, T> double_pendulum_errors_on(const System& sys, Stepper stepper, int n) {
    using SV4 = std::vector<T>;
    const geomint::problems::cartesian_double_pendulum<T> pendulum;
    const T theta2 = boost::math::constants::pi<T>() / T(6);
    const auto [q0, p0] = pendulum.cartesian_state(T(0), T(0), theta2, T(0));
    auto x = std::make_pair(SV4(q0.data(), q0.data() + 4), SV4(p0.data(), p0.data() + 4));
    const T t1 = pendulum.angles.tbar, h = t1 / T(n);
    for (int j = 0; j < n; ++j) stepper.do_step(sys, x, T(j) * h, h);
    static const auto reference = [&] {  // the angle form's Hamiltonian equations, rkf78
        namespace odeint = boost::numeric::odeint;
        using Y = std::array<T, 4>;
        Y y{T(0), theta2, T(0), T(0)};  // (θ1, θ2, p_θ1, p_θ2)
        const int steps = 8000;
        const auto rates = [&](const Y& x, Y& dx, const T&) { pendulum.angles.nonlinear_rates(x, dx); };
        odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<Y, T, Y, T>(), rates, y, T(0), t1 / T(steps), steps);
        return pendulum.cartesian_state(y);
    }();
    return {(as_eigen(x.first) - reference.first).cwiseAbs().maxCoeff(),
            (as_eigen(x.second) - reference.second).cwiseAbs().maxCoeff()};
}

/// The same on the pendulum's pair form with its constraints.
template <class Stepper>
std::pair<T, T> double_pendulum_errors(Stepper stepper, int n) {
    return double_pendulum_errors_on(geomint::problems::cartesian_double_pendulum<T>{}.template system<SV>(), stepper, n);
}

/// Orders fitted to the errors of q and of p (`errors(n)` returns both) over the step counts
/// `steps` (h = 1/n of the run's length), ignoring errors below 1000 ε (rounding); printed with
/// the errors under `label`.
struct fitted_orders {
    double q, p;
};

template <class Errors>
fitted_orders fit_orders(const char* label, Errors errors, std::initializer_list<int> steps) {
    std::vector<T> h, eq, ep;
    std::printf("%s errors (q; p):", label);
    for (int n : steps) {
        const auto [q, p] = errors(n);
        h.push_back(T(1) / T(n));
        eq.push_back(q);
        ep.push_back(p);
        std::printf(" %.3g; %.3g", to_d(q), to_d(p));
    }
    const fitted_orders o{estimate_order(h, eq, T(1000) * eps<T>()).order, estimate_order(h, ep, T(1000) * eps<T>()).order};
    std::printf("  -> orders q %.3f, p %.3f\n", o.q, o.p);
    return o;
}

}  // namespace
