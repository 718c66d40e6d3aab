// The conformance kit on rigid-body steppers (conformance/examine_rigid.hpp) at double: the
// splitting, its compositions (matrix and quaternion attitudes) and the Lie group variational
// integrator pass their declared claims on the free body (order against the exact solution) and
// the asymmetric heavy top (runs against each other); a map that is not symplectic and not
// symmetric, claimed to be both, fails with the failures named.
#include "rigid/rigid_cases.hpp"

#include <geomint/conformance/examine_rigid.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

namespace {
using namespace geomint_test;
using A9 = std::array<double, 9>;
using A4 = std::array<double, 4>;
using A3 = std::array<double, 3>;

template <class Stepper>
void expect_conforms(const char* name) {
    const auto free = conformance::examine_rigid(Stepper{}, conformance::free_rigid_body_problem<double>{});
    const auto top = conformance::examine_rigid(Stepper{}, conformance::heavy_top_problem<double>{});
    std::cout << name << ":\n  " << free.summary() << "\n  " << top.summary() << "\n";
    EXPECT_TRUE(free.passed) << free.summary();
    EXPECT_TRUE(top.passed) << top.summary();
}

TEST(ConformanceRigid, GeomintSteppersPass) {
    expect_conforms<rigid_body_stepper<A9, A3>>("splitting");
    expect_conforms<composed_rigid_body_stepper<A9, A3, scheme::kahan_li6>>("kahan_li6");
    expect_conforms<composed_rigid_body_stepper<A4, A3, scheme::suzuki4>>("suzuki4 on quaternions");
    expect_conforms<lie_group_variational_stepper<A9, A3>>("Lie group variational");
    expect_conforms<exact_free_flow_stepper<A9, A3>>("exact free flow");
}

// a stepper exact on the problem meets any order claim: its errors sit at round-off at every step
// size, which the kit says (the splitting into rotations is not exact there)
TEST(ConformanceRigid, AnExactStepperIsReportedAsSuch) {
    const auto exact = conformance::examine_rigid(exact_free_flow_stepper<A9, A3>{}, conformance::free_rigid_body_problem<double>{});
    const auto splitting = conformance::examine_rigid(rigid_body_stepper<A9, A3>{}, conformance::free_rigid_body_problem<double>{});
    EXPECT_TRUE(exact.exact_to_round_off);
    EXPECT_NE(exact.summary().find("order exact to round-off"), std::string::npos);
    for (double e : exact.errors) EXPECT_LE(e, 1000 * std::numeric_limits<double>::epsilon() * 4);
    EXPECT_FALSE(splitting.exact_to_round_off);
    EXPECT_NEAR(splitting.measured_order, 2.0, 0.1);
}

// explicit Euler on Π and the exact rotation by hΩ on R (order 1, neither symplectic nor
// symmetric), claimed of order 2, symplectic and symmetric
struct euler_then_rotation {
    using coor_type = A9;
    using momentum_type = A3;
    template <class Body, class State>
    void do_step(const Body& body, State& x, double, double dt) {
        const vector<double, 3> pi = momentum_of(x.second), omega = body.angular_velocity(pi);
        const so3::matrix3<double> R = attitude_of(x.first) * so3::exp_map(vector<double, 3>(dt * omega));
        const vector<double, 3> next = pi + dt * (pi.cross(omega) + body.torque(attitude_of(x.first)));
        for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R(i / 3, i % 3);
        for (int i = 0; i < 3; ++i) x.second[std::size_t(i)] = next(i);
    }
};

TEST(ConformanceRigid, TheKitCanFail) {
    const auto r = conformance::examine_rigid(euler_then_rotation{}, conformance::free_rigid_body_problem<double>{},
                                              conformance::claims{.order = 2, .symplectic = true, .symmetric = true});
    std::cout << r.summary() << "\n";
    EXPECT_FALSE(r.passed);
    EXPECT_NEAR(r.measured_order, 1.0, 0.2);
    EXPECT_GT(r.symplecticity_defect, r.symplecticity_tolerance);
    EXPECT_GT(r.reversibility_defect, r.reversibility_tolerance);
}

}  // namespace
