// The Boris pusher at 50 digits (issue 72's acceptance for Boris): the turn per step in a uniform
// B equals 2 atan(ωh/2) to 1e-45; started at the E × B drift velocity it stays there to
// round-off; Boris and its compositions measure orders 2, 4, 6, 8 ± 0.2 on the Penning trap
// against its exact solution.
#include "charged/charged_problems.hpp"
#include "galerkin/galerkin_order.hpp"

#include <geomint/precision.hpp>

#include <iostream>

namespace {
using namespace geomint_test;
using T = geomint::mp<50>;
using V3 = vector<T, 3>;

TEST(BorisAt50Digits, TurnsBy2AtanOfHalfOmegaHInAUniformB) {
    const T qm(3), B0 = T(1) / 2, h = T(1) / 10;  // ω = 3/2
    auto particle = make_charged_particle<T>(qm, uniform_field<T>{V3(T(0), T(0), T(0))}, uniform_field<T>{V3(T(0), T(0), B0)});
    boris_stepper<V3> stepper;
    auto s = std::make_pair(V3(T(0), T(0), T(0)), V3(T(1), T(0), T(0)));
    const int steps = 100;
    for (int k = 0; k < steps; ++k) stepper.do_step(particle, s, k * h, h);
    const T turn = 2 * atan(qm * B0 * h / 2) * steps;  // q/m B > 0: clockwise about z
    EXPECT_LE(abs(s.second(0) - cos(turn)), T(1e-45));
    EXPECT_LE(abs(s.second(1) + sin(turn)), T(1e-45));
    EXPECT_GT(abs(s.second(0) - cos(qm * B0 * h * steps)), T(1e-3));  // not ωh a step
}

TEST(BorisAt50Digits, StaysAtTheExBDriftToRoundOff) {
    const T E0 = T(3) / 10, B0(2);
    auto particle = make_charged_particle<T>(T(3) / 2, uniform_field<T>{V3(T(0), E0, T(0))},
                                             uniform_field<T>{V3(T(0), T(0), B0)});
    const V3 drift(E0 / B0, T(0), T(0));
    boris_stepper<V3, scheme::yoshida4> stepper;
    auto s = std::make_pair(V3(T(0), T(0), T(0)), drift);
    for (int k = 0; k < 200; ++k) stepper.do_step(particle, s, T(k) / 10, T(1) / 10);
    EXPECT_LE((s.second - drift).cwiseAbs().maxCoeff(), 100 * eps<T>());
}

template <class Method>
void expect_penning_order(const std::vector<int>& Ns) {
    const penning_trap<T> trap;
    const auto particle = trap.particle();
    const V3 x0(T(1), T(0), T(1) / 2), v0(T(0), T(1) / 2, T(1) / 5);
    const T t1(10);
    const auto exact = trap.exact(x0, v0, t1);
    std::vector<double> errors;
    for (int N : Ns) {
        boris_stepper<V3, Method> st;
        auto s = std::make_pair(x0, v0);
        const T h = t1 / N;
        for (int k = 0; k < N; ++k) st.do_step(particle, s, k * h, h);
        errors.push_back(to_d(T(std::max((s.first - exact.first).cwiseAbs().maxCoeff(),
                                         (s.second - exact.second).cwiseAbs().maxCoeff()))));
    }
    const double order = fitted_order(Ns, errors);
    std::cout << "Boris, " << Method::name << ", Penning trap: errors";
    for (double e : errors) std::cout << " " << e;
    std::cout << ", fitted order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.2) << Method::name;
}

TEST(BorisAt50Digits, OrdersOfTheCompositionsOnThePenningTrap) {
    expect_penning_order<scheme::stormer_verlet>({100, 200, 400});
    expect_penning_order<scheme::yoshida4>({100, 200, 400});
    expect_penning_order<scheme::yoshida6>({50, 100, 200});
    expect_penning_order<scheme::yoshida8>({50, 100, 200});
}

}  // namespace
