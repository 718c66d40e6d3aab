// A user's translation unit: one stepper header, one stepper instantiated on a two-body problem
// in odeint's pair form, ten steps. bench/compile_time.sh compiles it once per case (-D flags
// below) and reports the seconds of g++ -O2 -c, geomint's stepper against the odeint stepper it
// replaces. Cases: -DGEOMINT_CASE (geomint) or not (odeint); -DSTEPPER=sb3a|yoshida8|galerkin;
// -DMP50 for 50 digits (else double).
#if defined(GEOMINT_CASE)
#if STEPPER_galerkin
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#else
#include <geomint/stepper/splitting_stepper.hpp>
#endif
#if defined(MP50)
#include <geomint/precision.hpp>
#endif
#else
#include <boost/numeric/odeint/stepper/symplectic_rkn_sb3a_mclachlan.hpp>
#if defined(MP50)
#include <boost/multiprecision/cpp_bin_float.hpp>
#endif
#endif

#include <array>
#include <cmath>
#include <utility>

#if defined(MP50)
using R = boost::multiprecision::number<boost::multiprecision::cpp_bin_float<50>, boost::multiprecision::et_off>;
#else
using R = double;
#endif
using P = std::array<R, 2>;

int main() {
    auto f = [](const P& p, P& dq) { dq = p; };
    auto g = [](const P& q, P& dp) {
        using std::sqrt;
        const R r2 = q[0] * q[0] + q[1] * q[1], r3 = r2 * sqrt(r2);
        dp[0] = -q[0] / r3;
        dp[1] = -q[1] / r3;
    };
    auto x = std::make_pair(P{R(1), R(0)}, P{R(0), R(1)});
#if !defined(GEOMINT_CASE)
    boost::numeric::odeint::symplectic_rkn_sb3a_mclachlan<P, P, R> s;
#elif STEPPER_galerkin
    geomint::galerkin_vi_stepper<P, 2> s;
#elif STEPPER_yoshida8
    geomint::yoshida8_stepper<P> s;
#else
    geomint::mclachlan_sb3a_stepper<P> s;
#endif
    for (int i = 0; i < 10; ++i) s.do_step(std::make_pair(f, g), x, R(0), R(1) / 10);
    return x.first[0] > R(2);
}
