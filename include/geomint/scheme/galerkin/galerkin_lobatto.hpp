#pragma once
/// \file
/// The continuous Galerkin variational integrator of degree r with Gauss–Lobatto quadrature
/// (the scheme `galerkin_vi_stepper` runs): q is a polynomial of degree r on each step, the
/// action is computed by the (r + 1)-point Lobatto rule, and the discrete Euler–Lagrange
/// equations are those of the Lobatto IIIA–IIIB partitioned Runge–Kutta pair; order 2r,
/// symplectic, symmetric, and it conserves the momenta of the symmetries of L (discrete
/// Noether theorem). Degree 1 is Störmer–Verlet; Degree 2 is Simpson's variational integrator
/// (Rojas-Quintero, Dubois, Cabrera-Díaz 2024) extended to nonlinear systems.
///
/// Sources: Marsden & West, Acta Numerica 10 (2001), §2.6; Hairer, Lubich, Wanner, GNI §VI.6;
/// Ober-Blöbaum & Saake, Adv. Comput. Math. 41 (2015).

#include "geomint/scalar.hpp"
#include "geomint/scheme/galerkin/lobatto.hpp"
#include "geomint/scheme/traits.hpp"

namespace geomint::scheme {

namespace detail {
/// `galerkin_lobatto<D>::name`, one per degree.
inline constexpr const char* galerkin_names[] = {"",
                                                 "galerkin_vi_1",
                                                 "galerkin_vi_2",
                                                 "galerkin_vi_3",
                                                 "galerkin_vi_4",
                                                 "galerkin_vi_5",
                                                 "galerkin_vi_6",
                                                 "galerkin_vi_7",
                                                 "galerkin_vi_8",
                                                 "galerkin_vi_9",
                                                 "galerkin_vi_10",
                                                 "galerkin_vi_11",
                                                 "galerkin_vi_12"};
}  // namespace detail

/// Trait block of the degree-`Degree` Galerkin VI (scheme/traits.hpp). The stability interval on
/// q̈ = −ω²q is ω|h| < 2 (Degree 1) and 2√2 (Degree 2, the Simpson paper's Proposition 8); it
/// is not analysed for higher degrees (NaN).
template <unsigned Degree>
struct galerkin_lobatto : scheme_claims<2 * Degree, symplectic_map | time_symmetric | momentum_conserving>,
                          stability_not_analysed {
    static_assert(Degree >= 1 && Degree <= 12, "galerkin_lobatto: Degree must be 1 ... 12");
    /// Polynomial degree of the Galerkin ansatz.
    static constexpr unsigned degree = Degree;
    /// Number of stages.
    static constexpr unsigned stages = Degree + 1;
    static constexpr const char* name = detail::galerkin_names[Degree];  ///< "galerkin_vi_<Degree>"
    /// The publication and equations this is taken from.
    static constexpr const char* source =
        "Marsden & West (2001) sec. 2.6; Hairer-Lubich-Wanner GNI sec. VI.6 (Lobatto IIIA-IIIB); Degree 2: "
        "Rojas-Quintero et al. (2024) eqs. (17)-(25)";

    /// The Lobatto IIIA–IIIB pair in U, computed once per U (thread-safe static): in T itself,
    /// or for U = dual<T>, the pair of T with zero tangents.
    template <class U>
    static const lobatto_pair<U>& coefficients() {
        if constexpr (is_dual_v<U>) {
            static const lobatto_pair<U> c = [] {
                const auto& v = coefficients<value_type_of_t<U>>();
                lobatto_pair<U> d;
                d.degree = v.degree;
                d.c = v.c.template cast<U>();
                d.b = v.b.template cast<U>();
                d.a = v.a.template cast<U>();
                d.a_hat = v.a_hat.template cast<U>();
                d.mu = v.mu.template cast<U>();
                d.mu_hat = v.mu_hat.template cast<U>();
                d.extrapolation = v.extrapolation.template cast<U>();
                return d;
            }();
            return c;
        } else {
            static const lobatto_pair<U> c = lobatto_iiia_iiib<U>(static_cast<int>(Degree));
            return c;
        }
    }
};

/// The contract of the Galerkin family (what `galerkin_vi_stepper` calls): the trait vocabulary,
/// the degree and stage count, and the Lobatto IIIA–IIIB pair in any scalar.
template <class S>
concept galerkin_scheme = scheme_description<S> && requires {
    { S::degree } -> std::convertible_to<unsigned>;
    { S::stages } -> std::convertible_to<unsigned>;
    { S::template coefficients<double>() } -> std::same_as<const lobatto_pair<double>&>;
};

}  // namespace geomint::scheme
