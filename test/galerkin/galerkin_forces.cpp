// Galerkin variational integrators with non-conservative forces (discrete Lagrange–d'Alembert,
// scheme/galerkin/lagrangian_stages.hpp) at 50 digits: orders 2·Degree on a damped, driven
// Duffing oscillator and a damped nonlinear double pendulum (references: odeint's
// runge_kutta_fehlberg78 on the forced Hamiltonian equations written out by hand), on the
// damped, driven linear double pendulum (reference: the closed-form modal solution); Degree 2 on
// a structural_system is the linear Simpson stepper's Lagrange–d'Alembert step; forced Noether
// with the Gauss–Lobatto impulse; the force's errors named.
#include "galerkin_order.hpp"

#include <geomint/analysis/galerkin_stability.hpp>
#include <geomint/exact/driven_modal_solution.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/scheme/galerkin/linear_stages.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <limits>

namespace {
using namespace geomint_test;
using T = geomint::mp<50>;
using V = std::vector<T>;
namespace odeint = boost::numeric::odeint;

/// (q, p) at t1 by runge_kutta_fehlberg78 with `steps` fixed steps on x = (q, p), `rhs(x, dxdt, t)`.
template <class Rhs>
std::pair<V, V> rk_reference(Rhs rhs, const V& q0, const V& p0, const T& t1, int steps) {
    V x(q0);
    x.insert(x.end(), p0.begin(), p0.end());
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<V, T, V, T>(), rhs, x, T(0), t1 / T(steps), steps);
    const std::size_t n = q0.size();
    return {V(x.begin(), x.begin() + long(n)), V(x.begin() + long(n), x.end())};
}


// Duffing: L = ½v² − ½q² − ¼q⁴, F = −δ v + γ cos ωt.
const T delta = T(1) / 5, gamma_ = T(3) / 10, omega = T(6) / 5;

auto duffing_lagrangian() {
    return make_lagrangian_system<T>(
        1, [](const auto& q, const auto& v) { return v[0] * v[0] / 2 - q[0] * q[0] / 2 - q[0] * q[0] * q[0] * q[0] / 4; },
        [](const auto& q, const auto& v, const T& t) {
            using U = typename std::decay_t<decltype(q)>::value_type;
            using std::cos;
            return std::vector<U>{-delta * v[0] + U(T(gamma_ * cos(omega * t)))};
        });
}

/// (q, p)(t1) of the forced Duffing oscillator by rkf78 on its equations written by hand.
std::pair<V, V> duffing_reference(const V& q0, const V& p0, const T& t1) {
    return rk_reference(
        [](const V& x, V& dx, const T& t) {
            using std::cos;
            dx.resize(2);
            dx[0] = x[1];
            dx[1] = -x[0] - x[0] * x[0] * x[0] - delta * x[1] + gamma_ * cos(omega * t);
        },
        q0, p0, t1, 4000);
}

TEST(GalerkinForces, DampedDrivenDuffingOrders) {
    const auto sys = duffing_lagrangian();
    const V q0{T(1) / 2}, p0{T(0)};
    const T t1(2);
    const auto ref = duffing_reference(q0, p0, t1);
    expect_order<1>("Duffing", sys, q0, p0, t1, ref, {200, 400, 800});
    expect_order<2>("Duffing", sys, q0, p0, t1, ref, {50, 100, 200});
    expect_order<3>("Duffing", sys, q0, p0, t1, ref, {25, 50, 100});
}

/// The Duffing oscillator in odeint's pair form with the force F(q, p, t) (forced_pair), at the
/// scalar S (T, or double for a copy: `with_double_model`); `stiffness` scales g (a copy of
/// another system).
template <class S = T>
auto duffing_forced_pair(S stiffness = S(1)) {
    using W = std::vector<S>;
    const auto f = [](const W& p, W& dqdt) { dqdt[0] = p[0]; };
    const auto g = [stiffness](const W& q, W& dpdt) { dpdt[0] = stiffness * (-q[0] - q[0] * q[0] * q[0]); };
    const auto F = [](const W& /*q*/, const W& p, const S& t, W& out) {
        using std::cos;
        out[0] = -(S(1) / 5) * p[0] + S(3) / 10 * cos(S(6) / 5 * t);
    };
    return forced_pair(f, g, F);
}

