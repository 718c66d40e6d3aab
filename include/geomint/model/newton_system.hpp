#pragma once
/// \file
/// `newton_system`: the scalar Newton equation φ̈ = f(φ) = −V'(φ), H = p²/2 + V(φ).
///
/// Source: Cieśliński & Ratkiewicz, *Long-time behaviour of discretizations of the simple
/// pendulum equation*, eqs. (1)–(4); ω0 = √V''(0) is eq. (50).
///
/// The user gives the potential V once, as a generic callable; every derivative (force, V'',
/// the Taylor data of the discrete gradient) comes from Boost.Math autodiff in the same scalar
/// type — no finite differences (a potential may add its force −V' in closed form as a member
/// `force(q)`, which the explicit schemes then call instead):
/// \code
///   auto pendulum = geomint::make_newton_system<double>([](auto q) { using std::cos; return -cos(q); });
///   pendulum.force(0.3);      // -sin(0.3)
///   pendulum.omega0();        // 1
/// \endcode
/// The callable is called with `T` and with Boost.Math autodiff variables over `T`, so write it
/// with ADL math calls (`using std::cos; cos(q)`) and constants of type `T` or `int`.

#include "geomint/autodiff.hpp"
#include "geomint/model/difference_quotient.hpp"
#include "geomint/model/generic_callable.hpp"
#include "geomint/error.hpp"
#include "geomint/model/system_form.hpp"

#include <array>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint {

/// V(φ) = −k cos φ: the simple pendulum φ̈ = −k sin φ (eq. 5). Suris' schemes (34), (35) read k.
template <class T>
struct simple_pendulum_potential {
    T k = T(1);  ///< k = g/l, 1/time² (the paper takes k = 1)
    /// V(q) = −k cos q.
    template <class U>
    U operator()(const U& q) const {
        using std::cos;
        return -(cos(q) * k);
    }
    /// −V'(q) = −k sin q in closed form (one sine instead of autodiff's sine and cosine).
    template <class U>
    U force(const U& q) const {
        using std::sin;
        return -(sin(q) * k);
    }
};

/// Scalar Newton equation φ̈ = −V'(φ) with momentum p = φ̇ (unit mass).
///
/// \tparam T         scalar type (double, quad, mp<D>, ...).
/// \tparam Potential callable `U V(const U&)` for U = T and autodiff variables over T.
///
/// Units: φ in radians (or the coordinate's unit), t in the time unit of V (k = 1 ⇒ 1/√k),
/// p = dφ/dt. Every member that evaluates a derivative throws `std::domain_error` naming the
/// point and the order if autodiff returns a non-finite value there.
template <class T, class Potential>
class newton_system {
    // V is evaluated on autodiff variables over T (model/generic_callable.hpp)
    static constexpr bool generic_potential =
        std::is_invocable_v<const Potential&, const T&> &&
        std::is_invocable_v<const Potential&, const boost::math::differentiation::autodiff_fvar<T, 2>&>;
    static_assert(generic_potential,
                  "newton_system: the potential V must accept any scalar type, since its derivatives are taken by "
                  "automatic differentiation: write it as a generic lambda [](auto q) { using std::cos; return -cos(q); }");

public:
    /// Scalar type.
    using value_type = T;
    /// Type of the potential V(q).
    using potential_type = Potential;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::newton;

    /// Evaluates V''(0) once (for `omega0()`); a potential whose derivatives are not finite at 0
    /// is accepted (omega0() then throws).
    explicit newton_system(Potential potential) : m_potential(std::move(potential)) { m_curvature0 = curvature_at_zero(); }

    /// The potential V(q) as given.
    const Potential& potential() const { return m_potential; }

    /// V(q); `U` is T or dual<T>.
    template <class U>
    U V(const U& q) const {
        if constexpr (is_dual_v<U>) {
            const auto t = taylor<1>(value_of(q));
            return chain(q, t[0], t[1]);
        } else {
            return taylor<0>(q)[0];
        }
    }

    /// V'(q) = −f(q).
    template <class U>
    U dV(const U& q) const {
        if constexpr (is_dual_v<U>) {
            const auto t = taylor<2>(value_of(q));
            return chain(q, t[1], t[2]);
        } else {
            return taylor<1>(q)[1];
        }
    }

