// Lemma 2 of the pendulum paper: φ_{n+1} − A(φ_n) + φ_{n−1} = 0, p_n = μ0 φ_{n+1} + B(φ_n)
// defines a symplectic map (φ_n, p_n) ↦ (φ_{n+1}, p_{n+1}) for any A, B.
#include "proof.hpp"

#include <ginac/ginac.h>

int main(int argc, char** argv) {
    using namespace geomint_proof;
    using GiNaC::ex;
    proof p(argc, argv, "pendulum_lemma2",
            "phi_{n+1} - A(phi_n) + phi_{n-1} = 0, p_n = mu0 phi_{n+1} + B(phi_n) (10): the map "
            "(phi_n, p_n) -> (phi_{n+1}, p_{n+1}) has Jacobian determinant 1 for any differentiable A, B",
            "Cieslinski & Ratkiewicz, Lemma 2, eq. (10); standard discretizations (11)-(12)",
            "symbolic (GiNaC): the one-step map composed from (10) — phi_{n+1} = (p_n - B(phi_n))/mu0, "
            "phi_{n+2} = A(phi_{n+1}) - phi_n, p_{n+1} = mu0 phi_{n+2} + B(phi_{n+1}) — with A, B general quartics "
            "of free coefficients, differentiated and the determinant compared with 1; then the standard "
            "discretization (11)-(12) for c = 0, 1/2, 1. The mutant takes p_{n+1} = 2 mu0 phi_{n+2} + B(phi_{n+1})");
    GiNaC::symbol phi("phi"), pn("p"), mu0("mu0"), eps("eps"), k("k");
    // A, B as general quartics with free coefficients: the determinant then involves A', B' at two
    // different points as independent expressions
    std::vector<GiNaC::symbol> a, b;
    for (int i = 0; i <= 4; ++i) {
        a.emplace_back("a" + std::to_string(i));
        b.emplace_back("b" + std::to_string(i));
    }
    const auto Af = [&a](const ex& x) {
        ex s = 0;
        for (int i = 0; i <= 4; ++i) s += a[std::size_t(i)] * GiNaC::pow(x, i);
        return s;
    };
    const auto Bf = [&b](const ex& x) {
        ex s = 0;
        for (int i = 0; i <= 4; ++i) s += b[std::size_t(i)] * GiNaC::pow(x, i);
        return s;
    };
    const int factor = p.mutant() ? 2 : 1;
    const auto map = [&](const auto& Afun, const auto& Bfun, const ex& m0) {
        const ex phi1 = (pn - Bfun(phi)) / m0;
        const ex phi2 = Afun(phi1) - phi;
        const ex p1 = factor * m0 * phi2 + Bfun(phi1);
        return std::pair<ex, ex>{phi1, p1};
    };
    const auto det = [&](const std::pair<ex, ex>& m) {
        return GiNaC::normal(GiNaC::expand(m.first.diff(phi) * m.second.diff(pn) - m.first.diff(pn) * m.second.diff(phi)));
    };
    p.check(det(map(Af, Bf, mu0)) == 1, "general A, B (quartics with free coefficients), free mu0: det = 1");
    for (const ex c : {ex(0), ex(GiNaC::numeric(1, 2)), ex(1)}) {
        // (11)-(12): phi_{n+1} - 2 phi_n + phi_{n-1} = -k eps^2 sin phi_n, p_n = (phi_{n+1} - phi_n)/eps + c k eps sin phi_n
        const auto A11 = [&](const ex& x) { return 2 * x - k * eps * eps * GiNaC::sin(x); };
        const auto B12 = [&](const ex& x) { return -x / eps + c * k * eps * GiNaC::sin(x); };
        p.check(det(map(A11, B12, 1 / eps)) == 1, "standard discretization (11)-(12), c = " + str(c) + ": det = 1");
    }
    return p.finish();
}
