#pragma once
/// \file
/// The trait vocabulary every scheme declares, as C++20 concepts: one header, read by the
/// steppers, the analysis functions and the property tests instead of special-casing schemes.
///
/// Every scheme (a stateless type with static members) states
/// - `name` (const char*, snake_case) and `source` (paper and equation numbers);
/// - `order` (unsigned): the order of accuracy, measured by the tests on a nonlinear problem;
/// - `symplectic`: the one-step map preserves the canonical symplectic form (ΦᵀJΦ = J);
/// - `symmetric`: time-reversible, Φ_{−h} = Φ_h⁻¹ (every stepper accepts a negative step size
///   and steps backward; for a symmetric scheme that step is the exact inverse of the forward one);
/// - `energy_preserving`: conserves the energy H exactly (to the solver's tolerance), not only
///   a modified energy;
/// - `momentum_preserving`: conserves the linear and angular momenta of a system that has them
///   (Noether: rotation- and translation-invariant potentials);
/// - `stability_text` and `stability_limit<T>()`: the bound on ω|h| under which the scheme is
///   stable on the linear test problem q̈ = −ω²q (for M q̈ + K q = 0: ω = ω_max), computed in T;
///   +∞ when unconditionally stable, NaN when not analysed.
/// A property is claimed (true) only where a test or proof checks it (see docs/architecture.md).
/// Schemes declare the claims and the stability through the bases at the end of this header
/// (`scheme_claims`, `unconditionally_stable`, `stable_below_two`, `stability_not_analysed`).
///
/// Families add what their steppers call, each in its family's header and asserted by its
/// stepper: `linear_variational_scheme` (scheme/linear/partitioned_form.hpp),
/// `newton_equation_scheme` (scheme/newton_equation/newton_equation_scheme.hpp), `truss_scheme` (scheme/truss/algorithm_mc.hpp),
/// `scheme::galerkin_scheme` (scheme/galerkin/galerkin_lobatto.hpp), `scheme::splitting_method`
/// (scheme/composition/splitting_scheme.hpp). This header includes no Eigen module.

#include <concepts>
#include <limits>

namespace geomint {

/// What every scheme declares (see the file comment for the meaning of each member).
template <class S>
concept scheme_description = requires {
    { S::name } -> std::convertible_to<const char*>;
    { S::source } -> std::convertible_to<const char*>;
    { S::stability_text } -> std::convertible_to<const char*>;
    { S::template stability_limit<double>() } -> std::convertible_to<double>;
} && std::same_as<std::remove_cv_t<decltype(S::order)>, unsigned> &&
    std::same_as<std::remove_cv_t<decltype(S::symplectic)>, bool> &&
    std::same_as<std::remove_cv_t<decltype(S::symmetric)>, bool> &&
    std::same_as<std::remove_cv_t<decltype(S::energy_preserving)>, bool> &&
    std::same_as<std::remove_cv_t<decltype(S::momentum_preserving)>, bool>;

/// The scheme's stability limit on ω|h| in T (+∞: unconditionally stable; NaN: not analysed).
template <scheme_description S, class T>
T stability_limit() {
    return S::template stability_limit<T>();
}

/// The claims a scheme makes, as flags for `scheme_claims`.
enum scheme_claim : unsigned {
    claims_nothing = 0,
    symplectic_map = 1,       ///< `symplectic`
    time_symmetric = 2,       ///< `symmetric`
    energy_conserving = 4,    ///< `energy_preserving`
    momentum_conserving = 8,  ///< `momentum_preserving`
};

/// Base of a scheme: its order and claims, e.g.
/// `struct leapfrog : scheme_claims<2, symplectic_map | time_symmetric | momentum_conserving>`.
template <unsigned Order, unsigned Claims>
struct scheme_claims {
    /// Order of accuracy.
    static constexpr unsigned order = Order;
    /// Whether the scheme's map is symplectic (ΦᵀJΦ = J).
    static constexpr bool symplectic = (Claims & symplectic_map) != 0;
    /// Whether the scheme is time symmetric (its own adjoint).
    static constexpr bool symmetric = (Claims & time_symmetric) != 0;
    /// Whether the scheme conserves the energy exactly (up to rounding and solver tolerance).
    static constexpr bool energy_preserving = (Claims & energy_conserving) != 0;
    /// Whether the scheme conserves the momenta of the system's symmetries.
    static constexpr bool momentum_preserving = (Claims & momentum_conserving) != 0;
};

/// Base of a scheme stable at every step size on q̈ = −ω²q.
struct unconditionally_stable {
    /// Stability region on q̈ = −ω²q, in words.
    static constexpr const char* stability_text = "unconditionally stable";
    /// Stability limit on ω|h| in T (+∞: unconditionally stable; NaN: not analysed).
    template <class T>
    static T stability_limit() {
        return std::numeric_limits<T>::infinity();
    }
};

/// Base of a scheme stable on q̈ = −ω²q for ω|h| < 2 (the explicit splitting schemes).
struct stable_below_two {
    /// Stability region on q̈ = −ω²q, in words.
    static constexpr const char* stability_text = "omega h < 2";
    /// Stability limit on ω|h| in T (+∞: unconditionally stable; NaN: not analysed).
    template <class T>
    static T stability_limit() {
        return T(2);
    }
};

/// Base of a scheme whose stability limit is not analysed (NaN).
struct stability_not_analysed {
    /// Stability region on q̈ = −ω²q, in words.
    static constexpr const char* stability_text = "not analysed";
    /// Stability limit on ω|h| in T (+∞: unconditionally stable; NaN: not analysed).
    template <class T>
    static T stability_limit() {
        return std::numeric_limits<T>::quiet_NaN();
    }
};

}  // namespace geomint
