#pragma once
/// \file
/// `lagrangian_system`: a mechanical system given by its Lagrangian L(q, v), q, v ∈ ℝⁿ — any
/// regular L, separable or not (a configuration-dependent mass matrix, velocity-dependent
/// potentials). Momenta p = ∂L/∂v, generalized force ∂L/∂q; the Euler–Lagrange equations
/// d/dt ∂L/∂v = ∂L/∂q.
///
/// The user writes L once, as a generic callable; its first and second derivatives come from
/// Boost.Math autodiff in the same scalar type:
/// \code
///   // the nonlinear double pendulum (unit masses and lengths, g = 9.81)
///   auto sys = geomint::make_lagrangian_system<double>(2, [](const auto& q, const auto& v) {
///       using std::cos;
///       return v[0] * v[0] + v[1] * v[1] / 2 + v[0] * v[1] * cos(q[0] - q[1])
///              + 2 * 9.81 * cos(q[0]) + 9.81 * cos(q[1]);
///   });
/// \endcode
/// L is called with two `std::vector<U>` of length n, U = T or an autodiff variable over T: write
/// it with `q[i]`, `v[i]`, ADL math calls and constants of type T or int.

#include "geomint/autodiff.hpp"
#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/system_form.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace geomint {

/// L's derivatives at a point (q, v): what the Galerkin steps' Newton solves need.
template <class T>
struct lagrangian_derivatives {
    vector<T> Lq;   ///< ∂L/∂q (n): the generalized force
    vector<T> Lv;   ///< ∂L/∂v (n): the generalized momenta p
    matrix<T> Lqq;  ///< ∂²L/∂q² (n × n)
    matrix<T> Lvq;  ///< ∂²L/∂v∂q (n × n): row i = ∂/∂v_i, column j = ∂/∂q_j
    matrix<T> Lvv;  ///< ∂²L/∂v² (n × n): the (generalized) mass matrix
};

/// Mechanical system given by a Lagrangian L(q, v) with n degrees of freedom.
///
/// \tparam T          scalar type (double, quad, mp<D>, ...).
/// \tparam Lagrangian callable `U L(const std::vector<U>& q, const std::vector<U>& v)` for U = T and
///                    autodiff variables over T.
///
/// Shapes: q, v, p are `geomint::vector<T>` of length `dof()`. Members taking (q, v) throw
/// `std::invalid_argument` for a wrong length and `std::domain_error` naming the point and the
/// entry when L or a derivative is not finite. Precondition of the steppers: L is regular
/// (∂²L/∂v² invertible); `velocity` checks it.
template <class T, class Lagrangian>
class lagrangian_system {
public:
    using value_type = T;
    using lagrangian_type = Lagrangian;
    static constexpr system_form form = system_form::lagrangian;

    /// \throws std::invalid_argument if dof = 0.
    lagrangian_system(std::size_t dof, Lagrangian L) : m_dof(dof), m_L(std::move(L)) {
        if (dof == 0) throw std::invalid_argument("lagrangian_system: dof = 0 violates the precondition dof >= 1");
    }

    std::size_t dof() const { return m_dof; }
    const Lagrangian& lagrangian_function() const { return m_L; }

    /// L(q, v).
    T lagrangian(const vector<T>& q, const vector<T>& v) const {
        return checked(T(m_L(entries<T>(q, "q"), entries<T>(v, "v"))), q, v, "L");
    }

    /// ∂L/∂v (the momenta p) and ∂L/∂q, by 2n forward autodiff passes.
    std::pair<vector<T>, vector<T>> gradient(const vector<T>& q, const vector<T>& v) const {
        const Eigen::Index n = index(m_dof);
        vector<T> Lq(n), Lv(n);
        auto xq = entries<dual<T>>(q, "q");
        auto xv = entries<dual<T>>(v, "v");
        const auto e = unit_tangent<T>();
        for (Eigen::Index i = 0; i < n; ++i) {
            xq[std::size_t(i)] += e;
            Lq(i) = checked(tangent_of(m_L(xq, xv)), q, v, [i] { return "dL/dq[" + std::to_string(i) + "]"; });
            xq[std::size_t(i)] -= e;
            xv[std::size_t(i)] += e;
            Lv(i) = checked(tangent_of(m_L(xq, xv)), q, v, [i] { return "dL/dv[" + std::to_string(i) + "]"; });
            xv[std::size_t(i)] -= e;
        }
        return {std::move(Lv), std::move(Lq)};
    }

    /// The momenta p = ∂L/∂v(q, v).
    vector<T> momenta(const vector<T>& q, const vector<T>& v) const { return gradient(q, v).first; }

