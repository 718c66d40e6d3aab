#pragma once
/// \file
/// A reference trajectory of any truss (Graham & Jelenić, eq. (2.2)) by a high-order
/// non-geometric integrator, for measuring the error of Algorithm MC's members where no exact
/// solution is known (the order fits of Table 1; the main job's error runs).

#include "geomint/linalg.hpp"
#include "geomint/model/truss.hpp"

#include <boost/numeric/odeint/integrate/integrate_n_steps.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>

namespace geomint::problems {

/// The state at `t_end` from (R, P) at 0 (M R̈ + 𝓕R = F(R, t), (2.2)), by odeint's `runge_kutta_fehlberg78` with `steps` fixed
/// steps (eighth order: error ~ (t_end/steps)⁸; fixed steps, since odeint's controlled steppers do
/// not compile for multiprecision scalars with range_algebra). Use it in a higher precision than
/// the scheme under test, or with steps small enough that its error is below the one measured.
/// \throws std::invalid_argument if steps = 0.
template <class T, class StrainEnergy, class Load>
std::pair<nodal<T>, nodal<T>> truss_reference_state(const truss<T, StrainEnergy, Load>& sys, const nodal<T>& R,
                                                    const nodal<T>& P, const T& t_end, std::size_t steps) {
    if (steps == 0) throw std::invalid_argument("truss_reference_state: steps = 0 (precondition: >= 1)");
    sys.require_shape(R, "R");
    sys.require_shape(P, "P");
    const Eigen::Index n = R.rows();
    std::vector<T> y(static_cast<std::size_t>(6 * n));
    Eigen::Map<nodal<T>>(y.data(), n, 3) = R;
    Eigen::Map<nodal<T>>(y.data() + 3 * n, n, 3) = P;
    const auto rhs = [&sys, n](const std::vector<T>& z, std::vector<T>& dz, const T& t) {
        const nodal<T> Rz = Eigen::Map<const nodal<T>>(z.data(), n, 3);
        const nodal<T> Pz = Eigen::Map<const nodal<T>>(z.data() + 3 * n, n, 3);
        Eigen::Map<nodal<T>>(dz.data(), n, 3) = sys.velocities(Pz);
        Eigen::Map<nodal<T>>(dz.data() + 3 * n, n, 3) = sys.load_force(Rz, t) - sys.stiffness(Rz) * Rz;
    };
    namespace odeint = boost::numeric::odeint;
    odeint::integrate_n_steps(odeint::runge_kutta_fehlberg78<std::vector<T>, T>(), rhs, y, T(0),
                              T(t_end / T(static_cast<long long>(steps))), steps);
    return {nodal<T>(Eigen::Map<const nodal<T>>(y.data(), n, 3)), nodal<T>(Eigen::Map<const nodal<T>>(y.data() + 3 * n, n, 3))};
}

}  // namespace geomint::problems
