#pragma once
/// \file
/// Sparse Newton solve of Algorithm MC for schemes of the mid-point form (3.3) whose 𝒳 is
/// assembled from one coefficient per bar (`Scheme::bar_assembled`: the mid-point (a) and
/// energy–momentum (b) schemes). Source: Graham & Jelenić, (3.3) and (2.3).
///
/// There the residual of node i involves only node i and the nodes it shares a bar with:
///   r_R,i = ΔR_i − Δt (P_n,i + ΔP_i/2)/m_i,
///   r_P,i = ΔP_i + Δt Σ_{bars (i, j)} c_ij (R_{1/2,i} − R_{1/2,j}),
/// so it is evaluated bar by bar (O(bars), differences of positions only), and the Jacobian is
/// sparse with the truss's adjacency pattern. It is formed by autodiff with column compression:
/// nodes are coloured so that two nodes within two bars of each other differ
/// (`distance2_colouring`), and one dual pass per colour and component gives every column of
/// that colour. The linear solve is Eigen's SparseLU. Cost per Newton iteration ~ 6 × colours ×
/// bars, against 6N passes over N × N matrices for the dense solve.
///
/// External loads are not handled here (a work function U(R, t) may couple every node):
/// `mc_solve` takes the dense path for a loaded truss.
#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/solver/sparse_newton_step.hpp"

#include <Eigen/Sparse>

#include <algorithm>
#include <limits>
#include <cstddef>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// Whether `Scheme` has the bar-assembled mid-point form that `sparse_solve` needs
/// (`Scheme::bar_assembled` true, with `bar_coefficient`). The sparse path calls
/// `bar_coefficient`, not `parameters`: a scheme derived from (a) or (b) that overrides
/// `parameters` must set `bar_assembled = false`.
template <class Scheme>
constexpr bool is_bar_assembled() {
    if constexpr (requires { Scheme::bar_assembled; })
        return Scheme::bar_assembled;
    else
        return false;
}

