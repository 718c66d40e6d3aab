// Eqs. (36)–(39): Suris' maps (34), (35) conserve E1 and E2.
#include "pendulum_numeric.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    proof p(argc, argv, "pendulum_eqs36_39_suris_integrals",
            "Suris' standard-like map 1 (34) conserves E1 (36)-(37) and map 2 (35) conserves E2 (38)-(39)",
            "Cieslinski & Ratkiewicz, eqs. (34)-(39)",
            "numeric at 100 digits (geomint::mp<100>) on 20 random points of std::mt19937(36): one library step, "
            "|E_1 - E_0| <= 1e-90 with the library's integral() (GiNaC does not simplify the arctan identities, so "
            "this is not symbolic). The mutant evaluates E1 on Suris 2's step");
    const auto pendulum = geomint::make_simple_pendulum<real>();
    const auto points = sample_points(36, 20);
    const auto check = [&](auto stepper, auto integral, const std::string& name) {
        using S = decltype(stepper);
        using I = decltype(integral);
        real worst(0);
        for (const auto& x : points) {
            using std::abs;
            real phi = x.phi, mom = x.p;
            const real e0 = I::integral(pendulum, phi, mom, x.eps);
            geomint::newton_equation_step<S>(pendulum, phi, mom, x.eps);
            worst = (std::max)(worst, real(abs(I::integral(pendulum, phi, mom, x.eps) - e0)));
        }
        p.check(worst <= bound(), name + ": |E_1 - E_0| <= 1e-90", "max " + str(static_cast<double>(worst)));
    };
    check(geomint::scheme::suris1{}, geomint::scheme::suris1{}, "Suris 1 (34), E1 (37)");
    if (p.mutant())
        check(geomint::scheme::suris2{}, geomint::scheme::suris1{}, "Suris 2 (35), E1 [mutant]");
    else
        check(geomint::scheme::suris2{}, geomint::scheme::suris2{}, "Suris 2 (35), E2 (39)");
    return p.finish();
}
