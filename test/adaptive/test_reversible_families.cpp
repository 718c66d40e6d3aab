// The reversible step-size control (stepper/reversible_stepper.hpp) around the other families'
// symmetric steppers, whose systems are not odeint's plain pair:
// - RATTLE on a constrained system (the spherical pendulum, |q| = 1): G from the pair's rates
//   without the constraint forces;
// - the leap-frog of the Newton-equation family on a `newton_system` (the simple pendulum near
//   its separatrix), with a density of p, so that G takes ṗ = force(q).
// N steps forward and N back return the initial state to within 10× the forward run's own
// rounding (its maximum along the same N steps at double against 50 digits, at 50 digits against
// 100): both are single samples of a random walk, whose ratio measured 0.2–3.6 over N = 100, 300,
// 1000 and two densities (a step that is not reversible leaves the scheme's error, 1e-5 and more,
// not round-off). And the
// controlled run keeps the constraint and the energy without drift.
#include "reversibility.hpp"

#include <geomint/model/newton_system.hpp>
#include <geomint/problems/spherical_pendulum.hpp>
#include <geomint/stepper/newton_equation_stepper.hpp>
#include <geomint/stepper/rattle_stepper.hpp>
#include <geomint/stepper/reversible_stepper.hpp>

namespace {
using namespace geomint_test;

// the forward run's rounding: max over n steps of |x_Lo − x_Hi|, the same run at Lo and at Hi in
// lockstep (the envelope, not the last step's value: the rounding error of an oscillation
// oscillates, and its value at one step can be small by chance)
template <class Lo, class Hi, class Case>
double rounding_envelope(int n) {
    auto lo = Case::template make<Lo>();
    auto hi = Case::template make<Hi>();
    lo.initialize(Case::template start<Lo>(), Lo(0), Lo(1));
    hi.initialize(Case::template start<Hi>(), Hi(0), Hi(1));
    double worst = 0;
    for (int i = 0; i < n; ++i) {
        lo.do_step(lo.system());
        hi.do_step(hi.system());
        worst = (std::max)(worst, to_d(Hi(max_abs(vector<Hi>(flat<Hi>(lo.current_state()) - flat<Hi>(hi.current_state()))))));
    }
    return worst;
}

// N forward and N back at Lo against 10× the forward run's rounding envelope (Lo against Hi)
template <class Lo, class Hi, class Case>
void expect_reversible(int n, const char* what) {
    const double back = forward_and_back(Case::template make<Lo>(), Case::template start<Lo>(), n);
    const double rounding = rounding_envelope<Lo, Hi, Case>(n);
    std::cout << what << ", " << n << " steps at " << std::numeric_limits<Lo>::digits10 << " digits: forward and back "
              << back << ", the forward run's rounding at most " << rounding << "\n";
    EXPECT_LE(back, 10 * rounding) << what << ", " << n << " steps";
    EXPECT_GT(rounding, 0.0);
}

// RATTLE on the spherical pendulum from θ = 1, θ̇ = 1/3, φ̇ = 2; steps shorter low down (the bob
// fastest): ρ = 1/(11/10 + q₃), ε = 1/50 (h from 0.002 at the bottom to 0.04 at the top)
struct constrained_case {
    struct density {
        template <class Q, class P>
        auto operator()(const Q& q, const P&) const {
            using S = typename Q::Scalar;
            return S(1) / (S(11) / S(10) + q(2));
        }
    };
    template <class T>
    static auto make() {
        const problems::spherical_pendulum<T> sp;
        return reversible_stepper(rattle_stepper<std::vector<T>>{}, sp.template system<std::vector<T>>(), density{},
                                  T(1) / T(50));
    }
    template <class T>
    static std::pair<std::vector<T>, std::vector<T>> start() {
        const auto [q, p] = problems::spherical_pendulum<T>{}.cartesian_state(T(1), T(1) / T(3), T(0), T(2));
        return {std::vector<T>(q.data(), q.data() + 3), std::vector<T>(p.data(), p.data() + 3)};
    }
};

// the leap-frog on the simple pendulum φ̈ = −sin φ from φ = 0, p = 19/10 (the separatrix is at
// p = 2): ρ = 1 + p²/2, steps shorter where the pendulum is fast; ε = 1/20
struct newton_case {
    struct density {
        template <class Q, class P>
        auto operator()(const Q&, const P& p) const {
            using S = typename P::Scalar;
            return S(1) + p(0) * p(0) / S(2);
        }
    };
    template <class T>
    static auto make() {
        return reversible_stepper(leapfrog_stepper<T>{}, make_simple_pendulum<T>(), density{}, T(1) / T(20));
    }
    template <class T>
    static std::pair<T, T> start() {
        return {T(0), T(19) / T(10)};
    }
};

TEST(ReversibleFamilies, RattleForwardThenBackReturnsToRoundOff) {
    expect_reversible<double, mp<50>, constrained_case>(100, "RATTLE, spherical pendulum");
    expect_reversible<double, mp<50>, constrained_case>(1000, "RATTLE, spherical pendulum");
    expect_reversible<mp<50>, mp<100>, constrained_case>(100, "RATTLE, spherical pendulum");
}

TEST(ReversibleFamilies, LeapfrogForwardThenBackReturnsToRoundOff) {
    expect_reversible<double, mp<50>, newton_case>(100, "leap-frog, simple pendulum");
    expect_reversible<double, mp<50>, newton_case>(10000, "leap-frog, simple pendulum");
    expect_reversible<mp<50>, mp<100>, newton_case>(100, "leap-frog, simple pendulum");
    expect_reversible<mp<50>, mp<100>, newton_case>(10000, "leap-frog, simple pendulum");
}

// 2000 controlled RATTLE steps: on the sphere to round-off, the energy bounded without drift,
// the step following the density (its longest over its shortest > 2)
TEST(ReversibleFamilies, ControlledRattleKeepsTheConstraintAndTheEnergy) {
    using T = double;
    auto st = constrained_case::make<T>();
    const auto x0 = constrained_case::start<T>();
    const problems::spherical_pendulum<T> sp;
    const T e0 = sp.energy(x0.first, x0.second);
    st.initialize(x0, 0.0, 1.0);
    std::vector<double> worst(10, 0.0);
    double constraint = 0, h_min = 1e300, h_max = 0;
    const int n = 2000;
    for (int i = 0; i < n; ++i) {
        h_min = (std::min)(h_min, st.current_time_step());
        h_max = (std::max)(h_max, st.current_time_step());
        st.do_step(st.system());
        const auto& [q, p] = st.current_state();
        worst[std::size_t(10 * i / n)] = (std::max)(worst[std::size_t(10 * i / n)], std::abs(sp.energy(q, p) / e0 - 1));
        constraint = (std::max)(constraint, std::abs(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - 1));
    }
    std::cout << n << " steps to t = " << st.current_time() << ": h from " << h_min << " to " << h_max << ", |q|^2 - 1 at most "
              << constraint << ", |dE/E| first tenth " << worst.front() << ", last tenth " << worst.back() << "\n";
    EXPECT_LE(constraint, 64 * std::numeric_limits<T>::epsilon());
    EXPECT_GT(h_max / h_min, 2.0);
    EXPECT_LE(worst.back(), 1e-3);
    EXPECT_LE(worst.back(), 4 * worst.front()) << "no drift";
}

}  // namespace
