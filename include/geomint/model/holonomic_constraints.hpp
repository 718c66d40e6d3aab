#pragma once
/// \file
/// `holonomic_constraints`: m holonomic constraints g(q) = 0 on n coordinates, with their Jacobian
/// G(q) = ∂g/∂q (m × n) by forward-mode autodiff or from the user.
///
/// The constrained phase space is T*Q restricted to the manifold Q = {g(q) = 0} with the hidden
/// constraint G(q) M⁻¹ p = 0 (the velocities tangent to Q): Hairer, Lubich, Wanner, Geometric
/// Numerical Integration (2006) §VII.1, eqs. (1.9)–(1.10).
/// \code
///   // the spherical pendulum of length 1: g(q) = (|q|² − 1)/2
///   auto c = geomint::make_holonomic_constraints<double>(1, [](const auto& q) {
///       using U = std::decay_t<decltype(q[0])>;
///       return std::vector<U>{(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] - 1) / 2};
///   });
/// \endcode
/// g is called with a `std::vector<U>` of length n, U = T or a first-order `forward_jet` over T
/// (forward_jet.hpp), and returns a `std::vector<U>` of m entries: write it with `q[i]`, ADL math
/// calls and constants of type T or int. A user's Jacobian jac(q) returns G(q) as a `matrix<T>`
/// or a `sparse_matrix<T>` (m × n) instead of autodiff's: a sparse one makes the steppers' multiplier
/// solves sparse (a banded G of a chain: O(n) per step; the model then needs M⁻¹ as a matrix,
/// model/constrained_system.hpp).

#include "geomint/error.hpp"
#include "geomint/forward_jet.hpp"
#include "geomint/linalg.hpp"
#include "geomint/sparse.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <functional>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// G(q) by forward-mode autodiff of g (the default of `holonomic_constraints`).
struct autodiff_jacobian {};

namespace detail {
/// The type of G(q): what a user's Jacobian returns, or matrix<T> for autodiff's.
template <class T, class Jacobian, bool User = !std::is_same_v<Jacobian, autodiff_jacobian>>
struct constraint_jacobian_type {
    using type = matrix<T>;
};
template <class T, class Jacobian>
struct constraint_jacobian_type<T, Jacobian, true> {
    using type = std::decay_t<std::invoke_result_t<const Jacobian&, const vector<T>&>>;
};
}  // namespace detail

/// m constraints g(q) = 0 with Jacobian G(q).
///
/// \tparam T        scalar type.
/// \tparam Function callable `std::vector<U> g(const std::vector<U>& q)` (m entries) for U = T and
///                  first-order `forward_jet`s over T.
/// \tparam Jacobian `autodiff_jacobian`, or a callable `jac(const vector<T>& q)` returning G(q) as a
///                  `matrix<T>` or a `sparse_matrix<T>` (m × n).
///
/// Members throw std::invalid_argument when g returns another number of entries than m or the
/// Jacobian another shape than m × n, and std::domain_error naming the entry when a value or a
/// derivative is not finite.
template <class T, class Function, class Jacobian = autodiff_jacobian>
class holonomic_constraints {
public:
    /// Scalar type.
    using value_type = T;
    /// Whether the user supplied the Jacobian G (else it is computed by forward autodiff).
    static constexpr bool user_jacobian = !std::is_same_v<Jacobian, autodiff_jacobian>;
    /// G's type: `matrix<T>`, or `sparse_matrix<T>` when the user's Jacobian returns one.
    using jacobian_type = typename detail::constraint_jacobian_type<T, Jacobian>::type;
    /// Whether G is a sparse matrix.
    static constexpr bool sparse_jacobian = is_sparse_matrix_v<jacobian_type>;
    static_assert(std::is_same_v<jacobian_type, matrix<T>> || std::is_same_v<jacobian_type, sparse_matrix<T>>,
                  "a constraint Jacobian jac(q) returns a geomint::matrix<T> or a geomint::sparse_matrix<T>");

