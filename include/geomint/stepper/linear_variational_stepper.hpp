#pragma once
/// \file
/// Boost.Odeint stepper over any linear variational scheme (Newmark, Simpson variants 1 and 2).
///
/// The scheme's transfer matrix Φ(h) is computed once per (system, h) and cached (two entries,
/// so the shortened last step of `integrate_adaptive`/`integrate_times` does not evict the main
/// step size), in its kick–drift–kick factorization Φ = L(−Y) U(W) L(−Y): each step is three
/// n × n matrix–vector products, and the computed map is exactly symplectic, so invariants drift
/// only by random rounding (√N), not linearly (see scheme/partitioned_form.hpp).
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
#include "geomint/scheme/newmark.hpp"
#include "geomint/scheme/simpson.hpp"
#include "geomint/stepper/linear_system.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>

#include <array>
#include <utility>

namespace geomint {

/// Whether a stepper refuses step sizes outside its scheme's stability bound.
enum class stability_check {
    enforce,  ///< throw geomint::unstable_step_error (default)
    off       ///< step anyway (for studying instability); singular steps still throw
};

namespace detail {
/// ω_max of (K, M) as long double, for error messages (exact scalars are converted first).
/// Computed in long double at dynamic size whatever T is: one instantiation for all scalars.
template <class T, int N>
long double omega_max_for_message(const matrix<T, N>& M, const matrix<T, N>& K) {
    using LD = matrix<long double>;
    return quadratic_lagrangian<LD>(M.template cast<long double>(), K.template cast<long double>()).omega_max();
}
}  // namespace detail

/// Odeint stepper (`stepper_tag`) for M q̈ + K q = 0 by a linear variational scheme.
///
/// \tparam Scheme   `scheme::newmark`, `scheme::simpson` or `scheme::simpson_variant1`.
/// \tparam Coor     coordinate vector: `std::array<T, N>`, `std::vector<T>`, `Eigen::Matrix<T, N, 1>`.
/// \tparam Momentum momentum vector type (defaults to `Coor`).
///
/// State: `std::pair<Coor, Momentum>` = (q, p), as odeint's symplectic steppers. System: a
/// `quadratic_lagrangian`, a pair of linear callables (dq/dt = M⁻¹p, dp/dt = −Kq), or a single
/// callable dp/dt = −Kq (M = I); see `linear_system.hpp`.
///
/// Preconditions checked each step (std::invalid_argument): dt > 0 and finite; every entry of
/// (q, p) finite; the state size equals the system's. With `stability_check::enforce`, a step
/// size outside `Scheme::admissible` (Simpson: ω_max dt ≥ 2√2) throws unstable_step_error.
template <class Scheme, class Coor, class Momentum = Coor>
class linear_variational_stepper {
public:
    using scheme_type = Scheme;
    using coor_type = Coor;
    using momentum_type = Momentum;
    using state_type = std::pair<Coor, Momentum>;
    using deriv_type = state_type;
    using value_type = typename state_traits<Coor>::scalar;
    using time_type = value_type;
    using order_type = unsigned short;
    using stepper_category = boost::numeric::odeint::stepper_tag;
    static constexpr int static_dimension = state_traits<Coor>::static_size;

    explicit linear_variational_stepper(stability_check check = stability_check::enforce) : m_check(check) {}

    /// Order of accuracy of the scheme (Newmark 2, Simpson 4).
    static constexpr order_type order() { return Scheme::order; }

    /// Advance x = (q, p) in place from t to t + dt.
    template <class System, class StateInOut>
    void do_step(System system, StateInOut& x, const time_type& t, const time_type& dt) {
        do_step(system, x, t, x, dt);
    }

    /// Advance `in` = (q, p) at t to `out` at t + dt (`out` may alias `in`).
    template <class System, class StateIn, class StateOut>
    void do_step(System system, const StateIn& in, const time_type& /*t*/, StateOut& out, const time_type& dt) {
        detail::require_positive_step(dt, Scheme::name);
        const auto q = as_eigen(in.first);
        const auto p = as_eigen(in.second);
        const Eigen::Index n = q.size();
        if (p.size() != n)
            throw std::invalid_argument(std::string(Scheme::name) + ": q has " + std::to_string(n) +
                                        " entries but p has " + std::to_string(p.size()));
        if (!all_finite(q) || !all_finite(p)) {  // messages built only on failure
            require_finite(q, std::string(Scheme::name) + ": state q");
            require_finite(p, std::string(Scheme::name) + ": state p");
        }
        const entry& e = lookup(system, n, dt);
        if constexpr (Scheme::has_internal_node) {
            vector<value_type, twice(static_dimension)> eta(2 * n);
            eta << p, q;
            m_midpoint = e.midpoint * eta;
        }
        vector<value_type, static_dimension> p_half = p;  // kick, drift, kick
        p_half.noalias() -= e.Y * q;
        vector<value_type, static_dimension> q_next = q;
        q_next.noalias() += e.W * p_half;
        resize_state(out.first, n);
        resize_state(out.second, n);
        auto p_out = as_eigen(out.second);
        p_out = p_half;
        p_out.noalias() -= e.Y * q_next;
        as_eigen(out.first) = q_next;
    }

