// Proposition 1: a scheme A η_{j+1} = B η_j of the partitioned form (34) with X, Y symmetric is
// symplectic — the library's partitioned_transfer_matrix on symbolic symmetric X, Y.
#include "symbolic_systems.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    proof p(argc, argv, "simpson_prop1_partitioned_symplectic",
            "A = [I -X; I Y], B = [-I -X; I -Y] with X, Y symmetric (X + Y invertible): Phi = A^-1 B satisfies "
            "Phi^T J Phi = J",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Proposition 1, eqs. (33)-(34)",
            "symbolic (GiNaC): geomint::scheme::partitioned_transfer_matrix<GiNaC::ex> with X, Y symmetric of free symbols, "
            "n = 1 and n = 2; the mutant makes Y non-symmetric (y21 != y12), violating the hypothesis");
    GiNaC::symbol x11("x11"), x12("x12"), x22("x22"), y11("y11"), y12("y12"), y21("y21"), y22("y22");
    sym_matrix X1(1, 1), Y1(1, 1);
    X1 << ex(x11);
    Y1 << ex(y11);
    p.check(is_symplectic(geomint::scheme::partitioned_transfer_matrix(geomint::scheme::partitioned_blocks<ex>{X1, Y1})),
            "n = 1, X = x11, Y = y11");
    sym_matrix X(2, 2), Y(2, 2);
    X << ex(x11), ex(x12), ex(x12), ex(x22);
    Y << ex(y11), ex(y12), p.mutant() ? ex(y21) : ex(y12), ex(y22);
    p.check(is_symplectic(geomint::scheme::partitioned_transfer_matrix(geomint::scheme::partitioned_blocks<ex>{X, Y})),
            "n = 2, X and Y symmetric 2 x 2 of free symbols");
    return p.finish();
}