/// `steps` steps of h = 1/20 from (1/2, 0) on the forced pair `sys`: the state and the mean
/// sweeps a step after the first two (the cold start and the first warm step).
template <unsigned Degree, class System>
std::pair<std::pair<V, V>, double> duffing_run(const System& sys, int steps,
                                               stage_corrections c = stage_corrections::automatic) {
    galerkin_vi_stepper<V, Degree> st({.max_iterations = 100, .corrections = c});
    auto x = std::make_pair(V{T(1) / 2}, V{T(0)});
    const T h = T(1) / 20;
    long sweeps = 0;
    for (int j = 0; j < steps; ++j) {
        st.do_step(sys, x, T(j) * h, h);
        if (j >= 2) sweeps += st.iterations();
    }
    return {x, double(sweeps) / (steps - 2)};
}

// The same Duffing oscillator in odeint's pair form with the force F(q, p, t) (forced_pair): the
// fixed-point path, orders 2·Degree, and the Newton path's step (the same equations) to round-off.
TEST(GalerkinForces, ForcedPairFixedPointOrdersAndAgreementWithNewton) {
    const auto sys = duffing_forced_pair();
    const V q0{T(1) / 2}, p0{T(0)};
    const T t1(2);
    const auto ref = duffing_reference(q0, p0, t1);
    expect_order<1>("Duffing (forced pair)", sys, q0, p0, t1, ref, {200, 400, 800});
    expect_order<2>("Duffing (forced pair)", sys, q0, p0, t1, ref, {50, 100, 200});
    expect_order<3>("Duffing (forced pair)", sys, q0, p0, t1, ref, {25, 50, 100});
    const auto lagrangian = duffing_lagrangian();
    const auto a = run_steps<galerkin_vi_stepper<V, 3>>(sys, q0, p0, t1, 40);
    const auto b = run_steps<galerkin_vi_stepper<V, 3>>(lagrangian, q0, p0, t1, 40);
    EXPECT_LE(to_d(state_distance(a, b)), 1e4 * to_d(eps<T>()));
}

// Newton corrections on the forced pair's fixed point at 50 digits (issue 48; unknowns the stage
// rates and the stage momenta the force sees, scheme/galerkin/fixed_point.hpp): the Duffing
// oscillator at h = 1/20, 100 steps. The sweeps alone take about 21 a step (the force sees the
// momenta of the sweep before); the corrections (always, and by default) about 4.4, to the same
// states within the iteration's tolerance.
template <unsigned Degree>
void expect_forced_corrections() {
    const auto sys = duffing_forced_pair();
    const int steps = 100;
    const auto [never, never_sweeps] = duffing_run<Degree>(sys, steps, stage_corrections::never);
    const auto [always, always_sweeps] = duffing_run<Degree>(sys, steps, stage_corrections::always);
    const auto [automatic, automatic_sweeps] = duffing_run<Degree>(sys, steps, stage_corrections::automatic);
    std::cout << "forced Duffing, Degree " << Degree << ", mp50, h = 1/20: sweeps a step " << never_sweeps << " plain, "
              << always_sweeps << " corrected, " << automatic_sweeps << " automatic; the states differ by "
              << to_d(state_distance(never, always) / eps<T>()) << " and " << to_d(state_distance(never, automatic) / eps<T>())
              << " eps\n";
    EXPECT_GE(never_sweeps, 15.0);
    EXPECT_LE(always_sweeps, 5.5);
    EXPECT_LE(automatic_sweeps, 5.5);
    EXPECT_LE(state_distance(never, always), 64 * eps<T>());
    EXPECT_LE(state_distance(never, automatic), 64 * eps<T>());
}

