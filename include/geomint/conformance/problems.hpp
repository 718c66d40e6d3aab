#pragma once
/// \file
/// The test problems of the conformance kit (conformance/examine.hpp), each a small value type in
/// any precision T with the interface `examine` reads:
///
/// | member | meaning |
/// |---|---|
/// | `value_type`, `name` | the scalar T; a label for reports |
/// | `dimension()` | degrees of freedom n (the state is (q, p), two vectors of n entries) |
/// | `q0()`, `p0()` | the initial point (Eigen vectors of n entries) |
/// | `system()` | odeint's symplectic pair (f, g): f(p, dq/dt), g(q, dp/dt), generic callables on any indexable container (T or dual<T> entries) |
/// | `hamiltonian(q, p)` | H in T |
/// | `time_span()`, `coarse_steps()` | the order runs integrate [0, time_span] with coarse_steps · 2^k steps |
/// | `defect_step()` | the step h of the one-step symplecticity and reversibility checks |
/// | `energy_step()`, `energy_steps()` | the run whose energy error is reported |
/// | `has_exact`, `exact(t)` | whether the exact solution is known, and (q, p) at t |
///
/// All five are separable, H = |p|²/2 + V(q), so every splitting method applies; dq/dt = p is
/// linear in p, so Runge–Kutta–Nyström methods keep their order.

#include "geomint/linalg.hpp"
#include "geomint/problems/henon_heiles.hpp"
#include "geomint/problems/kepler.hpp"
#include "geomint/problems/pendulum_chain.hpp"
#include "geomint/problems/perturbed_kepler.hpp"
#include "geomint/problems/unit_mass_rate.hpp"

#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

namespace geomint::conformance {

namespace detail {
/// The members of a problem that wraps a planar model with q0(), p0(), system(), hamiltonian and
/// exact(t) (Kepler and its J2 perturbation): what `examine` reads of it, forwarded.
template <class Model>
struct planar_model_problem {
    /// Scalar type.
    using value_type = typename Model::value_type;
    /// Whether `exact(t)` is available (the order runs then measure against it).
    static constexpr bool has_exact = true;
    /// The model the problem integrates.
    Model model;

    /// Number of degrees of freedom.
    std::size_t dimension() const { return 2; }
    /// Initial coordinates q(0).
    vector<value_type> q0() const { return model.q0(); }
    /// Initial momenta p(0).
    vector<value_type> p0() const { return model.p0(); }
    /// The system handed to the stepper.
    auto system() const { return model.system(); }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    value_type hamiltonian(const Q& q, const P& p) const {
        return model.hamiltonian(q, p);
    }
    /// Exact solution (q(t), p(t)) (where the model knows it).
    std::pair<vector<value_type>, vector<value_type>> exact(const value_type& t) const {
        const auto e = model.exact(t);
        return {e.first, e.second};
    }
};
}  // namespace detail

/// Kepler's problem, e = 0.6, from pericentre (problems/kepler.hpp): exact solution by Kepler's
/// equation; the order runs cross the pericentre passage ([0, 1]); energy over 10 periods at 200
/// steps per period.
template <class T>
struct kepler_problem : detail::planar_model_problem<problems::kepler<T>> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "kepler (e = 0.6)";
    /// Kepler's problem at e = 0.6.
    kepler_problem() : detail::planar_model_problem<problems::kepler<T>>{problems::kepler<T>(T(3) / 5)} {}

    /// Time span of the order runs.
    T time_span() const { return T(1); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 8; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return T(1) / 20; }
    /// Step size of the long energy run.
    T energy_step() const { return this->model.period() / 200; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 2000; }
};

/// Kepler's problem with the planar J2 term, e = 0.9, δ = 1/1000, from pericentre
/// (problems/perturbed_kepler.hpp: H = |p|²/2 − 1/r − δ/(2r³), the pericentre advancing by 0.26
/// rad a radial period): exact at the multiples of the radial period T_r (quadratures), so the
/// order runs span one radial period; energy over 10 radial periods at 200 steps each. The
/// logarithmic time transformation is not exact for it. Fixed steps need many steps here (the
/// pericentre is at r = 0.1): it is a problem for `examine_adaptive` first.
template <class T>
struct perturbed_kepler_problem : detail::planar_model_problem<problems::perturbed_kepler<T>> {
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "perturbed kepler (J2, e = 0.9)";
    /// The J2-perturbed Kepler problem at e = 0.9, δ = 1/1000.
    perturbed_kepler_problem()
        : detail::planar_model_problem<problems::perturbed_kepler<T>>{problems::perturbed_kepler<T>(T(9) / 10, T(1) / 1000)} {}

