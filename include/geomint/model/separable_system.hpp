#pragma once
/// \file
/// `separable_system`: n degrees of freedom with H(q, p) = |p|²/2 + V(q), q̈ = f(q) = −∇V(q).
///
/// Source: Cieśliński & Ratkiewicz, eqs. (1)–(4) (written there for n = 1; the schemes (13),
/// (20), (21) and (23) carry over verbatim to q ∈ ℝⁿ with unit masses).
///
/// As for `newton_system`, the user gives V once, as a generic callable; the gradient and the
/// Hessian come from Boost.Math autodiff in the same scalar type:
/// \code
///   // two pendula coupled by a spring of stiffness 1/10
///   auto sys = geomint::make_separable_system<double>(2, [](const auto& q) {
///       using std::cos;
///       return -cos(q[0]) - cos(q[1]) + (q[1] - q[0]) * (q[1] - q[0]) / 20;
///   });
/// \endcode
/// V is called with a `std::vector<U>` of length n, U = T or an autodiff variable over T: write it
/// with `q[i]`, ADL math calls and constants of type T or int.

#include "geomint/error.hpp"
#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/generic_callable.hpp"
#include "geomint/model/system_form.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// Unit-mass mechanical system with n degrees of freedom and potential V: q̈ = −∇V(q).
///
/// \tparam T         scalar type (double, quad, mp<D>, ...).
/// \tparam Potential callable `U V(const std::vector<U>&)` for U = T and autodiff variables over T.
///
/// Shapes: q and p are `geomint::vector<T>` of length `dof()`; ∇V has that length, ∇²V is
/// dof() × dof(). Every member taking q throws `std::invalid_argument` if q has the wrong length,
/// and `std::domain_error` naming the point and the entry if V or a derivative is not finite.
template <class T, class Potential>
class separable_system {
    // V is evaluated on autodiff variables over T (model/generic_callable.hpp)
    static constexpr bool generic_potential = std::is_invocable_v<const Potential&, const std::vector<T>&> &&
                                              std::is_invocable_v<const Potential&, const std::vector<dual<T>>&>;
    static_assert(generic_potential,
                  "separable_system: the potential V must accept any scalar type, since its gradient and Hessian are "
                  "taken by automatic differentiation: write it as a generic lambda [](const auto& q) { ... } (q a "
                  "std::vector; call sin, cos, ... unqualified or after using std::sin)");

public:
    /// Scalar type.
    using value_type = T;
    /// Type of the potential V(q).
    using potential_type = Potential;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::separable;

    /// \throws std::invalid_argument if dof = 0.
    separable_system(std::size_t dof, Potential potential) : m_dof(dof), m_potential(std::move(potential)) {
        if (dof == 0)
            throw std::invalid_argument("separable_system: dof = 0 violates the precondition dof >= 1");
    }

    /// Number of degrees of freedom n.
    std::size_t dof() const { return m_dof; }
    /// The potential V(q) as given.
    const Potential& potential() const { return m_potential; }

    /// V(q).
    T V(const vector<T>& q) const {
        return checked(T(detail::autodiff_callable<generic_potential>(m_potential)(entries<T>(q))), q, "V");
    }

    /// ∇V(q), by one forward autodiff pass per coordinate.
    vector<T> dV(const vector<T>& q) const {
        vector<T> g(m_dof);
        auto x = entries<dual<T>>(q);
        for_each_partial(x, unit_tangent<T>(), [&](std::ptrdiff_t i, const auto& xs) {
            g[i] = checked(tangent_of(detail::autodiff_callable<generic_potential>(m_potential)(xs)), q, [i] { return "dV/dq[" + std::to_string(i) + "]"; });
        });
        return g;
    }

    /// Force f(q) = −∇V(q) (eq. 1).
    vector<T> force(const vector<T>& q) const { return -dV(q); }

    /// The Hessian ∇²V(q), entry by entry with nested autodiff (q_i and q_j seeded in the outer
    /// and inner level): n(n+1)/2 evaluations of V.
    matrix<T> d2V(const vector<T>& q) const {
        using W = ad::autodiff_fvar<T, 1, 1>;
        matrix<T> h(m_dof, m_dof);
        auto x = entries<W>(q);
        for (std::size_t i = 0; i < m_dof; ++i) {
            for (std::size_t j = i; j < m_dof; ++j) {
                const auto seeds = ad::make_ftuple<T, 1, 1>(q[index(i)], q[index(j)]);
                x[i] += std::get<0>(seeds) - q[index(i)];
                x[j] += std::get<1>(seeds) - q[index(j)];
                const T hij = checked(static_cast<T>(detail::autodiff_callable<generic_potential>(m_potential)(x).derivative(1, 1)), q, [i, j] {
                    return "d2V/dq[" + std::to_string(i) + "]dq[" + std::to_string(j) + "]";
                });
                h(index(i), index(j)) = hij;
                h(index(j), index(i)) = hij;
                x[i] = W(q[index(i)]);
                x[j] = W(q[index(j)]);
            }
        }
        return h;
    }

    /// H(q, p) = |p|²/2 + V(q) (eq. 4).
    T hamiltonian(const vector<T>& q, const vector<T>& p) const {
        require_length(p, "p");
        return p.squaredNorm() / 2 + V(q);
    }

private:
    static Eigen::Index index(std::size_t i) { return static_cast<Eigen::Index>(i); }

    void require_length(const vector<T>& v, const char* what) const {
        if (static_cast<std::size_t>(v.size()) != m_dof)
            throw std::invalid_argument(std::string("separable_system: ") + what + " has " + std::to_string(v.size()) +
                                        " entries; the system has dof = " + std::to_string(m_dof));
    }

    /// q as the std::vector<U> handed to the potential.
    template <class U>
    std::vector<U> entries(const vector<T>& q) const {
        require_length(q, "q");
        std::vector<U> x;
        x.reserve(m_dof);
        for (std::size_t i = 0; i < m_dof; ++i) x.emplace_back(q[index(i)]);
        return x;
    }

    /// v, or std::domain_error naming `what` (a string, or a callable building it) and q.
    template <class What>
    static T checked(T v, const vector<T>& q, const What& what) {
        if (!is_finite(v)) {
            throw std::domain_error("separable_system: " + describe(what) + " at q = (" + entries_to_string(q) + ") is " + geomint::to_string(v) +
                                    " (precondition: V is twice differentiable with finite derivatives)");
        }
        return v;
    }

    std::size_t m_dof;
    Potential m_potential;
};

/// `separable_system<T, Potential>` with `dof` degrees of freedom.
template <class T, class Potential>
separable_system<T, Potential> make_separable_system(std::size_t dof, Potential potential) {
    return separable_system<T, Potential>(dof, std::move(potential));
}

template <class S>
struct is_separable_system : std::false_type {};
template <class T, class P>
struct is_separable_system<separable_system<T, P>> : std::true_type {};

}  // namespace geomint