TEST(GalerkinForces, ForcedPairNewtonCorrectionsAt50Digits) {
    expect_forced_corrections<2>();
    expect_forced_corrections<4>();
}

// A forced pair's copy at double (`with_double_model`, issue 48): each step's stage equations
// solved in double first start the corrections in T (stage rates and stage momenta), which then
// take 4 sweeps a step instead of about 4.4. The copy sets the cost, not the result: a copy of another
// system (g 1 % off) takes more sweeps, and one whose force is NaN in double steps exactly as the
// plain pair; all end within the iteration's tolerance of the plain run (100 steps).
template <unsigned Degree>
void expect_forced_double_copy() {
    const auto sys = duffing_forced_pair();
    const auto nan_force = [](const std::vector<double>&, const std::vector<double>&, double, std::vector<double>& out) {
        out[0] = std::numeric_limits<double>::quiet_NaN();
    };
    const auto in_double = duffing_forced_pair<double>();
    const int steps = 100;
    const auto [plain, plain_sweeps] = duffing_run<Degree>(sys, steps);
    const auto [copied, copied_sweeps] = duffing_run<Degree>(with_double_model(sys, in_double), steps);
    const auto [other, other_sweeps] = duffing_run<Degree>(with_double_model(sys, duffing_forced_pair(1.01)), steps);
    const auto [failing, failing_sweeps] = duffing_run<Degree>(
        with_double_model(sys, forced_pair(in_double.coordinate_rate, in_double.momentum_rate, nan_force)), steps);
    std::cout << "forced Duffing, Degree " << Degree << ", mp50: sweeps a step " << plain_sweeps << " plain, "
              << copied_sweeps << " with the copy at double, " << other_sweeps << " with a copy of g 1 % off, "
              << failing_sweeps << " with a NaN copy; the states differ from the plain run's by "
              << to_d(state_distance(plain, copied) / eps<T>()) << ", " << to_d(state_distance(plain, other) / eps<T>())
              << ", " << to_d(state_distance(plain, failing) / eps<T>()) << " eps\n";
    EXPECT_GE(plain_sweeps, copied_sweeps + 0.3);  // 4.35 and 4.40 against 3.99 and 4.00 measured
    EXPECT_LE(copied_sweeps, 4.0);
    EXPECT_GT(other_sweeps, copied_sweeps);
    EXPECT_EQ(failing_sweeps, plain_sweeps);
    EXPECT_EQ(state_distance(plain, failing), T(0));
    EXPECT_LE(state_distance(plain, copied), 64 * eps<T>());
    EXPECT_LE(state_distance(plain, other), 64 * eps<T>());
}

TEST(GalerkinForces, AForcedPairsDoubleCopySetsTheCostNotTheResult) {
    expect_forced_double_copy<2>();
    expect_forced_double_copy<4>();
}

// The Simpson paper's nonlinear double pendulum with viscous joint damping F = −c v.
TEST(GalerkinForces, DampedNonlinearDoublePendulumOrders) {
    const problems::double_pendulum<T> dp;
    const T c = T(1) / 10;
    const auto sys = make_lagrangian_system<T>(2, dp.nonlinear_lagrangian(), [c](const auto& /*q*/, const auto& v, const T&) {
        using U = typename std::decay_t<decltype(v)>::value_type;
        return std::vector<U>{-c * v[0], -c * v[1]};
    });
    const V q0{T(1), boost::math::constants::pi<T>() / 2}, p0{T(0), T(0)};
    const T t1(1);
    const auto ref = rk_reference(
        [&](const V& x, V& dx, const T&) {
            dx.resize(4);
            dp.nonlinear_rates(x, dx);  // (q̇, ṗ) of the conservative pendulum
            dx[2] -= c * dx[0];          // + F(q, q̇)
            dx[3] -= c * dx[1];
        },
        q0, p0, t1, 8000);
    expect_order<1>("damped double pendulum", sys, q0, p0, t1, ref, {200, 400, 800});
    expect_order<2>("damped double pendulum", sys, q0, p0, t1, ref, {50, 100, 200});
    expect_order<3>("damped double pendulum", sys, q0, p0, t1, ref, {25, 50, 100});
}

