// Rigid bodies joined by ball joints through the constrained family (problems/rigid_body_chain.hpp),
// at double:
// - one body hung from its pivot is the heavy top: RATTLE's kahan_li6 composition on the 12
//   maximal coordinates follows the rigid-body splitting (kahan_li8) of the top with its inertia
//   about the pivot (an independent model: principal moments shifted by Steiner's theorem, the
//   potential m g e₃ᵀRχ);
// - two bodies (a 3-D compound double pendulum): the constraint residuals at round-off after every
//   step, the energy bounded over the run (last tenth against first), the vertical angular
//   momentum about the pivot to round-off (≤ 10 ε √N relative); 10⁴ steps (10⁵ with
//   GEOMINT_LONG_RUNS=1);
// - bad input is named.
#include "rigid/rigid_cases.hpp"

#include <geomint/analysis/constraint_residuals.hpp>
#include <geomint/problems/rigid_body_chain.hpp>
#include <geomint/stepper/rattle_stepper.hpp>
#include <geomint/stepper/rigid_body_stepper.hpp>

namespace {
using namespace geomint_test;
using SV = std::vector<double>;
using M3 = so3::matrix3<double>;
using V3 = vector<double, 3>;
using chain = problems::rigid_body_chain<double>;
const double eps = std::numeric_limits<double>::epsilon();

std::pair<SV, SV> as_std(const std::pair<vector<double>, vector<double>>& x) {
    return {SV(x.first.data(), x.first.data() + x.first.size()), SV(x.second.data(), x.second.data() + x.second.size())};
}

// the top's potential m g e₃ᵀ R χ, χ the centre of mass from the pivot (body frame)
struct pivoted_weight {
    V3 weight_arm;  // m g χ
    template <class S>
    S operator()(const so3::matrix3<S>& R) const {
        return S(R.row(2).dot(weight_arm.template cast<S>()));
    }
};

TEST(RigidBodyChain, OneLinkIsTheHeavyTop) {
    const double m = 2, g = 9.81;
    const V3 moments(2, 3, 4), upper(0.1, 0, 0.5);
    const chain one({chain::link{m, moments, upper, V3::Zero()}}, g);
    const M3 R0 = so3::axis_rotation(0, 0.5);
    const V3 omega0(0.3, -0.2, 4);
    auto y = as_std(one.state({R0}, {omega0}));
    const auto sys = one.system<SV>();
    // the top about its pivot: χ = −u, J_p = J + m (|χ|² I − χχᵀ)
    const V3 chi = -upper;
    const M3 Jp = M3(moments.asDiagonal()) + m * (chi.squaredNorm() * M3::Identity() - chi * chi.transpose());
    const rigid_body<double, pivoted_weight> top(Jp, pivoted_weight{m * g * chi});
    const V3 pi0 = Jp * omega0;
    auto x = std::make_pair(std::array<double, 9>{}, std::array<double, 3>{pi0(0), pi0(1), pi0(2)});
    for (int i = 0; i < 9; ++i) x.first[std::size_t(i)] = R0(i / 3, i % 3);
    composed_rattle_stepper<SV, scheme::kahan_li6> rattle;
    composed_rigid_body_stepper<std::array<double, 9>, std::array<double, 3>, scheme::kahan_li8> splitting;
    for (int n = 0; n < 400; ++n) rattle.do_step(sys, y, n * 0.005, 0.005);
    for (int n = 0; n < 2000; ++n) splitting.do_step(top, x, n * 0.001, 0.001);
    const double dR = max_abs(M3(one.attitude(y.first, 0) - attitude_of(x.first)));
    const V3 omega_chain = one.body_momentum(y.first, y.second, 0).cwiseQuotient(moments);
    const V3 omega_top = Jp.inverse() * momentum_of(x.second);
    const double dOmega = (omega_chain - omega_top).norm() / omega0.norm();
    std::cout << "one link against the heavy top at t = 2: R " << dR << ", Omega (relative) " << dOmega << "\n";
    EXPECT_LE(dR, 1e-8);
    EXPECT_LE(dOmega, 1e-8);
}

TEST(RigidBodyChain, TwoLinksKeepTheirInvariants) {
    const chain two({chain::link{1.0, V3(2, 3, 4) / 10, V3(0, 0, 0.5), V3(0, 0, -0.5)},
                     chain::link{0.5, V3(3, 4, 5) / 20, V3(0, 0, 0.4), V3::Zero()}});
    const auto sys = two.system<SV>();
    auto x = as_std(two.state({so3::axis_rotation(0, 1.0), so3::axis_rotation(1, -0.5)}, {V3(0.5, 1, 3), V3(-1, 0.5, -2)}));
    const double e0 = two.energy(x.first, x.second), l0 = two.vertical_angular_momentum(x.first, x.second);
    const std::size_t N = long_runs() ? 100000 : 10000;
    rattle_stepper<SV> stepper;
    std::vector<double> tenth(10, 0.0);
    double position = 0, hidden = 0, momentum = 0, orthogonality = 0;
    for (std::size_t n = 0; n < N; ++n) {
        stepper.do_step(sys, x, double(n) * 1e-3, 1e-3);
        const auto r = constraint_residuals(sys, x);
        position = std::max(position, double(r.position));
        hidden = std::max(hidden, double(r.hidden));
        tenth[10 * n / N] = std::max(tenth[10 * n / N], std::abs(two.energy(x.first, x.second) - e0) / std::abs(e0));
        momentum = std::max(momentum, std::abs(two.vertical_angular_momentum(x.first, x.second) - l0));
        orthogonality = std::max({orthogonality, so3::orthogonality_defect(two.attitude(x.first, 0)),
                                  so3::orthogonality_defect(two.attitude(x.first, 1))});
    }
    std::cout << "two links, RATTLE, " << N << " steps of 1e-3: |g| " << position << ", |G M^-1 p| " << hidden
              << "; |dE/E| first tenth " << tenth.front() << ", last " << tenth.back() << "; vertical angular momentum "
              << momentum / (eps * std::abs(l0)) << " eps relative; |R^T R - I| " << orthogonality / eps << " eps\n";
    EXPECT_LE(position, 100 * eps);
    EXPECT_LE(hidden, 100 * eps * 10);  // G M⁻¹ p: p up to ~10
    EXPECT_LE(tenth.back(), 2 * tenth.front()) << "no drift";
    EXPECT_LE(momentum, 10 * eps * std::sqrt(double(N)) * std::abs(l0));
    EXPECT_LE(orthogonality, 100 * eps);
}

TEST(RigidBodyChain, BadInputIsNamed) {
    expect_throw_with<std::invalid_argument>([] { chain({}); }, "no links");
    expect_throw_with<std::invalid_argument>([] { chain({chain::link{-1.0, V3(2, 3, 4), V3::Zero(), V3::Zero()}}); },
                                             "link 0 has mass -1");
    expect_throw_with<std::invalid_argument>([] { chain({chain::link{1.0, V3(1, 2, 3), V3::Zero(), V3::Zero()}}); },
                                             "link 0: second_moment_tensor");
    const chain one({chain::link{1.0, V3(2, 3, 4), V3::Zero(), V3::Zero()}});
    expect_throw_with<std::invalid_argument>([&] { one.state({M3::Identity()}, {}); }, "1 attitudes and 0 angular velocities");
}

}  // namespace
