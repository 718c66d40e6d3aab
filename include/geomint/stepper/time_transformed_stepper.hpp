#pragma once
/// \file
/// Adaptive steps that keep the structure: a splitting method of the catalogue on the
/// time-transformed Hamiltonian K = F(T + p_t) − F(−V) (model/time_transformation.hpp), with a
/// fixed step Δs in the fictitious time s, as odeint's dense-output stepper in physical time.
///
/// \code
///   geomint::problems::kepler<double> k(0.99);
///   geomint::time_transformed_stepper<geomint::problems::kepler<double>, geomint::scheme::yoshida6> st(k, 2 * pi / 40);
///   auto x = std::make_pair(Eigen::VectorXd(k.q0()), Eigen::VectorXd(k.p0()));
///   // observed every 0.1 in physical time; the steps are Δs = 2π/40 in s throughout
///   boost::numeric::odeint::integrate_const(st, k, x, 0.0, 1000 * k.period(), 0.1, observer);
/// \endcode
///
/// The extended state is (q, t; p, p_t) with p_t = −H(q₀, p₀) fixed (K does not depend on t). A
/// step of `Method` (any `scheme::splitting_method`: stormer_verlet, yoshida4 … sofroniou_spaletta10,
/// mclachlan_sb3a, blanes_moan_srkn6) on K is explicit, symplectic in the extended phase space
/// and, for a palindromic method, time-symmetric: Δs and then −Δs return the state to round-off.
/// Its order in s is the method's, and t being a coordinate, so is the order at fixed physical
/// times. Each step costs `Method::evaluations` force evaluations and as many potentials.
///
/// With `Method = scheme::gragg_bulirsch_stoer<C>` (scheme/extrapolation/gragg_bulirsch_stoer.hpp)
/// a step is instead the extrapolation of the leapfrog of K in h² over n_j = 2, 4, … substeps, of
/// order up to 2C, with the macro step Δs and the column chosen by error control (Δs given at
/// construction is the first): algorithmic regularization as in Mikkola & Tanikawa 1999 and
/// Mikkola & Aarseth 2002 — neither symplectic nor time-symmetric, but of high order through close
/// encounters, where a fixed Δs is too coarse (Burrau's problem: bench/ias15, the test
/// ExtrapolatedLeapfrogThroughThePythagoreanProblem). `rejected_steps()` and `last_column()` report
/// the control; a landing or an observation re-extrapolates the step with its column.
///
/// The odeint protocol in physical time (dense_output_stepper_tag):
/// - `initialize(x0, t0, dt)` starts a run from x0 = (q, p) at t0, with p_t = −H(x0). Only dt's
///   sign is used (Δs is the stepper's, set at construction; dt < 0 runs backward with −Δs) —
///   except when (x0, t0) is the node the stepper is at: the run then continues from its extended
///   state (p_t kept, so that turning back retraces the steps), and in the same direction a
///   0 < |dt| below the next step's physical length shortens the next step in s to end exactly
///   at t0 + dt (odeint's integrate_const, integrate_adaptive and integrate_times re-initialize
///   so to end on the end time).
/// - `do_step(system)` takes the next step (the system odeint passes must be the stepper's model
///   type; the stepper steps its own copy) and returns (t_old, t_new). The next step is computed
///   ahead, so `current_time_step()` is its exact physical length.
/// - `calc_state(t, x)` is the state at physical time t within the last step: a step of the
///   method from the previous node, of the σ ∈ (0, Δs) at which the time coordinate reaches t
///   (Boost.Math's toms748, stopped when a step lands within 4 ε |t| of t: a few steps of the
///   method per observation). Observing never changes a step.
///
/// Errors (std::invalid_argument unless said): Δs zero or not finite (constructor); the
/// extrapolation's tolerance or first column (constructor); t0 not finite; a step that does not
/// move physical time, so that no end time can be reached (std::runtime_error naming t and q); 60
/// rejected macro steps in a row (std::runtime_error); a state at which F' is not finite and
/// positive or −V <= 0 for the logarithmic transformation (std::domain_error naming the quantity
/// and q) — a state of positive potential cannot be integrated with F = ln; do_step or calc_state before initialize (std::logic_error);
/// calc_state outside the last step (std::out_of_range).

