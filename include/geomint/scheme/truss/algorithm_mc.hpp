#pragma once
/// \file
/// Algorithm MC, the momentum-conserving family of one-step schemes for trusses.
/// Source: Graham & Jelenić, eq. (3.1):
///   (P_Δ + 𝒢 P_{1/2})/Δt = −𝒳 R_{1/2} + F_a,   (R_Δ − 𝒢ᵀ R_{1/2})/Δt = 𝓜⁻¹ P_{1/2} − V_a,
/// (·)_{1/2} = ((·)_n + (·)_{n+1})/2, (·)_Δ = (·)_{n+1} − (·)_n, with parameter matrices of
/// blocks g_ij I₃, x_ij I₃, μ_ij I₃ (3.2) — stored as N × N matrices (model/truss.hpp).
///
/// A scheme of the family is a type with
/// - the trait vocabulary of scheme/traits.hpp (`order` of accuracy as in Table 1);
/// - `parameters(sys, R0, P0, R1, P1, h)` returning `mc_parameters<U>` for U = T or dual<T>
///   (the parameters may depend on both ends of the step: the step is implicit). The positions
///   are relative to the centroid of R_n (see `mc_residual`): parameters must depend on
///   differences of positions only, as the truss's internal forces do.
/// - optionally `load_terms(sys, step)` → (F_a, V_a) for a truss with an external load
///   (load_terms.hpp), `bar_assembled`/`bar_coefficient` (sparse_solve.hpp), scalar unknowns
///   (`scalar_unknowns_of`) and `halve_on_failure` (`mc_step`).
/// `mc_step` solves (3.1) for (R_{n+1}, P_{n+1}) by Newton–Raphson with the Jacobian from
/// autodiff (dense: one dual pass per unknown, 6N per iteration, LU; sparse for bar-assembled
/// schemes), and checks the conditions of Propositions 1–2 on the converged parameters.

#include "geomint/error.hpp"
#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"
#include "geomint/summation.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/scheme/truss/sparse_solve.hpp"
#include "geomint/solver/newton_raphson.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>

