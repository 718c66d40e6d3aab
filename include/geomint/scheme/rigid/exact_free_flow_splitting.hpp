#pragma once
/// \file
/// The splitting of a rigid body's Hamiltonian H = T + V into the exact flow of the free rigid
/// body and the potential's kicks (Celledoni, Fassò, Säfström & Zanna, SIAM J. Sci. Comput. 30
/// (2008) 2084):
///
///     K(h/2) ∘ Φ_T(h) ∘ K(h/2),
///
/// Φ_T(h) the free body's flow over h from the step's (R, Π): Π(h) by Jacobi's elliptic
/// functions, R(h) = R B(h) with B the body's rotation over h from the identity, by the Euler
/// angles of Π and the precession's elliptic integral of the third kind
/// (problems/free_rigid_body.hpp), in the body's principal axes Q (B = Q B_p Qᵀ). The step is
/// symplectic, time-symmetric and of order 2, exact for the free body at any h, and its error
/// for a body with a potential comes from V alone: a body whose kinetic energy dominates (a
/// fast-spinning satellite, a top) is stepped far more accurately than by the splitting into
/// rotations about the axes (scheme/rigid/rotor_splitting.hpp), whose error constants carry the
/// free body's rotations. Kicks, external torques and a translating body's drift are as in
/// `rotor_splitting` (`detail::kick_flow_substeps`); `rotor_composition<Method,
/// exact_free_flow_splitting>` composes it.
///
/// A step costs five Jacobi elliptic functions and four elliptic integrals (the complete and an
/// incomplete one of the first kind, two incomplete ones of the third kind). `Policy` is
/// Boost.Math's for them: by default double is evaluated in long double, about 12 µs a step on
/// this machine; `problems::fast_elliptic_policy` evaluates it in double, seven times faster, but
/// its errors add up faster: over 10⁵ steps of a free fast top, 1.6e-9 in R against 5.9e-11
/// (docs/rigid.md).
/// For the free body Π(h) keeps |Π| and the energy to rounding, a few ε per step (not exactly,
/// as the rotations keep |Π|).

#include "geomint/linalg.hpp"
#include "geomint/problems/free_rigid_body.hpp"
#include "geomint/scheme/rigid/rotor_splitting.hpp"
#include "geomint/scheme/traits.hpp"
#include "geomint/so3.hpp"

#include <vector>

namespace geomint::scheme {

/// The exact free flow and the kicks (order 2; see the file's comment).
/// \tparam Policy Boost.Math's policy for the elliptic functions and integrals.
template <class Policy = boost::math::policies::policy<>>
struct exact_free_flow_splitting : scheme_claims<2, symplectic_map | time_symmetric>,
                                   stability_not_analysed,
                                   detail::splitting_step<exact_free_flow_splitting<Policy>> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "exact_free_flow_splitting";
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Celledoni, Fasso, Safstrom & Zanna, SIAM J. Sci. Comput. 30 (2008) 2084; Landau & Lifshitz, Mechanics, §37";
    /// Explicit: the free flow is in closed form.
    static constexpr bool implicit = false;

    /// The splitting's steps of γ_l h in sequence from t (a composition's step), the kicks of
    /// consecutive substeps merged.
    template <class Body, class T, class Attitude, class... Axes>
    static void substeps(const Body& body, const T& t, const T& h, const std::vector<T>& gamma, Attitude& attitude,
                         vector<T, 3>& pi, const Axes&...) {
        detail::kick_flow_substeps(body, t, h, gamma, attitude, pi,
                                   [&](const T& g, Attitude& a, vector<T, 3>& p) { free_flow(body, g, a, p); });
    }

    /// The free body's exact flow over h on (attitude, Π), in place.
    template <class Body, class T, class Attitude>
    static void free_flow(const Body& body, const T& h, Attitude& attitude, vector<T, 3>& pi) {
        const so3::matrix3<T>& Q = body.principal_axes();
        const bool principal = body.principal_frame();
        const vector<T, 3> pi_principal = principal ? pi : vector<T, 3>(Q.transpose() * pi);
        const problems::free_rigid_body<T, Policy> exact(body.moments(), pi_principal);
        so3::matrix3<T> B = exact.attitude(h);  // the body's rotation over h, principal frame
        pi = exact.pi(h);
        if (!principal) {
            B = Q * B * Q.transpose();
            pi = Q * pi;
        }
        if constexpr (Attitude::RowsAtCompileTime == 4) attitude = so3::quaternion_product(attitude, so3::quaternion_of(B));
        else attitude = attitude * B;
    }
};

}  // namespace geomint::scheme