    /// Time span of the order runs: one radial period (the exact state is known at its multiples).
    T time_span() const { return this->model.radial_period(); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 64; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return this->model.radial_period() / 1000; }
    /// Step size of the long energy run.
    T energy_step() const { return this->model.radial_period() / 200; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 2000; }
};

/// The harmonic oscillator H = (p² + q²)/2, n = 1, q(0) = 1, p(0) = 0: exact solution (cos t, −sin t).
/// Its system also takes scalar states (odeint's one-degree-of-freedom form).
template <class T>
struct harmonic_oscillator_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "harmonic oscillator";
    /// Whether `exact(t)` is available (the order runs then measure against it).
    static constexpr bool has_exact = true;
    /// dp/dt = −q.
    struct momentum_rate {
        /// Writes dp/dt = −q.
        template <class Q, class D>
        void operator()(const Q& q, D& dpdt) const {
            if constexpr (requires { q.size(); }) dpdt[0] = -q[0];
            else dpdt = -q;  // a scalar state
        }
    };

    /// Number of degrees of freedom.
    std::size_t dimension() const { return 1; }
    /// Initial coordinates q(0).
    vector<T> q0() const { return vector<T>::Constant(1, T(1)); }
    /// Initial momenta p(0).
    vector<T> p0() const { return vector<T>::Zero(1); }
    /// The system handed to the stepper.
    std::pair<problems::unit_mass_rate, momentum_rate> system() const { return {}; }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return T(p[0] * p[0] + q[0] * q[0]) / 2;
    }
    /// Exact solution (q(t), p(t)).
    std::pair<vector<T>, vector<T>> exact(const T& t) const {
        using std::cos;
        using std::sin;
        return {vector<T>::Constant(1, T(cos(t))), vector<T>::Constant(1, T(-sin(t)))};
    }
    /// Time span of the order runs.
    T time_span() const { return T(1); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 4; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return T(1) / 10; }
    /// Step size of the long energy run.
    T energy_step() const { return T(1) / 10; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 1000; }
};

/// The Hénon–Heiles system (problems/henon_heiles.hpp) from q = (0.1, −0.2), p = (0.3, 0.1)
/// (H ≈ 0.0577 < 1/6: a bounded orbit); no exact solution (orders from successive differences).
template <class T>
struct henon_heiles_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "henon-heiles";
    /// Whether `exact(t)` is available (the order runs then measure against it).
    static constexpr bool has_exact = false;

    /// Number of degrees of freedom.
    std::size_t dimension() const { return 2; }
    /// Initial coordinates q(0).
    vector<T> q0() const { return (vector<T>(2) << T(1) / 10, T(-1) / 5).finished(); }
    /// Initial momenta p(0).
    vector<T> p0() const { return (vector<T>(2) << T(3) / 10, T(1) / 10).finished(); }
    /// The system handed to the stepper.
    auto system() const { return problems::henon_heiles::system(); }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return problems::henon_heiles::hamiltonian<T>(q, p);
    }
    std::pair<vector<T>, vector<T>> exact(const T&) const = delete;
    /// Time span of the order runs.
    T time_span() const { return T(2); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 4; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return T(1) / 5; }
    /// Step size of the long energy run.
    T energy_step() const { return T(1) / 5; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 1000; }
};

/// A chain of `n` pendula coupled by springs of stiffness κ (default 1/2;
/// problems/pendulum_chain.hpp), from `q_start`, `p_start` when given (n entries each), else
/// q_i = (−1)^i (i + 1)/(2n), p = 0 except p_0 = 1/2; no exact solution.
template <class T>
struct pendulum_chain_problem {
    /// Scalar type.
    using value_type = T;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "pendulum chain";
    /// Whether `exact(t)` is available (the order runs then measure against it).
    static constexpr bool has_exact = false;
    /// Number of pendulums.
    std::size_t n = 4;
    /// The model the problem integrates.
    problems::pendulum_chain<T> model{T(1) / 2};
    vector<T> q_start;  ///< initial q; empty: the default start
    vector<T> p_start;  ///< initial p; empty: the default start

    /// Number of degrees of freedom.
    std::size_t dimension() const { return n; }
    /// Initial coordinates q(0).
    vector<T> q0() const {
        if (q_start.size() != 0) return q_start;
        vector<T> q(static_cast<Eigen::Index>(n));
        for (std::size_t i = 0; i < n; ++i) q(Eigen::Index(i)) = T(i % 2 == 0 ? 1 : -1) * T(i + 1) / T(2 * n);
        return q;
    }
    /// Initial momenta p(0).
    vector<T> p0() const {
        if (p_start.size() != 0) return p_start;
        vector<T> p = vector<T>::Zero(Eigen::Index(n));
        p(0) = T(1) / 2;
        return p;
    }
    /// The system handed to the stepper.
    auto system() const { return model.system(); }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return model.hamiltonian(q, p);
    }
    std::pair<vector<T>, vector<T>> exact(const T&) const = delete;
    /// Time span of the order runs.
    T time_span() const { return T(2); }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return 4; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return T(1) / 5; }
    /// Step size of the long energy run.
    T energy_step() const { return T(1) / 10; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return 1000; }
};

