#pragma once
/// \file
/// The Lagrangian-derivatives view of a system: what the Galerkin VI's Newton path needs —
/// `derivatives(q, v)` → `lagrangian_derivatives<T>` (and `derivatives(q, v, d)` into `d`),
/// `gradient(q, v, d)` (∂L/∂q and ∂L/∂v into d.Lq and d.Lv), `velocity(q, p)` (the inverse Legendre transform) and `dof()`. A `lagrangian_system` has them
/// itself; a dense `quadratic_lagrangian` (L = ½ vᵀMv − ½ qᵀKq) is seen through
/// `quadratic_lagrangian_view` (constant second derivatives, exact in rational arithmetic), and a
/// dense `structural_system` through the same view with the force F(q, v, t) = f(t) − C v
/// (`has_force`, `force(q, v, t, d, jacobians)`: ∂F/∂q = 0, ∂F/∂v = −C).

#include "geomint/linalg.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/model/system_form.hpp"

#include <utility>

namespace geomint {

/// A dense `quadratic_lagrangian` or `structural_system` seen as a Lagrangian model.
template <class Model>
struct quadratic_lagrangian_view {
    /// Scalar type.
    using T = typename Model::value_type;
    /// The viewed model.
    const Model& model;
    /// Whether the model carries a non-conservative force (damping or a load).
    static constexpr bool has_force = form_of<Model>() == system_form::structural;

    /// Number of degrees of freedom n.
    std::size_t dof() const { return static_cast<std::size_t>(model.size()); }
    /// L's derivatives at (q, v): L = ½ vᵀMv − ½ qᵀKq.
    lagrangian_derivatives<T> derivatives(const vector<T>& q, const vector<T>& v) const {
        lagrangian_derivatives<T> d;
        derivatives(q, v, d);
        return d;
    }
    /// L's derivatives at (q, v), into \p d (its storage reused).
    template <int N>
    void derivatives(const vector<T, N>& q, const vector<T, N>& v, lagrangian_derivatives<T, N>& d) const {
        const Eigen::Index n = q.size();
        d.Lqq = -matrix<T>(model.stiffness());
        d.Lvv = model.mass();
        d.Lvq.setZero(n, n);
        d.Lq.noalias() = d.Lqq * q;
        d.Lv.noalias() = d.Lvv * v;
    }
    /// L's gradient (Lq, Lv) at (q, v), into \p d.
    template <int N>
    void gradient(const vector<T, N>& q, const vector<T, N>& v, lagrangian_derivatives<T, N>& d) const {
        d.Lq.noalias() = -(model.stiffness() * q);
        d.Lv.noalias() = model.mass() * v;
    }
    /// v = M⁻¹p.
    vector<T> velocity(const vector<T>& /*q*/, const vector<T>& p) const { return model.apply_inverse_mass(p); }

    /// F(q, v, t) = f(t) − C v into d.F; with `jacobians`, ∂F/∂q = 0 and ∂F/∂v = −C.
    template <int N>
    void force(const vector<T, N>& /*q*/, const vector<T, N>& v, const T& t, lagrangian_derivatives<T, N>& d,
               bool jacobians) const
        requires has_force
    {
        d.F = model.load(t);
        d.F.noalias() -= model.damping() * v;
        if (jacobians) {
            const Eigen::Index n = v.size();
            d.Fq.setZero(n, n);
            d.Fv = -matrix<T>(model.damping());
        }
    }
};

/// True for the systems that have a Lagrangian view: `lagrangian_system`, dense
/// `quadratic_lagrangian` and dense `structural_system`.
template <class S>
constexpr bool has_lagrangian_view() {
    constexpr system_form f = form_of<S>();
    if constexpr (f == system_form::structural) return !S::is_sparse;
    else return f == system_form::lagrangian || f == system_form::quadratic_lagrangian;
}

/// Calls `use(view)` with the Lagrangian view of `sys` (see has_lagrangian_view).
template <class S, class Use>
decltype(auto) with_lagrangian_view(const S& sys, Use&& use) {
    static_assert(has_lagrangian_view<S>(),
                  "a Lagrangian view needs a lagrangian_system, or a dense quadratic_lagrangian or structural_system");
    if constexpr (form_of<S>() == system_form::lagrangian) return use(sys);
    else return use(quadratic_lagrangian_view<S>{sys});
}

}  // namespace geomint
