// Proposition 6 (and 2): Simpson's scheme (32) and Newmark's scheme (12) are symplectic,
// ΦᵀJΦ = J — with the library's own transfer matrices instantiated on GiNaC symbols.
#include "symbolic_systems.hpp"

namespace {
using namespace geomint_proof;
using geomint::matrix;

// Mutant: Y_s formed with L⁻¹K instead of K L⁻¹ (not symmetric for n = 2): Proposition 1's
// hypothesis fails, and so must the symplecticity check.
struct simpson_mutant {
    static matrix<ex> transfer_matrix(const matrix<ex>& M, const matrix<ex>& K, const ex& h) {
        const Eigen::Index n = M.rows();
        matrix<ex> Linv(n, n);
        geomint::try_solve(matrix<ex>(M - K * ex(h * h / 8)), M, Linv);
        const matrix<ex> Y = (Linv * K + K / ex(2)) * ex(h / 3);
        return geomint::scheme::partitioned_transfer_matrix(geomint::scheme::partitioned_blocks<ex>{
            geomint::scheme::simpson::x_block(M, K, h), Y});
    }
};
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "simpson_prop6_symplectic",
            "Simpson's scheme (32) and Newmark's scheme (12) are symplectic: Phi^T J Phi = J",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Propositions 1, 2, 6; eqs. (12), (31)-(34)",
            "symbolic (GiNaC): the library's transfer_matrix<T> with T = GiNaC::ex, n = 1 (m, k, h) and n = 2 "
            "(symmetric M, K of 6 symbols), Phi^T J Phi - J brought to normal form and compared with 0");
    symbols s;
    for (int n : {1, 2}) {
        const matrix<ex> M = n == 1 ? s.M1() : s.M2(), K = n == 1 ? s.K1() : s.K2();
        const std::string tag = " (n = " + std::to_string(n) + ")";
        const matrix<ex> phi_s = p.mutant() ? simpson_mutant::transfer_matrix(M, K, s.h)
                                            : geomint::scheme::simpson::transfer_matrix(M, K, s.h);
        p.check(is_symplectic(phi_s), "Simpson variant 2: Phi^T J Phi = J" + tag);
        p.check(is_symplectic(geomint::scheme::newmark::transfer_matrix(M, K, s.h)), "Newmark: Phi^T J Phi = J" + tag);
    }
    return p.finish();
}
