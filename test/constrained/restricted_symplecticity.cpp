// The symplecticity of RATTLE, its compositions and the constrained Galerkin VIs on the
// constrained phase space, measured at
// 100 digits: the defect of the tangent map on a basis of the tangent space of {g = 0,
// G M⁻¹ p = 0} (analysis/restricted_symplecticity.hpp), the tangent map by central differences
// with δ = 1e-33 (truncation ~1e-66, rounding ~1e-67). A negative control — leapfrog followed by
// the projection onto the manifold, which is not symplectic — shows the measure can fail.
#include "test_common.hpp"

#include "constrained/negative_controls.hpp"

#include <geomint/analysis/restricted_symplecticity.hpp>
#include <geomint/problems/cartesian_double_pendulum.hpp>

#include <tuple>

namespace {

using namespace geomint;
using T = mp<100>;
using SV = std::vector<T>;

TEST(RestrictedSymplecticity, RattleAndItsCompositionsPreserveTheRestrictedForm) {
    const T delta = T(1) / boost::multiprecision::pow(T(10), 33);
    const problems::spherical_pendulum<T> sphere;
    const auto sphere_sys = sphere.system<SV>();
    const auto [q0, p0] = sphere.cartesian_state(T(1), T(1) / T(3), T(0), T(2));
    const std::pair<SV, SV> x_sphere{SV(q0.data(), q0.data() + 3), SV(p0.data(), p0.data() + 3)};
    const problems::cartesian_double_pendulum<T> pendulum;
    const auto pendulum_sys = pendulum.system<SV>();
    const auto [r0, s0] = pendulum.cartesian_state(T(1) / T(5), T(1), boost::math::constants::pi<T>() / T(6), T(-2));
    const std::pair<SV, SV> x_pendulum{SV(r0.data(), r0.data() + 4), SV(s0.data(), s0.data() + 4)};
    const T h = T(1) / T(20);
    const auto report = [&](const char* name, auto stepper) {
        const T a = restricted_symplecticity_defect(stepper, sphere_sys, x_sphere, T(0), h, delta);
        const T b = restricted_symplecticity_defect(stepper, pendulum_sys, x_pendulum, T(0), h, delta);
        std::printf("%s: restricted symplecticity defect %.3g (spherical pendulum), %.3g (double pendulum)\n", name,
                    static_cast<double>(a), static_cast<double>(b));
        RecordProperty(std::string(name) + "_sphere", geomint::to_string(a));
        RecordProperty(std::string(name) + "_double_pendulum", geomint::to_string(b));
        return std::max(a, b);
    };
    EXPECT_LE(report("rattle", rattle_stepper<SV>{}), T(1e-60));
    EXPECT_LE(report("rattle x yoshida4", composed_rattle_stepper<SV, scheme::yoshida4, SV, unchecked>{}), T(1e-60));
    EXPECT_LE(report("galerkin_vi_2", galerkin_vi_stepper<SV, 2>{}), T(1e-60));
    EXPECT_LE(report("galerkin_vi_3", galerkin_vi_stepper<SV, 3, SV, unchecked>{}), T(1e-60));
    // the negative control: O(h^k) defect, far above the rounding of the measure
    EXPECT_GE(report("projected leapfrog", geomint_test::projected_leapfrog<SV>{}), T(1e-8));
}

// The measured defect is the central differences' truncation, not the map's: it falls as δ² (from
// δ = 1e-25 to 1e-33 by 1e16, within a factor 10), so the map's own defect is below the smallest
// value measured (the floor of the measure, not a property of the scheme).
TEST(RestrictedSymplecticity, TheMeasuredDefectIsTheMeasuresTruncation) {
    const problems::cartesian_double_pendulum<T> pendulum;
    const auto sys = pendulum.system<SV>();
    const auto [r0, s0] = pendulum.cartesian_state(T(1) / T(5), T(1), boost::math::constants::pi<T>() / T(6), T(-2));
    const std::pair<SV, SV> x{SV(r0.data(), r0.data() + 4), SV(s0.data(), s0.data() + 4)};
    const T h = T(1) / T(20);
    const auto defect = [&](auto stepper, int digits) {
        return restricted_symplecticity_defect(stepper, sys, x, T(0), h, T(1) / boost::multiprecision::pow(T(10), digits));
    };
    for (const auto& [name, coarse, fine] :
         {std::tuple{"rattle", defect(rattle_stepper<SV>{}, 25), defect(rattle_stepper<SV>{}, 33)},
          std::tuple{"galerkin_vi_3", defect(galerkin_vi_stepper<SV, 3>{}, 25), defect(galerkin_vi_stepper<SV, 3>{}, 33)}}) {
        const double ratio = static_cast<double>(coarse / fine);
        std::printf("%s: defect %.3g at delta = 1e-25, %.3g at 1e-33: ratio %.3g (delta^2: 1e16)\n", name,
                    static_cast<double>(coarse), static_cast<double>(fine), ratio);
        EXPECT_GT(ratio, 1e15) << name;
        EXPECT_LT(ratio, 1e17) << name;
    }
}

// The tangent basis spans a space of dimension 2(n − m) inside the tangent space: G δq = 0 and
// the hidden constraint's derivative H δq + G M⁻¹ δp = 0 on every column.
TEST(RestrictedSymplecticity, TangentBasisSatisfiesTheLinearizedConstraints) {
    const problems::cartesian_double_pendulum<T> pendulum;
    const auto sys = pendulum.system<SV>();
    const auto [q, p] = pendulum.cartesian_state(T(1) / T(5), T(1), T(1) / T(2), T(-2));
    const vector<T> qv = q, pv = p;
    const matrix<T> V = constrained_tangent_basis<SV>(sys, qv, pv);
    ASSERT_EQ(V.rows(), 8);
    ASSERT_EQ(V.cols(), 4);  // 2(n − m) = 2(4 − 2)
    EXPECT_EQ(Eigen::FullPivLU<matrix<T>>(V).rank(), 4);
    const matrix<T> G = sys.constraints.jacobian(qv);
    vector<T> v(4);
    v << pv(0), pv(1), pv(2), pv(3);  // M = I
    const matrix<T> H = sys.constraints.hidden_constraint_jacobian(qv, v);
    // the rods' constraints are quadratic: H = [(Hess g_i) v]ᵀ with Hess g_1 = diag(1, 1, 0, 0),
    // Hess g_2 = [[I, −I], [−I, I]]
    matrix<T> H_exact(2, 4);
    H_exact << v(0), v(1), T(0), T(0), v(0) - v(2), v(1) - v(3), v(2) - v(0), v(3) - v(1);
    EXPECT_LE(max_abs(matrix<T>(H - H_exact)), T(1e-95));
    const matrix<T> linearized_position = G * V.topRows(4);
    const matrix<T> linearized_hidden = H * V.topRows(4) + G * V.bottomRows(4);
    EXPECT_LE(max_abs(linearized_position), T(1e-95));
    EXPECT_LE(max_abs(linearized_hidden), T(1e-95));
}

}  // namespace
