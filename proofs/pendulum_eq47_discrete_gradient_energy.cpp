// Eq. (47): the discrete gradient scheme (45) conserves H = p²/2 + V(φ) exactly.
#include "pendulum_numeric.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    proof p(argc, argv, "pendulum_eq47_discrete_gradient_energy",
            "The discrete gradient scheme (45) conserves H = p^2/2 + V(phi) exactly: H(phi_{n+1}, p_{n+1}) = "
            "H(phi_n, p_n) (47); so does the modified discrete gradient (55)-(56)",
            "Cieslinski & Ratkiewicz, eqs. (44)-(47), (55)-(56)",
            "numeric at 100 digits (geomint::mp<100>) on 20 random points of std::mt19937(47), for the simple "
            "pendulum and for V = -cos(phi) + phi^4/10: one library step, |H_1 - H_0| <= 1e-90 (Newton to ~1e-98). "
            "The mutant checks leap-frog (13), which does not conserve H");
    const auto pendulum = geomint::make_simple_pendulum<real>();
    const auto quartic = geomint::make_newton_system<real>([](auto q) {
        using std::cos;
        return -cos(q) + q * q * q * q / 10;
    });
    const auto points = sample_points(47, 20);
    const auto check = [&](auto scheme, const auto& sys, const std::string& name) {
        using S = decltype(scheme);
        real worst(0);
        for (const auto& x : points) {
            using std::abs;
            real phi = x.phi, mom = x.p;
            const real h0 = sys.hamiltonian(phi, mom);
            geomint::newton_equation_step<S>(sys, phi, mom, x.eps);
            worst = (std::max)(worst, real(abs(sys.hamiltonian(phi, mom) - h0)));
        }
        p.check(worst <= bound(), name + ": |H_1 - H_0| <= 1e-90", "max " + str(static_cast<double>(worst)));
    };
    if (p.mutant()) {
        check(geomint::scheme::leapfrog{}, pendulum, "leap-frog (13) [mutant], pendulum");
    } else {
        check(geomint::scheme::discrete_gradient{}, pendulum, "discrete gradient (45), pendulum");
        check(geomint::scheme::discrete_gradient{}, quartic, "discrete gradient (45), V = -cos + phi^4/10");
        check(geomint::scheme::modified_discrete_gradient{}, pendulum, "modified discrete gradient (55), pendulum");
    }
    return p.finish();
}
