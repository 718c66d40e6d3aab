#pragma once
/// \file
/// A `constrained_system` (model/constrained_system.hpp) applied to Eigen vectors: M⁻¹ x by the
/// user's f, the force by g, the constraints' values and Jacobian, M⁻¹ G(q)ᵀ column by column —
/// the operations of the RATTLE step and of the projections onto the constrained phase space.

#include "geomint/linalg.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/constrained_system.hpp"
#include "geomint/state.hpp"

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
    matrix<T> constraint_jacobian(const vector<T>& q) const { return m_sys->constraints.jacobian(q); }
    /// M⁻¹ Gᵀ (n × m), one call of f per constraint.
    matrix<T> inverse_mass_times_transpose(const matrix<T>& G) const {
        matrix<T> B(G.cols(), G.rows());
        for (Eigen::Index i = 0; i < G.rows(); ++i) B.col(i) = inverse_mass(vector<T>(G.row(i).transpose()));
        return B;
    }

private:
    System* m_sys;
    workspace* m_ws;
};

}  // namespace geomint::scheme::detail
