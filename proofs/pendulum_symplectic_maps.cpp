// Symplecticity of leap-frog (13), symplectic Euler (20), (21), implicit midpoint (23) and the
// Suris maps (34), (35): det ∂(φ_{n+1}, p_{n+1})/∂(φ_n, p_n) = 1 — on the library's steps.
#include "pendulum_numeric.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    proof p(argc, argv, "pendulum_symplectic_maps",
            "Leap-frog (13), symplectic Euler (20) and (21), implicit midpoint (23), Suris 1 (34) and Suris 2 (35) "
            "are symplectic: the Jacobian determinant of one step is 1",
            "Cieslinski & Ratkiewicz, Lemmas 1-2, eqs. (13), (20), (21), (23), (34), (35)",
            "numeric at 100 digits (geomint::mp<100>) on 20 random points (phi, p, eps) of std::mt19937(2024): the "
            "library's one_step_jacobian (autodiff through the whole step, Newton solves included) on the simple "
            "pendulum, |det - 1| <= 1e-90 (a symbolic proof of the mechanism is pendulum_lemma1/2). The mutant "
            "puts the discrete gradient (45), which is not symplectic, in the list");
    const auto pendulum = geomint::make_simple_pendulum<real>();
    const auto points = sample_points(2024, 20);
    const auto check = [&](auto scheme, const char* name) {
        using S = decltype(scheme);
        real worst(0);
        for (const auto& x : points) {
            using std::abs;
            const auto J = geomint::one_step_jacobian<S>(pendulum, x.phi, x.p, x.eps);
            worst = (std::max)(worst, real(abs(J.determinant() - 1)));
        }
        p.check(worst <= bound(), std::string(name) + ": |det - 1| <= 1e-90", "max " + str(static_cast<double>(worst)));
    };
    check(geomint::scheme::leapfrog{}, "leap-frog (13)");
    check(geomint::scheme::symplectic_euler{}, "symplectic Euler (20)");
    check(geomint::scheme::symplectic_euler_adjoint{}, "symplectic Euler (21)");
    check(geomint::scheme::implicit_midpoint{}, "implicit midpoint (23)");
    check(geomint::scheme::suris1{}, "Suris 1 (34)");
    check(geomint::scheme::suris2{}, "Suris 2 (35)");
    if (p.mutant()) check(geomint::scheme::discrete_gradient{}, "discrete gradient (45) [mutant]");
    return p.finish();
}
