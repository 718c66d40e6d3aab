// 50 digits on MPFR (geomint::mpfr<50>, the component geomint::mp), built when MPFR is found:
// - Boost.Math's autodiff over it compiles (geomint/precision.hpp declares fvar's conversion to the
//   MPFR backend absent) and its derivatives of cos at 1/3 are −sin and −cos to 50 digits;
// - a Newton-equation step whose potential is differentiated by autodiff (the discrete gradient,
//   100 steps) lands on cpp_bin_float's mp50 result to 1e-45;
// - the reports name it mpfr50.
#include <geomint/autodiff.hpp>
#include <geomint/precision.hpp>
#include <geomint/stepper/newton_equation_stepper.hpp>

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace {
using M = geomint::mpfr<50>;
using C = geomint::mp<50>;

// V(φ) = −cos φ: the pendulum, written once for the scalar and for autodiff variables
struct minus_cosine {
    template <class U>
    U operator()(const U& phi) const {
        using std::cos;
        return -cos(phi);
    }
};

TEST(Mpfr, AutodiffDerivativesToFiftyDigits) {
    const M x = M(1) / 3;
    const auto y = cos(boost::math::differentiation::make_fvar<M, 2>(x));
    EXPECT_LT(abs(y.derivative(1) + sin(x)), M("1e-48"));
    EXPECT_LT(abs(y.derivative(2) + cos(x)), M("1e-48"));
}

template <class T>
std::pair<T, T> discrete_gradient_run() {
    const auto pendulum = geomint::make_newton_system<T>(minus_cosine{});
    geomint::discrete_gradient_stepper<T> stepper;
    std::pair<T, T> x{T(0), T(6) / T(5)};
    const T h = T(1) / T(20);
    for (int n = 0; n < 100; ++n) stepper.do_step(pendulum, x, T(n) * h, h);
    return x;
}

TEST(Mpfr, NewtonStepGivesTheDigitsOfCppBinFloat) {
    const auto m = discrete_gradient_run<M>();
    const auto c = discrete_gradient_run<C>();
    EXPECT_LT(abs(m.first - M(c.first.str(60))), M("1e-45"));
    EXPECT_LT(abs(m.second - M(c.second.str(60))), M("1e-45"));
    EXPECT_GT(abs(m.first), M("0.1")) << "the pendulum moved";
}

TEST(Mpfr, ReportName) {
    EXPECT_EQ(geomint::scalar_traits<M>::name(), "mpfr50");
    EXPECT_EQ(geomint::scalar_traits<geomint::mpfr<100>>::name(), "mpfr100");
    EXPECT_EQ(geomint::scalar_traits<C>::name(), "mp50");
}

}  // namespace
