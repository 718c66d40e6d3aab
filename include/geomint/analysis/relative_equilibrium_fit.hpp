#pragma once
/// \file
/// Relative-equilibrium diagnostics for trusses: the rigid motion that best fits a state, how far
/// the state is from (2.6), and the rates λ_r, λ_t of a discrete relative-equilibrium path (4.9).
/// Source: Graham & Jelenić, (2.6)–(2.8), (4.9), Proposition 4.

#include "geomint/error.hpp"
#include "geomint/exact/spinning_truss.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"

#include <Eigen/Geometry>  // cross products
#include <Eigen/SVD>

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>

namespace geomint {

/// The rigid motion fitted to a state, with the defects of (2.6), each relative (0 on a relative
/// equilibrium, up to rounding):
/// - `rigidity`: max_i |v̄_i − ω × r̄_i| / max_i |v̄_i| (the velocities are a rigid rotation);
/// - `balance`: max_i |(𝓕R̄)_i + m_i ω × v̄_i| / max_i (|(𝓕R̄)_i| + m_i |ω × v̄_i|) (the bar
///   forces supply the centripetal forces, 𝓕₀R̄₀ + Ω₀MV̄₀ = 0);
/// - `axis`: |ω × v_c| / (|ω| |v_c|) (the drift is along the rotation axis; 0 if either vanishes).
template <class T>
struct relative_equilibrium_fit {
    rigid_motion<T> motion;  ///< r_c, v_c, ω (from the inertia tensor and 𝓙 about r_c), R̄, masses
    T rigidity;  ///< the velocities' departure from a rigid rotation (above)
    T balance;   ///< the bar forces' departure from the centripetal forces (above)
    T axis;      ///< the drift's departure from the rotation axis (above)

