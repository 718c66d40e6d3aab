// The Boris pusher at 50 digits (issue 72's acceptance for Boris): the turn per step in a uniform
// B equals 2 atan(ωh/2) to 1e-45; started at the E × B drift velocity it stays there to
// round-off; Boris and its compositions measure orders 2, 4, 6, 8 ± 0.2 on the Penning trap
// against its exact solution. The relativistic pushers (Boris, Vay, Higuera–Cary): the turn per
// step in a uniform B equals its closed form with |u| kept, to 1e-45; Vay and Higuera–Cary stay at
// the relativistic E × B drift to round-off where Boris does not; each map is symmetric; the
// maps and their yoshida4 compositions measure orders 2 and 4 against the exact gyration.
// (Higuera–Cary turns by 2 atan(|τ|/γ̄), γ̄ of the mean proper velocity, not 2 atan(|τ|/γ).)
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

// --- relativistic pushers (c = 1)

template <class Pusher>
struct named {
    using type = Pusher;
};

/// Calls f(named<P>{}) for the three relativistic pushers.
template <class F>
void for_each_relativistic_pusher(F f) {
    f(named<scheme::relativistic_boris>{});
    f(named<scheme::vay>{});
    f(named<scheme::higuera_cary>{});
}

auto gyration_particle(const T& qm, const T& B0) {
    return make_relativistic_charged_particle<T>(qm, T(1), uniform_field<T>{V3(T(0), T(0), T(0))},
                                                 uniform_field<T>{V3(T(0), T(0), B0)});
}

TEST(RelativisticPushersAt50Digits, TurnByTheirClosedFormsInAUniformB) {
    const T qm(1), B0(2), h = T(1) / 10;  // |τ| = q/m B h/2 = 1/10
    const V3 u0(T(3), T(0), T(1));        // γ = √11
    const T gamma = sqrt(T(11));
    const auto particle = gyration_particle(qm, B0);
    for_each_relativistic_pusher([&](auto p) {
        using P = typename decltype(p)::type;
        pusher_stepper<V3, P> stepper;
        auto s = std::make_pair(V3(T(0), T(0), T(0)), u0);
        const int steps = 100;
        for (int k = 0; k < steps; ++k) stepper.do_step(particle, s, k * h, h);
        // Boris and Vay: tan(θ/2) = |τ|/γ; Higuera–Cary: tan(θ/2) = |τ|/γ(ū) at the mean proper
        // velocity ū = (u + u₁)/2, |ū_⊥| = 3 cos(θ/2) (solved here by a fixed point)
        T theta = 2 * atan(qm * B0 * h / 2 / gamma);
        if constexpr (std::is_same_v<P, scheme::higuera_cary>)
            for (int j = 0; j < 200; ++j) theta = 2 * atan(qm * B0 * h / 2 / sqrt(2 + 9 * pow(cos(theta / 2), 2)));
        const T turn = theta * steps;  // clockwise about z
        EXPECT_LE(abs(s.second(0) - 3 * cos(turn)), T(1e-45)) << P::name;
        EXPECT_LE(abs(s.second(1) + 3 * sin(turn)), T(1e-45)) << P::name;
        EXPECT_LE(abs(s.second(2) - 1), T(1e-45)) << P::name;
        EXPECT_GT(abs(s.second(0) - 3 * cos(qm * B0 * h * steps / gamma)), T(1e-4)) << P::name;  // not Ωh a step
    });
}

