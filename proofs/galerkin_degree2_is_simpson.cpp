// The Galerkin variational integrator of degree 2 (galerkin_vi_stepper<Coor, 2>) is the Simpson
// VI on quadratic Lagrangians: with the library's Lobatto IIIA–IIIB pair computed on GiNaC::ex
// (lobatto_iiia_iiib<ex>(2)), the stage equations of the Galerkin step hold at the solution of
// the paper's discrete Euler–Lagrange equations (18) and (22), and its momentum update is (24).
#include "symbolic_systems.hpp"

#include <geomint/scheme/galerkin/lobatto.hpp>

namespace {
using namespace geomint_proof;
using vec = Eigen::Matrix<ex, Eigen::Dynamic, 1>;
bool zero(const vec& v) { return geomint::symbolic::is_zero(v); }
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "galerkin_degree2_is_simpson",
            "for L = v'Mv/2 - q'Kq/2 the degree-2 Galerkin VI (Lobatto IIIA-IIIB, 3 stages) is Simpson's VI: its weights "
            "are Simpson's rule (1); its IIIA stages Q_i = q_l + h sum_j a_ij V_j with V_i Gear's derivatives (15) "
            "reproduce the nodes (q_l, q_m, q_r); its IIIB momentum equations M V_i = p_j + h sum_j ahat_ij (-K Q_j) "
            "hold when q_m solves (18) and p_j is (22); and p_{j+1} = p_j - h sum_j b_j K Q_j is (24)",
            "Rojas-Quintero, Dubois, Cabrera-Diaz (2024), eqs. (1), (15), (18), (22), (24); Marsden & West (2001) sec. "
            "2.6; the library's scheme/galerkin/lobatto.hpp",
            "symbolic (GiNaC): the library's coefficient code run on GiNaC::ex (exact rationals); n = 1 and n = 2 "
            "with symmetric M, K of free symbols, q_l, q_r free, q_m from (18) by fraction-free elimination; every "
            "residual in normal form compared with 0. The mutant uses Lobatto IIIA for both halves (ahat = a), "
            "not the variational pair");
    symbols s;
    const ex h = s.h;
    auto c = geomint::scheme::lobatto_iiia_iiib<ex>(2);
    if (p.mutant()) c.a_hat = c.a;
    vec simpson(3);
    simpson << ex(GiNaC::numeric(1, 6)), ex(GiNaC::numeric(2, 3)), ex(GiNaC::numeric(1, 6));
    p.check(zero(vec(c.b - simpson)), "weights b = (1/6, 2/3, 1/6): Simpson's rule (1)");
    for (int n : {1, 2}) {
        const std::string tag = " (n = " + std::to_string(n) + ")";
        const sym_matrix M = n == 1 ? s.M1() : s.M2(), K = n == 1 ? s.K1() : s.K2();
        std::vector<GiNaC::symbol> store;
        const vec ql = symbols_vector("ql", n, store), qr = symbols_vector("qr", n, store);
        // (18): (4/h²) M (q_l − 2 q_m + q_r) + K q_m = 0, solved for q_m
        const sym_matrix S = M * ex(8 / (h * h)) - K;
        sym_matrix qm_solution;
        if (!geomint::try_solve(S, sym_matrix(M * (ql + qr) * ex(4 / (h * h))), qm_solution)) {
            p.check(false, "(18) solvable for q_m" + tag);
            continue;
        }
        const vec qm = qm_solution.col(0);
        const vec pj = M * (qr - ql) / h + K * (qm * ex(2) + ql) * ex(h / 6);   // (22)
        const vec pj1 = M * (qr - ql) / h - K * (qm * ex(2) + qr) * ex(h / 6);  // (24)
        // the Galerkin stages: nodes (q_l, q_m, q_r), velocities = Gear's derivatives (15)
        std::vector<vec> Q{ql, qm, qr};
        std::vector<vec> V{(ql * ex(-3) + qm * ex(4) - qr) / h, (qr - ql) / h, (ql - qm * ex(4) + qr * ex(3)) / h};
        for (int i = 1; i < 3; ++i) {
            vec Qi = ql;
            for (int j = 0; j < 3; ++j) Qi += V[std::size_t(j)] * ex(h * c.a(i, j));
            p.check(zero(vec(Qi - Q[std::size_t(i)])),
                    "IIIA stage " + std::to_string(i + 1) + ": q_l + h sum_j a_ij V_j = the node" + tag);
        }
        for (int i = 0; i < 3; ++i) {
            vec R = M * V[std::size_t(i)] - pj;
            for (int j = 0; j < 3; ++j) R += K * Q[std::size_t(j)] * ex(h * c.a_hat(i, j));
            p.check(zero(R), "IIIB stage " + std::to_string(i + 1) + ": M V_i = p_j - h sum_j ahat_ij K Q_j" + tag);
        }
        vec p1 = pj;
        for (int j = 0; j < 3; ++j) p1 -= K * Q[std::size_t(j)] * ex(h * c.b(j));
        p.check(zero(vec(p1 - pj1)), "p_{j+1} = p_j - h sum_j b_j K Q_j is (24)" + tag);
    }
    return p.finish();
}
