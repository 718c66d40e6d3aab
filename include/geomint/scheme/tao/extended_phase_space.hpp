#pragma once
/// \file
/// Tao's explicit method for a non-separable H(q, p) (M. Tao, *Explicit symplectic approximation
/// of nonseparable Hamiltonians: algorithm and long time performance*, Phys. Rev. E 94, 043303
/// (2016), eqs. (2)–(5)): the phase space is doubled to (q, p, x, y) with
///     H̃(q, p, x, y) = H_A + H_B + ω H_C,   H_A = H(q, y),   H_B = H(x, p),
///     H_C = (|q − x|² + |p − y|²)/2,
/// each of whose flows is exact and explicit:
/// - φ_A^δ (q and y fixed): p ← p − δ ∂H/∂q(q, y), x ← x + δ ∂H/∂p(q, y);
/// - φ_B^δ (x and p fixed): q ← q + δ ∂H/∂p(x, p), y ← y − δ ∂H/∂q(x, p);
/// - φ_C^δ (q + x and p + y fixed): (q − x, p − y) turned by the angle 2ωδ,
///   u ← cos(2ωδ) u + sin(2ωδ) v, v ← −sin(2ωδ) u + cos(2ωδ) v for u = q − x, v = p − y.
/// The second-order map is Φ^δ = φ_A^{δ/2} φ_B^{δ/2} φ_C^δ φ_B^{δ/2} φ_A^{δ/2}, and a symmetric
/// composition of it with the weights γ of `Method` (scheme/composition/symmetric_composition.hpp:
/// stormer_verlet for Φ itself, yoshida4, yoshida6, yoshida8, suzuki4, kahan_li6, …) has
/// Method::order (Tao §3; Yoshida 1990). Consecutive half flows φ_A of adjacent substeps are
/// merged (φ_A leaves q and y, hence its gradient, unchanged): 3 gradient evaluations of H a
/// substep and one more a step.
///
/// What it is and is not (Tao §3–4): symplectic and symmetric **in the doubled space**, of
/// H̃; the pair (q, p) the stepper returns is one copy, and alone it is neither. From x = q, y = p
/// the exact flow of H̃ stays on that diagonal and is the flow of H, so the method converges to H's
/// flow at its order; the copies drift apart by O(h^order) per unit time, the binding ω H_C pulls
/// them together, and Tao's error bound grows with ω (and holds for times up to
/// O(min(1/δ, 1/ω^{1/2}))). ω is a parameter of the user's: Tao takes ω = 20 at δ = 0.1 on his
/// example, H = (q² + 1)(p² + 1)/2. Autonomous H only.

#include "geomint/matrix.hpp"
#include "geomint/model/hamiltonian_system.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/traits.hpp"

#include <cmath>
#include <vector>

namespace geomint::scheme {

/// Trait block of Tao's method composed by `Method`'s weights: order Method::order, symplectic and
/// symmetric in the doubled space (the claims are the extended map's; file comment).
template <class Method = stormer_verlet>
struct tao_extended_phase : scheme_claims<Method::order, symplectic_map | time_symmetric>, stability_not_analysed {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "tao_extended_phase";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Tao, Phys. Rev. E 94 (2016) 043303, eqs. (2)-(5); weights: Method::source";
    /// The composition method whose weights are used.
    using method = Method;
    /// The composition weights γ in T (palindromic, Σγ = 1).
    template <class T>
    static const std::vector<T>& weights() {
        return Method::template weights<T>();
    }
};

/// The doubled state (q, p, x, y) of Tao's method and one composed step on it.
template <class T, int N = Eigen::Dynamic>
struct tao_extended_state {
    /// n-vector.
    using vec = vector<T, N>;
    vec q;  ///< coordinates of the copy the stepper returns
    vec p;  ///< momenta of the copy the stepper returns
    vec x;  ///< coordinates of the other copy
    vec y;  ///< momenta of the other copy

    /// One step of size h of the composition with weights `gamma` (file comment), on a model with
    /// `gradient(q, p, t, d)` into a `hamiltonian_derivatives<T, N>`, with binding ω.
    /// \throws std::domain_error from the model (a non-finite H or gradient).
    template <class System>
    void step(const System& sys, const std::vector<T>& gamma, const T& h, const T& omega) {
        const std::size_t s = gamma.size();
        T a = gamma[0] * h / 2;  // the pending φ_A substep (merged across substeps)
        for (std::size_t l = 0; l < s; ++l) {
            const T delta = gamma[l] * h;
            flow_A(sys, a);
            flow_B(sys, delta / 2);
            flow_C(delta, omega);
            flow_B(sys, delta / 2);
            a = (l + 1 < s ? gamma[l] + gamma[l + 1] : gamma[l]) * h / 2;
        }
        flow_A(sys, a);
    }

    /// max(|q − x|, |p − y|): how far the copies have drifted apart.
    T copy_distance() const {
        const T d = (q - x).cwiseAbs().maxCoeff(), e = (p - y).cwiseAbs().maxCoeff();
        return e > d ? e : d;
    }

private:
    template <class System>
    void flow_A(const System& sys, const T& delta) {
        sys.gradient(q, y, T(0), m_d);
        p -= delta * m_d.Hq;
        x += delta * m_d.Hp;
    }
    template <class System>
    void flow_B(const System& sys, const T& delta) {
        sys.gradient(x, p, T(0), m_d);
        q += delta * m_d.Hp;
        y -= delta * m_d.Hq;
    }
    void flow_C(const T& delta, const T& omega) {
        using std::cos;
        using std::sin;
        const T angle = 2 * omega * delta, c = cos(angle), sn = sin(angle);
        m_u = q - x;
        m_v = p - y;
        m_sum = q + x;
        q = (m_sum + c * m_u + sn * m_v) / 2;
        x = (m_sum - c * m_u - sn * m_v) / 2;
        m_sum = p + y;
        p = (m_sum - sn * m_u + c * m_v) / 2;
        y = (m_sum + sn * m_u - c * m_v) / 2;
    }

    hamiltonian_derivatives<T, N> m_d;
    vec m_u, m_v, m_sum;
};

}  // namespace geomint::scheme
