#pragma once
/// \file
/// Boost.Odeint stepper over any linear variational scheme (Newmark, Simpson variants 1 and 2).
///
/// The scheme's transfer matrix Φ(h) is computed once per (system, h) and cached (two entries,
/// so the shortened last step of `integrate_adaptive`/`integrate_times` does not evict the main
/// step size), in its kick–drift–kick factorization Φ = L(−Y) U(W) L(−Y): each step is three
/// n × n matrix–vector products, and the computed map is exactly symplectic, so invariants drift
/// only by random rounding (√N), not linearly (see scheme/linear/partitioned_form.hpp).
///
/// A sparse model (`quadratic_lagrangian<sparse_matrix<T>>`) is stepped without any dense
/// matrix: Y and W are applied by sparse LDLᵀ solves factored once per (model, h)
/// (scheme/linear/sparse_factors.hpp), so a step costs O(nonzeros of the factors) and memory
/// stays O(nonzeros).
///
/// Example (the README's drop-in snippet, `examples/odeint_drop_in.cpp`):
/// \code
///   using T = geomint::mp<50>;
///   using Vec = Eigen::Vector<T, 2>;
///   geomint::quadratic_lagrangian<Eigen::Matrix<T, 2, 2>> sys{M, K};
///   geomint::simpson_stepper<Vec> stepper;                  // order() == 4
///   auto x = std::make_pair(q0, p0);                        // (q, p)
///   boost::numeric::odeint::integrate_const(stepper, sys, x, T(0), T(10), T(1) / 100, observer);
/// \endcode

#include "geomint/error.hpp"
#include "geomint/scheme/linear/newmark.hpp"
#include "geomint/scheme/linear/simpson.hpp"
#include "geomint/model/callable_adapter.hpp"
#include "geomint/model/linear_system.hpp"
#include "geomint/model/system_form.hpp"
#include "geomint/stepper/factor_cache.hpp"
#include "geomint/stepper/stepper_base.hpp"
#include "geomint/summation.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <memory>
#include <utility>