// The double model on a forced system (lagrangian_system::with_double_model, issue 48): the damped
// pendulum with its copy at double (L and F rounded) steps in fewer Newton iterations in T, to the
// same states (100 steps of h = 1/50).
TEST(GalerkinForces, DampedPendulumWithItsDoubleModel) {
    const problems::double_pendulum<T> dp;
    const auto damping = [](const auto& c) {
        return [c](const auto& /*q*/, const auto& v, const auto& /*t*/) {
            using U = typename std::decay_t<decltype(v)>::value_type;
            return std::vector<U>{-c * v[0], -c * v[1]};
        };
    };
    const auto plain = make_lagrangian_system<T>(2, dp.nonlinear_lagrangian(), damping(T(1) / 10));
    const auto copied = plain.with_double_model(
        make_lagrangian_system<double>(2, dp.in_double().nonlinear_lagrangian(), damping(0.1)));
    galerkin_vi_stepper<V, 3> a_stepper, b_stepper;
    auto a = std::make_pair(V{T(1), T(3) / 2}, V{T(0), T(0)}), b = a;
    long a_iterations = 0, b_iterations = 0;
    const int steps = 100;
    for (int j = 0; j < steps; ++j) {
        a_stepper.do_step(plain, a, T(j) / 50, T(1) / 50);
        b_stepper.do_step(copied, b, T(j) / 50, T(1) / 50);
        a_iterations += a_stepper.iterations();
        b_iterations += b_stepper.iterations();
    }
    const T distance = state_distance(a, b);
    std::cout << "damped double pendulum, Degree 3, mp50: Newton iterations in T " << a_iterations << " plain, "
              << b_iterations << " with the double model; the states differ by " << to_d(distance / eps<T>()) << " eps\n";
    EXPECT_LE(b_iterations, 3 * steps);
    EXPECT_GT(a_iterations, 4 * steps);
    EXPECT_LE(distance, steps * eps<T>());
}

/// The linear double pendulum with Rayleigh damping and a harmonic load (as the linear tests).
struct driven_pendulum {
    using MX = matrix<T>;
    using VX = vector<T>;
    MX M = MX(problems::double_pendulum<T>{}.mass());
    MX K = MX(problems::double_pendulum<T>{}.stiffness());
    rayleigh_damping<T> c{T(1) / T(5), T(1) / T(200)};
    VX fc = (VX(2) << T(1) / T(2), T(1) / T(5)).finished();
    VX fs = (VX(2) << T(0), T(-1) / T(10)).finished();
    T Omega = T(3);
    auto system() const {
        return structural_system(M, c, K, [fc = fc, fs = fs, W = Omega](const T& t) -> VX {
            using std::cos;
            using std::sin;
            return fc * cos(W * t) + fs * sin(W * t);
        });
    }
};

TEST(GalerkinForces, StructuralSystemOrdersAgainstTheModalSolution) {
    const driven_pendulum d;
    const V q0{T(1) / 10, T(-1) / 20}, p0{T(0), T(1) / 50};
    const T t1(2);
    const driven_modal_solution<T> exact(d.M, d.c, d.K, d.fc, d.fs, d.Omega, vector<T>(Eigen::Map<const vector<T>>(q0.data(), 2)),
                                         vector<T>(Eigen::Map<const vector<T>>(p0.data(), 2)));
    const vector<T> qe = exact.q(t1), pe = exact.p(t1);
    const std::pair<V, V> ref{V{qe(0), qe(1)}, V{pe(0), pe(1)}};
    const auto sys = d.system();
    expect_order<1>("driven linear pendulum", sys, q0, p0, t1, ref, {100, 200, 400});
    expect_order<2>("driven linear pendulum", sys, q0, p0, t1, ref, {25, 50, 100});
    expect_order<3>("driven linear pendulum", sys, q0, p0, t1, ref, {25, 50, 100});
}

