#pragma once
/// \file
/// `lagrangian_system`: a mechanical system given by its Lagrangian L(q, v), q, v ∈ ℝⁿ — any
/// regular L, separable or not (a configuration-dependent mass matrix, velocity-dependent
/// potentials). Momenta p = ∂L/∂v, generalized force ∂L/∂q; the Euler–Lagrange equations
/// d/dt ∂L/∂v = ∂L/∂q.
///
/// The user writes L once, as a generic callable; its first and second derivatives come from
/// Boost.Math autodiff in the same scalar type:
/// \code
///   // the nonlinear double pendulum (unit masses and lengths, g = 9.81)
///   auto sys = geomint::make_lagrangian_system<double>(2, [](const auto& q, const auto& v) {
///       using std::cos;
///       return v[0] * v[0] + v[1] * v[1] / 2 + v[0] * v[1] * cos(q[0] - q[1])
///              + 2 * 9.81 * cos(q[0]) + 9.81 * cos(q[1]);
///   });
/// \endcode
/// L is called with two `std::vector<U>` of length n, U = T or a `forward_jet` over T
/// (forward_jet.hpp): write it with `q[i]`, `v[i]`, ADL math calls (sin, cos, tan, asin, acos,
/// atan, atan2, sinh, cosh, tanh, exp, log, sqrt, pow, abs) and constants of type T or int. A
/// callable typed on T alone (`const std::vector<double>&`) is refused at compile time with a
/// message saying so.
///
/// The steppers' state is (q, p), p the generalized momenta; the model's Legendre transform
/// goes between the two forms (examples/galerkin_kepler.cpp):
/// \code
///   const Eigen::VectorXd v = sys.velocity(q, p);    // v with ∂L/∂v(q, v) = p (Newton's method)
///   const Eigen::VectorXd p2 = sys.momenta(q, v);    // ∂L/∂v(q, v): p again
///   const double H = sys.hamiltonian(q, p);          // vᵀp − L(q, v): the energy
/// \endcode

#include "geomint/error.hpp"
#include "geomint/forward_jet.hpp"
#include "geomint/linalg.hpp"
#include "geomint/model/generic_callable.hpp"
#include "geomint/model/jet_evaluation.hpp"
#include "geomint/model/system_form.hpp"

#include <cstddef>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// L's derivatives at a point (q, v): what the Galerkin steps' Newton solves need.
/// \tparam N n at compile time (a stepper with fixed-size states), or Eigen::Dynamic.
template <class T, int N = Eigen::Dynamic>
struct lagrangian_derivatives {
    vector<T, N> Lq;   ///< ∂L/∂q (n): the generalized force
    vector<T, N> Lv;   ///< ∂L/∂v (n): the generalized momenta p
    matrix<T, N> Lqq;  ///< ∂²L/∂q² (n × n)
    matrix<T, N> Lvq;  ///< ∂²L/∂v∂q (n × n): row i = ∂/∂v_i, column j = ∂/∂q_j
    matrix<T, N> Lvv;  ///< ∂²L/∂v² (n × n): the (generalized) mass matrix
    /// A forced model's non-conservative generalized force F(q, v, t) (n) and its Jacobians
    /// ∂F/∂q, ∂F/∂v (n × n); left untouched by a conservative model.
    vector<T, N> F;
    matrix<T, N> Fq;  ///< ∂F/∂q (n × n)
    matrix<T, N> Fv;  ///< ∂F/∂v (n × n)
};

/// No non-conservative force (the default of `lagrangian_system`).
struct no_force {};

/// No double-precision copy of the model (the default of `lagrangian_system`; see
/// `lagrangian_system::with_double_model`).
struct no_double_model {};

