// Gauss–Legendre collocation at 50 and 100 digits, and a long run at double (issue 72's
// acceptance for Gauss s = 1 … 4): the coefficients' quadrature conditions at 50 digits; orders
// 2s ± 0.1 on the harmonic oscillator against its exact solution and on Tao's H against
// odeint's runge_kutta_fehlberg78 at 50 digits; the symplecticity defect of the step's Jacobian
// at 100 digits on the double pendulum in (θ, p), with the Jacobian checked against central
// differences; time symmetry at 100 digits; the energy over 10⁵ steps at double (the last tenth
// at most 4× the first); the stage sweeps a step at double. The periapsis advance of equatorial
// Schwarzschild geodesics against its closed form (an elliptic integral): within 1e-10 at double
// over three radial periods (s = 4) and within 1e-30 at 50 digits over one (s = 8). Charged
// particles in canonical coordinates: the potentials of the tokamak and axial-gradient fields give
// their B and E (central differences at 50 digits), and Gauss s = 1 … 4 on the banana orbit's
// H = ½|p − A|² measure orders 2s ± 0.1 against odeint's rkf78 on the Lorentz equations.
#include "galerkin/galerkin_order.hpp"
#include "hamiltonian/hamiltonian_problems.hpp"

#include <geomint/conformance.hpp>
#include <geomint/conformance/gtest.hpp>
#include <geomint/hamiltonian.hpp>
#include <geomint/precision.hpp>
#include <geomint/problems/axial_gradient_field.hpp>
#include <geomint/problems/schwarzschild_geodesic.hpp>
#include <geomint/problems/tokamak_field.hpp>
#include <geomint/problems/tao_hamiltonian.hpp>

#include <boost/numeric/odeint.hpp>

#include <iostream>
#include <vector>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;
using T = geomint::mp<50>;
using V = std::vector<T>;

TEST(GaussCoefficients, QuadratureAndCollocationConditionsAt50Digits) {
    for (int s = 1; s <= scheme::gauss_max_stages; ++s) {
        const auto g = scheme::gauss_legendre_coefficients<T>(s);
        for (int k = 1; k <= 2 * s; ++k) {  // B(2s)
            T sum(0);
            for (int j = 0; j < s; ++j) sum += g.b(j) * pow(g.c(j), k - 1);
            EXPECT_LE(to_d(abs(sum - T(1) / k)), 64 * to_d(eps<T>())) << "s = " << s << ", k = " << k;
        }
        for (int i = 0; i < s; ++i)  // C(s)
            for (int k = 1; k <= s; ++k) {
                T sum(0);
                for (int j = 0; j < s; ++j) sum += g.a(i, j) * pow(g.c(j), k - 1);
                EXPECT_LE(to_d(abs(sum - pow(g.c(i), k) / k)), 64 * to_d(eps<T>())) << "s = " << s;
            }
        for (int i = 0; i < s; ++i)
            for (int j = 0; j < s; ++j) EXPECT_EQ(g.mu(i, j) + g.mu(j, i), T(1));
    }
}

/// (q, p) after `steps` steps of the s-stage Gauss stepper over [0, t1].
template <unsigned S, class System>
std::pair<V, V> gauss_run(const System& sys, const V& q0, const V& p0, const T& t1, int steps) {
    return run_steps<gauss_collocation_stepper<V, S>>(std::cref(sys), q0, p0, t1, steps);
}

template <unsigned S, class System>
void expect_gauss_order(const char* problem, const System& sys, const V& q0, const V& p0, const T& t1,
                        const std::pair<V, V>& reference, const std::vector<int>& Ns) {
    std::vector<double> errors;
    for (int N : Ns) errors.push_back(to_d(state_distance(gauss_run<S>(sys, q0, p0, t1, N), reference)));
    const double order = fitted_order(Ns, errors);
    std::cout << problem << " s = " << S << ": errors";
    for (double e : errors) std::cout << " " << e;
    std::cout << ", fitted order " << order << "\n";
    EXPECT_NEAR(order, 2.0 * S, 0.1) << problem << ", s = " << S;
    EXPECT_GT(errors.back(), 1e-40) << "too close to round-off for a clean slope";
}

