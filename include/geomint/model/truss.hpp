#pragma once
/// \file
/// `truss`: N nodes in 3-D with lumped masses, joined by bars with a strain energy φ(l), and an
/// optional conservative external load F = ∇_R U(R, t) given by its work function U.
///
/// Source: Graham & Jelenić, *Higher-order accuracy in conservative time integration with
/// emphasis on elastic truss structures*, §2: M R̈ + 𝓕(R) R = F (2.2), with 𝓕 of (2.3),
/// f_ij = φ'(l_ij)/l_ij, momenta P = M Ṙ (2.4), energy H = ½ P·M⁻¹P + φ − U (4.5).
///
/// Every matrix of the paper is made of blocks a_ij I₃ (2.3), (3.2): geomint stores the N × N
/// matrix (a_ij) and applies it to nodal arrays — N × 3 matrices whose row i is node i's
/// vector (`nodal<T>`). So 𝓕R is `stiffness(R) * R`.

#include "geomint/error.hpp"
#include "geomint/autodiff.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/difference_quotient.hpp"
#include "geomint/model/system_form.hpp"

#include <Eigen/Geometry>  // cross products
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// N × 3 array of nodal vectors (positions, momenta, forces): row i is node i. Row-major, so a
/// flat container of 3N entries (x₁, y₁, z₁, x₂, …) maps onto it without a copy.
template <class T>
using nodal = Eigen::Matrix<T, Eigen::Dynamic, 3, Eigen::RowMajor>;

/// Linear spring φ(l) = k (l − L)²/2; k in force/length.
template <class T>
struct linear_spring {
    T stiffness = T(1);  ///< k
    /// φ(l) for a bar of current length l and rest length L.
    template <class U>
    U operator()(const U& l, const T& rest_length) const {
        const U e = l - rest_length;
        return e * e * stiffness / 2;
    }
};

/// St. Venant–Kirchhoff bar: φ(l) = (EA L / 2) E², Green–Lagrange strain E = (l² − L²)/(2L²);
/// EA (axial stiffness) in force units.
template <class T>
struct st_venant_kirchhoff {
    T axial_stiffness = T(1);  ///< EA
    /// φ(l) for a bar of current length l and rest length L.
    template <class U>
    U operator()(const U& l, const T& rest_length) const {
        const T L2 = rest_length * rest_length;
        const U strain = (l * l - L2) / (2 * L2);
        return strain * strain * (axial_stiffness * rest_length / 2);
    }
};

/// Truss (or particle system with pair potentials) of (2.2)–(2.5).
///
/// \tparam T            scalar type.
/// \tparam StrainEnergy callable `U φ(const U& l, const T& L)` (bar length l, rest length L),
///                      for U = T and autodiff variables over T; `linear_spring<T>` or
///                      `st_venant_kirchhoff<T>`, or the user's own.
/// \tparam Load         `no_load`, or the work function of the external load: a callable
///                      `V U(const nodal<V>& R, const T& t)` (positions N × 3, time) generic in
///                      V (T, `dual<T>` and `dual<dual<T>>` are used), e.g.
///                      `[](const auto& R, const T& t) { return R(0, 2) * -g; }` for gravity on
///                      node 0. F = ∇_R U (2.2) and its derivatives come from autodiff.
///
/// Construction validates each element and throws `std::invalid_argument` naming it: a node
/// with non-positive or non-finite mass or position, a bar to itself, to an unknown node, with
/// rest length ≤ 0, or joining two nodes at the same place.
template <class T, class StrainEnergy = linear_spring<T>, class Load = no_load>
class truss {
public:
    /// Scalar type.
    using value_type = T;
    /// Type of the load f(t) (`no_load` without one).
    using load_type = Load;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::truss;
    /// Whether the truss carries an external load (U ≠ 0).
    static constexpr bool has_load = !std::is_same_v<Load, no_load>;

    truss() = default;
    /// A truss with the external load of work function `load` (see the class's `Load`).
    explicit truss(Load load) : m_load(std::move(load)) {}
    /// The external load as given.
    const Load& load() const { return m_load; }

    /// A bar between nodes i and j.
    struct bar {
        std::size_t i;  ///< first node index
        std::size_t j;  ///< second node index, j ≠ i
        T rest_length;      ///< L > 0
        /// Its strain energy φ(l).
        StrainEnergy energy;
    };