TEST(RelativisticPushersAt50Digits, VayAndHigueraCaryStayAtTheRelativisticExBDrift) {
    const T E0 = T(9) / 10, B0(1);  // v_d = E × B/|B|² = (9/10, 0, 0), γ_d = 1/√(1 − 81/100)
    const auto particle = make_relativistic_charged_particle<T>(T(1), T(1), uniform_field<T>{V3(T(0), E0, T(0))},
                                                                uniform_field<T>{V3(T(0), T(0), B0)});
    const V3 drift_velocity(E0 / B0, T(0), T(0));
    const V3 u_d = proper_velocity(drift_velocity, T(1));
    const T h = T(1) / 10;
    const auto run = [&](auto stepper) {
        auto s = std::make_pair(V3(T(0), T(0), T(0)), u_d);
        for (int k = 0; k < 200; ++k) stepper.do_step(particle, s, k * h, h);
        EXPECT_LE((s.first - T(20) * drift_velocity).cwiseAbs().maxCoeff(), T(1e-44));
        return T((s.second - u_d).cwiseAbs().maxCoeff());
    };
    EXPECT_LE(run(pusher_stepper<V3, scheme::vay>()), 100 * eps<T>());
    EXPECT_LE(run(pusher_stepper<V3, scheme::higuera_cary>()), 100 * eps<T>());
    EXPECT_LE(run(pusher_stepper<V3, scheme::higuera_cary, scheme::yoshida4>()), 100 * eps<T>());
    // the relativistic Boris uses γ(u + ε) ≠ γ_d and leaves the drift (Vay 2008)
    auto s = std::make_pair(V3(T(0), T(0), T(0)), u_d);
    pusher_stepper<V3, scheme::relativistic_boris> boris;
    for (int k = 0; k < 200; ++k) boris.do_step(particle, s, k * h, h);
    EXPECT_GT((s.second - u_d).cwiseAbs().maxCoeff(), T(1e-3));
}

TEST(RelativisticPushersAt50Digits, EachMapIsSymmetricInANonUniformField) {
    // Penning-trap fields at c = 1 (E = k(x, y, −2z), B = (0, 0, 1)), a particle at γ ≈ 1.2
    const T k = T(1) / 8;
    const auto particle = make_relativistic_charged_particle<T>(
        T(1), T(1), [k](const V3& x, const T&) { return V3(k * x(0), k * x(1), -2 * k * x(2)); },
        [](const V3& x, const T&) { return V3(T(0), x(2) / 10, 1 + x(0) / 10); });
    const V3 x0(T(1), T(0), T(1) / 2), u0(T(0), T(1) / 2, T(2) / 5);
    const T h = T(1) / 20;
    for_each_relativistic_pusher([&](auto p) {
        using P = typename decltype(p)::type;
        pusher_stepper<V3, P, scheme::yoshida4> stepper;
        auto s = std::make_pair(x0, u0);
        for (int j = 0; j < 40; ++j) stepper.do_step(particle, s, j * h, h);
        EXPECT_GT((s.first - x0).cwiseAbs().maxCoeff(), T(1) / 10) << P::name;  // it moved
        for (int j = 40; j > 0; --j) stepper.do_step(particle, s, j * h, -h);
        EXPECT_LE((s.first - x0).cwiseAbs().maxCoeff(), T(1e-46)) << P::name;
        EXPECT_LE((s.second - u0).cwiseAbs().maxCoeff(), T(1e-46)) << P::name;
    });
}

template <class Pusher, class Method>
void expect_gyration_order(const std::vector<int>& Ns) {
    // exact: u turns clockwise about z at Ω = (q/m)B/γ, x on the circle through x0
    const T qm(1), B0(2), t1(5);
    const V3 u0(T(3), T(0), T(1));
    const T gamma = sqrt(T(11)), omega = qm * B0 / gamma;
    const auto particle = gyration_particle(qm, B0);
    const V3 u_exact(3 * cos(omega * t1), -3 * sin(omega * t1), T(1));
    const V3 x_exact(3 * sin(omega * t1) / (gamma * omega), (3 * cos(omega * t1) - 3) / (gamma * omega), t1 / gamma);
    std::vector<double> errors;
    for (int N : Ns) {
        pusher_stepper<V3, Pusher, Method> st;
        auto s = std::make_pair(V3(T(0), T(0), T(0)), u0);
        const T h = t1 / N;
        for (int j = 0; j < N; ++j) st.do_step(particle, s, j * h, h);
        errors.push_back(to_d(T(std::max((s.first - x_exact).cwiseAbs().maxCoeff(), (s.second - u_exact).cwiseAbs().maxCoeff()))));
    }
    const double order = fitted_order(Ns, errors);
    std::cout << Pusher::name << ", " << Method::name << ", relativistic gyration: fitted order " << order << "\n";
    EXPECT_NEAR(order, double(Method::order), 0.2) << Pusher::name << " " << Method::name;
}

TEST(RelativisticPushersAt50Digits, OrdersOnTheExactGyration) {
    for_each_relativistic_pusher([](auto p) {
        using P = typename decltype(p)::type;
        expect_gyration_order<P, scheme::stormer_verlet>({100, 200, 400});
        expect_gyration_order<P, scheme::yoshida4>({50, 100, 200});
    });
}

}  // namespace
