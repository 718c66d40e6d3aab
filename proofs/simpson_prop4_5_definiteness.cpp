// Propositions 4 and 5 for n = 1: the sign conditions of Y_s and X_s, their sharp thresholds,
// and the whole stability set of Simpson's scheme.
#include "symbolic_systems.hpp"

int main(int argc, char** argv) {
    using namespace geomint_proof;
    using geomint::matrix;
    proof p(argc, argv, "simpson_prop4_5_definiteness",
            "n = 1, x = omega h: X_s = (2m/h)(1 - x^2/12) > 0 iff x^2 < 12; Y_s = (hk/6)(24 - x^2)/(8 - x^2) > 0 iff "
            "x^2 < 8 or x^2 > 24 (so (k/mu) h^2 < 8 suffices for both, Props. 4-5); Phi_s is stable iff X_s Y_s > 0: "
            "0 < x < 2 sqrt 2 or 2 sqrt 3 < x < 2 sqrt 6",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Propositions 4, 5, eqs. (31), (38)-(40)",
            "symbolic (GiNaC): the library's simpson::blocks and transfer_matrix on GiNaC::ex with k = m x^2/h^2; "
            "closed forms compared in normal form; det Phi = 1 and tr Phi = 2(X - Y)/(X + Y); the sign of X Y and "
            "|tr Phi| < 2 checked exactly at a rational x^2 inside each interval between the roots 8, 12, 24. The "
            "mutant uses h/5 for h/6 in X_s");
    symbols s;
    GiNaC::possymbol x_symbol("x");
    const ex x = x_symbol, h = s.h, m = s.m;
    const ex k = m * x * x / (h * h);
    const matrix<ex> M = s.M1(), K = matrix<ex>::Constant(1, 1, k);
    auto b = geomint::scheme::simpson::blocks(M, K, h);
    if (p.mutant()) b.X(0, 0) = 2 * m / h - h / 5 * k;
    const ex X = GiNaC::normal(b.X(0, 0)), Y = GiNaC::normal(b.Y(0, 0));
    p.check(GiNaC::normal(X - 2 * m / h * (1 - x * x / 12)).is_zero(), "X_s = (2m/h)(1 - x^2/12)", str(GiNaC::factor(X)));
    p.check(GiNaC::normal(Y - h * k / 6 * (24 - x * x) / (8 - x * x)).is_zero(), "Y_s = (hk/6)(24 - x^2)/(8 - x^2)",
            str(GiNaC::factor(Y)));
    const matrix<ex> phi = geomint::scheme::partitioned_transfer_matrix(b);
    p.check(GiNaC::normal(phi.determinant() - 1).is_zero(), "det Phi_s = 1");
    const ex tr = GiNaC::normal(phi.trace());
    p.check(GiNaC::normal(tr - 2 * (X - Y) / (X + Y)).is_zero(), "tr Phi_s = 2(X_s - Y_s)/(X_s + Y_s)", str(tr));
    // sign table: x^2 = 1 (stable), 10, 18 (stable), 30
    struct sample {
        int x2;
        bool x_pos, y_pos, stable;
    };
    for (const sample& t : {sample{1, true, true, true}, sample{10, true, false, false}, sample{18, false, false, true},
                            sample{30, false, true, false}}) {
        const GiNaC::lst at{x_symbol == GiNaC::sqrt(ex(t.x2)), s.h_symbol == 1, s.m_symbol == 1};
        const ex Xv = GiNaC::normal(X.subs(at)), Yv = GiNaC::normal(Y.subs(at)), trv = GiNaC::normal(tr.subs(at));
        const bool xp = Xv.info(GiNaC::info_flags::positive), yp = Yv.info(GiNaC::info_flags::positive);
        const bool st = GiNaC::ex_to<GiNaC::numeric>(trv * trv).to_double() < 4 &&
                        GiNaC::normal(4 - trv * trv).info(GiNaC::info_flags::positive);
        p.check(xp == t.x_pos && yp == t.y_pos && st == t.stable,
                "x^2 = " + std::to_string(t.x2) + ": X_s " + (t.x_pos ? "> 0" : "< 0") + ", Y_s " +
                    (t.y_pos ? "> 0" : "< 0") + ", " + (t.stable ? "stable (|tr| < 2)" : "unstable (|tr| > 2)"),
                "X = " + str(Xv) + ", Y = " + str(Yv) + ", tr = " + str(trv));
    }
    // the thresholds: X_s = 0 at x^2 = 12 (tr = -2), Y_s = 0 at x^2 = 24 (tr = 2), pole of Y_s at x^2 = 8
    p.check(GiNaC::normal(X.subs(x_symbol == GiNaC::sqrt(ex(12)))).is_zero(), "X_s = 0 at x = 2 sqrt 3");
    p.check(GiNaC::normal(Y.subs(x_symbol == GiNaC::sqrt(ex(24)))).is_zero(), "Y_s = 0 at x = 2 sqrt 6");
    p.check(GiNaC::normal(GiNaC::denom(Y).subs(x_symbol == GiNaC::sqrt(ex(8)))).is_zero(),
            "Y_s has a pole at x = 2 sqrt 2 (L singular)");
    return p.finish();
}