/// Mechanical system given by a Lagrangian L(q, v) with n degrees of freedom, and optionally a
/// non-conservative generalized force F(q, v, t) (damping, friction, a load): the equations of
/// motion are then Lagrange–d'Alembert's, d/dt ∂L/∂v − ∂L/∂q = F (Marsden & West, Acta Numerica
/// 10 (2001) §3.2), which the Galerkin VIs discretize with the force's virtual work by their own
/// Gauss–Lobatto rule (scheme/galerkin/lagrangian_stages.hpp).
///
/// \tparam T          scalar type (double, quad, mp<D>, ...).
/// \tparam Lagrangian callable `U L(const std::vector<U>& q, const std::vector<U>& v)` for U = T and
///                    `forward_jet`s over T.
/// \tparam Force      `no_force`, or a callable `std::vector<U> F(const std::vector<U>& q,
///                    const std::vector<U>& v, const T& t)` (n entries, in the units of ∂L/∂q)
///                    for U = T and first-order `forward_jet`s over T (its Jacobians by autodiff).
///
/// \tparam DoubleModel `no_double_model`, or the same system at double (a `lagrangian_system<double,
///                    ...>`, attached by `with_double_model`): the start of the mixed-precision
///                    Newton path.
///
/// Shapes: q, v, p are `geomint::vector<T>` of length `dof()`. Members taking (q, v) throw
/// `std::invalid_argument` for a wrong length and `std::domain_error` naming the point and the
/// entry when L or a derivative is not finite. Precondition of the steppers: L is regular
/// (∂²L/∂v² invertible); `velocity` checks it.
template <class T, class Lagrangian, class Force = no_force, class DoubleModel = no_double_model>
class lagrangian_system {
    using jets = std::vector<forward_jet<T, detail::model_jet_capacity, 2>>;
    using force_jets = std::vector<forward_jet<T, detail::model_jet_capacity, 1>>;
    // L (and F) are called on jets for their derivatives: a callable typed on double cannot be;
    // then this static_assert is the one error (model/generic_callable.hpp; the force's
    // evaluations compile to nothing).
    static constexpr bool generic_lagrangian = std::is_invocable_v<const Lagrangian&, const jets&, const jets&> &&
                                               std::is_invocable_v<const Lagrangian&, const std::vector<T>&, const std::vector<T>&>;
    static_assert(generic_lagrangian,
                  "lagrangian_system: L must accept any scalar type, since its derivatives are taken by automatic "
                  "differentiation: write it as a generic lambda [](const auto& q, const auto& v) { ... } (q, v are "
                  "std::vectors; call sin, cos, ... unqualified or after using std::sin)");
    static constexpr bool generic_force = []() {
        if constexpr (std::is_same_v<Force, no_force>) return true;
        else return std::is_invocable_v<const Force&, const force_jets&, const force_jets&, const T&> &&
                    std::is_invocable_v<const Force&, const std::vector<T>&, const std::vector<T>&, const T&>;
    }();
    static_assert(generic_force,
                  "lagrangian_system: the force F must accept any scalar type for q and v, since its Jacobians are "
                  "taken by automatic differentiation: write it as a generic lambda "
                  "[](const auto& q, const auto& v, const T& t) { ... } returning a std::vector of q's entry type");

public:
    /// Scalar type.
    using value_type = T;
    /// Type of the Lagrangian callable L(q, v).
    using lagrangian_type = Lagrangian;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::lagrangian;
    /// True when the model has a non-conservative force F(q, v, t).
    static constexpr bool has_force = !std::is_same_v<Force, no_force>;
    /// True when a double-precision copy of the model is attached (`with_double_model`).
    static constexpr bool has_double_model = !std::is_same_v<DoubleModel, no_double_model>;

    /// \throws std::invalid_argument if dof = 0.
    lagrangian_system(std::size_t dof, Lagrangian L, Force F = Force{}, DoubleModel D = DoubleModel{})
        : m_dof(dof), m_L(std::move(L)), m_F(std::move(F)), m_double(std::move(D)) {
        if (dof == 0) throw std::invalid_argument("lagrangian_system: dof = 0 violates the precondition dof >= 1");
        if constexpr (has_double_model) {
            if (m_double.dof() != dof)
                throw std::invalid_argument("lagrangian_system::with_double_model: the double model has dof = " +
                                            std::to_string(m_double.dof()) + "; the system has dof = " +
                                            std::to_string(dof) + " (precondition: the same system at double)");
        }
    }

