// Proposition 3: Y_s = (h/3)(K L⁻¹ + K/2) of (31) is symmetric for symmetric M, K.
#include "symbolic_systems.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    using geomint::matrix;
    proof p(argc, argv, "simpson_prop3_Ys_symmetric",
            "Y_s = (h/3)(K L^-1 + K/2), L = I - (h^2/8) M^-1 K, is symmetric when M and K are",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Proposition 3, eq. (31)",
            "symbolic (GiNaC): the library's simpson::blocks<GiNaC::ex> for n = 2 with M, K symmetric of 6 free "
            "symbols; Y_s - Y_s^T in normal form compared with 0 (also X_s); the mutant forms L^-1 K instead of "
            "K L^-1");
    symbols s;
    const matrix<ex> M = s.M2(), K = s.K2();
    matrix<ex> Y;
    if (p.mutant()) {
        matrix<ex> Linv(2, 2);
        geomint::try_solve(matrix<ex>(M - K * ex(s.h * s.h / 8)), M, Linv);
        Y = (Linv * K + K / ex(2)) * ex(s.h / 3);
    } else {
        Y = geomint::scheme::simpson::blocks(M, K, s.h).Y;
    }
    p.check(geomint::symbolic::is_zero(matrix<ex>(Y - Y.transpose())), "Y_s = Y_s^T (n = 2)",
            "Y_s(1,2) = " + str(GiNaC::factor(GiNaC::normal(Y(0, 1)))));
    const matrix<ex> X = geomint::scheme::simpson::x_block(M, K, s.h);
    p.check(geomint::symbolic::is_zero(matrix<ex>(X - X.transpose())), "X_s = X_s^T (n = 2)");
    return p.finish();
}