#include "geomint/error.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/time_transformation.hpp"
#include "geomint/observe/adaptive_dense_output.hpp"
#include "geomint/scalar.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/extrapolation/gragg_bulirsch_stoer.hpp"
#include "geomint/state.hpp"
#include "geomint/stepper/splitting_stepper.hpp"

#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

namespace geomint {

namespace detail {
/// Whether a time-transformed stepper's Method is the extrapolation of the leapfrog (adaptive Δs).
template <class Method>
inline constexpr bool is_extrapolation = false;
/// The Gragg–Bulirsch–Stoer extrapolation.
template <int Columns>
inline constexpr bool is_extrapolation<scheme::gragg_bulirsch_stoer<Columns>> = true;
}  // namespace detail

/// The extended system of K as odeint's pair (f, g) on extended vectors (q, t) and (p, p_t) of
/// length dof() + 1, for `splitting_stepper`; counts the force evaluations.
template <separable_hamiltonian Model, class Transformation>
struct time_transformed_system {
    /// Scalar type.
    using T = typename Model::value_type;
    /// The Hamiltonian H = T + V (not owned).
    const Model* model;
    /// x ↦ F'(x) (not owned).
    const Transformation* transformation;
    /// Kicks (force evaluations) so far.
    mutable std::uintmax_t forces = 0;
    /// Work vector, reused by every substep: q or p without its time entry.
    mutable vector<T> part{};
    /// Work vector, reused by every substep: the model's velocity or force.
    mutable vector<T> rate{};

    /// q written as (q_1, …, q_n) for messages.
    static std::string point(const vector<T>& q) {
        std::string s = "(";
        for (Eigen::Index i = 0; i < q.size(); ++i) s += (i ? ", " : "") + geomint::to_string(q(i));
        return s + ")";
    }

    /// F'(x) at x = T + p_t (drift) or x = U (kick), checked.
    T density(const T& x, const char* what, const vector<T>& where) const {
        if constexpr (std::is_same_v<Transformation, logarithmic_hamiltonian>) {
            if (!(x > T(0)))
                throw std::domain_error(std::string("time_transformed_stepper: ") + what + " = " + geomint::to_string(x) +
                                        " at q = " + point(where) +
                                        " (precondition of the logarithmic Hamiltonian: > 0, i.e. V < 0 along the motion)");
        }
        const T w = (*transformation)(x);
        if (!is_finite(w) || !(w > T(0)))
            throw std::domain_error(std::string("time_transformed_stepper: dt/ds = F'(") + what + ") = " +
                                    geomint::to_string(w) + " at " + what + " = " + geomint::to_string(x) + ", q = " +
                                    point(where) + " (precondition: finite and > 0)");
        return w;
    }