    /// This system with `D`, the same system at double precision, attached: a
    /// `lagrangian_system<double, ...>` of the same dof (its L and F written at double, their
    /// constants rounded to double). The Galerkin VI's Newton path for a scalar wider than long
    /// double (scheme/galerkin/lagrangian_stages.hpp) then solves each step's stage equations in
    /// double first, and corrects that solution in T with the Jacobian of D's stage equations
    /// factored in double, so that L's second derivatives are not formed in T. D sets the cost,
    /// not the result: the corrections converge to T's stage equations; where D's solution is too
    /// far off (a correction above √ε of double) the step goes on with Jacobians formed in T, and
    /// where D fails (no convergence, a singular Jacobian, a non-finite or degenerate L, a state
    /// beyond double's range) from the usual start. Other scalars and constrained steps do not
    /// use D.
    /// \code
    ///   problems::double_pendulum<mp<50>> dp;
    ///   auto sys = dp.nonlinear_system();   // has it: make_lagrangian_system<mp<50>>(2, L)
    ///                                       //   .with_double_model(make_lagrangian_system<double>(2, L_double))
    /// \endcode
    /// \throws std::invalid_argument when D's dof differs from this system's.
    template <class D>
    lagrangian_system<T, Lagrangian, Force, D> with_double_model(D double_model) const {
        static_assert(!has_double_model, "lagrangian_system::with_double_model: a double model is attached already");
        static_assert(is_double_lagrangian_system<D>::value,
                      "lagrangian_system::with_double_model: the double model must be a lagrangian_system<double, ...> "
                      "(make_lagrangian_system<double>(n, L_double[, F_double]))");
        static_assert(D::has_force == has_force,
                      "lagrangian_system::with_double_model: the double model must have a force exactly when this "
                      "system has one (the same system at double)");
        return lagrangian_system<T, Lagrangian, Force, D>(m_dof, m_L, m_F, std::move(double_model));
    }
    /// The double-precision copy of the model (`with_double_model`).
    const DoubleModel& double_model() const
        requires has_double_model
    {
        return m_double;
    }

    /// Number of degrees of freedom n.
    std::size_t dof() const { return m_dof; }
    /// The Lagrangian callable as given.
    const Lagrangian& lagrangian_function() const { return m_L; }

    /// L(q, v).
    T lagrangian(const vector<T>& q, const vector<T>& v) const {
        return checked(T(detail::autodiff_callable<generic_lagrangian>(m_L)(entries<T>(q, "q"), entries<T>(v, "v"))), q, v,
                       "L");
    }

    /// ∂L/∂v (the momenta p) and ∂L/∂q, by one evaluation of L on first-order jets over
    /// x = (q, v) (forward_jet.hpp).
    std::pair<vector<T>, vector<T>> gradient(const vector<T>& q, const vector<T>& v) const {
        lagrangian_derivatives<T> d;
        gradient(q, v, d);
        return {std::move(d.Lv), std::move(d.Lq)};
    }

    /// The same into d.Lv and d.Lq (d's second derivatives untouched), reusing their storage.
    void gradient(const vector<T>& q, const vector<T>& v, lagrangian_derivatives<T>& d) const {
        with_jets<1>(q, v, [&](const auto& Lx) { split_into(Lx, q, v, d); });
    }

    /// The generalized momenta p = ∂L/∂v(q, v) (n entries; the second half of a stepper's state).
    /// \throws std::invalid_argument for q or v not of length n; std::domain_error when a
    ///         derivative of L is not finite at (q, v).
    vector<T> momenta(const vector<T>& q, const vector<T>& v) const { return gradient(q, v).first; }

    /// First and second derivatives at (q, v), by one evaluation of L on second-order jets over
    /// x = (q, v) (forward_jet.hpp): each elementary function of L is evaluated once.
    lagrangian_derivatives<T> derivatives(const vector<T>& q, const vector<T>& v) const {
        lagrangian_derivatives<T> d;
        derivatives(q, v, d);
        return d;
    }

    /// The same into `d`, reusing its storage (the Newton iterations' form: no allocation once
    /// `d` has the shapes).
    void derivatives(const vector<T>& q, const vector<T>& v, lagrangian_derivatives<T>& d) const {
        with_jets<2>(q, v, [&](const auto& Lx) { split_into(Lx, q, v, d); });
    }

    // Fixed-size forms, for n fixed at compile time (N = n; what a stepper with fixed-size states
    // calls): L is evaluated on jets of exactly 2N directions (`forward_jet<T, 2N, Order,
    // jet_size::exactly>`), still given as `std::vector`s.

