// The rigid body on the nine entries of its attitude (model/embedded_rigid_body.hpp):
// - RATTLE on rotation matrices (the constrained family's rattle_stepper on the embedded free
//   body) is the discrete Moser–Veselov map: it follows lie_group_variational_stepper to the
//   solvers' tolerance, at 50 digits;
// - the rigid-body steppers are symplectic on T*SO(3): the restricted symplecticity defect of
//   their embedded maps (analysis/rigid_symplecticity.hpp) at 100 digits, δ = 1e-33, on a free
//   body and an asymmetric heavy top, within 100 ε of 50 digits (the bound); a map that is
//   not symplectic (explicit Euler on Π, the exact rotation on R) fails the measure.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/rigid_symplecticity.hpp>
#include <geomint/model/embedded_rigid_body.hpp>
#include <geomint/stepper/rattle_stepper.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

namespace {
using namespace geomint_test;

template <class T>
struct asymmetric_top {
    vector<T, 3> chi;
    template <class S>
    S operator()(const so3::matrix3<S>& R) const {
        return S(R.row(2).dot(chi.template cast<S>()));
    }
};

// bodies with extent in every direction (the embedding needs J_d > 0: the tests' I = (1, 2, 3) is
// a lamina, HLW's (2, 1, 2/3) violates the triangle inequality): I = (2, 3, 4) and (3, 4, 5)
template <class T>
std::array<rigid_case<T>, 2> solid_cases() {
    return {rigid_case<T>{"I = (2, 3, 4)", {T(2), T(3), T(4)}, {T(1), T(1) / T(2), T(-3) / T(10)}},
            rigid_case<T>{"I = (3, 4, 5)", {T(3), T(4), T(5)}, {T(1) / T(5), T(1), T(1) / T(10)}}};
}

TEST(EmbeddedRigidBody, RattleOnRotationMatricesIsTheMoserVeselovMap) {
    using W = mp<50>;
    using SV = std::vector<W>;
    for (const auto& c : solid_cases<W>()) {
        const rigid_body<W> body(c.moments);
        const embedded_rigid_body<W> embedded(body);
        const auto system = embedded.system<SV>();
        const auto z = embedded.embed(so3::matrix3<W>::Identity(), c.pi0);
        auto y = std::make_pair(SV(z.first.data(), z.first.data() + 9), SV(z.second.data(), z.second.data() + 9));
        auto x = identity_state<W>(c.pi0);
        rattle_stepper<SV> rattle;
        lie_group_variational_stepper<std::array<W, 9>, std::array<W, 3>> variational;
        const W h = W(1) / W(20);
        for (int n = 0; n < 100; ++n) {
            rattle.do_step(system, y, W(n) * h, h);
            variational.do_step(body, x, W(n) * h, h);
        }
        const double dR = to_d(max_abs(so3::matrix3<W>(embedded.matrix_of(y.first) - attitude_of(x.first))));
        const double dPi = to_d(W((embedded.body_momentum(y.first, y.second) - momentum_of(x.second)).norm()));
        std::cout << c.name << ": RATTLE on R against the Lie group variational map after 100 steps: " << dR << " (R), " << dPi
                  << " (Pi)\n";
        EXPECT_LE(dR, 1e-40) << c.name;
        EXPECT_LE(dPi, 1e-40) << c.name;
    }
}

// explicit Euler on Π, the exact rotation by hΩ on R: consistent, not symplectic
struct euler_then_rotation {
    template <class Body, class State, class T>
    void do_step(const Body& body, State& x, const T&, const T& dt) {
        const vector<T, 3> pi = momentum_of(x.second), omega = body.angular_velocity(pi);
        const so3::matrix3<T> R = attitude_of(x.first) * so3::exp_map(vector<T, 3>(dt * omega));
        const vector<T, 3> next = pi + dt * pi.cross(omega);
        for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) x.second[std::size_t(i)] = next(i);
    }
};

TEST(RigidSymplecticity, RestrictedDefectOnTheCotangentBundle) {
    using T = mp<100>;
    using A9 = std::array<T, 9>;
    using A3 = std::array<T, 3>;
    const T delta = T(1) / boost::multiprecision::pow(T(10), 33), h = T(1) / T(10);
    const double bound = 100 * to_d(std::numeric_limits<mp<50>>::epsilon());
    const auto generic = solid_cases<T>()[0];
    const rigid_body<T> free_body(generic.moments);
    const rigid_body<T, asymmetric_top<T>> top(generic.moments, asymmetric_top<T>{vector<T, 3>(T(1) / T(10), T(1) / T(5), T(1))});
    const so3::matrix3<T> R0 = so3::exp_map(vector<T, 3>(T(3) / T(10), T(-1) / T(2), T(7) / T(10)));
    const auto defect = [&](const char* name, auto stepper) {
        const double a = to_d(rigid_symplecticity_defect(stepper, free_body, R0, generic.pi0, T(0), h, delta));
        const double b = to_d(rigid_symplecticity_defect(stepper, top, R0, generic.pi0, T(0), h, delta));
        std::cout << name << ": restricted symplecticity defect on T*SO(3) " << a << " (free body), " << b << " (heavy top)\n";
        return std::max(a, b);
    };
    EXPECT_LE(defect("splitting", rigid_body_stepper<A9, A3>{}), bound);
    EXPECT_LE(defect("kahan_li8", composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>{}), bound);
    EXPECT_LE(defect("Lie group variational", lie_group_variational_stepper<A9, A3>{}), bound);
    EXPECT_LE(defect("exact free flow", exact_free_flow_stepper<A9, A3>{}), bound);
    EXPECT_LE(defect("Lie group variational o suzuki4", composed_lie_group_variational_stepper<A9, A3, scheme::suzuki4>{}), bound);
    // a quaternion stepper, through the quaternion of R
    const double quaternion = to_d(rigid_symplecticity_defect<4>(composed_rigid_body_stepper<std::array<T, 4>, A3, scheme::kahan_li8>{},
                                                                 top, R0, generic.pi0, T(0), h, delta));
    std::cout << "kahan_li8 on quaternions: restricted symplecticity defect on T*SO(3) " << quaternion << " (heavy top)\n";
    EXPECT_LE(quaternion, bound);
    EXPECT_GE(defect("negative control: explicit Euler on Pi", euler_then_rotation{}), 1e-6);
}

TEST(EmbeddedRigidBody, RefusesABodyWithoutExtent) {
    // I = (1, 1, 2): a lamina, second moment ½(1 + 1 − 2) = 0 along its normal
    expect_throw_with<std::invalid_argument>([] { embedded_rigid_body<double>(rigid_body<double>(vector<double, 3>(1, 1, 2))); },
                                             "second moments (1/2) tr(J) I - J have eigenvalues 0");
}

}  // namespace
