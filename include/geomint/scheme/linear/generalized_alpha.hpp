#pragma once
/// \file
/// The structural-dynamics peers of the variational schemes: the HHT-α method (Hilber, Hughes &
/// Taylor, Earthquake Eng. Struct. Dyn. 5 (1977) 283) and the generalized-α method (Chung &
/// Hulbert, J. Appl. Mech. 60 (1993) 371), for M q̈ + C q̇ + K q = f(t). They are what OpenSees,
/// code_aster, MFEM and PETSc's TSALPHA2 default to: second order, unconditionally stable, with
/// high-frequency dissipation set by the spectral radius at infinite step ρ∞. Comparison methods:
/// neither is symplectic nor symmetric, and a step needs the acceleration of the last one.
///
/// The method (Chung & Hulbert §2), state (q_n, v_n, a_n), step h, x_{n+1−α} = (1−α) x_{n+1} + α x_n:
///
///     q_{n+1} = q_n + h v_n + h² ((½ − β) a_n + β a_{n+1}),
///     v_{n+1} = v_n + h ((1 − γ) a_n + γ a_{n+1}),
///     M a_{n+1−α_m} + C v_{n+1−α_f} + K q_{n+1−α_f} = f(t_n + (1 − α_f) h).
///
/// Parameters from ρ∞ ∈ [0, 1] (Chung & Hulbert's optimal dissipation):
///     α_m = (2ρ∞ − 1)/(ρ∞ + 1),  α_f = ρ∞/(ρ∞ + 1),  γ = ½ − α_m + α_f,  β = ¼ (1 − α_m + α_f)².
/// HHT-α is the case α_m = 0: α_f = −α_HHT with α_HHT = (ρ∞ − 1)/(ρ∞ + 1) ∈ [−⅓, 0], i.e.
/// ρ∞ ∈ [½, 1], and the same γ, β (Hilber et al.: γ = ½ − α_HHT, β = ¼ (1 − α_HHT)²).
/// ρ∞ = 1 gives the trapezoidal rule (average-acceleration Newmark) in both.

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/scheme/traits.hpp"

#include <stdexcept>
#include <string>

namespace geomint {

/// Parameters of the generalized-α family (Chung & Hulbert's notation; HHT-α has α_m = 0).
template <class T>
struct generalized_alpha_parameters {
    T rho_infinity;  ///< spectral radius at infinite step, ρ∞
    /// α_m.
    T alpha_m;
    /// α_f.
    T alpha_f;
    /// Newmark's β.
    T beta;
    /// Newmark's γ.
    T gamma;
};

namespace scheme {

namespace detail {
/// γ and β from α_m, α_f (second order, optimal high-frequency dissipation).
template <class T>
generalized_alpha_parameters<T> complete(const T& rho, const T& alpha_m, const T& alpha_f) {
    const T g = T(1) / T(2) - alpha_m + alpha_f;
    const T s = T(1) - alpha_m + alpha_f;
    return {rho, alpha_m, alpha_f, s * s / T(4), g};
}

template <class T>
void require_rho(const char* scheme, const T& rho, const T& low, const char* range) {
    if (!is_finite(rho) || rho < low || rho > T(1))
        throw std::invalid_argument(std::string(scheme) + ": rho_infinity = " + geomint::to_string(rho) +
                                    " (precondition: " + range + ")");
}

/// What the generalized-α methods share: claims, stability, the amplification matrix.
struct alpha_method_common : geomint::scheme_claims<2, claims_nothing>, geomint::unconditionally_stable {
    /// The default ρ∞ of geomint's steppers: 0.9 (mild high-frequency dissipation).
    template <class T>
    static T default_rho_infinity() {
        return T(9) / T(10);
    }

    /// Amplification matrix of one step on y'' + 2ξω y' + ω² y = 0, state x = (y, h y', h² y''),
    /// Ω = ω h: x_{n+1} = A(Ω, ξ) x_n, 3 × 3. Assembled from the method's three equations as
    /// L x_{n+1} = R x_n and solved (independently of the stepper's effective-matrix form).
    /// \throws geomint::singular_step_error if L is singular.
    template <class T>
    static matrix<T, 3> amplification_matrix(const generalized_alpha_parameters<T>& c, const T& Omega, const T& xi) {
        return assemble(c, Omega * Omega, T(2) * xi * Omega, T(1));
    }

    /// The limit Ω → ∞ of A(Ω, ξ) (the equation of motion divided by Ω²: (1 − α_f) y_{n+1} =
    /// −α_f y_n), whose spectral radius is ρ∞.
    template <class T>
    static matrix<T, 3> amplification_matrix_at_infinite_step(const generalized_alpha_parameters<T>& c) {
        return assemble(c, T(1), T(0), T(0));
    }

private:
    /// L x_{n+1} = R x_n with the equation of motion's coefficients of y, h y', h² y'' = w, d, m.
    template <class T>
    static matrix<T, 3> assemble(const generalized_alpha_parameters<T>& c, const T& w, const T& d, const T& m) {
        matrix<T, 3> L, R;
        L << T(1), T(0), -c.beta,
             T(0), T(1), -c.gamma,
             (T(1) - c.alpha_f) * w, (T(1) - c.alpha_f) * d, (T(1) - c.alpha_m) * m;
        R << T(1), T(1), T(1) / T(2) - c.beta,
             T(0), T(1), T(1) - c.gamma,
             -c.alpha_f * w, -c.alpha_f * d, -c.alpha_m * m;
        matrix<T, 3> A;
        if (!try_solve(L, R, A)) throw singular_step_error("generalized-alpha: singular amplification system");
        return A;
    }
};
}  // namespace detail

/// Generalized-α (Chung & Hulbert 1993), parameter ρ∞ ∈ [0, 1].
struct generalized_alpha : detail::alpha_method_common {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "generalized_alpha";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Chung & Hulbert, J. Appl. Mech. 60 (1993) 371, section 2";
    /// \throws std::invalid_argument unless 0 <= ρ∞ <= 1.
    template <class T>
    static generalized_alpha_parameters<T> parameters(const T& rho) {
        detail::require_rho(name, rho, T(0), "0 <= rho_infinity <= 1");
        return detail::complete(rho, (T(2) * rho - T(1)) / (rho + T(1)), rho / (rho + T(1)));
    }
};

/// HHT-α (Hilber, Hughes & Taylor 1977), parameter ρ∞ ∈ [½, 1] (α = (ρ∞ − 1)/(ρ∞ + 1) ∈ [−⅓, 0]).
struct hht_alpha : detail::alpha_method_common {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "hht_alpha";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Hilber, Hughes & Taylor, Earthquake Eng. Struct. Dyn. 5 (1977) 283";
    /// \throws std::invalid_argument unless 1/2 <= ρ∞ <= 1.
    template <class T>
    static generalized_alpha_parameters<T> parameters(const T& rho) {
        detail::require_rho(name, rho, T(1) / T(2), "1/2 <= rho_infinity <= 1, i.e. -1/3 <= alpha <= 0");
        return detail::complete(rho, T(0), (T(1) - rho) / (T(1) + rho));
    }
};

}  // namespace scheme
}  // namespace geomint