    /// V''(q).
    template <class U>
    U d2V(const U& q) const {
        if constexpr (is_dual_v<U>) {
            const auto t = taylor<3>(value_of(q));
            return chain(q, t[2], t[3]);
        } else {
            return taylor<2>(q)[2];
        }
    }

    /// Force f(q) = −V'(q) (eq. 1): the potential's own `force(q)` if it has one (a closed form
    /// the user vouches for, e.g. `simple_pendulum_potential`), else by autodiff.
    template <class U>
    U force(const U& q) const {
        if constexpr (requires(const Potential& v, const U& x) { v.force(x); }) return m_potential.force(q);
        else return -dV(q);
    }

    /// H(q, p) = p²/2 + V(q) (eq. 4).
    template <class U>
    U hamiltonian(const U& q, const U& p) const {
        return p * p / 2 + V(q);
    }

    /// ω0 = √V''(0) (eq. 50).
    /// \throws std::domain_error if V''(0) ≤ 0 (no stable equilibrium at φ = 0).
    /// V''(0) is evaluated once, at construction.
    T omega0() const {
        using std::sqrt;
        if (!(m_curvature0 > T(0))) {
            const T w2 = taylor<2>(T(0))[2];  // throws the autodiff error if V''(0) is not finite
            throw std::domain_error("newton_system: V''(0) = " + geomint::to_string(w2) +
                                    " violates the precondition V''(0) > 0 (a stable equilibrium at 0), "
                                    "needed for omega0 = sqrt(V''(0)) (eq. 50)");
        }
        return sqrt(m_curvature0);
    }

    /// V(q), V'(q), …, V⁽ᴷ⁾(q) by autodiff.
    /// \throws std::domain_error if any of them is not finite.
    template <std::size_t K>
    std::array<T, K + 1> taylor(const T& q) const {
        return taylor_coefficients<K>(detail::autodiff_callable<generic_potential>(m_potential), q,
                                      "newton_system: the potential");
    }

    /// The discrete gradient ΔV(a, b) = (V(b) − V(a)) / (b − a) of eqs. (44)–(45), with its
    /// partial derivatives, accurate for every a, b (`difference_quotient`: the quotient, or its
    /// Taylor series when b − a is small). ΔV(a, a) = V'(a).
    discrete_gradient_value<T> discrete_gradient_partials(const T& a, const T& b) const {
        return difference_quotient(detail::autodiff_callable<generic_potential>(m_potential), a, b,
                                   "newton_system: the potential");
    }

    /// ΔV(a, b) for a, b of type T or dual<T> (chain rule through `discrete_gradient_partials`).
    template <class A, class B>
    auto discrete_gradient(const A& a, const B& b) const {
        return difference_quotient_ad<T>(detail::autodiff_callable<generic_potential>(m_potential), a, b,
                                         "newton_system: the potential");
    }

private:
    /// V''(0), or NaN where it is not finite.
    T curvature_at_zero() const {
        try {
            return taylor<2>(T(0))[2];
        } catch (const std::domain_error&) {
            return std::numeric_limits<T>::quiet_NaN();
        }
    }

    Potential m_potential;
    T m_curvature0;
};

/// `newton_system<T, Potential>` from a potential callable.
template <class T, class Potential>
newton_system<T, Potential> make_newton_system(Potential potential) {
    return newton_system<T, Potential>(std::move(potential));
}

template <class S>
struct is_newton_system : std::false_type {};
template <class T, class P>
struct is_newton_system<newton_system<T, P>> : std::true_type {};

/// The simple pendulum φ̈ = −k sin φ (eq. 5) as a `newton_system`.
template <class T>
using simple_pendulum = newton_system<T, simple_pendulum_potential<T>>;

/// `simple_pendulum<T>` with constant k (default 1, as in the paper).
template <class T>
simple_pendulum<T> make_simple_pendulum(const T& k = T(1)) {
    return simple_pendulum<T>(simple_pendulum_potential<T>{k});
}

}  // namespace geomint