// The docstring's claim: with F = f(t) − Cv on the quadratic L, Degree 2 is eqs. (6)–(9) of the
// linear Lagrange–d'Alembert Simpson step.
TEST(GalerkinForces, DegreeTwoOnAStructuralSystemIsSimpsonsForcedStep) {
    const driven_pendulum d;
    const auto sys = d.system();
    using VX = vector<T>;
    const VX q0 = (VX(2) << T(1) / 10, T(-1) / 20).finished(), p0 = (VX(2) << T(0), T(1) / 50).finished();
    auto a = std::make_pair(q0, p0), b = a;
    galerkin_vi_stepper<VX, 2> galerkin;
    simpson_stepper<VX> simpson;
    const T h = T(1) / 20;
    for (int j = 0; j < 40; ++j) {
        galerkin.do_step(sys, a, T(j) * h, h);
        simpson.do_step(sys, b, T(j) * h, h);
    }
    EXPECT_LE(to_d((a.first - b.first).cwiseAbs().maxCoeff()), 1000 * to_d(eps<T>()));
    EXPECT_LE(to_d((a.second - b.second).cwiseAbs().maxCoeff()), 1000 * to_d(eps<T>()));
}

// Issue 45: a structural_system is stepped by one linear solve with the stage matrix (factored
// once per h), dense or sparse. Its steps equal the Newton path's on the same model written as a
// lagrangian_system (L = ½vᵀMv − ½qᵀKq, F = f(t) − Cv, derivatives by autodiff) to round-off, for
// Degrees 1–4: the dense and the sparse model with Rayleigh damping (stages decoupled by the
// real Schur form) and the sparse model with C given as a matrix (the coupled stage matrix).
template <unsigned D>
void expect_linear_path_is_newtons(const driven_pendulum& d) {
    using MX = matrix<T>;
    using VX = vector<T>;
    const MX C = d.c.alpha * d.M + d.c.beta * d.K;
    const auto load = [fc = d.fc, fs = d.fs, W = d.Omega](const T& t) -> VX {
        using std::cos;
        using std::sin;
        return fc * cos(W * t) + fs * sin(W * t);
    };
    const auto lagrangian = make_lagrangian_system<T>(
        2,
        [M = d.M, K = d.K](const auto& q, const auto& v) {
            using U = typename std::decay_t<decltype(q)>::value_type;
            U l(0);
            for (int i = 0; i < 2; ++i)
                for (int j = 0; j < 2; ++j) l += (U(M(i, j)) * v[i] * v[j] - U(K(i, j)) * q[i] * q[j]) / 2;
            return l;
        },
        [C, load](const auto& q, const auto& v, const T& t) {
            using U = typename std::decay_t<decltype(q)>::value_type;
            const VX f = load(t);
            std::vector<U> F(2);
            for (int i = 0; i < 2; ++i) F[i] = U(f(i)) - U(C(i, 0)) * v[0] - U(C(i, 1)) * v[1];
            return F;
        });
    const auto dense = d.system();
    const structural_system sparse(sparse_matrix<T>(d.M.sparseView()), sparse_matrix<T>(C.sparseView()),
                                   sparse_matrix<T>(d.K.sparseView()), load);
    const structural_system sparse_rayleigh(sparse_matrix<T>(d.M.sparseView()), d.c, sparse_matrix<T>(d.K.sparseView()),
                                            load);
    ASSERT_TRUE(dense.rayleigh() && sparse_rayleigh.rayleigh());
    ASSERT_FALSE(sparse.rayleigh()) << "C given as a matrix";
    const VX q0 = (VX(2) << T(1) / 10, T(-1) / 20).finished(), p0 = (VX(2) << T(0), T(1) / 50).finished();
    auto a = std::make_pair(q0, p0), b = a, e = a, g = a;
    galerkin_vi_stepper<VX, D> linear, sparse_linear, sparse_decoupled, newton;
    const T h = T(1) / 20;
    for (int j = 0; j < 20; ++j) {
        linear.do_step(dense, a, T(j) * h, h);
        sparse_linear.do_step(sparse, b, T(j) * h, h);
        sparse_decoupled.do_step(sparse_rayleigh, g, T(j) * h, h);
        newton.do_step(lagrangian, e, T(j) * h, h);
    }
    EXPECT_EQ(linear.iterations(), 1) << "one solve a step";
    for (const auto* other : {&b, &e, &g}) {
        EXPECT_LE(to_d((a.first - other->first).cwiseAbs().maxCoeff()), 1000 * to_d(eps<T>())) << "Degree " << D;
        EXPECT_LE(to_d((a.second - other->second).cwiseAbs().maxCoeff()), 1000 * to_d(eps<T>())) << "Degree " << D;
    }
}