    /// \param m   the number of constraints (>= 1).
    /// \param g   the constraint function g(q) (m entries), generic in its scalar.
    /// \param jac the Jacobian G(q) (m × n), or `autodiff_jacobian` to compute it by forward autodiff.
    /// \throws std::invalid_argument if m < 1.
    holonomic_constraints(Eigen::Index m, Function g, Jacobian jac = Jacobian{})
        : m_m(m), m_g(std::move(g)), m_jac(std::move(jac)) {
        if (m < 1)
            throw std::invalid_argument("holonomic_constraints: m = " + std::to_string(m) +
                                        " constraints (precondition: m >= 1)");
    }

    /// The number of constraints m.
    Eigen::Index size() const { return m_m; }

    /// g(q), m entries. `q`: n entries.
    vector<T> value(const vector<T>& q) const {
        std::vector<T> x(q.data(), q.data() + q.size());
        const std::vector<T> g = m_g(std::as_const(x));
        require_count(g.size());
        vector<T> out(m_m);
        for (Eigen::Index i = 0; i < m_m; ++i) {
            out(i) = g[static_cast<std::size_t>(i)];
            if (!is_finite(out(i)))
                throw std::domain_error("holonomic_constraints: g(" + std::to_string(i) +
                                        ") = " + geomint::to_string(out(i)) + " is not finite");
        }
        return out;
    }

    /// G(q) = ∂g/∂q, m × n: the user's Jacobian, or one evaluation of g on first-order jets over q.
    jacobian_type jacobian(const vector<T>& q) const {
        const Eigen::Index n = q.size();
        jacobian_type G;
        if constexpr (user_jacobian) {
            G = m_jac(q);
            if (G.rows() != m_m || G.cols() != n)
                throw std::invalid_argument("holonomic_constraints: the Jacobian is " + std::to_string(G.rows()) + " x " +
                                            std::to_string(G.cols()) + " (precondition: m x n = " +
                                            std::to_string(m_m) + " x " + std::to_string(n) + ")");
        } else if (n <= jet_capacity) {
            G = jacobian_on<forward_jet<T, jet_capacity, 1>>(q);
        } else {
            G = jacobian_on<forward_jet<T, Eigen::Dynamic, 1>>(q);
        }
        if constexpr (sparse_jacobian) {
            for (Eigen::Index j = 0; j < G.outerSize(); ++j)
                for (typename jacobian_type::InnerIterator it(G, j); it; ++it)
                    if (!is_finite(it.value())) throw_non_finite(it.row(), it.col(), it.value());
        } else if (const Eigen::Index k = first_non_finite(G); k >= 0) {
            throw_non_finite(k % m_m, k / m_m, G(k % m_m, k / m_m));
        }
        return G;
    }

    /// H = ∂/∂q (G(q) v) at a fixed v (m × n, dense): row i is (∇²g_i(q) v)ᵀ, by one evaluation of g
    /// on second-order jets over q — the derivative of the hidden constraint G(q) M⁻¹ p = 0 along
    /// q (analysis/restricted_symplecticity.hpp). O(m n²): for analyses of small models.
    matrix<T> hidden_constraint_jacobian(const vector<T>& q, const vector<T>& v) const {
        const Eigen::Index n = q.size();
        const auto g = second_order_values(q);
        matrix<T> H = matrix<T>::Zero(m_m, n);
        for (Eigen::Index i = 0; i < m_m; ++i) {
            const auto& gi = g[static_cast<std::size_t>(i)];
            if (gi.directions() != 0) H.row(i) = (gi.hessian() * v).transpose();
        }
        if (const Eigen::Index k = first_non_finite(H); k >= 0)
            throw std::domain_error("holonomic_constraints: the hidden constraint's derivative entry (" +
                                    std::to_string(k % m_m) + ", " + std::to_string(k / m_m) + ") is not finite");
        return H;
    }