TEST(GaussOrders, HarmonicOscillatorAgainstItsExactSolution) {
    auto sys = make_hamiltonian_system<T>(1, [](const auto& q, const auto& p) { return (q[0] * q[0] + p[0] * p[0]) / 2; });
    const T t1(3);
    const std::pair<V, V> exact{V{cos(t1)}, V{-sin(t1)}};
    expect_gauss_order<1>("oscillator", sys, V{T(1)}, V{T(0)}, t1, exact, {200, 400, 800});
    expect_gauss_order<2>("oscillator", sys, V{T(1)}, V{T(0)}, t1, exact, {40, 80, 160});
    expect_gauss_order<3>("oscillator", sys, V{T(1)}, V{T(0)}, t1, exact, {20, 40, 80});
    expect_gauss_order<4>("oscillator", sys, V{T(1)}, V{T(0)}, t1, exact, {10, 20, 40});
}

TEST(GaussOrders, TaoHamiltonianAgainstRkf78At50Digits) {
    auto sys = make_hamiltonian_system<T>(1, tao_hamiltonian{});
    const V q0{T(1) / 2}, p0{T(0)};
    const T t1(2);
    // Hamilton's equations written out: dq/dt = (q² + 1) p, dp/dt = −q (p² + 1); 8000 fixed steps of
    // order 8 leave about 1e-30
    V x{q0[0], p0[0]};
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<V, T, V, T>(),
                              [](const V& y, V& dy, const T&) {
                                  dy = {(y[0] * y[0] + 1) * y[1], -y[0] * (y[1] * y[1] + 1)};
                              },
                              x, T(0), t1 / 8000, 8000);
    const std::pair<V, V> reference{V{x[0]}, V{x[1]}};
    expect_gauss_order<1>("Tao", sys, q0, p0, t1, reference, {400, 800, 1600});
    expect_gauss_order<2>("Tao", sys, q0, p0, t1, reference, {50, 100, 200});
    expect_gauss_order<3>("Tao", sys, q0, p0, t1, reference, {25, 50, 100});
    expect_gauss_order<4>("Tao", sys, q0, p0, t1, reference, {25, 50, 100});
}

TEST(ChargedFields, PotentialsGiveTheFieldsAt50Digits) {
    // B = ∇ × A and E = −∇φ by central differences of δ = 1e-17 at three points (truncation
    // ~δ² = 1e-34, round-off ~ε/δ = 1e-33; a wrong field differs by O(1))
    const T d = T(1) / T(1e17);
    using V3 = geomint::vector<T, 3>;
    const auto check = [&](auto field, const V3& x) {
        const auto A = field.vector_potential();
        const auto phi = field.scalar_potential();
        const auto at = [](const V3& y) { return std::vector<T>{y(0), y(1), y(2)}; };
        T dA[3][3], grad[3];  // dA[i][j] = ∂A_i/∂x_j
        for (int j = 0; j < 3; ++j) {
            V3 up = x, down = x;
            up(j) += d;
            down(j) -= d;
            const auto a = A(at(up), T(0)), b = A(at(down), T(0));
            for (int i = 0; i < 3; ++i) dA[i][j] = (T(a[std::size_t(i)]) - T(b[std::size_t(i)])) / (2 * d);
            grad[j] = (T(phi(at(up), T(0))) - T(phi(at(down), T(0)))) / (2 * d);
        }
        const V3 curl(dA[2][1] - dA[1][2], dA[0][2] - dA[2][0], dA[1][0] - dA[0][1]);
        const V3 B = field.magnetic(x);
        EXPECT_LE((curl - B).cwiseAbs().maxCoeff(), T(1e-30)) << to_d(x(0)) << " " << to_d(x(1)) << " " << to_d(x(2));
        const auto particle = field.particle();
        const V3 E = particle.electric(x, T(0));
        EXPECT_LE((V3(-grad[0], -grad[1], -grad[2]) - E).cwiseAbs().maxCoeff(), T(1e-30));
    };
    for (const V3& x : {V3(T(105) / 100, T(0), T(0)), V3(T(9) / 10, T(3) / 10, -T(1) / 10), V3(T(-1) / 2, T(7) / 10, T(1) / 5)}) {
        check(problems::tokamak_field<T>(), x);
        check(problems::axial_gradient_field<T>(), x);
    }
}