    /// `gradient(q, v, d)` for n = N fixed at compile time (jets of exactly 2N directions).
    /// \throws what the run-time-size form throws.
    template <int N>
        requires(N != Eigen::Dynamic)
    void gradient(const vector<T, N>& q, const vector<T, N>& v, lagrangian_derivatives<T, N>& d) const {
        with_jets<1>(q, v, [&](const auto& Lx) { split_into(Lx, q, v, d); });
    }
    /// `derivatives(q, v, d)` for n = N fixed at compile time (jets of exactly 2N directions).
    /// \throws what the run-time-size form throws.
    template <int N>
        requires(N != Eigen::Dynamic)
    void derivatives(const vector<T, N>& q, const vector<T, N>& v, lagrangian_derivatives<T, N>& d) const {
        with_jets<2>(q, v, [&](const auto& Lx) { split_into(Lx, q, v, d); });
    }
    /// `force(q, v, t, d, jacobians)` for n = N fixed at compile time. Forced models only.
    /// \throws what the run-time-size form throws.
    template <int N>
        requires(N != Eigen::Dynamic && has_force)
    void force(const vector<T, N>& q, const vector<T, N>& v, const T& t, lagrangian_derivatives<T, N>& d,
               bool jacobians) const {
        if constexpr (generic_force) force_of_generic(q, v, t, d, jacobians);
    }

    /// The force F(q, v, t) into d.F and, when `jacobians`, ∂F/∂q and ∂F/∂v into d.Fq and d.Fv (by
    /// one evaluation of F on first-order jets over x = (q, v)). Forced models only.
    /// \throws std::invalid_argument when F returns another number of entries than n;
    ///         std::domain_error naming the entry, t, q and v when an entry is not finite.
    void force(const vector<T>& q, const vector<T>& v, const T& t, lagrangian_derivatives<T>& d, bool jacobians) const
        requires has_force
    {
        if constexpr (generic_force) force_of_generic(q, v, t, d, jacobians);
    }

    /// The velocity v with ∂L/∂v(q, v) = p (the inverse Legendre transform), by Newton's method
    /// from v = 0 (one step when L is quadratic in v).
    /// \throws std::domain_error when ∂²L/∂v² is singular at the iterate (a degenerate Lagrangian),
    ///         naming the point; geomint::convergence_error after 50 iterations.
    vector<T> velocity(const vector<T>& q, const vector<T>& p) const {
        require_length(p, "p");
        vector<T> v = vector<T>::Zero(index(m_dof));
        T previous(-1);
        for (int k = 1; k <= 50; ++k) {
            const auto d = derivatives(q, v);
            Eigen::FullPivLU<matrix<T>> lu(d.Lvv);  // one factorization: the regularity test and the solve
            if constexpr (is_exact_v<T>) lu.setThreshold(T(0));
            if (!lu.isInvertible())
                throw_degenerate(q, v, "d2L/dv2 (rank " + std::to_string(lu.rank()) + " of " + std::to_string(m_dof) + ")");
            const vector<T> dv = lu.solve(vector<T>(d.Lv - p));
            v -= dv;
            const T delta = max_abs(dv);
            const T one(1);
            const T scale = max_abs(v) > one ? max_abs(v) : one;
            if (delta == T(0) || (previous >= T(0) && delta >= previous && delta <= scalar_traits<T>::tolerance(64) * scale))
                return v;
            previous = delta;
        }
        throw convergence_error("lagrangian_system: the inverse Legendre transform (dL/dv(q, v) = p) did not converge in 50 "
                                "Newton iterations",
                                50, static_cast<long double>(previous));
    }

    /// The energy E(q, v) = vᵀ ∂L/∂v − L (conserved by the Euler–Lagrange flow).
    T energy(const vector<T>& q, const vector<T>& v) const { return v.dot(momenta(q, v)) - lagrangian(q, v); }

    /// The Hamiltonian H(q, p) = E(q, v(q, p)) = vᵀp − L(q, v) with v = `velocity(q, p)`: the
    /// energy of a stepper's state (q, p), conserved by the exact flow, bounded by the Galerkin
    /// VIs. \throws what `velocity` throws.
    T hamiltonian(const vector<T>& q, const vector<T>& p) const { return energy(q, velocity(q, p)); }

private:
    static Eigen::Index index(std::size_t i) { return static_cast<Eigen::Index>(i); }