    /// Add a node at r with lumped mass m > 0; returns its index.
    std::size_t add_node(const std::array<T, 3>& r, const T& mass) {
        const std::size_t k = m_mass.size();
        if (!(mass > T(0)) || !is_finite(mass))
            throw std::invalid_argument("truss: node " + std::to_string(k) + " has mass " + geomint::to_string(mass) +
                                        " (precondition: finite and > 0)");
        for (int c = 0; c < 3; ++c)
            if (!is_finite(r[c]))
                throw std::invalid_argument("truss: node " + std::to_string(k) + " has a non-finite coordinate " +
                                            geomint::to_string(r[c]));
        m_mass.push_back(mass);
        m_reference.push_back(r);
        return k;
    }

    /// Add a bar between nodes i and j with rest length L and strain energy φ; returns its index.
    std::size_t add_bar(std::size_t i, std::size_t j, const T& rest_length, StrainEnergy energy = {}) {
        const std::string name = "truss: bar " + std::to_string(m_bars.size()) + " (" + std::to_string(i) + ", " +
                                 std::to_string(j) + ")";
        if (i >= nodes() || j >= nodes())
            throw std::invalid_argument(name + " names an unknown node (the truss has " + std::to_string(nodes()) +
                                        " nodes)");
        if (i == j) throw std::invalid_argument(name + " joins a node to itself");
        if (!(rest_length > T(0)) || !is_finite(rest_length))
            throw std::invalid_argument(name + " has rest length " + geomint::to_string(rest_length) +
                                        " (precondition: finite and > 0)");
        if (!(reference_distance2(i, j) > T(0))) throw std::invalid_argument(name + " has zero length: its nodes coincide");
        m_bars.push_back(bar{i, j, rest_length, std::move(energy)});
        return m_bars.size() - 1;
    }

    /// Add a bar whose rest length is the current distance between its nodes.
    std::size_t add_bar(std::size_t i, std::size_t j, StrainEnergy energy = {}) {
        if (i >= nodes() || j >= nodes() || i == j) return add_bar(i, j, T(1), std::move(energy));  // throws
        using std::sqrt;
        return add_bar(i, j, T(sqrt(reference_distance2(i, j))), std::move(energy));
    }

    /// Number of nodes N.
    std::size_t nodes() const { return m_mass.size(); }
    /// The bars.
    const std::vector<bar>& bars() const { return m_bars; }
    /// The nodal masses m_i.
    const std::vector<T>& masses() const { return m_mass; }

    /// Node positions as given to `add_node` (N × 3).
    nodal<T> positions() const {
        nodal<T> r(static_cast<Eigen::Index>(nodes()), 3);
        for (std::size_t k = 0; k < nodes(); ++k)
            for (int c = 0; c < 3; ++c) r(static_cast<Eigen::Index>(k), c) = m_reference[k][c];
        return r;
    }

    /// Diagonal of the lumped mass matrix, M = diag(m) ⊗ I₃.
    vector<T> mass_vector() const {
        vector<T> m(static_cast<Eigen::Index>(nodes()));
        for (std::size_t k = 0; k < nodes(); ++k) m[static_cast<Eigen::Index>(k)] = m_mass[k];
        return m;
    }

    /// Velocities Ṙ = M⁻¹P (2.4).
    template <class U>
    nodal<U> velocities(const nodal<U>& P) const {
        require_shape(P, "P");
        nodal<U> v = P;
        for (std::size_t k = 0; k < nodes(); ++k) v.row(static_cast<Eigen::Index>(k)) /= U(m_mass[k]);
        return v;
    }

    /// Bar length l = |r_j − r_i| for U = T or dual<T>.
    template <class U>
    U length(const nodal<U>& R, const bar& b) const {
        using std::sqrt;
        const auto d = R.row(static_cast<Eigen::Index>(b.j)) - R.row(static_cast<Eigen::Index>(b.i));
        return sqrt(d.squaredNorm());
    }

    /// The bar coefficient f(l) = φ'(l)/l of (2.3), for l of type T or dual<T>.
    /// \throws std::domain_error if φ' or φ'' is not finite at l.
    template <class U>
    U bar_coefficient(const bar& b, const U& l) const {
        const auto t = strain_taylor<2>(b, T(value_of(l)));
        return chain(l, t[1], t[2]) / l;
    }

