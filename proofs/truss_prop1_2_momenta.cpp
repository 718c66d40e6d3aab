// Propositions 1–2 of Graham & Jelenić: Algorithm MC (3.1) without load conserves 𝓛 when the
// columns of 𝒢 and 𝒳 sum to 0 (4.2), and 𝓙 when moreover 𝒳 and 𝓜 are symmetric (4.4).
#include "proof.hpp"

#include <geomint/scheme/truss/algorithm_mc.hpp>
#include <geomint/symbolic/ginac.hpp>

namespace {
using namespace geomint_proof;
using GiNaC::ex;
using geomint::matrix;
using geomint::nodal;
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "truss_prop1_2_momenta",
            "Algorithm MC (3.1) with F_a = V_a = 0: if every column of G and X sums to 0 (4.2), L = sum p_i is "
            "conserved (Prop. 1); if also X = X^T and M = M^T (4.4), J = sum r_i x p_i is conserved (Prop. 2)",
            "Graham & Jelenic, eqs. (3.1)-(3.2), (4.1)-(4.4), Propositions 1-2",
            "symbolic (GiNaC): N = 2 particles in 3-D with G, X, M^-1 of free symbols under (4.2), (4.4); N = 3 with "
            "them random integers under (4.2), (4.4) (exact; fully symbolic N = 3 does not finish in minutes); "
            "R_n, P_n, dt free symbols in both; the library's residual detail::mc_residual<GiNaC::ex> set to 0 and "
            "solved for (R_{n+1} - R_n, P_{n+1} - P_n) by GiNaC's lsolve; L_{n+1} - L_n and J_{n+1} - J_n in normal "
            "form compared with 0. The mutant drops the symmetry of X (columns still sum to 0): L stays conserved, "
            "J must not");
    unsigned draw = 12345;
    for (int N : {2, 3}) {
        const std::string tag = " (N = " + std::to_string(N) + ")";
        GiNaC::symbol dt("dt");
        std::vector<GiNaC::symbol> store;
        const auto fresh = [&store](const std::string& name) {
            store.emplace_back(name);
            return ex(store.back());
        };
        // a parameter: a free symbol for N = 2, a small random integer for N = 3
        const auto parameter = [&](const std::string& name) {
            if (N == 2) return fresh(name);
            draw = draw * 1103515245u + 12345u;
            return ex(int((draw >> 16) % 7u) - 3);
        };
        matrix<ex> G(N, N), X(N, N), Minv(N, N);
        for (int j = 0; j < N; ++j) {  // (4.2): last row = −(sum of the others), column by column
            ex gs = 0;
            for (int i = 0; i + 1 < N; ++i) {
                G(i, j) = parameter("g" + std::to_string(i) + std::to_string(j));
                gs += G(i, j);
            }
            G(N - 1, j) = -gs;
        }
        // X symmetric with zero column sums: off-diagonal x_ij = x_ji free, diagonal = −(row sum)
        for (int i = 0; i < N; ++i)
            for (int j = i + 1; j < N; ++j) {
                X(i, j) = parameter("x" + std::to_string(i) + std::to_string(j));
                X(j, i) = p.mutant() && i == 0 && j == 1 ? ex(X(i, j) + fresh("y10")) : X(i, j);
            }
        for (int j = 0; j < N; ++j) {  // column sums zero (for the mutant: columns, not rows)
            ex s = 0;
            for (int i = 0; i < N; ++i)
                if (i != j) s += X(i, j);
            X(j, j) = -s;
        }
        for (int i = 0; i < N; ++i)
            for (int j = i; j < N; ++j)
                Minv(i, j) = Minv(j, i) = parameter("mu" + std::to_string(i) + std::to_string(j)) + (i == j ? 5 : 0);
        nodal<ex> R0(N, 3), P0(N, 3), dR(N, 3), dP(N, 3);
        for (int i = 0; i < N; ++i)
            for (int c = 0; c < 3; ++c) {
                R0(i, c) = fresh("r" + std::to_string(i) + std::to_string(c));
                P0(i, c) = fresh("p" + std::to_string(i) + std::to_string(c));
                dR(i, c) = fresh("dr" + std::to_string(i) + std::to_string(c));
                dP(i, c) = fresh("dq" + std::to_string(i) + std::to_string(c));
            }
        const geomint::scheme::mc_parameters<ex> a{G, X, Minv, nodal<ex>(), nodal<ex>()};
        const auto [rR, rP] = geomint::scheme::detail::mc_residual(a, R0, P0, dR, dP, ex(dt));
        nodal<ex> R1(N, 3), P1(N, 3);
        for (int c = 0; c < 3; ++c) {  // the blocks are a_ij I3: each coordinate is its own system
            GiNaC::lst eqs, unknowns;
            for (int i = 0; i < N; ++i) {
                eqs.append(rR(i, c) == 0);
                eqs.append(rP(i, c) == 0);
                unknowns.append(dR(i, c));
                unknowns.append(dP(i, c));
            }
            const ex sol = GiNaC::lsolve(eqs, unknowns);
            for (int i = 0; i < N; ++i) {
                R1(i, c) = GiNaC::normal(R0(i, c) + dR(i, c).subs(sol));
                P1(i, c) = GiNaC::normal(P0(i, c) + dP(i, c).subs(sol));
            }
        }
        bool L_ok = true, J_ok = true;
        for (int c = 0; c < 3; ++c) {
            ex dL = 0;
            for (int i = 0; i < N; ++i) dL += P1(i, c) - P0(i, c);
            L_ok = L_ok && GiNaC::normal(dL).is_zero();
            const int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
            ex dJ = 0;
            for (int i = 0; i < N; ++i)
                dJ += (R1(i, c1) * P1(i, c2) - R1(i, c2) * P1(i, c1)) - (R0(i, c1) * P0(i, c2) - R0(i, c2) * P0(i, c1));
            J_ok = J_ok && GiNaC::normal(dJ).is_zero();
        }
        p.check(L_ok, "L_{n+1} = L_n under (4.2)" + tag);
        p.check(J_ok, "J_{n+1} = J_n under (4.2) and (4.4)" + tag);
    }
    return p.finish();
}