    /// Drift: dq/ds = F'(T + p_t) ∂T/∂p, dt/ds = F'(T + p_t).
    void coordinate_rate(const vector<T>& p, vector<T>& out) const {
        const Eigen::Index n = p.size() - 1;
        part = p.head(n);
        const T w = density(T(model->kinetic_energy(part) + p(n)), "T(p) + p_t", part);
        model->velocity(part, rate);
        out.resize(n + 1);
        out.head(n) = w * rate;
        out(n) = w;
    }
    /// Kick: dp/ds = F'(−V) (−∂V/∂q), dp_t/ds = 0.
    void momentum_rate(const vector<T>& q, vector<T>& out) const {
        const Eigen::Index n = q.size() - 1;
        part = q.head(n);
        const T w = density(T(-model->potential_energy(part)), "-V(q)", part);
        model->force(part, rate);
        ++forces;
        out.resize(n + 1);
        out.head(n) = w * rate;
        out(n) = T(0);
    }
    /// odeint's pair (f, g) of the drift and kick rates.
    auto pair() const {
        return std::make_pair([this](const vector<T>& p, vector<T>& out) { coordinate_rate(p, out); },
                              [this](const vector<T>& q, vector<T>& out) { momentum_rate(q, out); });
    }
};

/// odeint dense-output stepper in physical time of the splitting `Method` on the time-transformed
/// Hamiltonian of `Model` (see the file's comment).
///
/// \tparam Model          a `separable_hamiltonian` (problems::kepler, problems::n_body_gravity, or
///                        the user's): value_type T (double, quad, mp<D>).
/// \tparam Method         a `scheme::splitting_method` (default Störmer–Verlet: the leapfrog).
/// \tparam Transformation x ↦ F'(x) (default `logarithmic_hamiltonian`).
/// States: std::pair of two Eigen vectors (q, p) of length model.dof().
template <separable_hamiltonian Model, class Method = scheme::stormer_verlet,
          class Transformation = logarithmic_hamiltonian>
class time_transformed_stepper
    : public detail::adaptive_dense_output<time_transformed_stepper<Model, Method, Transformation>,
                                           std::pair<vector<typename Model::value_type>, vector<typename Model::value_type>>,
                                           typename Model::value_type> {
    using base = detail::adaptive_dense_output<time_transformed_stepper, std::pair<vector<typename Model::value_type>,
                                                                                   vector<typename Model::value_type>>,
                                               typename Model::value_type>;
    friend base;

public:
    /// Scalar type.
    using value_type = typename Model::value_type;
    /// Physical time type.
    using time_type = value_type;
    /// (q, p), Eigen vectors of length dof().
    using state_type = std::pair<vector<value_type>, vector<value_type>>;
    /// Same as state_type.
    using deriv_type = state_type;
    /// Type of order().
    using order_type = unsigned short;
    /// The splitting method.
    using method_type = Method;
    /// The system odeint passes do_step: the model's type.
    using system_type = Model;
    /// Name in messages.
    static constexpr const char* name = "time_transformed_stepper";

    /// \param model the Hamiltonian (copied).
    /// \param ds the fictitious step Δs (> 0; its units are time × energy for the logarithmic
    ///        transformation: Δs = h U over a step of length h); with the extrapolation, the
    ///        first macro step's (error control chooses the next ones).
    /// \param transformation x ↦ F'(x).
    /// \throws std::invalid_argument if ds is zero, negative or not finite.
    time_transformed_stepper(Model model, value_type ds, Transformation transformation = {})
        : time_transformed_stepper(std::move(model), std::move(ds), Method{}, std::move(transformation)) {}
    /// The same with the method's parameters (the extrapolation's tolerance and first column).
    /// \param model the Hamiltonian (copied).
    /// \param ds the fictitious step Δs, or the first macro step (> 0, finite).
    /// \param method the method (for `scheme::gragg_bulirsch_stoer`: its tolerance, first column).
    /// \param transformation x ↦ F'(x).
    /// \throws std::invalid_argument if ds is zero, negative or not finite, or from
    ///         `method.validate()`.
    time_transformed_stepper(Model model, value_type ds, Method method, Transformation transformation = {})
        : m_model(std::move(model)), m_transformation(std::move(transformation)), m_method(std::move(method)),
          m_ds(std::move(ds)) {
        if (!is_finite(m_ds) || !(m_ds > value_type(0)))
            throw std::invalid_argument("time_transformed_stepper: fictitious step ds = " + geomint::to_string(m_ds) +
                                        " (precondition: finite and > 0)");
        if constexpr (extrapolating) m_method.validate();
    }
    /// The method's order (in s, and at fixed physical times); the extrapolation's last column's.
    static constexpr order_type order() { return Method::order; }
    /// The fictitious step Δs (the extrapolation's first macro step).
    const value_type& fictitious_step() const { return m_ds; }
    /// The fictitious length σ of the last step (Δs with a splitting, unless it was a landing).
    const value_type& last_fictitious_step() const { return m_sigma; }
    /// The model stepped.
    const Model& model() const { return m_model; }
    /// The system to pass do_step (the protocol of observe/adaptive_dense_output.hpp): the model.
    const system_type& system() const { return m_model; }

    /// Macro steps the extrapolation's error control rejected since initialize (0 for a splitting).
    long long rejected_steps() const { return m_rejected; }
    /// The column the extrapolation reached in the last step (order 2 column; 0 for a splitting).
    int last_column() const { return m_column; }
    /// Force evaluations so far, the steps computed ahead and the side steps of calc_state included.
    std::uintmax_t force_evaluations() const { return m_forces; }
    /// p_t = −H(q₀, p₀), the energy the run keeps on K = 0.
    value_type energy() const { return -m_ext.second(m_model.dof()); }

private:
    using T = value_type;
    using ext_state = std::pair<vector<T>, vector<T>>;
    using system_type_ext = time_transformed_system<Model, Transformation>;
    static constexpr bool extrapolating = detail::is_extrapolation<Method>;
    using base_method = std::conditional_t<extrapolating, scheme::stormer_verlet, Method>;
    using plain_stepper = splitting_stepper<vector<T>, base_method>;

    system_type_ext extended_system() const { return system_type_ext{&m_model, &m_transformation}; }

    template <class V>
    static vector<T> as_vector(const V& v) {
        if constexpr (std::is_base_of_v<Eigen::EigenBase<V>, V>) return vector<T>(v);
        else return vector<T>(as_eigen(v));
    }

    // --- the protocol's hooks (observe/adaptive_dense_output.hpp)
    template <class StateIn>
    state_type accept(const StateIn& x) const {
        state_type out{as_vector(detail::unwrap_reference_to(x.first)), as_vector(detail::unwrap_reference_to(x.second))};
        const Eigen::Index n = m_model.dof();
        if (out.first.size() != n || out.second.size() != n)
            throw std::invalid_argument("time_transformed_stepper: x0 has " + std::to_string(out.first.size()) + " and " +
                                        std::to_string(out.second.size()) + " entries (precondition: the model's dof = " +
                                        std::to_string(n) + " each)");
        return out;
    }
    void start(const state_type& x, const T& t0) {
        const Eigen::Index n = m_model.dof();
        const vector<T>& q = x.first;
        const vector<T>& p = x.second;
        extended_system().density(T(-m_model.potential_energy(q)), "-V(q)", q);  // checked before any step
        m_ext.first.resize(n + 1);
        m_ext.second.resize(n + 1);
        m_ext.first.head(n) = q;
        m_ext.first(n) = t0;
        m_ext.second.head(n) = p;
        m_ext.second(n) = -(m_model.kinetic_energy(p) + m_model.potential_energy(q));  // p_t = −H₀
        m_rejected = 0;
        m_column = 0;
        m_h = m_ds;
        m_stepper.reset();
    }
    void turn_back() {}  // −Δs from the node retraces a splitting's steps
    std::pair<state_type, T> advance() {
        m_prev_ext = m_ext;
        m_ext = m_next;  // the step computed ahead, by m_stepper (its summation carry continues)
        m_sigma = m_next_sigma;
        m_column = m_next_column;
        return {split(m_ext), node_time()};
    }
    state_type land(const T& target) {
        m_prev_ext = m_ext;
        m_column = m_next_column;
        std::tie(m_ext, m_sigma) = partial_step(m_prev_ext, target, m_next_sigma, T(m_next.first(m_model.dof())), m_column);
        m_ext.first(m_model.dof()) = target;
        m_stepper.reset();
        return split(m_ext);
    }
    state_type state_at(const T& t) const {
        return split(partial_step(m_prev_ext, t, m_sigma, node_time(), m_column).first);
    }
    T next_length() const { return m_next.first(m_model.dof()) - node_time(); }
    // the time coordinate of the current node
    T node_time() const { return m_ext.first(m_model.dof()); }

    state_type split(const ext_state& e) const {
        const Eigen::Index n = m_model.dof();
        return {e.first.head(n), e.second.head(n)};
    }

    // `substeps` steps of σ from e by `st`, counting the force evaluations
    ext_state step_from(plain_stepper& st, const ext_state& e, const T& sigma, int substeps = 1) const {
        const system_type_ext sys = extended_system();
        ext_state out = e;
        for (int i = 0; i < substeps; ++i) st.do_step(sys.pair(), out, T(0), sigma);
        m_forces += sys.forces;
        return out;
    }

    // the extrapolated macro step σ from e, columns first … last (stopping early if asked)
    scheme::extrapolated_step<ext_state, T> extrapolate(const ext_state& e, const T& sigma, int first, int last,
                                                        bool stop_early) const {
        const auto base_step = [this](const ext_state& y, const T& h, int substeps) {
            plain_stepper st;  // each sequence from a fresh summation carry
            return step_from(st, y, h, substeps);
        };
        return scheme::extrapolate(base_step, e, sigma, first, last, m_method.tolerance, stop_early);
    }

    // the step after the current node, computed ahead: Δs, or the extrapolation's accepted step
    void look_ahead() {
        const int sign = this->direction();
        if constexpr (extrapolating) {
            for (int tries = 0;; ++tries) {
                const T sigma = T(sign) * m_h;
                auto r = extrapolate(m_ext, sigma, m_method.first_column, Method::columns, true);
                m_h = scheme::next_macro_step(m_h, r.error, r.column);
                if (r.error <= T(1)) {
                    m_next = std::move(r.state);
                    m_next_sigma = sigma;
                    m_next_column = r.column;
                    break;
                }
                ++m_rejected;
                if (tries == 60 || !is_finite(r.error))
                    throw std::runtime_error("time_transformed_stepper: the extrapolation rejected 60 macro steps in a row at t = " +
                                             geomint::to_string(node_time()) + ", q = " + system_type_ext::point(m_ext.first) +
                                             " (the last of σ = " + geomint::to_string(sigma) + ", error " +
                                             geomint::to_string(r.error) + " times the tolerance)");
            }
        } else {
            m_next = step_from(m_stepper, m_ext, T(sign) * m_ds);
            m_next_sigma = T(sign) * m_ds;
        }
        const T length = next_length();
        if (!(T(sign) * length > T(0)))
            throw std::runtime_error("time_transformed_stepper: the end time cannot be reached: a step of s = " +
                                     geomint::to_string(m_next_sigma) + " from t = " + geomint::to_string(node_time()) +
                                     " moves physical time by " + geomint::to_string(length) + " (q, t = " +
                                     system_type_ext::point(m_ext.first) +
                                     "; the step's physical length is below t's resolution, or dt/ds vanished)");
    }

    // a step of σ from e: the splitting's, or the extrapolation's with `column` columns
    ext_state side_step(const ext_state& e, const T& sigma, int column) const {
        if constexpr (extrapolating) return extrapolate(e, sigma, column, column, false).state;
        else return step_from(m_side, e, sigma);
    }

    // the state at physical time `target` within the step from e of fictitious length sigma_end
    // (ending at t_end): σ by toms748 on t(σ) − target, stopped as soon as a step lands within
    // time's own resolution (4 ε |t|) of the target; that step's state is returned with its σ
    std::pair<ext_state, T> partial_step(const ext_state& e, const T& target, const T& sigma_end, const T& t_end,
                                         int column) const {
        using std::abs;
        using std::max;
        const Eigen::Index n = m_model.dof();
        const T t0 = e.first(n);
        const T eps = std::numeric_limits<T>::epsilon();
        const T resolution = 4 * eps * max(max(abs(target), abs(t0)), abs(t_end));
        ext_state best;
        T best_gap = std::numeric_limits<T>::infinity(), best_sigma(0);
        const auto gap = [&](const T& sigma) {
            ext_state x = side_step(e, sigma, column);
            const T g = x.first(n) - target;
            if (abs(g) < best_gap) {
                best_gap = abs(g);
                best_sigma = sigma;
                best = std::move(x);
            }
            return g;
        };
        boost::math::tools::eps_tolerance<T> narrow(std::numeric_limits<T>::digits - 2);
        const auto done = [&](const T& a, const T& b) { return best_gap <= resolution || narrow(a, b); };
        T lo(0), hi = sigma_end, f_lo = t0 - target, f_hi = t_end - target;
        if (hi < lo) {
            std::swap(lo, hi);
            std::swap(f_lo, f_hi);
        }
        std::uintmax_t iterations = 200;
        boost::math::tools::toms748_solve(gap, lo, hi, f_lo, f_hi, done, iterations);
        return {std::move(best), best_sigma};
    }

    Model m_model;
    Transformation m_transformation;
    Method m_method;
    T m_ds;
    plain_stepper m_stepper{};
    mutable plain_stepper m_side{};
    ext_state m_ext{}, m_prev_ext{}, m_next{};
    T m_sigma{};            ///< the last step's σ (Δs, or the landing's)
    T m_h{};                ///< the extrapolation's next macro step (magnitude)
    T m_next_sigma{};       ///< σ of the step computed ahead (signed)
    int m_next_column = 0;  ///< its column (extrapolation)
    int m_column = 0;       ///< the last step's column
    long long m_rejected = 0;
    mutable std::uintmax_t m_forces = 0;
};

}  // namespace geomint
