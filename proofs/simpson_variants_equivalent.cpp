// Variant 1 (26)–(29), with the internal node, and variant 2 (30)–(32) are the same map on (p, q).
#include "symbolic_systems.hpp"

namespace {
using namespace geomint_proof;
using geomint::matrix;
// Mutant: variant 2 with X_s = (2/h)M − (h/5)K instead of (h/6)K.
matrix<ex> mutant_variant2(const matrix<ex>& M, const matrix<ex>& K, const ex& h) {
    auto b = geomint::scheme::simpson::blocks(M, K, h);
    b.X = M * ex(2 / h) - K * ex(h / 5);
    return geomint::scheme::partitioned_transfer_matrix(b);
}
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "simpson_variants_equivalent",
            "The rows (p_{j+1}, q_{j+1}) of A_sigma^-1 B_sigma (29) equal Phi_s = A_s^-1 B_s (32): the two "
            "variants of Simpson's scheme are one map",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), eqs. (26)-(32)",
            "symbolic (GiNaC): the library's simpson_variant1 and simpson transfer matrices on GiNaC::ex, n = 1 "
            "(m, k, h) and n = 2 (symmetric M, K of free symbols), difference in normal form compared with 0; the "
            "mutant changes h/6 to h/5 in X_s");
    symbols s;
    for (int n : {1, 2}) {
        const matrix<ex> M = n == 1 ? s.M1() : s.M2(), K = n == 1 ? s.K1() : s.K2();
        const matrix<ex> v1 = geomint::scheme::simpson_variant1::transfer_matrix(M, K, s.h);
        const matrix<ex> v2 = p.mutant() ? mutant_variant2(M, K, s.h) : geomint::scheme::simpson::transfer_matrix(M, K, s.h);
        p.check(geomint::symbolic::is_zero(matrix<ex>(v1 - v2)), "variant 1 = variant 2 (n = " + std::to_string(n) + ")");
    }
    return p.finish();
}