    /// `force` for a force callable of any scalar type.
    template <int N>
    void force_of_generic(const vector<T, N>& q, const vector<T, N>& v, const T& t, lagrangian_derivatives<T, N>& d,
                          bool jacobians) const {
        const Eigen::Index n = index(m_dof);
        const auto size_check = [&](std::size_t k) {
            if (k != m_dof)
                throw std::invalid_argument("lagrangian_system: the force at t = " + geomint::to_string(t) + " has " +
                                            std::to_string(k) + " entries (precondition: n = " + std::to_string(m_dof) +
                                            ")");
        };
        const auto what = [&](Eigen::Index i) { return "F[" + std::to_string(i) + "] at t = " + geomint::to_string(t); };
        if (!jacobians) {
            const auto F = m_F(entries<T>(q, "q"), entries<T>(v, "v"), t);
            size_check(F.size());
            d.F.resize(n);
            for (Eigen::Index i = 0; i < n; ++i) d.F(i) = checked(T(F[std::size_t(i)]), q, v, [&] { return what(i); });
            return;
        }
        with_jets<1>(q, v, m_F, t, [&](const auto& F) {
            size_check(F.size());
            d.F.resize(n);
            d.Fq.resize(n, n);
            d.Fv.resize(n, n);
            for (Eigen::Index i = 0; i < n; ++i) {
                const auto& Fi = F[std::size_t(i)];
                d.F(i) = checked(Fi.value(), q, v, [&] { return what(i); });
                for (Eigen::Index j = 0; j < 2 * n; ++j) {
                    const T g = Fi.directions() == 0 ? T(0) : T(Fi.gradient()(j));
                    checked(g, q, v, [&] { return "d" + what(i) + "/d" + label(j); });
                    if (j < n) d.Fq(i, j) = g;
                    else d.Fv(i, j - n) = g;
                }
            }
        });
    }

    template <class Vec>
    [[noreturn]] static void throw_degenerate(const Vec& q, const Vec& v, const std::string& what) {
        throw std::domain_error("lagrangian_system: " + what + " is singular at q = (" + entries_to_string(q) + "), v = (" + entries_to_string(v) +
                                ") (precondition: a regular Lagrangian, det d2L/dv2 != 0)");
    }

    template <class Vec>
    void require_length(const Vec& x, const char* what) const {
        if (static_cast<std::size_t>(x.size()) != m_dof)
            throw std::invalid_argument(std::string("lagrangian_system: ") + what + " has " + std::to_string(x.size()) +
                                        " entries; the system has dof = " + std::to_string(m_dof));
    }

