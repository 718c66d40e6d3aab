#pragma once
/// \file
/// The Lie group variational integrator of a rigid body (Lee, Leok & McClamroch, Proc. IEEE
/// Conf. Control Appl. 2005, eqs. (11)–(13) and (23)–(26); Comput. Methods Appl. Mech. Engrg. 196
/// (2007) 2907): from the discrete Lagrangian of the trapezoidal rule on SO(3) with the relative
/// rotation F_k = R_kᵀ R_{k+1},
///
///     h Π̂_k + (h²/2) τ̂_k = F_k J_d − J_d F_kᵀ,    J_d = ½ tr(J) I − J,
///     R_{k+1} = R_k F_k,
///     Π_{k+1} = F_kᵀ Π_k + (h/2) F_kᵀ τ_k + (h/2) τ_{k+1},
///
/// J the inertia tensor in the body frame, τ the body torque of the potential. For the free body
/// it is the discrete Moser–Veselov map, equal to RATTLE on the rotation matrices (McLachlan &
/// Zanna, Found. Comput. Math. 5 (2005) 87): symplectic, time-symmetric, of order 2, R_{k+1} on
/// SO(3) to rounding (F is a Cayley transform), the Casimir and — for the free body — the energy
/// kept exactly by the map. The implicit equation is solved for the Cayley parameter f,
/// F = (I + f̂)(I − f̂)⁻¹, in its vector form (eq. (26) of the 2005 paper, with a = hΠ + (h²/2)τ):
///
///     G(f) = a + a × f + (a·f) f − 2 J f = 0,    ∂G/∂f = â + (a·f) I + f aᵀ − 2 J,
///
/// by geomint's Newton solve (solver/newton_raphson.hpp) from f = 0, with the residual scaled by
/// |a| + |J f|. The step is thus the kick Π ← Π + (h/2)τ_k, the free map, the kick (h/2)τ_{k+1};
/// a body that translates adds its drift x ← x + h p/m and the force to the kicks (Lee, Leok &
/// McClamroch, Celest. Mech. Dyn. Astron. 98 (2007) 121).
/// \throws convergence_error naming the iterations, the residual and h.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/rigid/rotor_splitting.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/solver/newton_raphson.hpp"
#include "geomint/solver/options.hpp"
#include "geomint/so3.hpp"

#include <Eigen/LU>

#include <string>
#include <utility>
#include <vector>

namespace geomint::scheme {

/// The Lie group variational integrator (order 2; the discrete Moser–Veselov map for the free
/// body; see the file's comment).
struct lie_group_variational : scheme_claims<2, symplectic_map | time_symmetric>, stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "lie_group_variational";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Lee, Leok & McClamroch, Proc. IEEE CCA 2005, eqs. (11)-(13), (23)-(26); Moser & Veselov, Commun. Math. Phys. "
        "139 (1991) 217";
    /// Each step solves an implicit equation (the stepper passes its iteration options).
    static constexpr bool implicit = true;
    /// One substep: the weights of its composition (here the single weight 1).
    template <class T>
    static const std::vector<T>& weights() {
        static const std::vector<T> w{T(1)};
        return w;
    }

    /// The relative rotation F of a step: the Cayley transform of the root f of G(f) = 0 with
    /// a = hΠ + (h²/2)τ, J the inertia tensor and `moments` its eigenvalues (the residual's scale
    /// is |a| (1 + I_max/I_min), the size of its terms at the root, |f| ≈ |a|/(2 I)).
    template <class T>
    static so3::matrix3<T> relative_rotation(const so3::matrix3<T>& J, const vector<T, 3>& moments, const vector<T, 3>& a,
                                             const T& h, const iteration_options& opt) {
        const T scale = a.norm() * (T(1) + moments.maxCoeff() / moments.minCoeff());
        auto residual = [&](const vector<T>& f) {
            const vector<T, 3> v = f;
            const vector<T, 3> g = a + a.cross(v) + a.dot(v) * v - T(2) * (J * v);
            matrix<T> jacobian = so3::hat(a) + a.dot(v) * so3::matrix3<T>::Identity() + v * a.transpose() - T(2) * J;
            return std::make_pair(vector<T>(g), std::move(jacobian));
        };
        vector<T> f;
        try {
            f = geomint::detail::solve_vector(residual, vector<T>(vector<T>::Zero(3)), scale > T(0) ? scale : T(1), opt, name);
        } catch (const convergence_error& e) {
            throw convergence_error(std::string(e.what()) + " for the relative rotation at h = " + geomint::to_string(h),
                                    e.iterations, e.residual);
        }
        // I − f̂ is invertible for every f (its determinant is 1 + |f|²)
        const so3::matrix3<T> F_hat = so3::hat(vector<T, 3>(f));
        const so3::matrix3<T> I = so3::matrix3<T>::Identity();
        return (I + F_hat) * so3::matrix3<T>(I - F_hat).inverse();
    }

    /// One step of signed h ≠ 0 on (R, Π) in place (autonomous: t unused).
    template <class Body, class T>
    static void step(const Body& body, const T& /*t*/, const T& h, so3::matrix3<T>& R, vector<T, 3>& pi,
                     const iteration_options& opt) {
        static_assert(!Body::has_external_torque,
                      "the Lie group variational integrator takes no external torque: use rigid_body_stepper or its "
                      "compositions (Lagrange-d'Alembert kicks)");
        const T half = h / T(2);
        detail::potential_kick(body, half, R, pi);  // Π + (h/2) τ_k: a = h Π + (h²/2) τ_k
        const so3::matrix3<T> F = relative_rotation(body.inertia(), body.moments(), vector<T, 3>(h * pi), h, opt);
        R = R * F;
        pi = F.transpose() * pi;
        detail::translation_drift(body, h);
        detail::potential_kick(body, half, R, pi);
    }
};

}  // namespace geomint::scheme