    /// First and second derivatives at (q, v), entry by entry with nested autodiff over
    /// x = (q, v): (2n)(2n + 1)/2 evaluations of L (the diagonal passes give the gradient).
    lagrangian_derivatives<T> derivatives(const vector<T>& q, const vector<T>& v) const {
        using W = ad::autodiff_fvar<T, 1, 1>;
        const Eigen::Index n = index(m_dof);
        auto xq = entries<W>(q, "q");
        auto xv = entries<W>(v, "v");
        const auto at = [&](Eigen::Index k) -> W& { return k < n ? xq[std::size_t(k)] : xv[std::size_t(k - n)]; };
        const auto value = [&](Eigen::Index k) -> const T& { return k < n ? q(k) : v(k - n); };
        const auto label = [n](Eigen::Index k) {
            return (k < n ? std::string("q[") : std::string("v[")) + std::to_string(k < n ? k : k - n) + "]";
        };
        vector<T> g(2 * n);
        matrix<T> H(2 * n, 2 * n);
        for (Eigen::Index i = 0; i < 2 * n; ++i) {
            for (Eigen::Index j = i; j < 2 * n; ++j) {
                const auto seeds = ad::make_ftuple<T, 1, 1>(value(i), value(j));
                at(i) += std::get<0>(seeds) - value(i);
                at(j) += std::get<1>(seeds) - value(j);
                const auto Lx = m_L(xq, xv);
                if (i == j) g(i) = checked(static_cast<T>(Lx.derivative(1, 0)), q, v, [&] { return "dL/d" + label(i); });
                const T hij = checked(static_cast<T>(Lx.derivative(1, 1)), q, v, [&] { return "d2L/d" + label(i) + "d" + label(j); });
                H(i, j) = hij;
                H(j, i) = hij;
                at(i) = W(value(i));
                at(j) = W(value(j));
            }
        }
        lagrangian_derivatives<T> d;
        d.Lq = g.head(n);
        d.Lv = g.tail(n);
        d.Lqq = H.topLeftCorner(n, n);
        d.Lvq = H.bottomLeftCorner(n, n);
        d.Lvv = H.bottomRightCorner(n, n);
        return d;
    }

    /// The velocity v with ∂L/∂v(q, v) = p (the inverse Legendre transform), by Newton's method
    /// from v = 0 (one step when L is quadratic in v).
    /// \throws std::domain_error when ∂²L/∂v² is singular at the iterate (a degenerate Lagrangian),
    ///         naming the point; geomint::convergence_error after 50 iterations.
    vector<T> velocity(const vector<T>& q, const vector<T>& p) const {
        require_length(p, "p");
        vector<T> v = vector<T>::Zero(index(m_dof));
        T previous(-1);
        for (int k = 1; k <= 50; ++k) {
            const auto d = derivatives(q, v);
            Eigen::FullPivLU<matrix<T>> lu(d.Lvv);  // one factorization: the regularity test and the solve
            if constexpr (is_exact_v<T>) lu.setThreshold(T(0));
            if (!lu.isInvertible())
                throw_degenerate(q, v, "d2L/dv2 (rank " + std::to_string(lu.rank()) + " of " + std::to_string(m_dof) + ")");
            const vector<T> dv = lu.solve(vector<T>(d.Lv - p));
            v -= dv;
            const T delta = max_abs(dv);
            const T one(1);
            const T scale = max_abs(v) > one ? max_abs(v) : one;
            if (delta == T(0) || (previous >= T(0) && delta >= previous && delta <= scalar_traits<T>::tolerance(64) * scale))
                return v;
            previous = delta;
        }
        throw convergence_error("lagrangian_system: the inverse Legendre transform (dL/dv(q, v) = p) did not converge in 50 "
                                "Newton iterations",
                                50, static_cast<long double>(previous));
    }

    /// The energy E(q, v) = vᵀ ∂L/∂v − L (conserved by the Euler–Lagrange flow).
    T energy(const vector<T>& q, const vector<T>& v) const { return v.dot(momenta(q, v)) - lagrangian(q, v); }

    /// H(q, p) = E(q, v(q, p)).
    T hamiltonian(const vector<T>& q, const vector<T>& p) const { return energy(q, velocity(q, p)); }

private:
    static Eigen::Index index(std::size_t i) { return static_cast<Eigen::Index>(i); }

    [[noreturn]] static void throw_degenerate(const vector<T>& q, const vector<T>& v, const std::string& what) {
        throw std::domain_error("lagrangian_system: " + what + " is singular at q = (" + entries_to_string(q) + "), v = (" + entries_to_string(v) +
                                ") (precondition: a regular Lagrangian, det d2L/dv2 != 0)");
    }

    void require_length(const vector<T>& x, const char* what) const {
        if (static_cast<std::size_t>(x.size()) != m_dof)
            throw std::invalid_argument(std::string("lagrangian_system: ") + what + " has " + std::to_string(x.size()) +
                                        " entries; the system has dof = " + std::to_string(m_dof));
    }

    template <class U>
    std::vector<U> entries(const vector<T>& x, const char* what) const {
        require_length(x, what);
        std::vector<U> e;
        e.reserve(m_dof);
        for (std::size_t i = 0; i < m_dof; ++i) e.emplace_back(x[index(i)]);
        return e;
    }

    /// value, or std::domain_error naming `what` (a string, or a callable building it), q and v.
    template <class What>
    static T checked(T value, const vector<T>& q, const vector<T>& v, const What& what) {
        if (!is_finite(value))
            throw std::domain_error("lagrangian_system: " + describe(what) + " at q = (" + entries_to_string(q) + "), v = (" + entries_to_string(v) + ") is " +
                                    geomint::to_string(value) +
                                    " (precondition: L is twice differentiable with finite derivatives)");
        return value;
    }

    std::size_t m_dof;
    Lagrangian m_L;
};

/// `lagrangian_system<T, Lagrangian>` with `dof` degrees of freedom.
template <class T, class Lagrangian>
lagrangian_system<T, Lagrangian> make_lagrangian_system(std::size_t dof, Lagrangian L) {
    return lagrangian_system<T, Lagrangian>(dof, std::move(L));
}

template <class S>
struct is_lagrangian_system : std::false_type {};
template <class T, class L>
struct is_lagrangian_system<lagrangian_system<T, L>> : std::true_type {};

}  // namespace geomint