namespace geomint::scheme {

/// Parameters of Algorithm MC (3.1) for one step, as N × N coefficient matrices (3.2).
template <class U>
struct mc_parameters {
    matrix<U> G;      ///< 𝒢
    matrix<U> X;      ///< 𝒳
    matrix<U> M_inv;  ///< 𝓜⁻¹ — the inverse of the paper's 𝓜 (which must be non-singular)
    nodal<U> F_a;     ///< algorithmic force, N × 3 (zero rows = no load)
    nodal<U> V_a;     ///< algorithmic velocity, N × 3 (zero rows = none)
};

/// The step being solved, as a scheme's `load_terms` and `scalar_equations` see it (U = T, or
/// dual<T> while the Jacobian is formed).
template <class U, class T>
struct mc_step_data {
    const nodal<U>& R0;                  ///< R_n relative to the centroid c of R_n, N × 3
    const nodal<U>& P0;                  ///< P_n
    const nodal<U>& dR;                  ///< R_{n+1} − R_n (the unknowns)
    const nodal<U>& dP;                  ///< P_{n+1} − P_n (the unknowns)
    const Eigen::Matrix<T, 1, 3>& origin;  ///< c: absolute positions are R + 1cᵀ (for loads)
    T t;                                 ///< t_n
    T h;                                ///< Δt
    /// R_{n+1}.
    nodal<U> R1() const { return R0 + dR; }
    /// P_{n+1}.
    nodal<U> P1() const { return P0 + dP; }
    /// Absolute positions of relative ones (rounded to ε|c|: for the external load only).
    nodal<U> absolute(const nodal<U>& R) const { return R.rowwise() + origin.template cast<U>(); }
};

/// Check the conditions of Propositions 1 and 2 on one step's parameters:
/// (4.2) every column of 𝒢 and of 𝒳 sums to 0 (linear momentum), (4.4) 𝒳 = 𝒳ᵀ and 𝓜 = 𝓜ᵀ
/// (angular momentum; checked on 𝓜⁻¹), each to 64 ε N times the matrix's largest entry (for 𝒢,
/// plus Δt² max|𝒳| max|𝓜⁻¹|, the size of the terms it is formed from).
/// \throws std::invalid_argument naming the scheme, the matrix, the condition, the proposition
///         and the offending column or entry.
template <class T>
void check_momentum_conditions(const mc_parameters<T>& a, const T& h, const char* who) {
    using std::abs;
    const Eigen::Index n = a.X.rows();
    // 𝒢 is typically Δt² (𝓕 differences) M⁻¹: its rounding follows Δt² max|𝒳| max|𝓜⁻¹|, not max|𝒢|
    const T g_scale = max_abs(a.G) + h * h * max_abs(a.X) * max_abs(a.M_inv);
    const auto tol = [n, &a, &g_scale](const matrix<T>& m) {
        const T scale = &m == &a.G ? g_scale : max_abs(m);
        return T(64 * std::numeric_limits<T>::epsilon() * T(static_cast<int>(n)) * (scale + T(1) / T(1 << 30)));
    };
    const auto shape = [n, who](const matrix<T>& m, const char* what) {
        if (m.rows() != n || m.cols() != n)
            throw std::invalid_argument(std::string(who) + ": parameter matrix " + what + " is " +
                                        std::to_string(m.rows()) + " x " + std::to_string(m.cols()) + ", expected " +
                                        std::to_string(n) + " x " + std::to_string(n));
    };
    shape(a.G, "G");
    shape(a.M_inv, "M_inv");
    for (const auto& [m, what] : {std::pair<const matrix<T>*, const char*>{&a.G, "G"}, {&a.X, "X"}}) {
        const T t = tol(*m);
        for (Eigen::Index j = 0; j < n; ++j) {
            const T s = m->col(j).sum();
            if (!(abs(s) <= t))
                throw std::invalid_argument(std::string(who) + ": parameter matrix " + what + " violates (4.2) " +
                                            "(Proposition 1, linear momentum): column " + std::to_string(j) +
                                            " sums to " + geomint::to_string(s) + ", not 0");
        }
    }
    for (const auto& [m, what] : {std::pair<const matrix<T>*, const char*>{&a.X, "X"}, {&a.M_inv, "M (via M_inv)"}}) {
        const T t = tol(*m);
        for (Eigen::Index i = 0; i < n; ++i)
            for (Eigen::Index j = i + 1; j < n; ++j)
                if (!(abs((*m)(i, j) - (*m)(j, i)) <= t))
                    throw std::invalid_argument(std::string(who) + ": parameter matrix " + what + " violates (4.4) " +
                                                "(Proposition 2, angular momentum): not symmetric, entry (" +
                                                std::to_string(i) + ", " + std::to_string(j) + ") = " +
                                                geomint::to_string((*m)(i, j)) + " but (" + std::to_string(j) + ", " +
                                                std::to_string(i) + ") = " + geomint::to_string((*m)(j, i)));
    }
}

namespace detail {

/// Residual of (3.1), both equations multiplied by Δt, in the increments ΔR = R_{n+1} − R_n,
/// ΔP = P_{n+1} − P_n: (r_R, r_P), each N × 3. Written in the increments, its rounding is of
/// the size of the step's terms (O(Δt)), not of |R|. `Rc0` is R_n relative to a point c
/// (R_n − 1cᵀ): 𝒳R and 𝒢ᵀR do not change under it, since (4.2) and (4.4) give 𝒳1 = 𝒢ᵀ1 = 0,
/// but their rounding follows the truss's size instead of its distance from the origin (a
/// drifting truss would otherwise lose ε|R| of 𝓙 a step).
template <class U, class T>
std::pair<nodal<U>, nodal<U>> mc_residual(const mc_parameters<U>& a, const nodal<U>& Rc0, const nodal<U>& P0,
                                          const nodal<U>& dR, const nodal<U>& dP, const T& h) {
    const nodal<U> Rh = Rc0 + dR / U(2), Ph = P0 + dP / U(2);
    nodal<U> rP = dP + a.G * Ph + (a.X * Rh) * U(h);
    nodal<U> rR = dR - a.G.transpose() * Rh - (a.M_inv * Ph) * U(h);
    if (a.F_a.rows() != 0) rP -= a.F_a * U(h);
    if (a.V_a.rows() != 0) rR += a.V_a * U(h);
    return {std::move(rR), std::move(rP)};
}

/// M⁻¹ = diag(1/m_i) as an N × N matrix of U.
template <class U, class Truss>
matrix<U> inverse_mass(const Truss& sys) {
    const auto n = static_cast<Eigen::Index>(sys.nodes());
    matrix<U> m = matrix<U>::Zero(n, n);
    for (Eigen::Index i = 0; i < n; ++i) m(i, i) = U(1) / U(sys.masses()[static_cast<std::size_t>(i)]);
    return m;
}

/// Parameters of the form (3.3) — 𝒢 = 0, 𝓜 = M, no load terms — with 𝒳 assembled as (2.3) from
/// one coefficient per bar, `Scheme::bar_coefficient(sys, bar, R0, R1)`.
template <class Scheme, class Truss, class U>
mc_parameters<U> bar_assembled_form(const Truss& sys, const nodal<U>& R0, const nodal<U>& R1) {
    const auto n = static_cast<Eigen::Index>(sys.nodes());
    matrix<U> X = sys.template assemble<U>([&](const auto& b) { return Scheme::bar_coefficient(sys, b, R0, R1); });
    return {matrix<U>::Zero(n, n), std::move(X), inverse_mass<U>(sys), nodal<U>(), nodal<U>()};
}

}  // namespace detail

/// Number of scalar unknowns a scheme adds to the 6N increments (`Scheme::scalar_unknowns`, 0 if
/// absent): a scheme with s > 0 takes them as a last argument `const std::array<U, s>&` of
/// `parameters` and supplies as many equations through `scalar_equations(sys, step)` (step: an
/// `mc_step_data`; each equation returned as a pair (residual, size of its terms) of U and T),
/// and `scalar_guess<T>()`.
template <class Scheme>
constexpr Eigen::Index scalar_unknowns_of() {
    if constexpr (requires { Scheme::scalar_unknowns; })
        return static_cast<Eigen::Index>(Scheme::scalar_unknowns);
    else
        return 0;
}

namespace detail {
/// `Scheme::parameters` with the scalar unknowns s, for schemes that have them.
template <class Scheme, class Truss, class U, class T, std::size_t S>
mc_parameters<U> parameters_with(const Truss& sys, const nodal<U>& R0, const nodal<U>& P0, const nodal<U>& R1,
                                 const nodal<U>& P1, const T& h, const std::array<U, S>& s) {
    if constexpr (S == 0)
        return Scheme::parameters(sys, R0, P0, R1, P1, h);
    else
        return Scheme::parameters(sys, R0, P0, R1, P1, h, s);
}
}  // namespace detail

namespace detail {
/// Node count from which `jacobian_storage::automatic` takes the sparse solve (bar-assembled
/// schemes, no load): below it the dense solve is as fast (bench/bench_truss.cpp).
inline constexpr Eigen::Index sparse_threshold_nodes = 8;

/// What every solve of one step starts from: R_n relative to its centroid, the velocities, the
/// explicit predictor of the increments, and the sizes the residual rows are scaled by.
template <class T>
struct mc_step_frame {
    Eigen::Matrix<T, 1, 3> centroid;  ///< c, the centroid of R_n
    nodal<T> Rc;                      ///< R_n − 1cᵀ
    nodal<T> predictor_dR;            ///< h M⁻¹P_n
    nodal<T> predictor_dP;            ///< −h 𝓕(R_n) R_c
    T r_scale, p_scale;               ///< sizes of the position and momentum rows
};

/// The frame of a step from (R, P) at t with step h (see `mc_solve` for the scales).
template <class Truss, class T>
mc_step_frame<T> mc_frame(const Truss& sys, const nodal<T>& R, const nodal<T>& P, const T& t, const T& h) {
    using std::abs;
    const Eigen::Index n = R.rows();
    mc_step_frame<T> f;
    const nodal<T> V = sys.velocities(P);
    const matrix<T> F = sys.stiffness(R);
    f.centroid = R.colwise().sum() / T(static_cast<long long>(n));
    f.Rc = R.rowwise() - f.centroid;
    f.predictor_dR = V * h;
    f.predictor_dP = -(F * f.Rc) * h;
    const T m_min = *std::min_element(sys.masses().begin(), sys.masses().end());
    // force terms at the start and at the explicit predictor R + h V (a truss starting at rest
    // length has 𝓕 = 0 there, yet its bars stretch during the step), and the external load
    const nodal<T> Rp = f.Rc + V * h;
    const matrix<T> Fp = sys.stiffness(Rp);
    const T abs_h = abs(h), F_size = (std::max)(max_abs(F), max_abs(Fp));
    // the force terms' size: 𝓕R, and at least the rounding floor of computing it, the bars'
    // tangent stiffness times the truss's size (with every bar at rest length 𝓕 ≈ 0, yet the
    // rounding of 𝓕R does not vanish: a scale from 𝓕 alone let Newton stall above tolerance)
    const T R_size = (std::max)(max_abs(f.Rc), max_abs(Rp));
    T FR = (std::max)({max_abs(F) * max_abs(f.Rc), max_abs(Fp) * max_abs(Rp),
                       (std::max)(sys.tangent_stiffness(f.Rc), sys.tangent_stiffness(Rp)) * R_size});
    if constexpr (Truss::has_load) FR += max_abs(sys.load_force(R, t));
    f.r_scale = abs_h * (max_abs(V) + abs_h * FR / m_min);
    f.p_scale = abs_h * (FR + abs_h * F_size * max_abs(V));
    if (!(f.r_scale > T(0))) f.r_scale = T(1);
    if (!(f.p_scale > T(0))) f.p_scale = T(1);
    return f;
}

/// The unknowns z = (ΔR, ΔP, s) of the dense solve: 6N increments node by node, then the
/// scheme's S scalar unknowns.
template <class Z, class U, std::size_t S>
void unpack_unknowns(const Z& z, Eigen::Index n, nodal<U>& dR, nodal<U>& dP, std::array<U, S>& s) {
    dR = Eigen::Map<const nodal<U>>(z.data(), n, 3);
    dP = Eigen::Map<const nodal<U>>(z.data() + 3 * n, n, 3);
    for (std::size_t k = 0; k < S; ++k) s[k] = z[6 * n + static_cast<Eigen::Index>(k)];
}

/// The residual of (3.1) and of the scheme's scalar equations at the unknowns (dR, dP, s), one
/// entry per unknown, into `out` (U = T, or dual<T> for the Jacobian), and the size each row is
/// divided by into `scale` (the frame's position and momentum scales; for a scalar equation the
/// size of its terms at this evaluation, 1 where it is 0), so the Newton tolerance is relative.
template <class Scheme, class Truss, class T, class U, std::size_t S>
void mc_residual_rows(const Truss& sys, const mc_step_frame<T>& f, const nodal<U>& Rc0, const nodal<U>& P0,
                      const nodal<U>& dR, const nodal<U>& dP, const std::array<U, S>& s, const T& t, const T& h,
                      vector<U>& out, vector<T>& scale) {
    const Eigen::Index n = Rc0.rows(), m = 6 * n + static_cast<Eigen::Index>(S);
    const mc_step_data<U, T> step{Rc0, P0, dR, dP, f.centroid, t, h};
    auto a = detail::parameters_with<Scheme>(sys, Rc0, P0, step.R1(), step.P1(), h, s);
    if constexpr (Truss::has_load) std::tie(a.F_a, a.V_a) = Scheme::load_terms(sys, step);
    const auto [rR, rP] = detail::mc_residual(a, Rc0, P0, dR, dP, h);
    out.resize(m);
    scale.resize(m);
    Eigen::Map<nodal<U>>(out.data(), n, 3) = rR;
    Eigen::Map<nodal<U>>(out.data() + 3 * n, n, 3) = rP;
    scale.head(3 * n).setConstant(f.r_scale);
    scale.segment(3 * n, 3 * n).setConstant(f.p_scale);
    if constexpr (S > 0) {
        const auto eqs = Scheme::scalar_equations(sys, step);
        for (std::size_t k = 0; k < S; ++k) {
            const auto i = 6 * n + static_cast<Eigen::Index>(k);
            out[i] = eqs[k].first;
            scale[i] = eqs[k].second > T(0) ? eqs[k].second : T(1);
        }
    }
}

/// The increments of one step by the dense Newton solve: rows of `mc_residual_rows` divided by
/// their scales, Jacobian by autodiff, one dual pass per unknown (`for_each_partial`),
/// partial-pivoting LU; then the conditions of Propositions 1–2
/// checked on the converged parameters.
template <class Scheme, class Truss, class T>
std::pair<nodal<T>, nodal<T>> mc_dense_solve(const Truss& sys, const mc_step_frame<T>& f, const nodal<T>& P,
                                             const T& t, const T& h, const iteration_options& opt) {
    using D = dual<T>;
    constexpr auto S = static_cast<std::size_t>(scalar_unknowns_of<Scheme>());
    const Eigen::Index n = P.rows(), m = 6 * n + static_cast<Eigen::Index>(S);
    const nodal<D> Rc0d = f.Rc.template cast<D>(), P0d = P.template cast<D>();
    const auto system = [&](const vector<T>& z) {
        nodal<T> dR, dP;
        std::array<T, S> s{};
        unpack_unknowns(z, n, dR, dP, s);
        vector<T> g, scale;
        mc_residual_rows<Scheme>(sys, f, f.Rc, P, dR, dP, s, t, h, g, scale);
        for (Eigen::Index i = 0; i < m; ++i) g[i] /= scale[i];
        matrix<T> J(m, m);
        vector<D> zd = z.template cast<D>();
        nodal<D> dRd, dPd;
        std::array<D, S> sd{};
        vector<D> r;
        for_each_partial(zd, unit_tangent<T>(), [&](std::ptrdiff_t k, const vector<D>& x) {
            unpack_unknowns(x, n, dRd, dPd, sd);
            mc_residual_rows<Scheme>(sys, f, Rc0d, P0d, dRd, dPd, sd, t, h, r, scale);
            for (Eigen::Index i = 0; i < m; ++i) J(i, k) = tangent_of(r[i]) / scale[i];
        });
        return std::make_pair(std::move(g), std::move(J));
    };
    vector<T> z(m);
    Eigen::Map<nodal<T>>(z.data(), n, 3) = f.predictor_dR;
    Eigen::Map<nodal<T>>(z.data() + 3 * n, n, 3) = f.predictor_dP;
    if constexpr (S > 0) {
        const auto guess = Scheme::template scalar_guess<T>();
        for (std::size_t k = 0; k < S; ++k) z[6 * n + static_cast<Eigen::Index>(k)] = guess[k];
    }
    z = geomint::detail::solve_vector(system, std::move(z), T(1), opt, Scheme::name);
    nodal<T> dR, dP;
    std::array<T, S> s{};
    unpack_unknowns(z, n, dR, dP, s);
    check_momentum_conditions(detail::parameters_with<Scheme>(sys, f.Rc, P, nodal<T>(f.Rc + dR), nodal<T>(P + dP), h, s),
                              h, Scheme::name);
    return {std::move(dR), std::move(dP)};
}

/// The increments (ΔR, ΔP) = (R_{n+1} − R_n, P_{n+1} − P_n) of one step of Algorithm MC from
/// (R, P) at t, solving (3.1) with `Scheme`'s parameters.
///
/// Newton–Raphson on the 6N increments (ΔR, ΔP) — and the scheme's scalar unknowns, if any
/// (`scalar_unknowns_of`) — from the explicit predictor (h M⁻¹P, −h 𝓕R), rows scaled by the
/// size of their terms (`mc_frame`), h(|M⁻¹P|∞ + h F_R/min m) for positions and
/// h(F_R + h|𝓕|∞|M⁻¹P|∞) for momenta, where F_R = max(|𝓕|∞|R_c|∞, k_t|R_c|∞) (R_c: positions
/// relative to their centroid, see `mc_residual`; 𝓕 and R_c the larger at R_n and at the
/// predictor R_n + hM⁻¹P_n; k_t the bars' tangent stiffness `truss::tangent_stiffness`, the
/// rounding floor of 𝓕R, which stays when bars sit at their rest length; plus the external
/// force), so the tolerance 2ε (accept 64ε) is relative. The linear solves: dense
/// (`mc_dense_solve`) or, for a bar-assembled scheme without external load, the sparse solve of
/// sparse_solve.hpp, chosen by `opt.storage` (automatic: from `sparse_threshold_nodes` nodes).
/// \throws geomint::convergence_error if Newton fails; std::invalid_argument if the converged
///         parameters violate (4.2) or (4.4) (`check_momentum_conditions`); what the scheme's
///         `parameters` throws (e.g. std::domain_error from the strain energy).
template <class Scheme, class Truss, class T>
std::pair<nodal<T>, nodal<T>> mc_solve(const Truss& sys, const nodal<T>& R, const nodal<T>& P, const T& t,
                                       const T& h, const iteration_options& opt) {
    static_assert(!Truss::has_load ||
                      requires(const Truss& t_, const mc_step_data<T, T>& s_) { Scheme::load_terms(t_, s_); },
                  "this Algorithm MC scheme defines no load_terms: it cannot step a truss with an external load");
    const mc_step_frame<T> f = mc_frame(sys, R, P, t, h);
    if constexpr (is_bar_assembled<Scheme>() && !Truss::has_load && scalar_unknowns_of<Scheme>() == 0) {
        if (opt.storage == jacobian_storage::sparse ||
            (opt.storage == jacobian_storage::automatic && R.rows() >= sparse_threshold_nodes))
            return sparse_solve<Scheme>(sys, f.Rc, P, f.predictor_dR, f.predictor_dP, h, f.r_scale, f.p_scale, opt);
    }
    return mc_dense_solve<Scheme>(sys, f, P, t, h, opt);
}

}  // namespace detail

/// Whether `Scheme` asks for step halving when Newton fails (`Scheme::halve_on_failure`).
template <class Scheme>
constexpr bool halves_on_failure() {
    if constexpr (requires { Scheme::halve_on_failure; })
        return Scheme::halve_on_failure;
    else
        return false;
}

/// What `mc_step` carries from one step to the next of one trajectory: the rounding lost by the
/// compensated summation of the increments, and the step-halving counters. Time is not carried:
/// every step is given its t_n.
template <class T>
struct mc_trajectory_carry {
    /// The compensated summation of the increments into (R, P) (geomint/summation.hpp): R and P
    /// plus the rounding carried are the state to O(ε²). Without it, storing R_n + ΔR rounds each
    /// position by ε|R|, and 𝓙 = Σ rᵢ × pᵢ walks by ~ε|R||P| a step (≈ 7 ε√n |R||P| measured).
    /// A trajectory's steps call `sum.begin(R, P)` before and `sum.end(R, P)` after `mc_step`
    /// (the carry is then dropped when R or P was changed other than by `mc_step`).
    geomint::detail::pair_summation<nodal<T>, compensated_summation> sum;
    std::size_t halvings = 0;   ///< steps split into two half steps so far (see `mc_step`)
    unsigned max_halvings = 8;  ///< depth of the splitting
};

namespace detail {
/// R += ΔR, P += ΔP, compensated when `carry` is given.
template <class T>
void apply_increments(nodal<T>& R, nodal<T>& P, const std::pair<nodal<T>, nodal<T>>& d, mc_trajectory_carry<T>* carry) {
    if (carry) {
        carry->sum.add_first(R, d.first);
        carry->sum.add_second(P, d.second);
    } else {
        R += d.first;
        P += d.second;
    }
}

/// `mc_step` after its argument checks; `c` is the carry (or a local one), `compensate` whether
/// the caller gave it.
template <class Scheme, class Truss, class T>
void mc_step_in(const Truss& sys, nodal<T>& R, nodal<T>& P, const T& t, const T& h, const iteration_options& opt,
                mc_trajectory_carry<T>& c, bool compensate) {
    if constexpr (halves_on_failure<Scheme>()) {
        std::pair<nodal<T>, nodal<T>> d;
        try {
            d = mc_solve<Scheme>(sys, R, P, t, h, opt);
        } catch (const convergence_error&) {
            if (c.max_halvings == 0) throw;
            nodal<T> R1 = R, P1 = P;
            mc_trajectory_carry<T> c1 = c;
            --c1.max_halvings;
            const T half = h / 2;
            mc_step_in<Scheme>(sys, R1, P1, t, half, opt, c1, compensate);
            mc_step_in<Scheme>(sys, R1, P1, T(t + half), half, opt, c1, compensate);
            c1.max_halvings = c.max_halvings;
            ++c1.halvings;
            R = std::move(R1);
            P = std::move(P1);
            c = std::move(c1);
            return;
        }
        apply_increments(R, P, d, compensate ? &c : nullptr);
    } else {
        apply_increments(R, P, mc_solve<Scheme>(sys, R, P, t, h, opt), compensate ? &c : nullptr);
    }
}
}  // namespace detail

/// One step of Algorithm MC from (R, P) at time t to t + h: (R, P) ← (R_{n+1}, P_{n+1})
/// (`detail::mc_solve`, which documents the solve and what it throws). t enters only through an
/// external load U(R, t).
///
/// With `carry`, the increments are added by compensated summation (`carry->sum`), so
/// momenta conserved by the scheme do not random-walk with the rounding of the stored state;
/// pass the same `carry` for every step of a trajectory. Without it, the increments are added
/// plainly.
///
/// For a scheme with `halve_on_failure` (the energy-conserving modification (d), whose step can
/// fail to have a solution where A of (4.8) passes through 0, §4.1), a step whose Newton solve
/// fails is replaced by two steps of h/2 of the same scheme, recursively up to
/// `carry->max_halvings` levels (8 without `carry`), counted in `carry->halvings`; each sub-step
/// conserves what the scheme conserves. Without the flag, or past the depth, the
/// `convergence_error` propagates. When a step throws, R, P and `carry` are left unchanged.
/// \throws std::invalid_argument if h is 0 or not finite, or t is not finite (h < 0 steps backward
///         in time).
template <class Scheme, class Truss, class T>
void mc_step(const Truss& sys, nodal<T>& R, nodal<T>& P, const T& t, const T& h, const iteration_options& opt,
             mc_trajectory_carry<T>* carry = nullptr) {
    using std::isfinite;
    if (!isfinite(h) || h == T(0))
        throw std::invalid_argument(std::string(Scheme::name) + ": time step " + geomint::to_string(h) +
                                    " (precondition: finite and non-zero)");
    if (!isfinite(t))
        throw std::invalid_argument(std::string(Scheme::name) + ": time t = " + geomint::to_string(t) +
                                    " (precondition: finite)");
    mc_trajectory_carry<T> local;
    detail::mc_step_in<Scheme>(sys, R, P, t, h, opt, carry ? *carry : local, carry != nullptr);
}

}  // namespace geomint::scheme

namespace geomint {

/// The contract of Algorithm MC's members (what `truss_stepper` and `scheme::mc_step` call): the
/// trait vocabulary with momentum conservation, the parameter matrices of (3.1) —
/// `parameters(sys, R0, P0, R1, P1, h)`, or with the scheme's scalar unknowns appended when it
/// has them (`scalar_unknowns`, `scalar_guess`, `scalar_equations`) — and the external-load terms.
template <class S>
concept truss_scheme =
    scheme_description<S> && S::momentum_preserving &&
    requires(const truss<double>& sys, const nodal<double>& R, const double& h,
             const scheme::mc_step_data<double, double>& step) {
        { S::load_terms(sys, step) } -> std::same_as<std::pair<nodal<double>, nodal<double>>>;
    } &&
    (requires(const truss<double>& sys, const nodal<double>& R, const double& h) {
        { S::parameters(sys, R, R, R, R, h) } -> std::same_as<scheme::mc_parameters<double>>;
    } || requires(const truss<double>& sys, const nodal<double>& R, const double& h,
                  const scheme::mc_step_data<double, double>& step) {
        S::scalar_unknowns;
        S::template scalar_guess<double>();
        S::scalar_equations(sys, step);
    });

}  // namespace geomint