TEST(GaussOrders, BananaOrbitAgainstRkf78At50Digits) {
    using field = problems::tokamak_field<T>;
    const auto particle = field::canonical();
    const auto sys = particle.system();
    const auto [x0, v0] = field::start();
    const T t1(4);
    // the Lorentz equations on (x, v), 4000 fixed steps of rkf78 (h = 1e-3: about 1e-30)
    V y{x0(0), x0(1), x0(2), v0(0), v0(1), v0(2)};
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<V, T, V, T>(),
                              [](const V& s, V& ds, const T&) {
                                  ds.resize(6);
                                  field::rates(s, ds);
                              },
                              y, T(0), t1 / 4000, 4000);
    using V3 = geomint::vector<T, 3>;
    const V3 x1(y[0], y[1], y[2]), p1 = particle.momentum(x1, V3(y[3], y[4], y[5]), t1);
    const V3 p0 = particle.momentum(x0, v0, T(0));
    const std::pair<V, V> reference{V{x1(0), x1(1), x1(2)}, V{p1(0), p1(1), p1(2)}};
    const V q0{x0(0), x0(1), x0(2)}, pp0{p0(0), p0(1), p0(2)};
    expect_gauss_order<1>("banana orbit", sys, q0, pp0, t1, reference, {100, 200, 400});
    expect_gauss_order<2>("banana orbit", sys, q0, pp0, t1, reference, {20, 40, 80});
    expect_gauss_order<3>("banana orbit", sys, q0, pp0, t1, reference, {10, 20, 40});
    expect_gauss_order<4>("banana orbit", sys, q0, pp0, t1, reference, {10, 20, 40});
}

/// Tao's method at ω = 1 (docs/hamiltonian.md: on Tao's H, ω = 1 gives the smallest errors of
/// orders 4–8; Tao's ω = 20 multiplies them by 60–260) measures its composition's order.
template <class Method>
void expect_tao_order(const std::pair<V, V>& reference, const std::vector<int>& Ns) {
    auto sys = problems::tao_hamiltonian<T>::system();
    std::vector<double> errors;
    for (int N : Ns) {
        tao_stepper<V, Method> st{T(1)};
        auto x = std::make_pair(V{T(1) / 2}, V{T(0)});
        const T h = T(2) / N;
        for (int j = 0; j < N; ++j) st.do_step(std::cref(sys), x, j * h, h);
        errors.push_back(to_d(state_distance(x, reference)));
    }
    const double order = fitted_order(Ns, errors);
    std::cout << "Tao's method, " << Method::name << ", omega = 1: errors";
    for (double e : errors) std::cout << " " << e;
    std::cout << ", fitted order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.1) << Method::name;
}

TEST(TaoOrders, CompositionsOnTaosHamiltonianAt50Digits) {
    V x{T(1) / 2, T(0)};
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<V, T, V, T>(),
                              [](const V& y, V& dy, const T&) { problems::tao_hamiltonian<T>::rates(y, dy); }, x, T(0),
                              T(2) / 8000, 8000);
    const std::pair<V, V> reference{V{x[0]}, V{x[1]}};
    expect_tao_order<scheme::stormer_verlet>(reference, {200, 400, 800});
    expect_tao_order<scheme::yoshida4>(reference, {100, 200, 400});
    expect_tao_order<scheme::yoshida6>(reference, {50, 100, 200});
    expect_tao_order<scheme::yoshida8>(reference, {50, 100, 200});
}

using T100 = geomint::mp<100>;
using V100 = std::vector<T100>;

TEST(GaussSymplecticity, DefectOfTheStepJacobianAt100DigitsOnTheDoublePendulum) {
    auto sys = make_hamiltonian_system<T100>(2, double_pendulum_hamiltonian{});
    const V100 q0{T100(1), T100(1) / 2}, p0{T100(1) / 5, T100(-3) / 10};
    const T100 h = T100(1) / 20;
    matrix<T100> J = matrix<T100>::Zero(4, 4);
    J.topRightCorner(2, 2).setIdentity();
    J.bottomLeftCorner(2, 2) = -matrix<T100>::Identity(2, 2);
    const auto check = [&]<unsigned S>(std::integral_constant<unsigned, S>) {
        gauss_collocation_stepper<V100, S> st;
        auto x = std::make_pair(q0, p0);
        st.do_step(std::cref(sys), x, T100(0), h);
        const matrix<T100> Phi = st.last_step_jacobian(sys);
        const T100 defect = (Phi.transpose() * J * Phi - J).cwiseAbs().maxCoeff();
        std::cout << "s = " << S << ": symplecticity defect " << to_d(defect) << "\n";
        EXPECT_LE(defect, 100 * eps<T100>()) << "s = " << S;
        // the Jacobian itself, against central differences with δ = 1e-30 (error O(δ²))
        const T100 delta = pow(T100(10), -30);
        for (int j = 0; j < 4; ++j) {
            V100 qa = q0, pa = p0, qb = q0, pb = p0;
            (j < 2 ? qa[j] : pa[j - 2]) += delta;
            (j < 2 ? qb[j] : pb[j - 2]) -= delta;
            gauss_collocation_stepper<V100, S> sa, sb;
            auto ya = std::make_pair(qa, pa), yb = std::make_pair(qb, pb);
            sa.do_step(std::cref(sys), ya, T100(0), h);
            sb.do_step(std::cref(sys), yb, T100(0), h);
            for (int i = 0; i < 4; ++i) {
                const T100 da = i < 2 ? ya.first[i] : ya.second[i - 2], db = i < 2 ? yb.first[i] : yb.second[i - 2];
                EXPECT_LE(to_d(abs(Phi(i, j) - (da - db) / (2 * delta))), 1e-50) << "s = " << S << ", " << i << ", " << j;
            }
        }
    };
    check(std::integral_constant<unsigned, 1>{});
    check(std::integral_constant<unsigned, 2>{});
    check(std::integral_constant<unsigned, 3>{});
    check(std::integral_constant<unsigned, 4>{});
}