    /// The energy–momentum bar coefficient: the difference quotient of φ in s = l²,
    /// f̄ = (φ(l₁) − φ(l₀)) / ((l₁² − l₀²)/2) (Simo–Tarnow; Greenspan), f(l) when l₁ = l₀;
    /// for l of type T or dual<T>. Accurate as l₁ → l₀ (`difference_quotient`).
    template <class A, class B>
    auto discrete_bar_coefficient(const bar& b, const A& l0, const B& l1) const {
        const auto psi = [&b](const auto& s) {
            using std::sqrt;
            return b.energy(sqrt(s), b.rest_length);
        };
        return difference_quotient_ad<T>(psi, l0 * l0, l1 * l1,
                                         [&] { return bar_name(b) + ": the strain energy in l^2"; }) * 2;
    }

    /// 𝓕(R) of (2.3), as the N × N matrix (𝓕 = stiffness ⊗ I₃): symmetric, rows sum to 0.
    template <class U>
    matrix<U> stiffness(const nodal<U>& R) const {
        require_shape(R, "R");
        return assemble<U>([&](const bar& b) { return bar_coefficient(b, length(R, b)); });
    }

    /// The N × N matrix of bar coefficients c_ij (one per bar), assembled as (2.3) is from f_ij.
    template <class U, class Coefficient>
    matrix<U> assemble(const Coefficient& coefficient) const {
        const auto n = static_cast<Eigen::Index>(nodes());
        matrix<U> F = matrix<U>::Zero(n, n);
        for (const bar& b : m_bars) {
            const U f = coefficient(b);
            const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
            F(i, i) += f;
            F(j, j) += f;
            F(i, j) -= f;
            F(j, i) -= f;
        }
        return F;
    }

    /// 𝓕̇ = d𝓕/dt along the motion (R, Ṙ = V): ḟ = (φ''/l − φ'/l²) l̇, l̇ = (r_j − r_i)·(v_j − v_i)/l.
    template <class U>
    matrix<U> stiffness_rate(const nodal<U>& R, const nodal<U>& V) const {
        require_shape(R, "R");
        require_shape(V, "V");
        return assemble<U>([&](const bar& b) {
            const U l = length(R, b);
            const auto i = static_cast<Eigen::Index>(b.i), j = static_cast<Eigen::Index>(b.j);
            const U ldot = (R.row(j) - R.row(i)).dot(V.row(j) - V.row(i)) / l;
            const auto t = strain_taylor<3>(b, T(value_of(l)));
            const U d1 = chain(l, t[1], t[2]), d2 = chain(l, t[2], t[3]);
            return (d2 / l - d1 / (l * l)) * ldot;
        });
    }

    /// The largest tangent stiffness of a bar at R: max over bars of |φ''(l)| + |φ'(l)|/l (force
    /// per length; 0 without bars). It sets the size of the rounding of the force terms 𝓕R even
    /// where every bar is at its rest length and 𝓕 = 0 (φ' = 0 there, but φ'(l) is computed from
    /// differences such as l² − L² whose rounding is ε l² times φ'').
    T tangent_stiffness(const nodal<T>& R) const {
        require_shape(R, "R");
        using std::abs;
        T k(0);
        for (const bar& b : m_bars) {
            const T l = length(R, b);
            const auto t = strain_taylor<2>(b, l);
            k = (std::max)(k, T(abs(t[2]) + abs(t[1]) / l));
        }
        return k;
    }

    /// Strain energy φ(R) = Σ_bars φ(l).
    T strain_energy(const nodal<T>& R) const {
        require_shape(R, "R");
        T s(0);
        for (const bar& b : m_bars) s += strain_taylor<0>(b, length(R, b))[0];
        return s;
    }

    /// Kinetic energy ½ P·M⁻¹P.
    T kinetic_energy(const nodal<T>& P) const {
        require_shape(P, "P");
        T s(0);
        for (std::size_t k = 0; k < nodes(); ++k) s += P.row(static_cast<Eigen::Index>(k)).squaredNorm() / (2 * m_mass[k]);
        return s;
    }