    /// The internal node q_{j+1/2} of the last step (Simpson variant 1 only, eq. 29).
    const vector<value_type, static_dimension>& midpoint() const {
        static_assert(Scheme::has_internal_node, "only schemes with an internal node have a midpoint");
        return m_midpoint;
    }

    /// Drop cached transfer matrices (not needed for correctness; frees memory).
    void reset() { m_cache = {}; }

private:
    struct entry {
        bool valid = false;
        linear_system_matrices<value_type, static_dimension> sys;
        value_type h{};
        matrix<value_type, static_dimension> Y, W;  // kick–drift–kick coefficients
        Eigen::Matrix<value_type, static_dimension, twice(static_dimension)> midpoint;
    };

    template <class System>
    const entry& lookup(const System& system, Eigen::Index n, const value_type& h) {
        using S = typename boost::numeric::odeint::unwrap_reference<System>::type;
        vector<value_type, twice(static_dimension)> fp;
        if constexpr (!is_quadratic_lagrangian<S>::value) fp = system_fingerprint<value_type, static_dimension, Coor, Momentum>(system, n);
        for (std::size_t i = 0; i < m_cache.size(); ++i) {
            const entry& e = m_cache[i];
            if (!e.valid || e.h != h || e.sys.M.rows() != n) continue;
            bool same;
            if constexpr (is_quadratic_lagrangian<S>::value) same = e.sys.model_id == static_cast<const S&>(system).id();
            else same = e.sys.model_id == 0 && e.sys.fingerprint == fp;
            if (same) {
                m_last = i;
                return e;
            }
        }
        // Miss: replace the entry not used last.
        const std::size_t slot = m_cache[m_last].valid ? 1 - m_last : m_last;
        entry& e = m_cache[slot];
        e.valid = false;
        e.sys = system_matrices<value_type, static_dimension, Coor, Momentum>(system, n);
        check_stability(e.sys.M, e.sys.K, h);
        e.h = h;
        const matrix<value_type> M(e.sys.M), K(e.sys.K);
        const auto f = Scheme::factors(M, K, h);
        e.Y = f.Y;
        e.W = f.W;
        if constexpr (Scheme::has_internal_node) e.midpoint = Scheme::internal_transfer_matrix(M, K, h).topRows(n);
        e.valid = true;
        m_last = slot;
        return e;
    }

    void check_stability(const matrix<value_type, static_dimension>& M, const matrix<value_type, static_dimension>& K,
                         const value_type& h) const {
        if (m_check == stability_check::off || Scheme::admissible(matrix<value_type>(M), matrix<value_type>(K), h))
            return;
        const long double w = detail::omega_max_for_message(M, K);
        const long double hl = static_cast<long double>(h);
        const long double bound = 2 * boost::math::constants::root_two<long double>();
        throw unstable_step_error(std::string(Scheme::name) + ": step size h = " + geomint::to_string(h) +
                                      " violates the stability bound omega_max h < 2 sqrt(2): omega_max = " +
                                      geomint::to_string(w) + ", omega_max h = " + geomint::to_string(w * hl) +
                                      " >= 2 sqrt(2) = " + geomint::to_string(bound) +
                                      " (construct the stepper with geomint::stability_check::off to step anyway)",
                                  w, hl, bound);
    }

    stability_check m_check;
    std::array<entry, 2> m_cache{};
    std::size_t m_last = 0;
    vector<value_type, static_dimension> m_midpoint;
};

/// Newmark's variational scheme as an odeint stepper (order 2, unconditionally stable).
template <class Coor, class Momentum = Coor>
using newmark_stepper = linear_variational_stepper<scheme::newmark, Coor, Momentum>;

/// Simpson's variational scheme, variant 2 (eqs. 30–32), as an odeint stepper (order 4).
template <class Coor, class Momentum = Coor>
using simpson_stepper = linear_variational_stepper<scheme::simpson, Coor, Momentum>;

/// Simpson's scheme, variant 1 (eqs. 26–29): also gives the internal node via `midpoint()`.
template <class Coor, class Momentum = Coor>
using simpson_variant1_stepper = linear_variational_stepper<scheme::simpson_variant1, Coor, Momentum>;

}  // namespace geomint
