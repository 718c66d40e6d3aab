// The discrete Euler–Lagrange equations (17)–(25) of Simpson's discrete Lagrangian, derived by
// symbolic differentiation of L_h built from the quadratic interpolation (13)–(15) and Simpson's
// rule (1), compared with the printed equations, and satisfied by the library's variant 1 (29).
#include "symbolic_systems.hpp"

namespace {
using namespace geomint_proof;
using geomint::matrix;
using vec = Eigen::Matrix<ex, Eigen::Dynamic, 1>;

ex quad(const vec& a, const matrix<ex>& A, const vec& b) { return (a.transpose() * A * b)(0, 0); }

vec gradient(const ex& f, const std::vector<GiNaC::symbol>& vars, std::size_t first, int n) {
    vec g(n);
    for (int i = 0; i < n; ++i) g[i] = f.diff(vars[first + std::size_t(i)]);
    return g;
}

bool zero(const vec& v) { return geomint::symbolic::is_zero(v); }
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "simpson_eqs17_25_discrete_euler_lagrange",
            "L_h = (h/2)[1/6 g_l'M g_l + 2/3 g_m'M g_m + 1/6 g_r'M g_r] - (h/2)[1/6 q_l'K q_l + 2/3 q_m'K q_m + "
            "1/6 q_r'K q_r] with Gear's derivatives (15) gives the printed equations (17), (18), (21)-(25); the "
            "library's variant 1 (29) satisfies dL_h/dq_m = 0, p_j = -dL_h/dq_l, p_{j+1} = dL_h/dq_r",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), eqs. (1), (13)-(29)",
            "symbolic (GiNaC): L_h built and differentiated symbolically for n = 1 and n = 2 (symmetric M, K of "
            "free symbols, q of free symbols); the library's simpson_variant1::internal_transfer_matrix on "
            "GiNaC::ex; every residual in normal form compared with 0. The mutant integrates with the weights "
            "1/4, 1/2, 1/4 instead of Simpson's 1/6, 2/3, 1/6");
    symbols s;
    const ex h = s.h;
    const ex wl = p.mutant() ? ex(GiNaC::numeric(1, 4)) : ex(GiNaC::numeric(1, 6));
    const ex wm = 1 - 2 * wl;
    for (int n : {1, 2}) {
        const std::string tag = " (n = " + std::to_string(n) + ")";
        const matrix<ex> M = n == 1 ? s.M1() : s.M2(), K = n == 1 ? s.K1() : s.K2();
        std::vector<GiNaC::symbol> q;
        const vec ql = symbols_vector("ql", n, q), qm = symbols_vector("qm", n, q), qr = symbols_vector("qr", n, q);
        const vec gl = (ql * ex(-3) + qm * ex(4) - qr) / h, gm = (qr - ql) / h, gr = (ql - qm * ex(4) + qr * ex(3)) / h;
        const ex L = h / 2 * (wl * quad(gl, M, gl) + wm * quad(gm, M, gm) + wl * quad(gr, M, gr)) -
                     h / 2 * (wl * quad(ql, K, ql) + wm * quad(qm, K, qm) + wl * quad(qr, K, qr));
        const vec dl = gradient(L, q, 0, n), dm = gradient(L, q, std::size_t(n), n), dr = gradient(L, q, std::size_t(2 * n), n);
        // (17): (2/h) dL/dq_m = 4/(3h) M g_l - 4/(3h) M g_r - (4/3) K q_m
        const vec e17 = M * (gl - gr) * ex(4 / (3 * h)) - K * qm * ex(GiNaC::numeric(4, 3));
        p.check(zero(vec(dm * ex(2 / h) - e17)), "(17) = (2/h) dL_h/dq_m" + tag);
        const vec e18 = M * (ql - qm * ex(2) + qr) * ex(4 / (h * h)) + K * qm;  // (18), = 0 on solutions
        p.check(zero(vec(e17 + e18 * ex(GiNaC::numeric(4, 3)))), "(17) = -(4/3) (18)" + tag);
        const vec pj = -dl, pj1 = dr;  // (20), (21)
        p.check(zero(vec(pj - (M * (ql * ex(14) - qm * ex(16) + qr * ex(2)) * ex(-1 / (6 * h)) + K * ql * ex(h / 6)))),
                "(21): p_j = -dL_h/dq_l = -(1/6h) M (14 q_l - 16 q_m + 2 q_r) + (h/6) K q_l" + tag);
        p.check(zero(vec(pj1 - (M * (ql * ex(2) - qm * ex(16) + qr * ex(14)) * ex(1 / (6 * h)) - K * qr * ex(h / 6)))),
                "(23): p_{j+1} = dL_h/dq_r = (1/6h) M (2 q_l - 16 q_m + 14 q_r) - (h/6) K q_r" + tag);
        const vec p22 = pj + e18 * ex(h / 3), p24 = pj1 - e18 * ex(h / 3);  // on solutions of (18)
        p.check(zero(vec(p22 - (M * (qr - ql) / h + K * (qm * ex(2) + ql) * ex(h / 6)))),
                "(22): p_j = M (q_r - q_l)/h - (h/6) K (-2 q_m - q_l)" + tag);
        p.check(zero(vec(p24 - (M * (qr - ql) / h - K * (qm * ex(2) + qr) * ex(h / 6)))),
                "(24): p_{j+1} = M (q_r - q_l)/h - (h/6) K (2 q_m + q_r)" + tag);
        p.check(zero(vec((p24 - p22) / h + K * (ql / ex(6) + qm * ex(GiNaC::numeric(2, 3)) + qr / ex(6)))),
                "(25a): (p_{j+1} - p_j)/h = -K (q_l/6 + 2 q_m/3 + q_r/6)" + tag);
        p.check(zero(vec((p22 + p24) / ex(2) - (M - K * ex(h * h / 12)) * (qr - ql) / h)),
                "(25b): (p_j + p_{j+1})/2 = (M - h^2 K/12) (q_r - q_l)/h" + tag);
        // the library's variant 1: (q_{j+1/2}, p_{j+1}, q_{j+1}) = A_sigma^-1 B_sigma (p_j, q_j)
        std::vector<GiNaC::symbol> eta_store;
        const vec p0 = symbols_vector("p", n, eta_store), q0 = symbols_vector("q", n, eta_store);
        vec eta(2 * n);
        eta << p0, q0;
        const vec out = geomint::scheme::simpson_variant1::internal_transfer_matrix(M, K, h) * eta;
        GiNaC::lst at;
        for (int i = 0; i < n; ++i) {
            at.append(q[std::size_t(i)] == q0[i]);
            at.append(q[std::size_t(n + i)] == out[i]);
            at.append(q[std::size_t(2 * n + i)] == out[2 * n + i]);
        }
        const auto subs = [&at](const vec& v) {
            vec r(v.size());
            for (Eigen::Index i = 0; i < v.size(); ++i) r[i] = v[i].subs(at);
            return r;
        };
        p.check(zero(subs(dm)), "library variant 1: dL_h/dq_m = 0 at (q_j, q_{j+1/2}, q_{j+1})" + tag);
        p.check(zero(vec(subs(pj) - p0)), "library variant 1: p_j = -dL_h/dq_l" + tag);
        p.check(zero(vec(subs(pj1) - out.segment(n, n))), "library variant 1: p_{j+1} = dL_h/dq_r" + tag);
    }
    return p.finish();
}
