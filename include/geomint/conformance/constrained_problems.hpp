#pragma once
/// \file
/// The test problems of the constrained conformance check (conformance/examine_constrained.hpp),
/// each a small value type in any precision T with the interface `examine_constrained` reads:
///
/// | member | meaning |
/// |---|---|
/// | `value_type`, `name` | the scalar T; a label for reports |
/// | `system<Coor>()` | odeint's pair form with holonomic constraints (`geomint::constrained`) on states of type Coor |
/// | `q0()`, `p0()` | the initial point on the constrained phase space (Eigen vectors of n entries) |
/// | `hamiltonian(q, p)` | H in T |
/// | `time_span()`, `coarse_steps()` | the order runs integrate [0, time_span] with coarse_steps · 2^{k/2} steps |
/// | `defect_step()` | the step h of the one-step symplecticity and reversibility checks |
/// | `energy_step()`, `energy_steps()` | the run along which the energy error and the constraint residuals are measured |
///
/// Neither has an exact solution: the order runs are compared with each other.

#include "geomint/linalg.hpp"
#include "geomint/problems/cartesian_double_pendulum.hpp"
#include "geomint/problems/spherical_pendulum.hpp"

#include <boost/math/constants/constants.hpp>

#include <cstddef>
#include <utility>

namespace geomint::conformance {

/// The spherical pendulum (problems/spherical_pendulum.hpp, |q| = 1, g = 9.81) from θ = 1,
/// θ̇ = 1/3, φ = 0, φ̇ = 2: one constraint on ℝ³.
template <class T>
struct spherical_pendulum_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "spherical pendulum";
    /// The model the problem integrates.
    problems::spherical_pendulum<T> model;

    /// The system handed to the stepper.
    template <class Coor>
    auto system() const {
        return model.template system<Coor>();
    }
    /// Initial coordinates q(0).
    vector<T> q0() const { return model.cartesian_state(T(1), T(1) / T(3), T(0), T(2)).first; }
    /// Initial momenta p(0).
    vector<T> p0() const { return model.cartesian_state(T(1), T(1) / T(3), T(0), T(2)).second; }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return model.energy(q, p);
    }
    /// Time span of the order runs.
    T time_span() const { return T(1); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 8; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return T(1) / T(20); }
    /// Step size of the long energy run.
    T energy_step() const { return T(1) / T(20); }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 2000; }
};

/// The Simpson paper's nonlinear double pendulum in Cartesian coordinates
/// (problems/cartesian_double_pendulum.hpp) from θ = (1/5, π/6), θ̇ = (1, −2): two constraints
/// on ℝ⁴.
template <class T>
struct cartesian_double_pendulum_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "double pendulum (Cartesian)";
    /// The model the problem integrates.
    problems::cartesian_double_pendulum<T> model;

    /// The system handed to the stepper.
    template <class Coor>
    auto system() const {
        return model.template system<Coor>();
    }
    /// Initial coordinates q(0).
    vector<T> q0() const { return start().first; }
    /// Initial momenta p(0).
    vector<T> p0() const { return start().second; }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return model.energy(q, p);
    }
    /// Time span of the order runs.
    T time_span() const { return model.angles.tbar; }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 16; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return model.angles.tbar / T(50); }
    /// Step size of the long energy run.
    T energy_step() const { return model.angles.tbar / T(50); }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 2000; }

private:
    std::pair<vector<T, 4>, vector<T, 4>> start() const {
        return model.cartesian_state(T(1) / T(5), T(1), boost::math::constants::pi<T>() / T(6), T(-2));
    }
};

}  // namespace geomint::conformance
