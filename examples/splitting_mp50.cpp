// An eighth-order splitting at 50 digits: Yoshida's composition (15 stages, weights solved from
// their order conditions in the scalar type) on Kepler's problem (e = 0.6) over one period, at
// N = 2000 and 4000 steps. The error against the exact orbit (Kepler's equation at 50 digits)
// falls by 2^8 = 256 per halving of the step: order 8, on down below double's resolution.
#include <geomint/problems/kepler.hpp>
#include <geomint/precision.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

using T = geomint::mp<50>;
using V = std::array<T, 2>;

/// Position error after one period in `steps` steps of yoshida8.
T error_after_one_period(std::size_t steps) {
    const geomint::problems::kepler<T> kepler(T(3) / 5);
    auto x = std::make_pair(V{kepler.q0()[0], kepler.q0()[1]}, V{kepler.p0()[0], kepler.p0()[1]});
    geomint::yoshida8_stepper<V> stepper;
    const T h = kepler.period() / T(steps);
    boost::numeric::odeint::integrate_n_steps(stepper, kepler.system(), x, T(0), h, steps);
    const auto exact = kepler.exact(kepler.period());
    using std::sqrt;
    return sqrt((x.first[0] - exact.first[0]) * (x.first[0] - exact.first[0]) +
                (x.first[1] - exact.first[1]) * (x.first[1] - exact.first[1]));
}

int main() {
    const T coarse = error_after_one_period(2000), fine = error_after_one_period(4000);
    using std::log2;
    const double order = static_cast<double>(log2(coarse / fine));
    std::printf("yoshida8_stepper at 50 digits, Kepler e = 0.6, one period\n");
    std::printf("  N = 2000: error %.3e\n  N = 4000: error %.3e\n  measured order %.3f (claimed 8)\n",
                static_cast<double>(coarse), static_cast<double>(fine), order);
    // expected: 6.5e-16 and 2.5e-18 (order 8); the finer error is below what double resolves
    const bool ok = std::abs(order - 8) < 0.3 && fine < T(1e-17);
    std::puts(ok ? "as expected: order 8, the finer error below double's resolution" : "UNEXPECTED figures");
    return ok ? 0 : 1;
}