TEST(GalerkinForces, StructuralSystemIsOneLinearSolveAStepAndNewtonsStep) {
    const driven_pendulum d;
    expect_linear_path_is_newtons<1>(d);
    expect_linear_path_is_newtons<2>(d);
    expect_linear_path_is_newtons<3>(d);
    expect_linear_path_is_newtons<4>(d);
}

// The decoupled stage equations (C = αM + βK): the solution V of 𝒜V = r has a residual at round-off
// against 𝒜 formed whole, for Degrees 1–8, undamped and damped, and no factor is larger than 2n
// (a complex pair of P⁻¹Q); undamped Degree 2 needs M and M + h²K/24 only (ÂA has rank 1, trace 1/24).
TEST(GalerkinForces, DecoupledStageEquationsSolveTheCoupledSystem) {
    using MX = matrix<T>;
    using VX = vector<T>;
    const Eigen::Index n = 4;
    MX M = MX::Identity(n, n) * 2, K = MX::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
        K(i, i) = T(2 + i);
        if (i + 1 < n) K(i, i + 1) = K(i + 1, i) = T(-1);
        if (i + 1 < n) M(i, i + 1) = M(i + 1, i) = T(1) / T(2);
    }
    const T h = T(1) / 3;
    for (const rayleigh_damping<T> r : {rayleigh_damping<T>{T(0), T(0)}, rayleigh_damping<T>{T(1) / 5, T(1) / 50}})
        for (int degree = 1; degree <= 8; ++degree) {
            const auto c = scheme::lobatto_iiia_iiib<T>(degree);
            const MX C = r.alpha * M + r.beta * K;
            const scheme::galerkin_stage_solver<T, MX> decoupled(c, M, C, K, h, r);
            ASSERT_TRUE(decoupled.invertible());
            EXPECT_LE(decoupled.largest_order(), 2 * n) << "degree " << degree;
            const MX a = scheme::galerkin_linear_stage_matrix(c, M, C, K, h);
            VX rhs(a.rows());
            for (Eigen::Index i = 0; i < rhs.size(); ++i) rhs(i) = T(int(i % 7) - 3) / T(7);
            const VX v = decoupled.solve(rhs, K);
            const T residual = (a * v - rhs).cwiseAbs().maxCoeff() / (a.cwiseAbs().maxCoeff() * v.cwiseAbs().maxCoeff());
            EXPECT_LE(to_d(residual), 1000 * to_d(eps<T>())) << "degree " << degree << ", alpha " << to_d(r.alpha);
            if (degree == 2 && r.alpha == T(0)) EXPECT_EQ(decoupled.factorizations(), 2u);
        }
}