    /// `use(L(x))` with x = (q, v) seeded as the 2n variables of Order-`Order` jets.
    template <int Order, class Vec, class Use>
    auto with_jets(const Vec& q, const Vec& v, const Use& use) const {
        return with_jets<Order>(q, v, [this](const auto& xq, const auto& xv) {
            using J = typename std::decay_t<decltype(xq)>::value_type;
            return J(detail::autodiff_callable<generic_lagrangian>(m_L)(xq, xv));
        }, use);
    }
    /// `use(F(x, t))` for the force.
    template <int Order, class Vec, class Use>
    auto with_jets(const Vec& q, const Vec& v, const Force& F, const T& t, const Use& use) const {
        return with_jets<Order>(q, v, [&F, &t](const auto& xq, const auto& xv) { return F(xq, xv, t); }, use);
    }
    /// `use(function(xq, xv))` with x = (q, v) seeded as the 2n variables of Order-`Order` jets
    /// (model/jet_evaluation.hpp: exactly 2N directions for vectors of a compile-time length N).
    template <int Order, class Vec, class Function, class Use>
    auto with_jets(const Vec& q, const Vec& v, const Function& function, const Use& use) const {
        require_length(q, "q");
        require_length(v, "v");
        return detail::with_model_jets<T, Order>(q, v, function, use);
    }
    /// L's gradient over x = (q, v) into d.Lq, d.Lv and, for second-order jets, its Hessian into
    /// d.Lqq, d.Lvq, d.Lvv; each entry checked finite (std::domain_error naming the first that is
    /// not). A constant L (no directions) has zero derivatives.
    template <class J, int N>
    void split_into(const J& Lx, const vector<T, N>& q, const vector<T, N>& v, lagrangian_derivatives<T, N>& d) const {
        const Eigen::Index n = index(m_dof);
        if (Lx.directions() == 0) {
            d.Lq.setZero(n);
            d.Lv.setZero(n);
            if constexpr (J::order == 2) {
                d.Lqq.setZero(n, n);
                d.Lvq.setZero(n, n);
                d.Lvv.setZero(n, n);
            }
            return;
        }
        const auto& g = Lx.gradient();
        if (!all_finite(g))  // one vectorized test, then the entry to name
            for (Eigen::Index j = 0; j < 2 * n; ++j) checked(g(j), q, v, [&] { return "dL/d" + label(j); });
        if constexpr (N != Eigen::Dynamic) {
            d.Lq = g.template head<N>();
            d.Lv = g.template tail<N>();
        } else {
            d.Lq = g.head(n);
            d.Lv = g.tail(n);
        }
        if constexpr (J::order == 2) {
            const auto& H = Lx.hessian();
            if (!all_finite(H))
                for (Eigen::Index j = 0; j < 2 * n; ++j)
                    for (Eigen::Index i = j; i < 2 * n; ++i)
                        checked(H(i, j), q, v, [&] { return "d2L/d" + label(i) + "d" + label(j); });
            if constexpr (N != Eigen::Dynamic) {
                d.Lqq = H.template topLeftCorner<N, N>();
                d.Lvq = H.template bottomLeftCorner<N, N>();
                d.Lvv = H.template bottomRightCorner<N, N>();
            } else {
                d.Lqq = H.topLeftCorner(n, n);
                d.Lvq = H.bottomLeftCorner(n, n);
                d.Lvv = H.bottomRightCorner(n, n);
            }
        }
    }
    /// The name of variable k of x = (q, v): "q[i]" or "v[i]".
    std::string label(Eigen::Index k) const {
        const Eigen::Index n = index(m_dof);
        return (k < n ? std::string("q[") : std::string("v[")) + std::to_string(k < n ? k : k - n) + "]";
    }

    template <class U, class Vec>
    std::vector<U> entries(const Vec& x, const char* what) const {
        require_length(x, what);
        std::vector<U> e;
        e.reserve(m_dof);
        for (std::size_t i = 0; i < m_dof; ++i) e.emplace_back(x[index(i)]);
        return e;
    }

    /// value, or std::domain_error naming `what` (a string, or a callable building it), q and v.
    template <class Vec, class What>
    static T checked(T value, const Vec& q, const Vec& v, const What& what) {
        if (!is_finite(value))
            throw std::domain_error("lagrangian_system: " + describe(what) + " at q = (" + entries_to_string(q) + "), v = (" + entries_to_string(v) + ") is " +
                                    geomint::to_string(value) +
                                    " (precondition: L is twice differentiable with finite derivatives)");
        return value;
    }

    template <class S>
    struct is_double_lagrangian_system : std::false_type {};
    template <class L, class F>
    struct is_double_lagrangian_system<lagrangian_system<double, L, F>> : std::true_type {};

    std::size_t m_dof;
    Lagrangian m_L;
    Force m_F;
    DoubleModel m_double;
};

/// `lagrangian_system<T, Lagrangian>` with `dof` degrees of freedom.
template <class T, class Lagrangian>
lagrangian_system<T, Lagrangian> make_lagrangian_system(std::size_t dof, Lagrangian L) {
    return lagrangian_system<T, Lagrangian>(dof, std::move(L));
}

/// `lagrangian_system<T, Lagrangian, Force>`: L with the non-conservative force F(q, v, t).
template <class T, class Lagrangian, class Force>
lagrangian_system<T, Lagrangian, Force> make_lagrangian_system(std::size_t dof, Lagrangian L, Force F) {
    return lagrangian_system<T, Lagrangian, Force>(dof, std::move(L), std::move(F));
}

template <class S>
struct is_lagrangian_system : std::false_type {};
template <class T, class L, class F, class D>
struct is_lagrangian_system<lagrangian_system<T, L, F, D>> : std::true_type {};

}  // namespace geomint
