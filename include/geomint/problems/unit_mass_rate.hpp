#pragma once
/// \file
/// dq/dt = p, the coordinate half of odeint's symplectic pair form for unit masses
/// (T(p) = |p|²/2), for any containers indexable by [i] with `size()` (element T or an autodiff
/// variable over T), or a scalar (one degree of freedom). Shared by the problems written in pair
/// form.

#include <cstddef>

namespace geomint::problems {

/// dq/dt = p (unit mass), odeint's coordinate rate.
struct unit_mass_rate {
    /// Writes dq/dt = p.
    template <class P, class D>
    void operator()(const P& p, D& dqdt) const {
        if constexpr (requires { p.size(); })
            for (std::size_t i = 0; i < std::size_t(p.size()); ++i) dqdt[i] = p[i];
        else
            dqdt = p;
    }
};

}  // namespace geomint::problems
