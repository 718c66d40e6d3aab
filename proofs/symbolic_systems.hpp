#pragma once
// Symbolic systems M q̈ + K q = 0 for the proofs of the Simpson paper: n = 1 (m, k, h positive
// symbols) and n = 2 (M, K symmetric with symbolic entries), as Eigen matrices of GiNaC::ex.
#include "proof.hpp"

#include <geomint/analysis/transfer_matrix.hpp>
#include <geomint/scheme/linear/newmark.hpp>
#include <geomint/scheme/linear/simpson.hpp>
#include <geomint/symbolic/ginac.hpp>

#include <string>
#include <vector>

namespace geomint_proof {

using ex = GiNaC::ex;
using sym_matrix = geomint::matrix<ex>;

struct symbols {
    GiNaC::possymbol h_symbol{"h"}, m_symbol{"m"}, k_symbol{"k"};
    ex h = h_symbol, m = m_symbol, k = k_symbol;
    GiNaC::symbol m11{"m11"}, m12{"m12"}, m22{"m22"}, k11{"k11"}, k12{"k12"}, k22{"k22"};

    sym_matrix M1() const { return sym_matrix::Constant(1, 1, ex(m)); }
    sym_matrix K1() const { return sym_matrix::Constant(1, 1, ex(k)); }
    sym_matrix M2() const {
        sym_matrix M(2, 2);
        M << ex(m11), ex(m12), ex(m12), ex(m22);
        return M;
    }
    sym_matrix K2() const {
        sym_matrix K(2, 2);
        K << ex(k11), ex(k12), ex(k12), ex(k22);
        return K;
    }
};

/// A column of n fresh symbols base1 … basen (kept alive in `store`).
inline Eigen::Matrix<ex, Eigen::Dynamic, 1> symbols_vector(const char* base, int n, std::vector<GiNaC::symbol>& store) {
    store.reserve(store.size() + std::size_t(n));
    Eigen::Matrix<ex, Eigen::Dynamic, 1> v(n);
    for (int i = 0; i < n; ++i) {
        store.emplace_back(std::string(base) + std::to_string(i + 1));
        v[i] = store.back();
    }
    return v;
}

/// J = [[0, I], [−I, 0]] of size 2n in η = (p, q) (the library's convention, eq. (33)).
inline sym_matrix canonical(Eigen::Index n) { return geomint::canonical_matrix<ex>(2 * n); }

/// max over entries of the normal form of ΦᵀJΦ − J is 0 (exactly).
inline bool is_symplectic(const sym_matrix& phi) {
    const Eigen::Index two_n = phi.rows();
    const sym_matrix J = geomint::canonical_matrix<ex>(two_n);
    return geomint::symbolic::is_zero(sym_matrix(phi.transpose() * J * phi - J));
}

}  // namespace geomint_proof