    /// All three defects ≤ `tolerance`.
    bool is_relative_equilibrium(const T& tolerance) const {
        return rigidity <= tolerance && balance <= tolerance && axis <= tolerance;
    }
};

/// Fit a rigid motion to the state (R, P) of `sys` and measure the defects of (2.6).
/// ω solves I ω = 𝓙̄ (inertia tensor and angular momentum about the centre of mass; minimum-norm
/// solution when the nodes are collinear, which leaves the spin about the line undefined).
/// \throws std::invalid_argument if R or P is not N × 3; std::domain_error if the kinetic
///         energy relative to the centre of mass is zero (no rotation to fit).
template <class T, class E>
relative_equilibrium_fit<T> fit_relative_equilibrium(const truss<T, E>& sys, const nodal<T>& R, const nodal<T>& P) {
    using row3 = Eigen::Matrix<T, 1, 3>;
    using mat3 = Eigen::Matrix<T, 3, 3>;
    sys.require_shape(R, "R");
    sys.require_shape(P, "P");
    const vector<T> m = sys.mass_vector();
    const T total = m.sum();
    relative_equilibrium_fit<T> fit;
    rigid_motion<T>& g = fit.motion;
    g.mass = m;
    g.r_c = row3::Zero();
    for (Eigen::Index i = 0; i < R.rows(); ++i) g.r_c += R.row(i) * m[i];
    g.r_c /= total;
    g.v_c = P.colwise().sum() / total;
    g.Rbar0 = R.rowwise() - g.r_c;
    const nodal<T> Vbar = sys.velocities(P).rowwise() - g.v_c;
    if (!(Vbar.norm() > T(0)))
        throw std::domain_error("fit_relative_equilibrium: the velocities relative to the centre of mass are zero "
                                "(a translation or rest: there is no rotation to fit)");
    mat3 inertia = mat3::Zero();
    row3 J = row3::Zero();
    for (Eigen::Index i = 0; i < R.rows(); ++i) {
        const row3 r = g.Rbar0.row(i);
        inertia += m[i] * (r.squaredNorm() * mat3::Identity() - r.transpose() * r);
        J += m[i] * r.cross(Vbar.row(i));
    }
    g.omega = inertia.completeOrthogonalDecomposition().solve(J.transpose()).transpose();
    const nodal<T> Fr = sys.stiffness(R) * g.Rbar0;
    T rig(0), vmax(0), bal(0), bscale(0);
    for (Eigen::Index i = 0; i < R.rows(); ++i) {
        const row3 wr = g.omega.cross(g.Rbar0.row(i));
        rig = (std::max)(rig, T((Vbar.row(i) - wr).norm()));
        vmax = (std::max)(vmax, T(Vbar.row(i).norm()));
        const row3 centripetal = m[i] * g.omega.cross(Vbar.row(i));
        bal = (std::max)(bal, T((Fr.row(i) + centripetal).norm()));
        bscale = (std::max)(bscale, T(Fr.row(i).norm() + centripetal.norm()));
    }
    fit.rigidity = rig / vmax;
    fit.balance = bscale > T(0) ? bal / bscale : T(0);
    const T wv = g.omega.norm() * g.v_c.norm();
    fit.axis = wv > T(0) ? T(g.omega.cross(g.v_c).norm() / wv) : T(0);
    return fit;
}

/// λ_r and λ_t of (4.9) for one step R_k → R_{k+1} of a computed path from the relative
/// equilibrium `initial` (e.g. `fit_relative_equilibrium` of the initial state, or an exact
/// `rigid_motion`): θ = λ_r |ω₀| Δt is the angle of the rotation that best maps R̄_k onto
/// R̄_{k+1} (mass-weighted Kabsch fit, by SVD), signed along ω₀; λ_t = (r_c,k+1 − r_c,k)·v_c /
/// (Δt |v_c|²), empty when v_c = 0. On an exact path both are 1; a scheme satisfying (4.10)
/// gives constants λ_r, λ_t.
template <class T>
struct relative_equilibrium_rates {
    /// λ_r: the fitted rotation angle over |ω₀| Δt (1 on the exact path).
    T lambda_r;
    /// λ_t: the centroid's advance over Δt |v_c| (1 on the exact path); empty when v_c = 0.
    std::optional<T> lambda_t;
};

/// λ_r and λ_t of one step R0 → R1 of size dt against the relative equilibrium `initial` (see relative_equilibrium_rates). \throws std::invalid_argument on shapes that differ from the motion's.
template <class T>
relative_equilibrium_rates<T> path_rates(const rigid_motion<T>& initial, const nodal<T>& R0, const nodal<T>& R1,
                                         const T& dt) {
    using std::atan2;
    using row3 = Eigen::Matrix<T, 1, 3>;
    using mat3 = Eigen::Matrix<T, 3, 3>;
    if (R0.rows() != initial.mass.size() || R1.rows() != initial.mass.size())
        throw std::invalid_argument("path_rates: states of " + std::to_string(R0.rows()) + " and " +
                                    std::to_string(R1.rows()) + " nodes for a motion of " +
                                    std::to_string(initial.mass.size()));
    if (!(dt != T(0)) || !(initial.omega.norm() > T(0)))
        throw std::invalid_argument("path_rates: time step " + geomint::to_string(dt) + ", |omega0| = " +
                                    geomint::to_string(T(initial.omega.norm())) + " (precondition: both non-zero)");
    const auto centre = [&](const nodal<T>& R) {
        row3 c = row3::Zero();
        for (Eigen::Index i = 0; i < R.rows(); ++i) c += R.row(i) * initial.mass[i];
        return row3(c / initial.mass.sum());
    };
    const row3 c0 = centre(R0), c1 = centre(R1);
    mat3 H = mat3::Zero();
    for (Eigen::Index i = 0; i < R0.rows(); ++i)
        H += initial.mass[i] * (R0.row(i) - c0).transpose() * (R1.row(i) - c1);
    const Eigen::JacobiSVD<mat3> svd(H, Eigen::ComputeFullU | Eigen::ComputeFullV);
    mat3 D = mat3::Identity();
    if ((svd.matrixV() * svd.matrixU().transpose()).determinant() < T(0)) D(2, 2) = T(-1);
    const mat3 Q = svd.matrixV() * D * svd.matrixU().transpose();  // R̄_{k+1} ≈ Q R̄_k (columns)
    const row3 axial(Q(2, 1) - Q(1, 2), Q(0, 2) - Q(2, 0), Q(1, 0) - Q(0, 1));
    const T w = initial.omega.norm();
    const T s = axial.dot(initial.omega / w) / 2, c = (Q.trace() - 1) / 2;
    relative_equilibrium_rates<T> out{atan2(s, c) / (w * dt), std::nullopt};
    const T v2 = initial.v_c.squaredNorm();
    if (v2 > T(0)) out.lambda_t = T((c1 - c0).dot(initial.v_c) / (dt * v2));
    return out;
}

}  // namespace geomint