TEST(GaussSymmetry, ReturnsToRoundOffAt100Digits) {
    auto sys = make_hamiltonian_system<T100>(2, double_pendulum_hamiltonian{});
    const V100 q0{T100(1), T100(1) / 2}, p0{T100(1) / 5, T100(-3) / 10};
    const T100 h = T100(1) / 50;
    gauss_collocation_stepper<V100, 3> st;
    auto x = std::make_pair(q0, p0);
    for (int k = 0; k < 20; ++k) st.do_step(std::cref(sys), x, k * h, h);
    for (int k = 20; k > 0; --k) st.do_step(std::cref(sys), x, k * h, -h);
    T100 worst(0);
    for (int i = 0; i < 2; ++i)
        for (const T100 d : {T100(abs(x.first[i] - q0[i])), T100(abs(x.second[i] - p0[i]))})
            if (d > worst) worst = d;
    std::cout << "20 steps forward and back at 100 digits: " << to_d(worst) << "\n";
    EXPECT_LE(worst, 1000 * eps<T100>());
}

/// max |H − H₀| over the first and the last tenth of 10⁵ steps, and the mean sweeps a step, of the
/// s-stage method at double on the double pendulum in (θ, p), h = 0.01.
template <unsigned S>
void expect_bounded_energy() {
    using W = std::vector<double>;
    auto sys = make_hamiltonian_system<double>(2, double_pendulum_hamiltonian{});
    gauss_collocation_stepper<W, S> st;
    auto x = std::make_pair(W{1.0, 0.5}, W{0.0, 0.0});
    const auto energy = [&] {
        return sys.hamiltonian(Eigen::Map<const Eigen::VectorXd>(x.first.data(), 2),
                               Eigen::Map<const Eigen::VectorXd>(x.second.data(), 2));
    };
    const double H0 = energy(), h = 0.01;
    const int steps = 100000;
    double first = 0, last = 0;
    long sweeps = 0;
    for (int k = 0; k < steps; ++k) {
        st.do_step(std::cref(sys), x, k * h, h);
        sweeps += st.iterations();
        const double dH = std::abs(energy() - H0);
        if (k < steps / 10) first = std::max(first, dH);
        if (k >= steps - steps / 10) last = std::max(last, dH);
    }
    const double mean_sweeps = double(sweeps) / steps;
    std::cout << "s = " << S << ": max |dH| first tenth " << first << ", last tenth " << last << ", sweeps a step "
              << mean_sweeps << "\n";
    EXPECT_LE(last, 4 * first) << "s = " << S;
    if (S >= 2) EXPECT_LE(mean_sweeps, 4.0) << "s = " << S;  // s = 1 takes 4.0
}

TEST(GaussConformance, TheKitConfirmsOrderSymplecticityAndSymmetryOnKepler) {
    // the declared claims (order 2s, symplectic, symmetric) on the kit's Kepler problem in odeint's
    // pair form (the stages swept), at double
    using W = std::vector<double>;
    EXPECT_TRUE(conformance::conforms(gauss_collocation_stepper<W, 2>(), conformance::kepler<double>(),
                                      conformance::declared_claims<gauss_collocation_stepper<W, 2>>()));
    EXPECT_TRUE(conformance::conforms(gauss_collocation_stepper<W, 3>(), conformance::kepler<double>(),
                                      conformance::declared_claims<gauss_collocation_stepper<W, 3>>()));
}

