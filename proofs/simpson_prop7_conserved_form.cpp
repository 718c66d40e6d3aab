// Proposition 7: the partitioned form conserves φ(p, q) = ½pᵀξp + ½qᵀζq with ξ = (X + Y)⁻¹,
// ζ = X ξ Y — for Simpson's and Newmark's schemes, on the library's own ξ, ζ and Φ.
#include "symbolic_systems.hpp"

#include <geomint/scheme/linear/partitioned_form.hpp>

int main(int argc, char** argv) {
    using namespace geomint_proof;
    using geomint::matrix;
    proof p(argc, argv, "simpson_prop7_conserved_form",
            "phi(p, q) = 1/2 p^T xi p + 1/2 q^T zeta q, xi = (X + Y)^-1, zeta = X xi Y, is conserved: "
            "Phi^T diag(xi, zeta) Phi = diag(xi, zeta)",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Proposition 7, eqs. (41)-(42)",
            "symbolic (GiNaC): geomint::scheme::partitioned_conserved_form and transfer_matrix on GiNaC::ex for Simpson "
            "(31) and Newmark (11), n = 1 and n = 2 (symmetric M, K of free symbols); the mutant uses "
            "zeta = X xi X");
    symbols s;
    for (int n : {1, 2}) {
        const matrix<ex> M = n == 1 ? s.M1() : s.M2(), K = n == 1 ? s.K1() : s.K2();
        const auto run = [&](const auto& blocks, const char* name) {
            auto form = geomint::scheme::partitioned_conserved_form(blocks);
            if (p.mutant()) form.zeta = blocks.X * form.xi * blocks.X;
            const matrix<ex> phi = geomint::scheme::partitioned_transfer_matrix(blocks);
            matrix<ex> Q = matrix<ex>::Zero(2 * n, 2 * n);
            Q.topLeftCorner(n, n) = form.xi;
            Q.bottomRightCorner(n, n) = form.zeta;
            p.check(geomint::symbolic::is_zero(matrix<ex>(phi.transpose() * Q * phi - Q)),
                    std::string(name) + ": phi(Phi eta) = phi(eta) (n = " + std::to_string(n) + ")");
        };
        run(geomint::scheme::simpson::blocks(M, K, s.h), "Simpson");
        run(geomint::scheme::newmark::blocks(M, K, s.h), "Newmark");
    }
    return p.finish();
}