    /// Σ_i λ_i ∇²g_i(q) (n × n, dense, symmetric): the derivative of G(q)ᵀλ along q at fixed λ (m
    /// entries), by one evaluation of g on second-order jets over q — the constraint forces' term
    /// of the constrained Galerkin VI's Newton Jacobian on a Lagrangian model. O(m n²).
    matrix<T> multiplier_hessian(const vector<T>& q, const vector<T>& lambda) const {
        const Eigen::Index n = q.size();
        const auto g = second_order_values(q);
        matrix<T> H = matrix<T>::Zero(n, n);
        for (Eigen::Index i = 0; i < m_m; ++i) {
            const auto& gi = g[static_cast<std::size_t>(i)];
            if (gi.directions() != 0) H += lambda(i) * gi.hessian();
        }
        if (const Eigen::Index k = first_non_finite(H); k >= 0)
            throw std::domain_error("holonomic_constraints: the multipliers' Hessian entry (" + std::to_string(k % n) +
                                    ", " + std::to_string(k / n) + ") is not finite");
        return H;
    }

private:
    /// g on second-order jets over q (m jets, checked count): values, gradients and Hessians.
    auto second_order_values(const vector<T>& q) const {
        const Eigen::Index n = q.size();
        std::vector<forward_jet<T, Eigen::Dynamic, 2>> x;
        x.reserve(static_cast<std::size_t>(n));
        for (Eigen::Index i = 0; i < n; ++i) x.push_back(forward_jet<T, Eigen::Dynamic, 2>::variable(q(i), i, n));
        auto g = m_g(std::as_const(x));
        require_count(g.size());
        return g;
    }

    /// Jets held in place for n <= jet_capacity; on the heap above.
    static constexpr Eigen::Index jet_capacity = 8;

    template <class J>
    matrix<T> jacobian_on(const vector<T>& q) const {
        const Eigen::Index n = q.size();
        std::vector<J> x;
        x.reserve(static_cast<std::size_t>(n));
        for (Eigen::Index i = 0; i < n; ++i) x.push_back(J::variable(q(i), i, n));
        const std::vector<J> g = m_g(std::as_const(x));
        require_count(g.size());
        matrix<T> G = matrix<T>::Zero(m_m, n);
        for (Eigen::Index i = 0; i < m_m; ++i) {
            const J& gi = g[static_cast<std::size_t>(i)];
            if (gi.directions() != 0) G.row(i) = gi.gradient().transpose();  // a constant row has G_i = 0
        }
        return G;
    }

    [[noreturn]] static void throw_non_finite(Eigen::Index i, Eigen::Index j, const T& value) {
        throw std::domain_error("holonomic_constraints: the Jacobian entry (" + std::to_string(i) + ", " +
                                std::to_string(j) + ") = " + geomint::to_string(value) + " is not finite");
    }

    void require_count(std::size_t k) const {
        if (static_cast<Eigen::Index>(k) != m_m)
            throw std::invalid_argument("holonomic_constraints: g returned " + std::to_string(k) +
                                        " entries (precondition: m = " + std::to_string(m_m) + ")");
    }

    Eigen::Index m_m;
    Function m_g;
    Jacobian m_jac;
};

/// `holonomic_constraints<T, Function>`: m constraints g, Jacobian by autodiff.
template <class T, class Function>
holonomic_constraints<T, Function> make_holonomic_constraints(Eigen::Index m, Function g) {
    return holonomic_constraints<T, Function>(m, std::move(g));
}

/// `holonomic_constraints<T, Function, Jacobian>`: m constraints g with the user's Jacobian jac(q).
template <class T, class Function, class Jacobian>
holonomic_constraints<T, Function, Jacobian> make_holonomic_constraints(Eigen::Index m, Function g, Jacobian jac) {
    return holonomic_constraints<T, Function, Jacobian>(m, std::move(g), std::move(jac));
}

template <class S>
struct is_holonomic_constraints : std::false_type {};
template <class T, class F, class J>
struct is_holonomic_constraints<holonomic_constraints<T, F, J>> : std::true_type {};

}  // namespace geomint
