#pragma once
// Negative controls of the constrained checks: steppers that violate what a constrained stepper
// claims, so a test can show that its measure fails when it should.
#include <geomint/constrained.hpp>

#include <cstddef>

namespace geomint_test {

/// Leapfrog on the unconstrained pair (the constraint forces ignored), then, with `Project`,
/// `project_onto_constraints`: neither symmetric nor symplectic on the manifold; without the
/// projection its states also leave the manifold. Odeint's symplectic form on (V, V).
template <class V, bool Project = true>
struct projected_leapfrog {
    using coor_type = V;
    using momentum_type = V;

    template <class System, class X, class T>
    void do_step(System& sys, X& x, const T& /*t*/, const T& h) {
        V a(x.first.size()), force(x.first.size());
        sys.momentum_rate(x.first, force);
        for (std::size_t i = 0; i < force.size(); ++i) x.second[i] += h / 2 * force[i];
        sys.coordinate_rate(x.second, a);
        for (std::size_t i = 0; i < a.size(); ++i) x.first[i] += h * a[i];
        sys.momentum_rate(x.first, force);
        for (std::size_t i = 0; i < force.size(); ++i) x.second[i] += h / 2 * force[i];
        if constexpr (Project) geomint::project_onto_constraints(sys, x);
    }
};

}  // namespace geomint_test