    /// Work function U(R, t) of the external load (0 without one), for V = T or autodiff variables.
    template <class V>
    V work(const nodal<V>& R, const T& t) const {
        require_shape(R, "R");
        if constexpr (has_load)
            return m_load(R, t);
        else
            return V(0);
    }
    /// External force F = ∇_R U(R, t) (2.2), N × 3, by autodiff (3N passes through U; for
    /// V = dual<T>, nested: the tangent is ∇²U·Ṙ). Zero without a load.
    template <class V>
    nodal<V> load_force(const nodal<V>& R, const T& t) const {
        require_shape(R, "R");
        nodal<V> F = nodal<V>::Zero(R.rows(), 3);
        if constexpr (has_load && !is_dual_v<V>) {
            nodal<dual<T>> Rw = R.template cast<dual<T>>();
            for_each_partial(Rw, unit_tangent<T>(),
                             [&](std::ptrdiff_t k, const nodal<dual<T>>& x) { F.data()[k] = tangent_of(m_load(x, t)); });
        } else if constexpr (has_load) {
            // Boost nests fvar<fvar<T,1>,1> as a polynomial in x (outer) and y (inner): W(r) of a
            // dual r = a + bε is a + b x, and W(0, true) is y. With y on one coordinate, the
            // coefficient of y is ∂U/∂R_ic and that of xy its derivative along the tangent.
            using W = ad::autodiff_fvar<dual<T>, 1>;
            nodal<W> Rw(R.rows(), 3);
            for (Eigen::Index i = 0; i < R.rows(); ++i)
                for (int c = 0; c < 3; ++c) Rw(i, c) = W(R(i, c));
            for_each_partial(Rw, W(T(0), true), [&](std::ptrdiff_t k, const nodal<W>& x) {
                const W u = m_load(x, t);
                F.data()[k] = make_dual(T(u[0].derivative(1)), T(u[1].derivative(1)));
            });
        }
        (void)t;
        return F;
    }
    /// Total energy H = ½ P·M⁻¹P + φ − U(R, t) (4.5).
    T hamiltonian(const nodal<T>& R, const nodal<T>& P, const T& t = T(0)) const {
        return kinetic_energy(P) + strain_energy(R) - work(R, t);
    }

    /// Linear momentum 𝓛 = Σ p_i.
    Eigen::Matrix<T, 1, 3> linear_momentum(const nodal<T>& P) const {
        require_shape(P, "P");
        return P.colwise().sum();
    }

    /// Angular momentum 𝓙 = Σ r_i × p_i (about the origin).
    Eigen::Matrix<T, 1, 3> angular_momentum(const nodal<T>& R, const nodal<T>& P) const {
        require_shape(R, "R");
        require_shape(P, "P");
        Eigen::Matrix<T, 1, 3> j = Eigen::Matrix<T, 1, 3>::Zero();
        for (Eigen::Index k = 0; k < R.rows(); ++k) j += R.row(k).cross(P.row(k));
        return j;
    }

    /// \throws std::invalid_argument unless `a` is N × 3.
    template <class U>
    void require_shape(const nodal<U>& a, const char* what) const {
        if (static_cast<std::size_t>(a.rows()) != nodes())
            throw std::invalid_argument(std::string("truss: ") + what + " has " + std::to_string(a.rows()) +
                                        " rows; the truss has " + std::to_string(nodes()) + " nodes");
    }

private:
    /// |r_j − r_i|² at the positions given to `add_node`.
    T reference_distance2(std::size_t i, std::size_t j) const {
        T d2(0);
        for (int c = 0; c < 3; ++c) d2 += (m_reference[i][c] - m_reference[j][c]) * (m_reference[i][c] - m_reference[j][c]);
        return d2;
    }

    std::string bar_name(const bar& b) const {
        return "truss: bar (" + std::to_string(b.i) + ", " + std::to_string(b.j) + ")";
    }

    template <std::size_t K>
    std::array<T, K + 1> strain_taylor(const bar& b, const T& l) const {
        const auto phi = [&b](const auto& x) { return b.energy(x, b.rest_length); };
        return taylor_coefficients<K>(phi, l, [&] { return bar_name(b) + ": the strain energy"; });
    }

    std::vector<T> m_mass;
    std::vector<std::array<T, 3>> m_reference;
    std::vector<bar> m_bars;
    [[no_unique_address]] Load m_load{};
};

}  // namespace geomint