namespace geomint {

/// Whether a stepper refuses step sizes outside its scheme's stability bound.
enum class stability_check {
    enforce,  ///< throw geomint::unstable_step_error (default)
    off       ///< step anyway (for studying instability); singular steps still throw
};

namespace detail {
/// ω_max of (K, M) (dense or sparse; K may be semidefinite) as long double, for error messages
/// (exact scalars are converted first). Computed in long double at dynamic size whatever the
/// scalar is: one instantiation for all scalars.
template <class Matrix>
long double omega_max_for_message(const Matrix& M, const Matrix& K) {
    using LD = matrix<long double>;
    const LD Ml = dense_copy(M).template cast<long double>(), Kl = dense_copy(K).template cast<long double>();
    const Eigen::GeneralizedSelfAdjointEigenSolver<LD> es(Kl, Ml, Eigen::EigenvaluesOnly);
    const long double w2 = es.eigenvalues().maxCoeff();
    return w2 > 0 ? std::sqrt(w2) : 0.0L;
}
}  // namespace detail

/// Odeint stepper (`stepper_tag`) for M q̈ + K q = 0 by a linear variational scheme.
///
/// \tparam Coor      coordinate vector: `std::array<T, N>`, `std::vector<T>`, `Eigen::Matrix<T, N, 1>`.
/// \tparam Scheme    `scheme::newmark`, `scheme::simpson` or `scheme::simpson_variant1`.
/// \tparam Momentum  momentum vector type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `plain_summation` (default: the kick–drift–kick products as written) or
///                   `compensated_summation` (increments added with the rounding carried).
///
/// State: `std::pair<Coor, Momentum>` = (q, p), as odeint's symplectic steppers (or a pair of
/// std::ref's). System: a `quadratic_lagrangian` (dense or sparse), a `matrix_free_system` (odeint's
/// pair form applied as given, by conjugate gradients: model/matrix_free_system.hpp), a pair of
/// linear callables (dq/dt = M⁻¹p, dp/dt = −Kq, probed into dense matrices), a single callable
/// dp/dt = −Kq (M = I) (see model/linear_system.hpp), or a `structural_system` M q̈ + C q̇ + K q =
/// f(t) (dense or sparse, of the stepper's scalar): stepped by the discrete Lagrange–d'Alembert
/// principle (scheme/linear/lagrange_dalembert.hpp), t being odeint's time; without damping and
/// load it is the quadratic_lagrangian (M, K), stepped as one (bit for bit). A
/// `matrix_free(f, g).with_damping(c).with_load(f)` is the same model as callables, stepped by
/// the same principle with Krylov solves (eqs. (10)–(13) there).
///
/// dt < 0 steps backward: Φ(dt) = Φ(|dt|)⁻¹ for these time-symmetric schemes, applied as the
/// inverse kick–drift–kick (exactly the inverse of the computed forward step, to rounding).
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero; every entry
/// of (q, p) finite; the state size equals the system's. With `stability_check::enforce`, a
/// step size outside `Scheme::admissible` (ω_max |dt| ≥ `Scheme::stability_limit`) throws
/// unstable_step_error, with either check policy (once per system and step size).
template <class Coor, class Scheme, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
class linear_variational_stepper
    : public stepper_base<linear_variational_stepper<Coor, Scheme, Momentum, Checks, Summation>, Scheme, Coor, Momentum,
                          Checks> {
    using base = stepper_base<linear_variational_stepper, Scheme, Coor, Momentum, Checks>;
    friend base;
    static_assert(linear_variational_scheme<Scheme>, "Scheme must be a linear variational scheme (scheme/traits.hpp)");

public:
    /// The transfer-matrix factorizations are computed in T: states of dual<T> are not supported
    /// (the conformance kit takes the step's Jacobian by central differences).
    static constexpr bool dual_states = false;

    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;
    /// Number of coordinates known at compile time (Eigen::Dynamic if not).
    static constexpr int static_dimension = state_traits<Coor>::static_size;

    /// \p check: refuse step sizes outside the stability bound (default) or not.
    explicit linear_variational_stepper(stability_check check = stability_check::enforce) : m_check(check) {}

    /// The internal node q_{j+1/2} of the last step (Simpson variant 1 only, eq. 29).
    const vector<value_type, static_dimension>& midpoint() const {
        static_assert(Scheme::has_internal_node, "only schemes with an internal node have a midpoint");
        return m_midpoint;
    }

    /// Drop cached transfer matrices and the summation carry (not needed for correctness).
    void reset() {
        m_cache = {};
        m_sparse_cache.clear();
        m_forced_cache.clear();
        m_sparse_forced_cache.clear();
        m_kick.factors = nullptr;
        m_kick.key.resize(0);
        m_sum.forget();
    }

private:
    using vec = vector<value_type, static_dimension>;
    static constexpr bool compensated = std::is_same_v<Summation, compensated_summation>;

    template <class System, class QIn, class PIn, class QOut, class POut>
    void step(System& system, const QIn& q_in, const PIn& p_in, const time_type& t, QOut& q_out, POut& p_out,
              const time_type& dt) {
        const auto q = as_eigen(q_in);
        const auto p = as_eigen(p_in);
        const Eigen::Index n = q.size();
        if constexpr (base::checks_enabled) detail::check_pair_state(Scheme::name, q, p);
        bool backward = false;
        if constexpr (!is_symbolic_v<value_type>) backward = dt < value_type(0);
        const value_type h = backward ? value_type(-dt) : dt;
        constexpr system_form form = form_of<System>();
        static_assert(form == system_form::quadratic_lagrangian || form == system_form::sparse_quadratic_lagrangian ||
                          form == system_form::matrix_free || form == system_form::matrix_free_structural ||
                          form == system_form::odeint_pair || form == system_form::momentum_function ||
                          form == system_form::structural,
                      "newmark_stepper and simpson_stepper integrate linear systems M q'' + C q' + K q = f(t): give "
                      "them a geomint::quadratic_lagrangian or structural_system (dense or sparse), "
                      "geomint::matrix_free(f, g), or odeint's pair (f, g) of linear callables; a nonlinear model "
                      "(lagrangian_system, separable_system, newton_system, truss) is stepped by galerkin_vi_stepper, "
                      "a splitting stepper (yoshida4_stepper, ...) or truss_stepper (docs/choosing-a-scheme.md)");
        static_assert((form != system_form::sparse_quadratic_lagrangian && form != system_form::matrix_free &&
                       form != system_form::matrix_free_structural) ||
                          static_dimension == Eigen::Dynamic,
                      "sparse and matrix-free models are stepped on states of dynamic size (std::vector, "
                      "Eigen::VectorX): the fixed-size Coor is meant for small dense models");
        if constexpr (form == system_form::structural) {
            static_assert(std::is_same_v<typename System::value_type, value_type>,
                          "a structural_system is stepped in its own scalar: use a state of the model's scalar type");
            static_assert(!System::is_sparse || static_dimension == Eigen::Dynamic,
                          "sparse models are stepped on states of dynamic size (std::vector, Eigen::VectorX)");
            if (!System::has_load && !system.is_damped()) {  // the conservative scheme, bit for bit
                if constexpr (System::is_sparse) advance(sparse_lookup(system, n, h), q, p, q_out, p_out, backward);
                else advance(lookup(system, n, h), q, p, q_out, p_out, backward);
            } else {
                forced_step(system, q, p, t, dt, q_out, p_out);
            }
        } else if constexpr (form == system_form::sparse_quadratic_lagrangian) {
            advance(sparse_lookup(system, n, h), q, p, q_out, p_out, backward);
        } else if constexpr (form == system_form::matrix_free) {
            if (m_check == stability_check::enforce) check_stability(system.omega_max_bound, h);
            advance(Scheme::template matrix_free_factors<value_type, Coor, Momentum>(system, n, h, m_mf_work), q, p, q_out,
                    p_out, backward);
        } else if constexpr (form == system_form::matrix_free_structural) {
            if (m_check == stability_check::enforce) check_stability(system.omega_max_bound, h);
            matrix_free_forced_step(system, q, p, t, dt, q_out, p_out);
        } else {
            advance(lookup(system, n, h), q, p, q_out, p_out, backward);
        }
    }

    /// One kick–drift–kick step (or, backward, its inverse: the inverse shears in reverse order)
    /// with the factors `f` (a dense cache entry or sparse factors), as `Summation` says.
    template <class F, class Q, class P, class QOut, class POut>
    void advance(const F& f, const Q& q, const P& p, QOut& q_out, POut& p_out, bool backward) {
        constexpr bool sparse = !std::is_same_v<F, entry>;
        const Eigen::Index n = q.size();
        auto& [p_half, q_next, p_next, dq, w, opening, u_before] = m_work;  // opening: the kick Y q_j
        p_half = p;
        q_next = q;
        if constexpr (sparse) {
            opening_kick(f, q);
            opening = m_kick.value;
        } else {
            opening.noalias() = f.Y * q;
        }
        if (backward) p_half += opening;
        else p_half -= opening;
        if constexpr (sparse) f.drift(p_half, w, dq);
        else dq.noalias() = f.W * p_half;
        if (backward) dq = -dq;
        if constexpr (compensated) {
            m_sum.begin(q, p);
            m_sum.add_first(q_next, dq);
            p_next = p;
        } else {
            q_next += dq;
            p_next = p_half;
        }
        // the closing kick Y q_{j+1}; for sparse factors it becomes the next step's opening kick
        if constexpr (sparse) {
            if (f.has_node_coordinates()) {
                u_before = m_kick.u;
                if (backward) m_kick.u -= w;
                else m_kick.u += w;
            }
            m_kick.q = q_next;
            m_kick.value = f.kick(q_next, m_kick.u);
        }
        const auto closing = [&]() -> decltype(auto) {
            if constexpr (sparse) return static_cast<const vec&>(m_kick.value);
            else return f.Y * q_next;
        };
        if constexpr (compensated) {
            vec dp = opening;
            dp.noalias() += closing();
            if (!backward) dp = -dp;
            m_sum.add_second(p_next, dp);
            m_sum.end(q_next, p_next);
        } else {
            if (backward) p_next.noalias() += closing();
            else p_next.noalias() -= closing();
        }
        // the internal node of the forward step (p_j, q_j) -> q_{j+1}, computed before the
        // outputs are written (they may alias the inputs)
        if constexpr (Scheme::has_internal_node) {
            if constexpr (sparse) {
                m_midpoint = (u_before + m_kick.u) / value_type(2);
            } else {
                vector<value_type, twice(static_dimension)> eta(2 * n);
                if (backward) eta << p_next, q_next;
                else eta << p, q;
                m_midpoint = f.midpoint * eta;
            }
        }
        resize_state(q_out, n);
        resize_state(p_out, n);
        as_eigen(q_out) = q_next;
        as_eigen(p_out) = p_next;
    }

    /// Sets `m_kick` to the kick at q by the sparse factors `f`: kept if it was computed at this q
    /// by these factors (the previous step's closing kick), else computed (Simpson: one solve
    /// with S for the node coordinates).
    template <class F, class Q>
    void opening_kick(const F& f, const Q& q) {
        constexpr bool matrix_free = !std::is_same_v<F, scheme::sparse_kick_drift_kick<value_type>>;
        vector<value_type>& key = m_mf_key;  // matrix-free factors are rebuilt each step: compared by value
        if constexpr (matrix_free) f.key(key);
        bool same;
        if constexpr (matrix_free) same = m_kick.key.size() == key.size() && m_kick.key == key;
        else same = m_kick.factors == &f;
        if (same && m_kick.q.size() == q.size() && m_kick.q == q) return;
        m_kick.factors = nullptr;
        m_kick.key.resize(0);
        m_kick.q = q;
        const vector<value_type> qv = q;
        m_kick.u = f.has_node_coordinates() ? vec(f.node_coordinates(qv)) : vec();
        m_kick.value = f.kick(qv, m_kick.u);
        if constexpr (matrix_free) m_kick.key = key;
        else m_kick.factors = &f;
    }

    /// A dense cache entry: the model's matrices (or fingerprint) and Φ's kick–drift–kick factors.
    struct entry {
        bool valid = false;
        linear_system_matrices<value_type, static_dimension> sys;
        value_type h{};
        matrix<value_type, static_dimension> Y, W;  // kick–drift–kick coefficients
        Eigen::Matrix<value_type, static_dimension, twice(static_dimension)> midpoint;
    };

    template <class System>
    static void require_size(const System& system, Eigen::Index n) {
        if (system.size() != n)
            throw std::invalid_argument(std::string(Scheme::name) + ": the system has " + std::to_string(system.size()) +
                                        " degrees of freedom but the state has " + std::to_string(n));
    }

    template <class System>
    const scheme::sparse_kick_drift_kick<value_type>& sparse_lookup(const System& system, Eigen::Index n, const value_type& h) {
        require_size(system, n);
        return m_sparse_cache.get(
            system.id(), h,
            [&] {
                const sparse_matrix<value_type> M = system.mass().template cast<value_type>();
                const sparse_matrix<value_type> K = system.stiffness().template cast<value_type>();
                auto f = Scheme::sparse_factors(M, K, h);
                if (m_check == stability_check::enforce && !f->admissible()) throw_unstable_for(M, K, h);
                return f;
            },
            [this](const scheme::sparse_kick_drift_kick<value_type>* evicted) {
                if (m_kick.factors == evicted) m_kick.factors = nullptr;  // its factors are freed
            });
    }

    /// One step of the discrete Lagrange–d'Alembert scheme (scheme/linear/lagrange_dalembert.hpp)
    /// on a structural_system, factors cached per (model, signed dt).
    template <class System, class Q, class P, class QOut, class POut>
    void forced_step(const System& system, const Q& q, const P& p, const value_type& t, const value_type& dt,
                     QOut& q_out, POut& p_out) {
        const Eigen::Index n = q.size();
        require_size(system, n);
        using model_matrix = std::conditional_t<System::is_sparse, sparse_matrix<value_type>, matrix<value_type>>;
        const auto make = [&] {
            const model_matrix M = system.mass(), C = system.damping(), K = system.stiffness();
            if (m_check == stability_check::enforce) {
                using std::abs;
                if (!Scheme::admissible(M, K, value_type(abs(dt)))) throw_unstable_for(M, K, value_type(abs(dt)));
            }
            return Scheme::lagrange_dalembert::factors(M, C, K, dt);
        };
        const auto& f = [&]() -> const auto& {
            if constexpr (System::is_sparse) return m_sparse_forced_cache.get(system.id(), dt, make);
            else return m_forced_cache.get(system.id(), dt, make);
        }();
        const vector<value_type> q0 = q, p0 = p;
        vector<value_type> q1(n), p1(n), node;
        const auto load = [&system](const value_type& s) { return vector<value_type>(system.load(s)); };
        Scheme::lagrange_dalembert::step(f, load, q0, p0, t, q1, p1, Scheme::has_internal_node ? &node : nullptr);
        write_forced_step(q1, p1, node, q_out, p_out);
    }

    /// The same step for a matrix-free model with damping or a load (eqs. (10)–(13) there): Krylov
    /// solves each step, nothing cached.
    template <class System, class Q, class P, class QOut, class POut>
    void matrix_free_forced_step(System& system, const Q& q, const P& p, const value_type& t, const value_type& dt,
                                 QOut& q_out, POut& p_out) {
        const Eigen::Index n = q.size();
        const scheme::detail::matrix_free_model<value_type, Coor, Momentum, System> model(system, n, m_mf_work);
        const vector<value_type> q0 = q, p0 = p;
        vector<value_type> q1(n), p1(n), node;
        Scheme::lagrange_dalembert::matrix_free_step(model, q0, p0, t, dt, q1, p1,
                                                     Scheme::has_internal_node ? &node : nullptr);
        write_forced_step(q1, p1, node, q_out, p_out);
    }

    /// Writes a Lagrange–d'Alembert step's result (and Simpson variant 1's internal node).
    template <class QOut, class POut>
    void write_forced_step(const vector<value_type>& q1, const vector<value_type>& p1, const vector<value_type>& node,
                           QOut& q_out, POut& p_out) {
        if constexpr (Scheme::has_internal_node) m_midpoint = node;
        resize_state(q_out, q1.size());
        resize_state(p_out, q1.size());
        as_eigen(q_out) = q1;
        as_eigen(p_out) = p1;
    }

    template <class System>
    const entry& lookup(System& system, Eigen::Index n, const value_type& h) {
        constexpr bool model =
            form_of<System>() == system_form::quadratic_lagrangian || form_of<System>() == system_form::structural;
        vector<value_type, twice(static_dimension)> fp;
        if constexpr (!model)
            fp = system_fingerprint<value_type, static_dimension, Coor, Momentum>(system, n, m_f_call, m_g_call);
        for (std::size_t i = 0; i < m_cache.size(); ++i) {
            const entry& e = m_cache[i];
            if (!e.valid || e.h != h || e.sys.M.rows() != n) continue;
            bool same;
            if constexpr (model) same = e.sys.model_id == system.id();
            else same = e.sys.model_id == 0 && e.sys.fingerprint == fp;
            if (same) {
                m_last_entry = i;
                return e;
            }
        }
        // Miss: replace the entry not used last.
        const std::size_t slot = m_cache[m_last_entry].valid ? 1 - m_last_entry : m_last_entry;
        entry& e = m_cache[slot];
        e.valid = false;
        e.sys = system_matrices<value_type, static_dimension, Coor, Momentum>(system, n);
        check_stability(e.sys.M, e.sys.K, h);
        e.h = h;
        const matrix<value_type> M(e.sys.M), K(e.sys.K);
        if constexpr (Scheme::has_internal_node) {
            const auto [f, node] = Scheme::factors_with_internal_node(M, K, h);
            e.Y = f.Y;
            e.W = f.W;
            e.midpoint = node;
        } else {
            const auto f = Scheme::factors(M, K, h);
            e.Y = f.Y;
            e.W = f.W;
        }
        e.valid = true;
        m_last_entry = slot;
        return e;
    }

    void check_stability(const matrix<value_type, static_dimension>& M, const matrix<value_type, static_dimension>& K,
                         const value_type& h) const {
        if (m_check == stability_check::off || Scheme::admissible(matrix<value_type>(M), matrix<value_type>(K), h))
            return;
        throw_unstable(h, detail::omega_max_for_message(M, K), "");
    }

    /// The unstable-step error for the model (M, K), dense or sparse: ω_max by a dense eigensolve,
    /// only where that is cheap.
    template <class Matrix>
    [[noreturn]] static void throw_unstable_for(const Matrix& M, const Matrix& K, const value_type& h) {
        constexpr Eigen::Index dense_limit = 2000;
        if (is_sparse_matrix_v<Matrix> && M.rows() > dense_limit)
            throw_unstable(h, std::numeric_limits<long double>::quiet_NaN(),
                           " (M - h^2 K/8 has an LDL^T pivot <= 0; omega_max not computed: n > 2000 would need a "
                           "dense eigensolve)");
        throw_unstable(h, detail::omega_max_for_message(M, K), "");
    }

    /// The stability test with a user's bound of ω_max (matrix-free systems): ω_max h below
    /// `Scheme::stability_limit` (+∞ for Newmark, 2√2 for Simpson).
    /// \throws std::invalid_argument if the scheme has a finite limit and no bound was given.
    static void check_stability(long double omega_max_bound, const value_type& h) {
        const long double limit = Scheme::template stability_limit<long double>();
        if (!std::isfinite(limit)) return;
        if (std::isnan(omega_max_bound))
            throw std::invalid_argument(std::string(Scheme::name) +
                                        ": a matrix_free system needs an upper bound of omega_max for the stability test " +
                                        Scheme::stability_text +
                                        ": pass it to geomint::matrix_free(f, g, omega_max_bound), or construct the "
                                        "stepper with geomint::stability_check::off");
        if (!(static_cast<long double>(h) * omega_max_bound < limit))
            throw_unstable(h, omega_max_bound, " (omega_max: the bound given to geomint::matrix_free)");
    }

    [[noreturn]] static void throw_unstable(const value_type& h, long double w, const std::string& note) {
        const long double hl = static_cast<long double>(h);
        const long double bound = Scheme::template stability_limit<long double>();
        throw unstable_step_error(std::string(Scheme::name) + ": step size h = " + geomint::to_string(h) +
                                      " violates the stability bound " + Scheme::stability_text + ": omega_max = " +
                                      geomint::to_string(w) + ", omega_max h = " + geomint::to_string(w * hl) +
                                      " >= the limit " + geomint::to_string(bound) + note +
                                      " (construct the stepper with geomint::stability_check::off to step anyway)",
                                  w, hl, bound);
    }

    stability_check m_check;
    std::array<entry, 2> m_cache{};
    std::size_t m_last_entry = 0;
    detail::factor_cache<scheme::sparse_kick_drift_kick<value_type>, value_type> m_sparse_cache;
    detail::factor_cache<scheme::lagrange_dalembert_factors<matrix<value_type>>, value_type> m_forced_cache;
    detail::factor_cache<scheme::lagrange_dalembert_factors<sparse_matrix<value_type>>, value_type> m_sparse_forced_cache;
    scheme::detail::matrix_free_workspace<value_type, Coor, Momentum> m_mf_work;  ///< matrix-free path's buffers
    vector<value_type> m_mf_key;                                          ///< and its factors' key
    /// advance()'s vectors, kept so that a step allocates nothing (vectors of n entries).
    struct {
        vec p_half, q_next, p_next, dq, w, opening, u_before;
    } m_work;
    /// Sparse path: the last kick, value = Y q with node coordinates u (Simpson), by `factors`.
    struct {
        const scheme::sparse_kick_drift_kick<value_type>* factors = nullptr;
        vector<value_type> key;  ///< for matrix-free factors: their key()
        vec q, u, value;
    } m_kick;
    vec m_midpoint;
    detail::pair_summation<vec, Summation> m_sum;  ///< the carry under compensated_summation
    detail::callable_adapter<Momentum, Coor> m_f_call;  ///< odeint's form: fingerprint calls of f
    detail::callable_adapter<Coor, Momentum> m_g_call;  ///< and of g
};

/// Newmark's variational scheme as an odeint stepper (order 2, unconditionally stable).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using newmark_stepper = linear_variational_stepper<Coor, scheme::newmark, Momentum, Checks, Summation>;

/// Simpson's variational scheme, variant 2 (eqs. 30–32), as an odeint stepper (order 4).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using simpson_stepper = linear_variational_stepper<Coor, scheme::simpson, Momentum, Checks, Summation>;

/// Simpson's scheme, variant 1 (eqs. 26–29): also gives the internal node via `midpoint()`.
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = plain_summation>
using simpson_variant1_stepper = linear_variational_stepper<Coor, scheme::simpson_variant1, Momentum, Checks, Summation>;

}  // namespace geomint
