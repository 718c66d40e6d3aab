// Local orders: Φ(h) − exp(hA) starts at h⁵ for Simpson's scheme (order 4) and at h³ for
// Newmark's (order 2), n = 1.
#include "symbolic_systems.hpp"

namespace {
using namespace geomint_proof;
using geomint::matrix;
// lowest power of h in the series of e at h = 0 (up to `order`), and its coefficient
std::pair<int, ex> leading(const ex& e, const GiNaC::symbol& h, int order) {
    const ex ser = GiNaC::series_to_poly(e.series(h == 0, order + 1));
    const ex poly = GiNaC::expand(GiNaC::normal(ser));
    for (int d = 0; d <= order; ++d) {
        const ex c = GiNaC::normal(poly.coeff(h, d));
        if (!c.is_zero()) return {d, c};
    }
    return {order + 1, ex(0)};
}
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "simpson_local_order",
            "The local error Phi(h) - exp(hA) of Simpson's scheme is O(h^5) (order 4) and of Newmark's O(h^3) "
            "(order 2); A = [0 -k; 1/m 0] on eta = (p, q)",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), Sections 2-3 (orders stated for Newmark and Simpson)",
            "symbolic (GiNaC): the library's transfer matrices on GiNaC::ex with k = m w^2, series in h of every "
            "entry of Phi - exp(hA) (exp(hA) in closed form: cos, sin of w h) to h^7; the lowest power present "
            "and its coefficient are printed. The mutant uses h/5 for h/6 in X_s");
    GiNaC::possymbol hs("h"), ms("m"), ws("w");
    const ex h = hs, m = ms, w = ws, k = m * w * w;
    const matrix<ex> M = matrix<ex>::Constant(1, 1, m), K = matrix<ex>::Constant(1, 1, k);
    matrix<ex> E(2, 2);
    E << GiNaC::cos(w * h), -m * w * GiNaC::sin(w * h), GiNaC::sin(w * h) / (m * w), GiNaC::cos(w * h);
    const auto lowest = [&](const matrix<ex>& phi, const char* name, int expected) {
        int low = 99;
        ex coeff;
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 2; ++j) {
                const auto [d, c] = leading(phi(i, j) - E(i, j), hs, 7);
                if (d < low) {
                    low = d;
                    coeff = c;
                }
            }
        p.check(low == expected, std::string(name) + ": Phi(h) - exp(hA) starts at h^" + std::to_string(expected),
                "lowest power h^" + std::to_string(low) + ", e.g. coefficient " + str(coeff));
    };
    auto b = geomint::scheme::simpson::blocks(M, K, h);
    if (p.mutant()) b.X(0, 0) = 2 * m / h - h / 5 * k;
    lowest(geomint::scheme::partitioned_transfer_matrix(b), "Simpson", 5);
    lowest(geomint::scheme::newmark::transfer_matrix(M, K, h), "Newmark", 3);
    return p.finish();
}
