#pragma once
/// \file
/// Tao's example of a non-separable Hamiltonian, H(q, p) = (q² + 1)(p² + 1)/2 (one degree of
/// freedom), in any precision: the test problem of explicit integrators on an extended phase
/// space. Its orbits are closed (H is conserved and the level sets are bounded ovals), the
/// frequency growing with the energy.
///
/// Source: M. Tao, *Explicit symplectic approximation of nonseparable Hamiltonians: algorithm and
/// long time performance*, Phys. Rev. E 94, 043303 (2016), §V.A.

#include "geomint/model/hamiltonian_system.hpp"

namespace geomint::problems {

/// H = (q² + 1)(p² + 1)/2 as a generic callable, the model, and Hamilton's equations written out.
template <class T>
struct tao_hamiltonian {
    /// H(q, p), generic in the element type (for `make_hamiltonian_system`).
    static auto hamiltonian() {
        return [](const auto& q, const auto& p) { return (q[0] * q[0] + 1) * (p[0] * p[0] + 1) / 2; };
    }
    /// The model (one degree of freedom).
    static auto system() { return make_hamiltonian_system<T>(1, hamiltonian()); }
    /// Hamilton's equations written out by hand (no autodiff), for reference solvers: x = (q, p) ↦
    /// (dq/dt, dp/dt) = ((q² + 1) p, −q (p² + 1)); `X` any container of 2 entries of T.
    template <class X>
    static void rates(const X& x, X& dxdt) {
        dxdt[0] = (x[0] * x[0] + 1) * x[1];
        dxdt[1] = -x[0] * (x[1] * x[1] + 1);
    }
};

}  // namespace geomint::problems
