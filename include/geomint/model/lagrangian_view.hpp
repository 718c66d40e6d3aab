#pragma once
/// \file
/// The Lagrangian-derivatives view of a system: what the Galerkin VI's Newton path needs —
/// `derivatives(q, v)` → `lagrangian_derivatives<T>` (and `derivatives(q, v, d)` into `d`),
/// `gradient(q, v, d)` (∂L/∂q and ∂L/∂v into d.Lq and d.Lv), `velocity(q, p)` (the inverse Legendre transform) and `dof()`. A `lagrangian_system` has them
/// itself; a dense `quadratic_lagrangian` (L = ½ vᵀMv − ½ qᵀKq) is seen through
/// `quadratic_lagrangian_view` (constant second derivatives, exact in rational arithmetic).

#include "geomint/linalg.hpp"
#include "geomint/model/lagrangian_system.hpp"
#include "geomint/model/system_form.hpp"

#include <utility>

namespace geomint {

/// A dense `quadratic_lagrangian` seen as a Lagrangian model.
template <class Model>
struct quadratic_lagrangian_view {
    using T = typename Model::value_type;
    const Model& model;

    std::size_t dof() const { return static_cast<std::size_t>(model.size()); }
    lagrangian_derivatives<T> derivatives(const vector<T>& q, const vector<T>& v) const {
        lagrangian_derivatives<T> d;
        derivatives(q, v, d);
        return d;
    }
    void derivatives(const vector<T>& q, const vector<T>& v, lagrangian_derivatives<T>& d) const {
        const Eigen::Index n = q.size();
        d.Lqq = -matrix<T>(model.stiffness());
        d.Lvv = model.mass();
        d.Lvq.setZero(n, n);
        d.Lq.noalias() = d.Lqq * q;
        d.Lv.noalias() = d.Lvv * v;
    }
    void gradient(const vector<T>& q, const vector<T>& v, lagrangian_derivatives<T>& d) const {
        d.Lq.noalias() = -(model.stiffness() * q);
        d.Lv.noalias() = model.mass() * v;
    }
    vector<T> velocity(const vector<T>& /*q*/, const vector<T>& p) const { return model.apply_inverse_mass(p); }
};

/// True for the systems that have a Lagrangian view: `lagrangian_system` and dense
/// `quadratic_lagrangian`.
template <class S>
constexpr bool has_lagrangian_view() {
    constexpr system_form f = form_of<S>();
    return f == system_form::lagrangian || f == system_form::quadratic_lagrangian;
}

/// Calls `use(view)` with the Lagrangian view of `sys` (see has_lagrangian_view).
template <class S, class Use>
decltype(auto) with_lagrangian_view(const S& sys, Use&& use) {
    static_assert(has_lagrangian_view<S>(), "a Lagrangian view needs a lagrangian_system or a dense quadratic_lagrangian");
    if constexpr (form_of<S>() == system_form::lagrangian) return use(sys);
    else return use(quadratic_lagrangian_view<S>{sys});
}

}  // namespace geomint