// The stability limit x* = (ω h)_max of degree r on undamped vibrations: 2 (Störmer–Verlet) and
// 2√2 (Simpson's rule, the paper's bound) at 50 digits; for r = 1..8, no |tr Φ| >= 2 on a scan of
// spacing 1/4096 below x*, and the structural path's step on a two-mode model stays bounded over
// 2 000 steps at 0.99 x*/ω_max (the modes decouple); r = 1, 2 grow at 1.01 x*/ω_max; r = 3, 4 have
// |tr Φ| > 2 just above x* (their narrow gap). The step is galerkin_vi_stepper's on a structural
// model (galerkin_linear_step with its stage solver, degree at run time: one instantiation for
// the eight degrees, where a stepper per degree cost about 90 s of this file's compile);
// StructuralSystemIsOneLinearSolveAStepAndNewtonsStep checks the stepper takes that step.
TEST(GalerkinForces, StabilityLimitIsWhereTheTransferTraceReachesTwo) {
    using std::sqrt;
    EXPECT_LE(to_d(abs(galerkin_stability_limit<T>(1) - T(2))), 100 * to_d(eps<T>()));
    EXPECT_LE(to_d(abs(galerkin_stability_limit<T>(2) - 2 * sqrt(T(2)))), 100 * to_d(eps<T>()));
    EXPECT_THROW(galerkin_stability_limit<double>(0), std::invalid_argument);
    using MX = Eigen::MatrixXd;
    using VX = Eigen::VectorXd;
    const MX M = MX(problems::double_pendulum<double>{}.mass()), K = MX(problems::double_pendulum<double>{}.stiffness());
    const Eigen::GeneralizedSelfAdjointEigenSolver<MX> modes(K, M);
    const double omega_max = std::sqrt(modes.eigenvalues().maxCoeff());
    const structural_system model(M, MX(MX::Zero(2, 2)), K);
    const auto growth = [&](const scheme::lobatto_pair<double>& pair, double h) {
        const scheme::galerkin_stage_solver<double, MX> stages(pair, model.mass(), model.damping(), model.stiffness(), h,
                                                              model.rayleigh());
        EXPECT_TRUE(stages.invertible()) << "degree " << pair.degree << ", h = " << h;
        VX q = VX::Ones(2), p = VX::Zero(2), dq, dp;
        const double e0 = model.energy(p, q);
        double e = e0;
        for (int j = 0; j < 2000 && e < 1e6 * e0; ++j) {
            scheme::galerkin_linear_step(pair, model, stages, q, p, j * h, h, dq, dp);
            q += dq;
            p += dp;
            e = std::max(e, model.energy(p, q));
        }
        return e / e0;
    };
    for (int degree = 1; degree <= 8; ++degree) {
        const auto pair = scheme::lobatto_iiia_iiib<double>(degree);
        const double limit = galerkin_stability_limit<double>(degree);
        for (double x = 1.0 / 4096; x < limit; x += 1.0 / 4096)
            ASSERT_LT(std::abs(galerkin_transfer_trace(degree, x)), 2.0) << "degree " << degree << ", x = " << x;
        EXPECT_LT(growth(pair, 0.99 * limit / omega_max), 10.0) << "degree " << degree << ", x* = " << limit;
        if (degree <= 2) EXPECT_GT(growth(pair, 1.01 * limit / omega_max), 1e3) << "degree " << degree;
        if (degree == 3 || degree == 4)
            EXPECT_GT(std::abs(galerkin_transfer_trace(degree, limit * (1 + 1e-5))), 2.0) << "degree " << degree;
        std::cout << "degree " << degree << ": x* = " << limit << "\n";
    }
}

