// The reversible step-size control (stepper/reversible_stepper.hpp, Hairer & Söderlind 2005)
// around the Galerkin VI of Degree 2 (Simpson's, symmetric, order 4) on Kepler's problem at
// e = 0.99 in odeint's pair form:
// - N steps forward and N back with the same controller return the initial state to within 3×
//   the forward run's own rounding error (the same N steps at double against 50 digits, and at 50
//   digits against 100), for N = 10² and 10⁴: nothing but round-off is left;
// - the step follows the orbit (short at the pericentre, long at the apocentre) and the energy
//   does not drift over 100 orbits;
// - odeint's integrate_const observes without changing the steps and ends on the end time;
// - bad input named.
#include "reversibility.hpp"

#include <geomint/problems/kepler.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/reversible_stepper.hpp>

#include <boost/numeric/odeint.hpp>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;

template <class T>
using V = std::array<T, 2>;

template <class T>
auto kepler_pair() {
    return std::make_pair([](const V<T>& p, V<T>& dq) { dq = p; },
                          [](const V<T>& q, V<T>& dp) {
                              using std::sqrt;
                              const T r2 = q[0] * q[0] + q[1] * q[1], r3 = r2 * sqrt(r2);
                              dp = {-q[0] / r3, -q[1] / r3};
                          });
}

// h ∝ r^(3/2): the density ρ = r^(−3/2), for any scalar S (T and dual<T>)
struct kepler_density {
    template <class Q, class P>
    auto operator()(const Q& q, const P&) const {
        using std::sqrt;
        const auto r2 = q.squaredNorm();
        return decltype(r2)(1) / (sqrt(r2) * sqrt(sqrt(r2)));  // r^(-3/2)
    }
};

template <class T>
auto make_stepper(const T& epsilon) {
    return reversible_stepper(galerkin_vi_stepper<V<T>, 2>{}, kepler_pair<T>(), kepler_density{}, epsilon);
}

template <class T>
std::pair<V<T>, V<T>> start() {
    const problems::kepler<T> k(T(99) / T(100));
    return {V<T>{k.q0()(0), k.q0()(1)}, V<T>{k.p0()(0), k.p0()(1)}};
}

// max |a − b| of a run at Lo against the same run at Hi
template <class Lo, class Hi, class A, class B>
double difference(const A& a, const B& b) {
    return to_d(Hi(max_abs(vector<Hi>(flat<Hi>(a) - flat<Hi>(b)))));
}

// N steps forward and N back at Lo return x0 to within 3× the forward run's own rounding (the
// same N steps at Lo against Hi): nothing but round-off is left. `make<T>()` builds the
// controlled stepper, `start<T>()` the initial state, in the scalar T.
template <class Lo, class Hi, class Make, class Start>
void expect_reversible(int n, Make make, Start start, const char* what) {
    const double back = forward_and_back(make.template operator()<Lo>(), start.template operator()<Lo>(), n);
    const double rounding = difference<Lo, Hi>(forward(make.template operator()<Lo>(), start.template operator()<Lo>(), n),
                                               forward(make.template operator()<Hi>(), start.template operator()<Hi>(), n));
    std::cout << what << ", " << n << " steps at " << std::numeric_limits<Lo>::digits10 << " digits: forward and back "
              << back << ", the forward run's rounding " << rounding << "\n";
    EXPECT_LE(back, 3 * rounding) << what << ", " << n << " steps";
    EXPECT_GT(rounding, 0.0);
}

// ε = 1/50: about 190 steps an orbit at e = 0.99
template <class Lo, class Hi>
void expect_reversible(int n) {
    expect_reversible<Lo, Hi>(
        n, []<class T>() { return make_stepper<T>(T(1) / T(50)); }, []<class T>() { return start<T>(); },
        "Galerkin VI Degree 2 on Kepler e = 0.99");
}

TEST(ReversibleStepper, ForwardThenBackReturnsToRoundOffAtDouble) {
    expect_reversible<double, mp<50>>(100);
    expect_reversible<double, mp<50>>(10000);
}