/// A user's separable system as a conformance problem: odeint's pair (f, g) — dq/dt = f(p),
/// dp/dt = g(q) — an initial point and the Hamiltonian; no exact solution (orders from the
/// differences of successive runs). Built by `make_problem`; the run lengths are members a user
/// may change. For the autodiff symplecticity check, f and g must be generic (called with
/// containers of T and of dual<T>); callables typed on one container are examined by central
/// differences.
template <class T, class F, class G, class H>
struct user_problem {
    /// Scalar type.
    using value_type = T;
    /// Whether `exact(t)` is available (the order runs then measure against it).
    static constexpr bool has_exact = false;
    /// Name used in reports.
    const char* name = "user problem";
    /// dq/dt = f(p) as odeint's pair form (see user_problem).
    F f;
    /// dp/dt = g(q) as odeint's pair form.
    G g;
    H energy;  ///< H(q, p), q and p containers of n entries
    vector<T> start_q;  ///< initial coordinates q(0)
    vector<T> start_p;  ///< initial momenta p(0)
    T span = T(1);               ///< the order runs integrate [0, span]
    std::size_t coarse = 8;      ///< with coarse · 2^{k/2} steps
    T defect_h = T(1) / 20;      ///< step of the symplecticity and reversibility checks
    T energy_h = T(1) / 20;      ///< step of the energy run
    std::size_t energy_n = 1000;  ///< steps of the energy run

    /// Number of degrees of freedom.
    std::size_t dimension() const { return static_cast<std::size_t>(start_q.size()); }
    /// Initial coordinates q(0).
    vector<T> q0() const { return start_q; }
    /// Initial momenta p(0).
    vector<T> p0() const { return start_p; }
    /// The system handed to the stepper.
    std::pair<F, G> system() const { return {f, g}; }
    /// Hamiltonian H(q, p), the energy the kit monitors.
    template <class Q, class P>
    T hamiltonian(const Q& q, const P& p) const {
        return T(energy(q, p));
    }
    std::pair<vector<T>, vector<T>> exact(const T&) const = delete;
    /// Time span of the order runs.
    T time_span() const { return span; }
    /// Steps of the coarsest order run (halved step sizes follow).
    std::size_t coarse_steps() const { return coarse; }
    /// Step size at which the symplecticity and reversibility defects are measured.
    T defect_step() const { return defect_h; }
    /// Step size of the long energy run.
    T energy_step() const { return energy_h; }
    /// Steps of the long energy run.
    std::size_t energy_steps() const { return energy_n; }
};

/// A conformance problem from a user's (f, g), initial point (q0, p0) (Eigen vectors of n entries)
/// and Hamiltonian H(q, p).
/// \throws std::invalid_argument if q0 and p0 differ in length or are empty.
template <class T, class F, class G, class H>
user_problem<T, F, G, H> make_problem(F f, G g, vector<T> q0, vector<T> p0, H hamiltonian,
                                      const char* name = "user problem") {
    if (q0.size() == 0 || q0.size() != p0.size())
        throw std::invalid_argument("conformance::make_problem: q0 has " + std::to_string(q0.size()) + " entries and p0 " +
                                    std::to_string(p0.size()) + " (precondition: equal and >= 1)");
    user_problem<T, F, G, H> u{name, std::move(f), std::move(g), std::move(hamiltonian), std::move(q0), std::move(p0)};
    return u;
}

/// Kepler e = 0.6 in T.
template <class T>
kepler_problem<T> kepler() {
    return {};
}
/// Kepler with the J2 term, e = 0.9, δ = 1/1000, in T.
template <class T>
perturbed_kepler_problem<T> perturbed_kepler() {
    return {};
}
/// The harmonic oscillator in T.
template <class T>
harmonic_oscillator_problem<T> harmonic_oscillator() {
    return {};
}
/// Hénon–Heiles in T.
template <class T>
henon_heiles_problem<T> henon_heiles() {
    return {};
}
/// A chain of n >= 1 coupled pendula in T.
/// \throws std::invalid_argument if n == 0.
template <class T>
pendulum_chain_problem<T> pendulum_chain(std::size_t n = 4) {
    if (n == 0) throw std::invalid_argument("conformance::pendulum_chain: n = 0 (precondition: n >= 1)");
    pendulum_chain_problem<T> p;
    p.n = n;
    return p;
}

}  // namespace geomint::conformance