// Forced Noether: a chain invariant under translations (the potential depends on differences)
// with a force F = f(t) − β K v whose damping part has no net impulse (1ᵀK = 0): the momentum
// 1ᵀp changes over a step by exactly the Gauss–Lobatto impulse h Σ_j b_j 1ᵀf(t + c_j h).
TEST(GalerkinForces, ForcedNoetherMomentumChangesByTheLobattoImpulse) {
    const T beta = T(1) / 20;
    const auto load = [](const T& t) {
        using std::cos;
        using std::sin;
        return std::array<T, 3>{sin(t), cos(T(2) * t) / 2, T(1) / 10};
    };
    const auto sys = make_lagrangian_system<T>(
        3,
        [](const auto& q, const auto& v) {
            using std::cos;
            return (v[0] * v[0] + 2 * v[1] * v[1] + v[2] * v[2]) / 2 - (q[1] - q[0]) * (q[1] - q[0]) * (q[1] - q[0]) * (q[1] - q[0]) / 4 +
                   cos(q[2] - q[1]);
        },
        [&](const auto& /*q*/, const auto& v, const T& t) {
            using U = typename std::decay_t<decltype(v)>::value_type;
            const auto f = load(t);  // damping βK v with the chain's K = [[1,-1,0],[-1,2,-1],[0,-1,1]]
            return std::vector<U>{f[0] - beta * (v[0] - v[1]), f[1] - beta * (T(2) * v[1] - v[0] - v[2]),
                                  f[2] - beta * (v[2] - v[1])};
        });
    const auto& c = scheme::galerkin_lobatto<3>::coefficients<T>();
    galerkin_vi_stepper<V, 3> stepper;
    auto x = std::make_pair(V{T(1) / 10, T(0), T(-1) / 5}, V{T(1) / 2, T(-1) / 4, T(1) / 8});
    const T h = T(1) / 8;
    T worst(0);
    for (int j = 0; j < 40; ++j) {
        const T t = T(j) * h;
        const T before = x.second[0] + x.second[1] + x.second[2];
        stepper.do_step(sys, x, t, h);
        T impulse(0);
        for (Eigen::Index k = 0; k < c.c.size(); ++k) {
            const auto f = load(t + c.c(k) * h);
            impulse += h * c.b(k) * (f[0] + f[1] + f[2]);
        }
        using std::abs;
        worst = std::max(worst, T(abs(x.second[0] + x.second[1] + x.second[2] - before - impulse)));
    }
    std::cout << "forced Noether residual (Degree 3): " << to_d(worst) << "\n";
    EXPECT_LE(to_d(worst), 1000 * to_d(eps<T>()));
}

TEST(GalerkinForces, ABadForceIsNamed) {
    const auto wrong_size = make_lagrangian_system<T>(
        2, [](const auto& q, const auto& v) { return (v[0] * v[0] + v[1] * v[1] - q[0] * q[0] - q[1] * q[1]) / 2; },
        [](const auto& /*q*/, const auto& v, const T&) {
            using U = typename std::decay_t<decltype(v)>::value_type;
            return std::vector<U>{v[0]};
        });
    galerkin_vi_stepper<V, 2> stepper;
    auto x = std::make_pair(V{T(1), T(0)}, V{T(0), T(1)});
    EXPECT_NE(message_of([&] { stepper.do_step(wrong_size, x, T(1) / 2, T(1) / 10); })
                  .find("the force at t = 0.5 has 1 entries (precondition: n = 2)"),
              std::string::npos);
    const auto not_finite = make_lagrangian_system<T>(
        1, [](const auto& q, const auto& v) { return (v[0] * v[0] - q[0] * q[0]) / 2; },
        [](const auto& q, const auto& /*v*/, const T&) {
            using U = typename std::decay_t<decltype(q)>::value_type;
            using std::log;
            return std::vector<U>{log(q[0])};  // log of a negative coordinate
        });
    auto y = std::make_pair(V{T(-1)}, V{T(0)});
    EXPECT_NE(message_of([&] { stepper.do_step(not_finite, y, T(0), T(1) / 10); }).find("F[0] at t = 0"), std::string::npos);
}

}  // namespace