namespace detail {

/// Nodes adjacent to each node through a bar.
template <class Truss>
std::vector<std::vector<std::size_t>> bar_neighbours(const Truss& sys) {
    std::vector<std::vector<std::size_t>> nb(sys.nodes());
    for (const auto& b : sys.bars()) {
        nb[b.i].push_back(b.j);
        nb[b.j].push_back(b.i);
    }
    return nb;
}

/// Greedy distance-2 colouring: colour[v] differs from the colour of every node within two bars
/// of v (so each node's residual depends on at most one node of each colour). Returns the
/// colours and their count.
inline std::pair<std::vector<int>, int> distance2_colouring(const std::vector<std::vector<std::size_t>>& nb) {
    const std::size_t n = nb.size();
    std::vector<int> colour(n, -1);
    std::vector<std::size_t> seen_by(n + 1, n);  // seen_by[c] = v: colour c is taken near v
    int count = 0;
    for (std::size_t v = 0; v < n; ++v) {
        const auto mark = [&](std::size_t u) {
            if (colour[u] >= 0) seen_by[static_cast<std::size_t>(colour[u])] = v;
        };
        for (std::size_t u : nb[v]) {
            mark(u);
            for (std::size_t w : nb[u]) mark(w);
        }
        int c = 0;
        while (seen_by[static_cast<std::size_t>(c)] == v) ++c;
        colour[v] = c;
        count = std::max(count, c + 1);
    }
    return {std::move(colour), count};
}

/// The bar-local residual above, rows scaled by (r_scale, p_scale), into `out` (6N: ΔR node by
/// node, then ΔP), for U = T or dual<T>. `Rc` are the positions R_n relative to their centroid.
template <class Scheme, class Truss, class U, class T, class Out>
void bar_local_residual(const Truss& sys, const nodal<T>& Rc, const nodal<T>& P, const nodal<U>& dR,
                        const nodal<U>& dP, const T& h, const T& r_scale, const T& p_scale, Out& out) {
    const Eigen::Index n = Rc.rows();
    const nodal<U> R0 = Rc.template cast<U>(), R1 = R0 + dR;
    nodal<U> force = nodal<U>::Zero(n, 3);
    for (const auto& b : sys.bars()) {
        const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
        const U c = Scheme::bar_coefficient(sys, b, R0, R1);
        const Eigen::Matrix<U, 1, 3> d = (R0.row(i) - R0.row(j)) + (dR.row(i) - dR.row(j)) / U(2);
        force.row(i) += d * c;
        force.row(j) -= d * c;
    }
    for (Eigen::Index i = 0; i < n; ++i) {
        const U m = U(sys.masses()[static_cast<std::size_t>(i)]);
        for (int k = 0; k < 3; ++k) {
            out[3 * i + k] = (dR(i, k) - (U(P(i, k)) + dP(i, k) / U(2)) * U(h) / m) / U(r_scale);
            out[3 * (n + i) + k] = (dP(i, k) + force(i, k) * U(h)) / U(p_scale);
        }
    }
}

/// The increments (ΔR, ΔP) of one step of a bar-assembled scheme without external load:
/// Newton–Raphson with the compressed sparse Jacobian and SparseLU, from the predictor and with
/// the row scales and tolerances of the dense solve (`mc_solve`). 𝒢 = 0, 𝓜 = M and 𝒳 assembled
/// from bars satisfy (4.2) and (4.4) by construction.
/// \throws geomint::convergence_error if Newton fails; what `Scheme::bar_coefficient` throws.
template <class Scheme, class Truss, class T>
std::pair<nodal<T>, nodal<T>> sparse_solve(const Truss& sys, const nodal<T>& Rc, const nodal<T>& P,
                                           const nodal<T>& predictor_dR, const nodal<T>& predictor_dP, const T& h,
                                           const T& r_scale, const T& p_scale, const iteration_options& opt) {
    using D = dual<T>;
    const Eigen::Index n = Rc.rows(), m = 6 * n;
    const auto nb = bar_neighbours(sys);
    const auto [colour, colours] = distance2_colouring(nb);
    const auto unpack = [n](const vector<T>& z, nodal<T>& dR, nodal<T>& dP) {
        dR = Eigen::Map<const nodal<T>>(z.data(), n, 3);
        dP = Eigen::Map<const nodal<T>>(z.data() + 3 * n, n, 3);
    };
    // pass (c, q): component q (ΔR x, y, z, then ΔP x, y, z) of every node of colour c, at its
    // linear index in z = (ΔR, ΔP), each N × 3 row-major (node by node)
    std::vector<std::vector<std::size_t>> groups(static_cast<std::size_t>(6 * colours));
    for (Eigen::Index v = 0; v < n; ++v)
        for (int q = 0; q < 6; ++q)
            groups[static_cast<std::size_t>(6 * colour[static_cast<std::size_t>(v)] + q)].push_back(
                static_cast<std::size_t>((q < 3 ? 0 : 3 * n) + 3 * v + q % 3));
    const auto system = [&](const vector<T>& z) {
        nodal<T> dR(n, 3), dP(n, 3);
        unpack(z, dR, dP);
        vector<T> g(m);
        bar_local_residual<Scheme>(sys, Rc, P, dR, dP, h, r_scale, p_scale, g);
        std::vector<Eigen::Triplet<T>> entries;
        entries.reserve(static_cast<std::size_t>(m) * 8);
        std::vector<D> out(static_cast<std::size_t>(m));
        vector<D> zd = z.template cast<D>();
        forward_passes(zd, groups.size(), [&groups](std::size_t k) -> const auto& { return groups[k]; },
                       unit_tangent<T>(), [&](std::size_t k, const vector<D>& x) {
                           const int c = static_cast<int>(k / 6), q = static_cast<int>(k % 6);
                           const nodal<D> dRd = Eigen::Map<const nodal<D>>(x.data(), n, 3);
                           const nodal<D> dPd = Eigen::Map<const nodal<D>>(x.data() + 3 * n, n, 3);
                           bar_local_residual<Scheme>(sys, Rc, P, dRd, dPd, h, r_scale, p_scale, out);
                           const auto column = [&](std::size_t v) {
                               return q < 3 ? Eigen::Index(3 * v + q) : Eigen::Index(3 * (n + Eigen::Index(v)) + (q - 3));
                           };
                           for (Eigen::Index i = 0; i < n; ++i) {
                               // the node of colour c among i and its neighbours, if any, owns the tangents
                               std::size_t owner = static_cast<std::size_t>(n);
                               if (colour[static_cast<std::size_t>(i)] == c) owner = static_cast<std::size_t>(i);
                               for (std::size_t u : nb[static_cast<std::size_t>(i)])
                                   if (colour[u] == c) owner = u;
                               if (owner == static_cast<std::size_t>(n)) continue;
                               for (int r = 0; r < 3; ++r)
                                   for (const Eigen::Index row : {3 * i + r, 3 * (n + i) + r}) {
                                       const T d = tangent_of(out[static_cast<std::size_t>(row)]);
                                       if (d != T(0)) entries.emplace_back(row, column(owner), d);
                                   }
                           }
                       });
        Eigen::SparseMatrix<T> J(m, m);
        J.setFromTriplets(entries.begin(), entries.end());
        return std::make_pair(std::move(g), std::move(J));
    };
    vector<T> z(m);
    Eigen::Map<nodal<T>>(z.data(), n, 3) = predictor_dR;
    Eigen::Map<nodal<T>>(z.data() + 3 * n, n, 3) = predictor_dP;
    z = geomint::detail::solve_vector(system, std::move(z), T(1), opt, Scheme::name);
    nodal<T> dR(n, 3), dP(n, 3);
    unpack(z, dR, dP);
    return {std::move(dR), std::move(dP)};
}

}  // namespace detail
}  // namespace geomint::scheme
