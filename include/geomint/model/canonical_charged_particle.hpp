#pragma once
/// \file
/// `canonical_charged_particle`: a charged particle given by its potentials, the vector potential
/// A(x, t) and the scalar potential φ(x, t) (B = ∇ × A, E = −∇φ − ∂A/∂t), as the Hamiltonian
/// system in canonical coordinates (x, p), per unit mass,
///     H(x, p, t) = ½ |p − (q/m) A(x, t)|² + (q/m) φ(x, t),   p = v + (q/m) A(x, t),
/// a non-separable H that `gauss_collocation_stepper` steps symplectically (the Boris map is not
/// symplectic in non-uniform fields). Units: per unit mass, as `charged_particle` (SI: A in T·m =
/// V·s/m, φ in V, q/m in C/kg, p in m/s).
///
/// A and φ are generic callables, evaluated on forward jets for H's derivatives:
/// \code
///   // B = (0, 0, r) from A = (−y r/3, x r/3, 0), r = √(x² + y²); φ = 1/(100 r)
///   auto particle = geomint::make_canonical_charged_particle<double>(
///       1.0,
///       [](const auto& x, const double&) {
///           using std::sqrt;
///           const auto r = sqrt(x[0] * x[0] + x[1] * x[1]);
///           using U = std::decay_t<decltype(r)>;
///           return std::array<U, 3>{-x[1] * r / 3, x[0] * r / 3, U(0)};
///       },
///       [](const auto& x, const double&) { using std::sqrt; return 1 / (100 * sqrt(x[0] * x[0] + x[1] * x[1])); });
///   auto sys = particle.system();                         // a hamiltonian_system, 3 degrees of freedom
///   auto p0 = particle.momentum(x0, v0, 0.0);             // canonical momentum from a velocity
/// \endcode
/// A(x, t) takes `x` (a `std::vector<U>` of 3, U = T or a jet over T) and `const T& t` and returns
/// three entries of U indexable by [0], [1], [2]; φ(x, t) returns a U. Errors: those of
/// `hamiltonian_system` (a non-finite H or derivative names the point and t).

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/hamiltonian_system.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

namespace geomint {

/// A charged particle given by its potentials (file comment).
///
/// \tparam T               scalar type.
/// \tparam VectorPotential generic callable A(x, t), three entries.
/// \tparam ScalarPotential generic callable φ(x, t).
template <class T, class VectorPotential, class ScalarPotential>
class canonical_charged_particle {
public:
    /// \throws std::invalid_argument unless q/m is finite and non-zero.
    canonical_charged_particle(T charge_to_mass, VectorPotential A, ScalarPotential phi)
        : m_qm(std::move(charge_to_mass)), m_A(std::move(A)), m_phi(std::move(phi)) {
        if (!is_finite(m_qm) || m_qm == T(0))
            throw std::invalid_argument("canonical_charged_particle: q/m = " + geomint::to_string(m_qm) +
                                        " violates the precondition q/m finite and non-zero");
    }

    /// The charge-to-mass ratio q/m.
    const T& charge_to_mass() const { return m_qm; }

    /// H(x, p, t) = ½|p − (q/m)A|² + (q/m)φ as a generic callable (file comment).
    auto hamiltonian() const {
        return [qm = m_qm, A = m_A, phi = m_phi](const auto& x, const auto& p, const T& t) {
            const auto a = A(x, t);
            const auto k0 = p[0] - qm * a[0], k1 = p[1] - qm * a[1], k2 = p[2] - qm * a[2];
            return (k0 * k0 + k1 * k1 + k2 * k2) / 2 + qm * phi(x, t);
        };
    }
    /// The model: a `hamiltonian_system` of three degrees of freedom, q = x, p canonical.
    auto system() const { return make_hamiltonian_system<T>(3, hamiltonian()); }

    /// The canonical momentum p = v + (q/m)A(x, t) of a velocity v at x (3-vectors).
    vector<T, 3> momentum(const vector<T, 3>& x, const vector<T, 3>& v, const T& t) const { return v + m_qm * potential(x, t); }
    /// The velocity v = p − (q/m)A(x, t) of a canonical momentum p at x.
    vector<T, 3> velocity(const vector<T, 3>& x, const vector<T, 3>& p, const T& t) const { return p - m_qm * potential(x, t); }
    /// A(x, t) at a point, in T.
    vector<T, 3> potential(const vector<T, 3>& x, const T& t) const {
        const std::vector<T> point{x(0), x(1), x(2)};
        const auto a = m_A(point, t);
        return vector<T, 3>(T(a[0]), T(a[1]), T(a[2]));
    }

private:
    T m_qm;
    VectorPotential m_A;
    ScalarPotential m_phi;
};

/// `canonical_charged_particle<T, VectorPotential, ScalarPotential>` with q/m = `charge_to_mass`.
template <class T, class VectorPotential, class ScalarPotential>
canonical_charged_particle<T, VectorPotential, ScalarPotential> make_canonical_charged_particle(T charge_to_mass,
                                                                                               VectorPotential A,
                                                                                               ScalarPotential phi) {
    return canonical_charged_particle<T, VectorPotential, ScalarPotential>(std::move(charge_to_mass), std::move(A),
                                                                           std::move(phi));
}

}  // namespace geomint
