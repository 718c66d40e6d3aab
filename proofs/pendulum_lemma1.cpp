// Lemma 1 of the pendulum paper: the map φ_{n+1} − φ_n = P(p_n, p_{n+1}), p_{n+1} − p_n =
// R(φ_n, φ_{n+1}) has Jacobian determinant (1 − P,₁R,₁)/(1 − P,₂R,₂): it is symplectic iff
// P,₁R,₁ = P,₂R,₂ ≠ 1.
#include "proof.hpp"

#include <ginac/ginac.h>

int main(int argc, char** argv) {
    using namespace geomint_proof;
    using GiNaC::ex;
    proof p(argc, argv, "pendulum_lemma1",
            "phi_{n+1} - phi_n = P(p_n, p_{n+1}), p_{n+1} - p_n = R(phi_n, phi_{n+1}): "
            "dphi_{n+1} ^ dp_{n+1} = (1 - P,1 R,1)/(1 - P,2 R,2) dphi_n ^ dp_n, so the map is symplectic iff "
            "P,1 R,1 = P,2 R,2 != 1",
            "Cieslinski & Ratkiewicz, Lemma 1, eqs. (8)-(9)",
            "symbolic (GiNaC): the differentials of (8) solved for (dphi_{n+1}, dp_{n+1}) with the partial "
            "derivatives P,1, P,2, R,1, R,2 as free symbols; the determinant compared in normal form; then the "
            "implicit midpoint rule (23) (P = eps(p_n + p_{n+1})/2, R = eps f((phi_n + phi_{n+1})/2)) satisfies "
            "(9). The mutant differentiates p_{n+1} + p_n = R (a sign changed)");
    GiNaC::symbol P1("P1"), P2("P2"), R1("R1"), R2("R2"), dphi0("dphi0"), dp0("dp0"), dphi1("dphi1"), dp1("dp1");
    const int sign = p.mutant() ? -1 : 1;
    const GiNaC::lst eqs{dphi1 - dphi0 == P1 * dp0 + P2 * dp1, dp1 - sign * dp0 == R1 * dphi0 + R2 * dphi1};
    const ex sol = GiNaC::lsolve(eqs, GiNaC::lst{dphi1, dp1});
    const ex phi1 = ex(dphi1).subs(sol), p1 = ex(dp1).subs(sol);
    const ex J = phi1.diff(dphi0) * p1.diff(dp0) - phi1.diff(dp0) * p1.diff(dphi0);
    p.check(GiNaC::normal(J - (1 - P1 * R1) / (1 - P2 * R2)).is_zero(), "det d(phi_{n+1}, p_{n+1})/d(phi_n, p_n) = "
                                                                        "(1 - P,1 R,1)/(1 - P,2 R,2)",
            str(GiNaC::normal(J)));
    // the implicit midpoint rule: P,1 = P,2 = eps/2, R,1 = R,2 = (eps/2) f'(phi_{1/2})
    GiNaC::symbol eps("eps"), fp("fprime");
    const GiNaC::lst midpoint{P1 == eps / 2, P2 == eps / 2, R1 == eps / 2 * fp, R2 == eps / 2 * fp};
    p.check(GiNaC::normal(J.subs(midpoint) - 1).is_zero(), "implicit midpoint (23): det = 1 (Lemma 1 applies)");
    return p.finish();
}
