#pragma once
/// \file
/// Suris' integrable standard-like maps of the simple pendulum φ̈ = −k sin φ.
/// Source: Cieśliński & Ratkiewicz, eqs. (32)–(39):
///   p_{n+1} = p_n + ε F(φ_n, ε),  φ_{n+1} = φ_n + ε p_{n+1},
///   ε² F = −c·arctan(k ε² sin φ_n / (c + k ε² cos φ_n)),  c = 2 (Suris1, (34)), c = 4 (Suris2, (35)).
/// Symplectic (Lemma 1) and integrable: Suris1 conserves E1 (36)/(37), Suris2 conserves E2 (38)/(39).
/// They exist only for the pendulum: the system must be a `simple_pendulum<T>` (k is read from it).

#include "geomint/model/newton_system.hpp"
#include "geomint/scheme/newton_equation/leapfrog.hpp"

#include <type_traits>

namespace geomint::scheme {

namespace detail {
template <class System>
struct is_simple_pendulum : std::false_type {};
template <class T>
struct is_simple_pendulum<newton_system<T, simple_pendulum_potential<T>>> : std::true_type {};

/// Suris' map with denominator C (2 or 4).
template <int C>
struct suris_map : geomint::scheme_claims<1, symplectic_map>, geomint::unconditionally_stable {
    /// As a map of (φ_n, p_n) the order is 1, like symplectic Euler (20), of which these are
    /// modifications: φ_n is second-order accurate (it solves the three-term recurrence (34)/(35))
    /// but p_n = (φ_n − φ_{n−1})/ε (33) approximates φ̇ at t_n − ε/2.
    static constexpr bool needs_potential = true;
    static constexpr bool multi_dof = false;
    static constexpr bool implicit = false;
    static constexpr const char* stability_text = "unconditionally stable (linearization at phi = 0)";
    template <class System, class U, class T>
    static void step(const System& sys, U& phi, U& p, const T& h) {
        static_assert(is_simple_pendulum<System>::value,
                      "Suris' maps (34), (35) are defined for the simple pendulum only: use geomint::simple_pendulum<T>");
        using std::atan;
        using std::cos;
        using std::sin;
        const T ke2 = sys.potential().k * h * h;
        p -= atan(sin(phi) * ke2 / (cos(phi) * ke2 + C)) * (C / h);
        phi += p * h;
    }
};
}  // namespace detail

/// Suris1 (34): ε²F = −2 arctan(kε² sin φ / (2 + kε² cos φ)).
struct suris1 : detail::suris_map<2> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "suris1";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eqs. (34), (36)-(37)";

    /// E1 of eq. (37) in terms of (φ_n, p_n): (1 − cos εp)/ε² − (k/2)(cos φ + cos(φ − εp)),
    /// with 1 − cos x written 2 sin²(x/2) (no cancellation for small εp).
    template <class System, class T>
    static T integral(const System& sys, const T& phi, const T& p, const T& h) {
        using std::cos;
        using std::sin;
        const T s = sin(h * p / 2);
        return s * s * 2 / (h * h) - sys.potential().k * (cos(phi) + cos(phi - h * p)) / 2;
    }
};

/// Suris2 (35): ε²F = −4 arctan(kε² sin φ / (4 + kε² cos φ)).
struct suris2 : detail::suris_map<4> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "suris2";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Cieśliński & Ratkiewicz, eqs. (35), (38)-(39)";

    /// E2 of eq. (39): (4/ε²)(1 − cos(εp/2)) − k cos(φ − εp/2), with 1 − cos x = 2 sin²(x/2).
    template <class System, class T>
    static T integral(const System& sys, const T& phi, const T& p, const T& h) {
        using std::cos;
        using std::sin;
        const T s = sin(h * p / 4);
        return s * s * 8 / (h * h) - sys.potential().k * cos(phi - h * p / 2);
    }
};

}  // namespace geomint::scheme
