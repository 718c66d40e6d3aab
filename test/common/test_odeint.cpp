// Boost.Odeint integration: every integrate function, both steppers, all three system forms
// (quadratic_lagrangian, symplectic pair of linear callables, momentum-only callable) and every
// supported state type, checked against the transfer matrix applied step by step, and against
// odeint's own symplectic_rkn_sb3a_m4_mclachlan on the same system (swap of the stepper type).
#include "test_common.hpp"

#include <boost/numeric/odeint/stepper/base/symplectic_rkn_stepper_base.hpp>
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_m4_mclachlan.hpp>

namespace {
using namespace geomint_test;
namespace odeint = boost::numeric::odeint;
using T = double;

const problems::double_pendulum<T> dp;
const auto sys = dp.system();

/// Reference: η_N = Φ(h)^N η_0 (then one step of h_last if given), from the analysis layer.
template <class Scheme>
vector<T> reference(int steps, T h, T h_last = 0) {
    vector<T> eta(4);
    eta << dp.p0(), dp.q0();
    const matrix<T> phi = transfer_matrix<Scheme>(sys, h);
    for (int j = 0; j < steps; ++j) eta = phi * eta;
    if (h_last > 0) eta = transfer_matrix<Scheme>(sys, h_last) * eta;
    return eta;
}

template <class Vec>
Vec make(const vector<T, 2>& v) {
    Vec out{};
    resize_state(out, 2);
    as_eigen(out) = v;
    return out;
}

template <class Vec>
double distance(const std::pair<Vec, Vec>& x, const vector<T>& eta) {
    vector<T> got(4);
    got << as_eigen(x.second), as_eigen(x.first);
    return (got - eta).norm();
}

/// The system forms, all describing the same M, K.
auto pair_form() { return as_symplectic_system(sys); }
auto momentum_only_form() {  // dq/dt = p (M = I), dp/dt = -K q
    const matrix<T, 2> K = sys.stiffness();
    return [K](const auto& q, auto& dpdt) {
        resize_state(dpdt, 2);
        as_eigen(dpdt) = -(K * as_eigen(q));
    };
}

template <class Vec, class Stepper>
void check_all_integrate_functions() {
    using Scheme = typename Stepper::scheme_type;
    const T h = T(1) / 100;
    const auto x0 = std::make_pair(make<Vec>(dp.q0()), make<Vec>(dp.p0()));
    int observed = 0;
    auto obs = [&observed](const auto&, T) { ++observed; };
    {  // integrate_const over [0, 1]: 100 steps
        auto x = x0;
        odeint::integrate_const(Stepper(), sys, x, T(0), T(1), h, obs);
        EXPECT_LE(distance(x, reference<Scheme>(100, h)), 1e-12);
        EXPECT_EQ(observed, 101);
    }
    {  // integrate_n_steps
        auto x = x0;
        odeint::integrate_n_steps(Stepper(), sys, x, T(0), h, 50);
        EXPECT_LE(distance(x, reference<Scheme>(50, h)), 1e-12);
    }
    {  // integrate_times: the step is shortened to hit 0.255 (the stepper must handle a changed dt)
        auto x = x0;
        std::vector<T> times{0, 0.1, 0.255};
        odeint::integrate_times(Stepper(), sys, x, times.begin(), times.end(), h, obs);
        EXPECT_LE(distance(x, reference<Scheme>(25, h, 0.005)), 1e-12);
    }
    {  // integrate_adaptive with a fixed-step stepper: integrate_const then a shortened last step
        auto x = x0;
        odeint::integrate_adaptive(Stepper(), sys, x, T(0), T(0.255), h);
        EXPECT_LE(distance(x, reference<Scheme>(25, h, 0.005)), 1e-12);
    }
    {  // the symplectic pair form
        auto x = x0;
        odeint::integrate_n_steps(Stepper(), pair_form(), x, T(0), h, 50);
        EXPECT_LE(distance(x, reference<Scheme>(50, h)), 1e-10);
    }
}

TEST(Odeint, SimpsonWithEveryStateType) {
    check_all_integrate_functions<std::array<T, 2>, simpson_stepper<std::array<T, 2>>>();
    check_all_integrate_functions<std::vector<T>, simpson_stepper<std::vector<T>>>();
    check_all_integrate_functions<Eigen::Vector<T, 2>, simpson_stepper<Eigen::Vector<T, 2>>>();
    check_all_integrate_functions<Eigen::VectorX<T>, simpson_stepper<Eigen::VectorX<T>>>();
}

TEST(Odeint, NewmarkWithEveryStateType) {
    check_all_integrate_functions<std::array<T, 2>, newmark_stepper<std::array<T, 2>>>();
    check_all_integrate_functions<std::vector<T>, newmark_stepper<std::vector<T>>>();
    check_all_integrate_functions<Eigen::Vector<T, 2>, newmark_stepper<Eigen::Vector<T, 2>>>();
    check_all_integrate_functions<Eigen::VectorX<T>, newmark_stepper<Eigen::VectorX<T>>>();
}

TEST(Odeint, MomentumOnlySystemFormMeansUnitMass) {
    const quadratic_lagrangian<matrix<T, 2>> unit_mass(matrix<T, 2>::Identity(), sys.stiffness());
    using V = std::vector<T>;
    auto a = std::make_pair(V{0.1, 0.2}, V{0.0, 0.3});
    auto b = a;
    odeint::integrate_n_steps(simpson_stepper<V>(), momentum_only_form(), a, T(0), T(0.01), 30);
    odeint::integrate_n_steps(simpson_stepper<V>(), unit_mass, b, T(0), T(0.01), 30);
    EXPECT_LE((as_eigen(a.first) - as_eigen(b.first)).norm(), 1e-12);
    EXPECT_LE((as_eigen(a.second) - as_eigen(b.second)).norm(), 1e-12);
}

TEST(Odeint, DropInForSymplecticRknSb3aM4) {
    // Same system object, same state, same call: only the stepper type changes.
    using V = std::array<T, 2>;
    auto a = std::make_pair(make<V>(dp.q0()), make<V>(dp.p0()));
    auto b = a;
    odeint::integrate_const(odeint::symplectic_rkn_sb3a_m4_mclachlan<V>(), pair_form(), a, T(0), T(1), T(0.01));
    odeint::integrate_const(simpson_stepper<V>(), pair_form(), b, T(0), T(1), T(0.01));
    const auto ex = dp.q_exact(T(1));
    EXPECT_LE((as_eigen(a.first) - ex).norm(), 1e-6);
    EXPECT_LE((as_eigen(b.first) - ex).norm(), 1e-6);
}

TEST(Odeint, StepperSurvivesCopyAndChangedSystem) {
    using V = Eigen::Vector<T, 2>;
    simpson_stepper<V> st;
    auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
    st.do_step(sys, x, T(0), T(0.01));
    simpson_stepper<V> copy = st;  // the cache is copied with it
    auto y = x;
    st.do_step(sys, x, T(0), T(0.01));
    copy.do_step(sys, y, T(0), T(0.01));
    EXPECT_EQ(x.first, y.first);
    // A different model with the same step size must not reuse the cached Φ.
    const quadratic_lagrangian<matrix<T, 2>> stiffer(sys.mass(), matrix<T, 2>(sys.stiffness() * T(2)));
    auto z = x;
    st.do_step(stiffer, z, T(0), T(0.01));
    vector<T> eta(4);
    eta << x.second, x.first;
    const vector<T> expected = transfer_matrix<scheme::simpson>(stiffer, T(0.01)) * eta;
    EXPECT_LE((z.first - expected.tail(2)).norm(), 1e-14);
    // Likewise for callables whose behaviour changes.
    matrix<T, 2> K = sys.stiffness();
    auto g = [&K](const V& q, V& dpdt) { dpdt = -(K * q); };
    auto f = [&](const V& p, V& dqdt) { dqdt = sys.inverse_mass() * p; };
    auto u = x, v = x;
    st.do_step(std::make_pair(f, g), u, T(0), T(0.01));
    K *= T(2);
    st.do_step(std::make_pair(f, g), v, T(0), T(0.01));
    EXPECT_LE((v.first - expected.tail(2)).norm(), 1e-12);
}

}  // namespace
