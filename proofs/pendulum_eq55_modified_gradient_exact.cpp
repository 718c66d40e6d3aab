// Eq. (55): with δ = (2/ω) tan(εω/2) the modified discrete gradient is exact for the harmonic
// oscillator: one step equals the flow over ε.
#include "pendulum_numeric.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    proof p(argc, argv, "pendulum_eq55_modified_gradient_exact",
            "For V = omega^2 phi^2/2 the modified discrete gradient scheme with delta = (2/omega) tan(eps omega/2) "
            "(55) maps (phi_n, p_n) to the exact solution at t + eps",
            "Cieslinski & Ratkiewicz, eqs. (50)-(56)",
            "numeric at 100 digits (geomint::mp<100>) on 20 random points of std::mt19937(55) with omega in "
            "{1/2, 1, 3}: one library step against phi cos(omega eps) + (p/omega) sin(omega eps), "
            "p cos(omega eps) - omega phi sin(omega eps); |error| <= 1e-90. The mutant uses the plain discrete "
            "gradient (delta = eps), which is only second order");
    const auto points = sample_points(55, 20);
    for (const real omega : {real(1) / 2, real(1), real(3)}) {
        const real w2 = omega * omega;
        const auto oscillator = geomint::make_newton_system<real>([w2](auto q) { return q * q * w2 / 2; });
        real worst(0);
        for (const auto& x : points) {
            using std::abs;
            using std::cos;
            using std::sin;
            if (!(abs(x.eps * omega) < 3)) continue;  // |eps omega| < pi (precondition of (55))
            real phi = x.phi, mom = x.p;
            if (p.mutant())
                geomint::scheme::discrete_gradient::step(oscillator, phi, mom, x.eps, geomint::iteration_options{});
            else
                geomint::scheme::modified_discrete_gradient::step(oscillator, phi, mom, x.eps, geomint::iteration_options{});
            const real c = cos(omega * x.eps), s = sin(omega * x.eps);
            const real phi_ex = x.phi * c + x.p / omega * s, p_ex = x.p * c - omega * x.phi * s;
            worst = (std::max)(worst, real((std::max)(abs(phi - phi_ex), abs(mom - p_ex))));
        }
        p.check(worst <= bound(), "omega = " + str(static_cast<double>(omega)) + ": one step = exact flow",
                "max error " + str(static_cast<double>(worst)));
    }
    return p.finish();
}
