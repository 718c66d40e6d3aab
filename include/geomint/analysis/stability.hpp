#pragma once
/// \file
/// Stability of Simpson's scheme (linear variational family): the modal bound ω_max h < 2√2 and
/// the full stability set. (The paper's sufficient bound (k/μ) h² < 8 of eq. (40) is computed by
/// the reproduction code, reproductions/simpson_stability.hpp.)
///
/// Source: Rojas-Quintero et al. (2024), eq. (40) and Propositions 4–5 (sufficient condition);
/// the sharp modal analysis below is geomint's. For n = 1 (M = 1, K = ω²) and x = ω h,
///     X_s = (2/h)(1 − x²/12),  Y_s = (h ω²/6)(24 − x²)/(8 − x²),
/// and Φ_s = (X + Y)⁻¹ [[X − Y, −2XY], [2, X − Y]] has det Φ = 1 and tr Φ = 2(X − Y)/(X + Y).
/// |tr Φ| < 2 ⇔ X Y > 0 ⇔ (12 − x²)(24 − x²)/(8 − x²) > 0, so the stability set (power-bounded
/// Φ) is the union of two open intervals:
///     0 < ω h < 2√2   and   2√3 < ω h < 2√6.
/// At ω h = 2√3 and 2√6, Φ is a Jordan block (|λ| = 1, linear growth); at 2√2, L is singular.
/// Since X_s, Y_s are functions of M⁻¹K, Φ_s decouples into these 2 × 2 blocks mode by mode:
/// an n-DOF system is stable iff every ω_i h lies in the set, and the first threshold is
/// ω_max h = 2√2, which is sharper than (k/μ) h² < 8 because k/μ ≥ ω_max².

#include "geomint/error.hpp"
#include "geomint/analysis/transfer_matrix.hpp"
#include "geomint/scheme/linear/simpson.hpp"

#include <boost/math/constants/constants.hpp>

#include <Eigen/Eigenvalues>

#include <string>
#include <utility>
#include <vector>

namespace geomint {

/// The stability set of Simpson's scheme in x = ω h: open intervals {(0, 2√2), (2√3, 2√6)}.
template <class T>
std::vector<std::pair<T, T>> simpson_stability_set() {
    using std::sqrt;
    return {{T(0), T(2) * sqrt(T(2))}, {T(2) * sqrt(T(3)), T(2) * sqrt(T(6))}};
}

/// True when x = ω h lies in Simpson's stability set.
template <class T>
bool in_simpson_stability_set(const T& x) {
    for (const auto& [a, b] : simpson_stability_set<T>())
        if (x > a && x < b) return true;
    return false;
}

/// Spectral radius of a real square matrix (Eigen's EigenSolver, in the matrix's scalar type).
template <class Derived>
typename Derived::Scalar spectral_radius(const Eigen::MatrixBase<Derived>& a) {
    using T = typename Derived::Scalar;
    Eigen::EigenSolver<matrix<T, Eigen::Dynamic>> es(a.eval(), false);
    if (es.info() != Eigen::Success) throw std::runtime_error("spectral_radius: eigenvalue iteration failed");
    T r(0);
    for (Eigen::Index i = 0; i < es.eigenvalues().size(); ++i) {
        using std::abs;
        T v = abs(es.eigenvalues()(i));
        if (v > r) r = v;
    }
    return r;
}

/// Everything known about Simpson's scheme at one step size for one system.
template <class T>
struct stability_info {
    T h;                           ///< step size
    std::vector<T> omega;          ///< generalized eigenfrequencies ω_i, ascending
    T omega_max;                   ///< ω_max
    T omega_max_h;                 ///< ω_max h
    T modal_bound;                 ///< 2√2: first threshold of the stability set
    bool below_modal_bound;        ///< ω_max h < 2√2 (⇔ X_s, Y_s positive definite)
    bool stable;                   ///< every ω_i h in the stability set (power-bounded Φ)
    T spectral_radius;             ///< ρ(Φ_s) computed from Φ_s itself (NaN if Φ_s is singular)
    bool xs_positive_definite;     ///< X_s ≻ 0 (Proposition 5)
    bool ys_positive_definite;     ///< Y_s ≻ 0 (Proposition 4); false where L is singular

};

/// Stability report of Simpson's scheme (variant 2) for `sys` at step size h > 0.
/// Requires a floating-point scalar (eigenvalues).
/// \throws std::invalid_argument if h <= 0.
template <class Matrix>
stability_info<typename Matrix::Scalar> stability_report(const quadratic_lagrangian<Matrix>& sys,
                                                         const typename Matrix::Scalar& h) {
    using T = typename Matrix::Scalar;
    static_assert(!is_exact_v<T>, "stability_report needs eigenvalues: use a floating-point scalar");
    detail::require_positive_step(h, "stability_report");
    stability_info<T> r{};
    r.h = h;
    const auto w = sys.frequencies();
    r.omega.assign(w.data(), w.data() + w.size());
    r.omega_max = w.maxCoeff();
    r.omega_max_h = r.omega_max * h;
    r.modal_bound = T(2) * boost::math::constants::root_two<T>();
    r.below_modal_bound = r.omega_max_h < r.modal_bound;
    r.stable = true;
    for (const T& wi : r.omega) r.stable = r.stable && in_simpson_stability_set(T(wi * h));

    const matrix<T> M = sys.mass(), K = sys.stiffness();

    r.xs_positive_definite = is_positive_definite(scheme::simpson::x_block(M, K, h));
    try {
        const auto b = scheme::simpson::blocks(M, K, h);
        r.ys_positive_definite = is_positive_definite(b.Y);
        r.spectral_radius = spectral_radius(scheme::partitioned_transfer_matrix(b));
    } catch (const singular_step_error&) {
        r.ys_positive_definite = false;
        r.spectral_radius = std::numeric_limits<T>::quiet_NaN();
    }
    return r;
}

}  // namespace geomint
