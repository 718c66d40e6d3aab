#pragma once
/// \file
/// A `constrained_system` (model/constrained_system.hpp) applied to Eigen vectors: M⁻¹ x by the
/// user's f, the force by g, the constraints' values and Jacobian, M⁻¹ G(q)ᵀ column by column —
/// the operations of the RATTLE step and of the projections onto the constrained phase space. G and
/// M⁻¹Gᵀ are dense, or sparse when the constraints give a sparse Jacobian (with M⁻¹ a sparse matrix).

#include "geomint/linalg.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/sparse.hpp"
#include "geomint/state.hpp"

#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

namespace geomint::scheme::detail {

/// The buffers a constrained model's calls go through (owned by the stepper, reused by steps).
template <class Coor, class Momentum>
struct constrained_workspace {
    geomint::detail::callable_adapter<Momentum, Coor> f_call;  ///< p ↦ M⁻¹ p
    geomint::detail::callable_adapter<Coor, Momentum> g_call;  ///< q ↦ −∇V(q)
};

/// The operations of a constrained pair on Eigen vectors. Built per step; holds pointers.
template <class T, class Coor, class Momentum, class System>
class constrained_model {
public:
    using value_type = T;
    using workspace = constrained_workspace<Coor, Momentum>;
    using constraints_type = std::remove_cv_t<decltype(std::declval<System&>().constraints)>;
    /// The type of G(q) and of M⁻¹ Gᵀ: both sparse when the constraints' Jacobian is (M⁻¹ is then
    /// given as a sparse matrix), else dense.
    using jacobian_type = typename constraints_type::jacobian_type;
    static constexpr bool is_sparse = constraints_type::sparse_jacobian;

    constrained_model(System& sys, workspace& ws) : m_sys(&sys), m_ws(&ws) {}

    /// M⁻¹ x (a call of f). `x`: n entries.
    template <class X>
    vector<T> inverse_mass(const X& x) const {
        vector<T> out;
        m_ws->f_call(m_sys->coordinate_rate, x, out, "constrained", "coordinate function f(p, dqdt)");
        return out;
    }
    /// −∇V(q) (a call of g), without the constraint forces.
    vector<T> force(const vector<T>& q) const {
        vector<T> out;
        m_ws->g_call(m_sys->momentum_rate, q, out, "constrained", "momentum function g(q, dpdt)");
        return out;
    }
    /// The number of constraints m.
    Eigen::Index constraint_count() const { return m_sys->constraints.size(); }
    /// g_c(q), m entries.
    vector<T> constraint(const vector<T>& q) const { return m_sys->constraints.value(q); }
    /// G(q), m × n.
    jacobian_type constraint_jacobian(const vector<T>& q) const { return m_sys->constraints.jacobian(q); }
    /// M⁻¹ Gᵀ (n × m): a product with the given M⁻¹, else one call of f per constraint.
    jacobian_type inverse_mass_times_transpose(const jacobian_type& G) const {
        using S = std::remove_cv_t<System>;
        if constexpr (S::has_inverse_mass) {
            if (m_sys->inverse_mass.rows() != G.cols())
                throw std::invalid_argument("constrained: M^-1 is " + std::to_string(m_sys->inverse_mass.rows()) +
                                            " square but the state has " + std::to_string(G.cols()) + " entries");
            return jacobian_type(m_sys->inverse_mass * G.transpose());
        } else {
            matrix<T> B(G.cols(), G.rows());
            for (Eigen::Index i = 0; i < G.rows(); ++i) B.col(i) = inverse_mass(vector<T>(G.row(i).transpose()));
            return B;
        }
    }

private:
    System* m_sys;
    workspace* m_ws;
};

}  // namespace geomint::scheme::detail