TEST(GaussNewton, OneJacobianAStepSolvesTheSameStagesAt50Digits) {
    // the transformed iteration's corrections are solved in double from residuals in T: both
    // iterations stop at T's ε, on the double pendulum (h = 1/50, 20 steps) for s = 3 (a real
    // eigenvalue and a complex pair) and s = 4 (two pairs)
    const auto run = [](auto stepper) {
        auto sys = make_hamiltonian_system<T>(2, double_pendulum_hamiltonian{});
        auto x = std::make_pair(V{T(1), T(1) / 2}, V{T(1) / 5, T(-3) / 10});
        const T h = T(1) / 50;
        long sweeps = 0;
        for (int k = 0; k < 20; ++k) {
            stepper.do_step(std::cref(sys), x, k * h, h);
            sweeps += stepper.iterations();
        }
        return std::make_pair(x, double(sweeps) / 20);
    };
    const auto check = [&](auto once, auto each, unsigned s) {
        const auto [a, sweeps_once] = run(once);
        const auto [b, sweeps_each] = run(each);
        T worst(0);
        for (int i = 0; i < 2; ++i)
            for (const T d : {T(abs(a.first[i] - b.first[i])), T(abs(a.second[i] - b.second[i]))})
                if (d > worst) worst = d;
        std::cout << "s = " << s << " at 50 digits: one Jacobian a step " << sweeps_once << " sweeps, one a stage "
                  << sweeps_each << "; states apart by " << to_d(worst) << "\n";
        EXPECT_LE(worst, 100 * eps<T>()) << "s = " << s;
    };
    const iteration_options once{.jacobian = stage_jacobian::one_per_step}, each{.jacobian = stage_jacobian::each_stage};
    check(gauss_collocation_stepper<V, 3>(once), gauss_collocation_stepper<V, 3>(each), 3);
    check(gauss_collocation_stepper<V, 4>(once), gauss_collocation_stepper<V, 4>(each), 4);
}

TEST(GaussEnergy, BoundedOver1e5StepsAtDouble) {
    expect_bounded_energy<1>();
    expect_bounded_energy<2>();
    expect_bounded_energy<3>();
    expect_bounded_energy<4>();
}

TEST(GaussSchwarzschild, PeriapsisAdvanceAgainstItsClosedForm) {
    // H = −1/2 at the start checks E and L of (p, e) independently of the integration
    const auto check = [](const auto& g, const auto& h, int periods, const auto& stepper, double tolerance) {
        using R = std::decay_t<decltype(h)>;
        const auto [q0, p0] = g.start();
        EXPECT_LE(abs(R(g.system().hamiltonian(q0, p0) + R(1) / 2)), 10 * eps<R>());
        const R measured = g.measured_periapsis_advance(stepper, h, periods);
        const R exact = g.periapsis_advance();
        std::cout << "Schwarzschild p = " << to_d(g.p) << ", e = " << to_d(g.e) << ", h = " << to_d(h) << ": advance "
                  << to_d(exact) << ", measured − exact " << to_d(R(measured - exact)) << "\n";
        EXPECT_LE(abs(R(measured - exact)), R(tolerance)) << "p = " << to_d(g.p) << ", e = " << to_d(g.e);
    };
    using W2 = geomint::vector<double, 2>;
    check(problems::schwarzschild_geodesic<double>(20, 0.5), 1.0, 3, gauss_collocation_stepper<W2, 4>(), 1e-10);
    check(problems::schwarzschild_geodesic<double>(12, 0.3), 0.5, 3, gauss_collocation_stepper<W2, 4>(), 1e-10);
    using M2 = geomint::vector<T, 2>;
    check(problems::schwarzschild_geodesic<T>(T(20), T(1) / 2), T(2), 1, gauss_collocation_stepper<M2, 8>(), 1e-30);
    check(problems::schwarzschild_geodesic<T>(T(12), T(3) / 10), T(1), 1, gauss_collocation_stepper<M2, 8>(), 1e-30);
    expect_throw_with<std::invalid_argument>([] { problems::schwarzschild_geodesic<double>(6.5, 0.5); },
                                             "p = 6.5 with e = 0.5 violates the precondition p > 6 + 2e");
    expect_throw_with<std::invalid_argument>([] { problems::schwarzschild_geodesic<double>(20, 1.0); }, "e = 1 violates");
}

}  // namespace