TEST(ReversibleStepper, ForwardThenBackReturnsToRoundOffAt50Digits) {
    expect_reversible<mp<50>, mp<100>>(100);
    expect_reversible<mp<50>, mp<100>>(10000);
}

// 100 orbits at ε = 1/50: the step follows r^(3/2) (its largest over its smallest about
// ((1 + e)/(1 − e))^(3/2) = 2800), the energy stays within 1e-5 without drift, and
// integrate_const ends on the end time having observed every 0.5 without changing a step
TEST(ReversibleStepper, StepFollowsTheOrbitWithoutEnergyDrift) {
    using T = double;
    const problems::kepler<T> k(0.99);
    auto st = make_stepper<T>(1.0 / 50);
    auto x = start<T>();
    const T h0 = problems::kepler<T>::hamiltonian(x.first, x.second), t1 = 100 * k.period();
    T h_min = 1e300, h_max = 0;
    std::vector<double> worst(10, 0.0);
    odeint::integrate_const(std::ref(st), kepler_pair<T>(), x, 0.0, t1, 0.5, [&](const auto& y, T t) {
        const std::size_t decile = (std::min)(std::size_t(9), static_cast<std::size_t>(10 * t / t1));
        worst[decile] = (std::max)(worst[decile], std::abs(problems::kepler<T>::hamiltonian(y.first, y.second) / h0 - 1));
        h_min = (std::min)(h_min, std::abs(st.current_time_step()));
        h_max = (std::max)(h_max, std::abs(st.current_time_step()));
    });
    std::cout << "100 orbits: " << st.steps() << " steps, h from " << h_min << " to " << h_max << ", |dE/E| first tenth "
              << worst.front() << ", last tenth " << worst.back() << "\n";
    EXPECT_GT(h_max / h_min, 1000.0);
    EXPECT_LE(worst.back(), 1e-5);
    EXPECT_LE(worst.back(), 4 * worst.front()) << "no drift";
    // the run's steps are those of a plain loop of do_step: observing changed none
    auto plain = make_stepper<T>(1.0 / 50);
    plain.initialize(start<T>(), 0.0, 1.0);
    for (long long i = 0; i < st.steps() - 1; ++i) plain.do_step(kepler_pair<T>());
    EXPECT_EQ(plain.current_time(), st.previous_time());
    EXPECT_TRUE(plain.current_state() == st.previous_state()) << "the same node, bit for bit";
    // integrate_const ended on t1 (observed by calc_state within the last step)
    EXPECT_LE(std::abs(st.previous_time()), t1);
}

TEST(ReversibleStepper, BadInputIsNamed) {
    expect_throw_with<std::invalid_argument>([] { make_stepper<double>(0.0); }, "epsilon = 0");
    expect_throw_with<std::invalid_argument>([] { make_stepper<double>(std::nan("")); }, "epsilon = nan");
    auto st = make_stepper<double>(1.0 / 50);
    expect_throw_with<std::logic_error>([&] { st.do_step(kepler_pair<double>()); }, "called before initialize");
    // the density at the origin is not finite: named with the state
    std::pair<V<double>, V<double>> origin{{0.0, 0.0}, {0.0, 1.0}};
    expect_throw_with<std::domain_error>([&] { st.initialize(origin, 0.0, 1.0); }, "step density rho = inf at q = (0, 0)");
    // a density <= 0
    auto negative = reversible_stepper(galerkin_vi_stepper<V<double>, 2>{}, kepler_pair<double>(),
                                       [](const auto& q, const auto&) { return -q.squaredNorm(); }, 0.02);
    expect_throw_with<std::domain_error>([&] { negative.initialize(start<double>(), 0.0, 1.0); }, "step density rho = -");
    // a step below t's resolution never reaches an end time
    expect_throw_with<std::runtime_error>([&] { st.initialize(start<double>(), 1e20, 1.0); },
                                          "the end time cannot be reached");
}

}  // namespace
