#pragma once
/// \file
/// `hamiltonian_system`: a system given by any Hamiltonian H(q, p), or H(q, p, t), q, p ∈ ℝⁿ,
/// separable or not (odeint-v2 issue #88: the double pendulum in angles and momenta; a charged
/// particle's H = |p − qA(x)|²/(2m) + qφ(x)). Hamilton's equations
///     dq/dt = ∂H/∂p,   dp/dt = −∂H/∂q,
/// i.e. dx/dt = J ∇H(x) for x = (q, p), J = [[0, I], [−I, 0]].
///
/// The user writes H once, as a generic callable; its gradient and Hessian come from forward-mode
/// jets in the same scalar type (forward_jet.hpp), one evaluation of H for all of them:
/// \code
///   // Tao's example (Phys. Rev. E 94, 043303, 2016): H = (q² + 1)(p² + 1)/2
///   auto sys = geomint::make_hamiltonian_system<double>(1, [](const auto& q, const auto& p) {
///       return (q[0] * q[0] + 1) * (p[0] * p[0] + 1) / 2;
///   });
///   // time-dependent: a third argument t of type T
///   auto driven = geomint::make_hamiltonian_system<double>(1, [](const auto& q, const auto& p, const double& t) {
///       using std::cos;
///       return p[0] * p[0] / 2 - cos(q[0]) - q[0] * cos(t) / 10;
///   });
/// \endcode
/// H is called with two `std::vector<U>` of length n, U = T or a `forward_jet` over T: write it
/// with `q[i]`, `p[i]`, ADL math calls (sin, cos, tan, asin, acos, atan, atan2, sinh, cosh, tanh,
/// exp, log, sqrt, pow, abs) and constants of type T or int. A callable typed on T alone is
/// refused at compile time with a message saying so. Steppers: `gauss_collocation_stepper`
/// (stepper/gauss_collocation_stepper.hpp).
///
/// Where ∂H/∂q and ∂H/∂p are cheap to write by hand, give them as a third argument: the stage
/// sweeps then call it instead of evaluating H on jets (the Hessian of the once-a-step Newton
/// matrix still comes from jets of H); `gradient_mismatch(q, p, t)` compares it with the jets':
/// \code
///   auto tao = geomint::make_hamiltonian_system<double>(1,
///       [](const auto& q, const auto& p) { return (q[0] * q[0] + 1) * (p[0] * p[0] + 1) / 2; },
///       [](const auto& q, const auto& p, const double&, auto& Hq, auto& Hp) {
///           Hq[0] = q[0] * (p[0] * p[0] + 1);
///           Hp[0] = (q[0] * q[0] + 1) * p[0];
///       });
/// \endcode

#include "geomint/error.hpp"
#include "geomint/forward_jet.hpp"
#include "geomint/matrix.hpp"
#include "geomint/model/generic_callable.hpp"
#include "geomint/model/jet_evaluation.hpp"
#include "geomint/model/system_form.hpp"

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace geomint {

/// 2N, or Eigen::Dynamic for N = Eigen::Dynamic: the size of x = (q, p).
inline constexpr int phase_size(int N) { return N == Eigen::Dynamic ? Eigen::Dynamic : 2 * N; }

/// H's derivatives at a point (q, p, t): what the Gauss collocation steps need.
/// \tparam N n at compile time (a stepper with fixed-size states), or Eigen::Dynamic.
template <class T, int N = Eigen::Dynamic>
struct hamiltonian_derivatives {
    vector<T, N> Hq;  ///< ∂H/∂q (n)
    vector<T, N> Hp;  ///< ∂H/∂p (n)
    /// ∇²H over x = (q, p) (2n × 2n, symmetric): [[H_qq, H_qp], [H_pq, H_pp]]; set by
    /// `derivatives`, untouched by `gradient`.
    matrix<T, phase_size(N)> hessian;
};

/// No user-given gradient: ∂H/∂q and ∂H/∂p by forward jets of H (the default of `hamiltonian_system`).
struct gradient_by_jets {};

/// Mechanical system given by a Hamiltonian H(q, p) or H(q, p, t) with n degrees of freedom.
///
/// \tparam T           scalar type (double, quad, mp<D>, ...).
/// \tparam Hamiltonian callable `U H(const std::vector<U>& q, const std::vector<U>& p)` or
///                     `U H(const std::vector<U>& q, const std::vector<U>& p, const T& t)`, for
///                     U = T and `forward_jet`s over T.
/// \tparam Gradient    `gradient_by_jets`, or a callable `G(q, p, t, Hq, Hp)` writing ∂H/∂q and
///                     ∂H/∂p into Hq, Hp (Eigen vectors of T, sized n) from q, p (Eigen vectors of
///                     T) and t (`const T&`, also for a time-independent H): a generic lambda.
///
/// Shapes: q, p are `geomint::vector<T>` (or fixed-size vectors) of length `dof()`. Members throw
/// `std::invalid_argument` for a wrong length and `std::domain_error` naming the point, t and the
/// entry when H or a derivative is not finite.
template <class T, class Hamiltonian, class Gradient = gradient_by_jets>
class hamiltonian_system {
    using jets = std::vector<forward_jet<T, detail::model_jet_capacity, 2>>;
    using values = std::vector<T>;

public:
    /// True when H takes the time as a third argument, H(q, p, t).
    static constexpr bool time_dependent = std::is_invocable_v<const Hamiltonian&, const values&, const values&, const T&>;

private:
    // H is called on jets for its derivatives: a callable typed on T alone cannot be; then this
    // static_assert is the one error (model/generic_callable.hpp)
    static constexpr bool generic_hamiltonian = [] {
        if constexpr (time_dependent) return std::is_invocable_v<const Hamiltonian&, const jets&, const jets&, const T&>;
        else return std::is_invocable_v<const Hamiltonian&, const jets&, const jets&> &&
                    std::is_invocable_v<const Hamiltonian&, const values&, const values&>;
    }();
    static_assert(generic_hamiltonian,
                  "hamiltonian_system: H must accept any scalar type for q and p, since its derivatives are taken by "
                  "automatic differentiation: write it as a generic lambda [](const auto& q, const auto& p) { ... } "
                  "(or [](const auto& q, const auto& p, const T& t) { ... }; q, p are std::vectors; call sin, cos, ... "
                  "unqualified or after using std::sin)");

public:
    /// Scalar type.
    using value_type = T;
    /// Type of the Hamiltonian callable.
    using hamiltonian_type = Hamiltonian;
    /// The form a stepper dispatches on (model/system_form.hpp).
    static constexpr system_form form = system_form::hamiltonian;

    /// True when the gradient is the user's (`Gradient`), not taken by jets.
    static constexpr bool given_gradient = !std::is_same_v<Gradient, gradient_by_jets>;

    /// \throws std::invalid_argument if dof = 0.
    hamiltonian_system(std::size_t dof, Hamiltonian H, Gradient G = {}) : m_dof(dof), m_H(std::move(H)), m_G(std::move(G)) {
        if (dof == 0) throw std::invalid_argument("hamiltonian_system: dof = 0 violates the precondition dof >= 1");
    }

    /// Number of degrees of freedom n.
    std::size_t dof() const { return m_dof; }
    /// The Hamiltonian callable as given.
    const Hamiltonian& hamiltonian_function() const { return m_H; }

    /// H(q, p, t) (t ignored by a time-independent H): the energy.
    /// \throws std::invalid_argument for q or p not of length n; std::domain_error when H is not finite.
    T hamiltonian(const vector<T>& q, const vector<T>& p, const T& t = T(0)) const {
        require_length(q, "q");
        require_length(p, "p");
        const values xq(q.data(), q.data() + q.size()), xp(p.data(), p.data() + p.size());
        return checked(call(xq, xp, t), q, p, t, [] { return std::string("H"); });
    }

    /// ∂H/∂q and ∂H/∂p at (q, p, t) into d.Hq, d.Hp (d.hessian untouched), reusing their storage, by
    /// one evaluation of H on first-order jets over x = (q, p), or by the given `Gradient`.
    /// \throws std::invalid_argument for a wrong length; std::domain_error naming the first
    ///         non-finite entry.
    template <int N>
    void gradient(const vector<T, N>& q, const vector<T, N>& p, const T& t, hamiltonian_derivatives<T, N>& d) const {
        if constexpr (given_gradient) {
            require_length(q, "q");
            require_length(p, "p");
            const Eigen::Index n = Eigen::Index(m_dof);
            d.Hq.resize(n);
            d.Hp.resize(n);
            m_G(q, p, t, d.Hq, d.Hp);
            if (!all_finite(d.Hq) || !all_finite(d.Hp))
                for (Eigen::Index j = 0; j < 2 * n; ++j)
                    checked(j < n ? d.Hq(j) : d.Hp(j - n), q, p, t, [&] { return "the given dH/d" + label(j); });
        } else {
            with_jets<1>(q, p, t, [&](const auto& Hx) { split_into(Hx, q, p, t, d); });
        }
    }

    /// The largest |entry| of the given gradient minus the jets' gradient of H at (q, p, t): a
    /// check of a hand-written `Gradient` (0 to round-off when it is H's). 0 without one.
    /// \throws what `gradient` throws.
    T gradient_mismatch(const vector<T>& q, const vector<T>& p, const T& t = T(0)) const {
        if constexpr (!given_gradient) {
            return T(0);
        } else {
            hamiltonian_derivatives<T> given, jets;
            gradient(q, p, t, given);
            with_jets<1>(q, p, t, [&](const auto& Hx) { split_into(Hx, q, p, t, jets); });
            return std::max((given.Hq - jets.Hq).cwiseAbs().maxCoeff(), (given.Hp - jets.Hp).cwiseAbs().maxCoeff());
        }
    }

    /// The gradient and the Hessian ∇²H at (q, p, t) into d, by one evaluation of H on
    /// second-order jets over x = (q, p).
    /// \throws what `gradient` throws.
    template <int N>
    void derivatives(const vector<T, N>& q, const vector<T, N>& p, const T& t, hamiltonian_derivatives<T, N>& d) const {
        with_jets<2>(q, p, t, [&](const auto& Hx) { split_into(Hx, q, p, t, d); });
    }

    /// The vector field (dq/dt, dp/dt) = (∂H/∂p, −∂H/∂q) at (q, p, t).
    /// \throws what `gradient` throws.
    std::pair<vector<T>, vector<T>> rates(const vector<T>& q, const vector<T>& p, const T& t = T(0)) const {
        hamiltonian_derivatives<T> d;
        gradient(q, p, t, d);
        return {std::move(d.Hp), vector<T>(-d.Hq)};
    }

private:
    template <class Vec>
    void require_length(const Vec& x, const char* what) const {
        if (static_cast<std::size_t>(x.size()) != m_dof)
            throw std::invalid_argument(std::string("hamiltonian_system: ") + what + " has " + std::to_string(x.size()) +
                                        " entries; the system has dof = " + std::to_string(m_dof));
    }

    /// H(xq, xp[, t]) for the arguments' entry type.
    template <class X>
    auto call(const X& xq, const X& xp, const T& t) const {
        using U = typename X::value_type;
        const auto& H = detail::autodiff_callable<generic_hamiltonian>(m_H);
        if constexpr (time_dependent) return U(H(xq, xp, t));
        else return U(H(xq, xp));
    }

    /// `use(H(x))` with x = (q, p) seeded as the 2n variables of Order-`Order` jets.
    template <int Order, class Vec, class Use>
    void with_jets(const Vec& q, const Vec& p, const T& t, const Use& use) const {
        require_length(q, "q");
        require_length(p, "p");
        detail::with_model_jets<T, Order>(q, p, [&](const auto& xq, const auto& xp) { return call(xq, xp, t); }, use);
    }

    /// H's gradient into d.Hq, d.Hp and, for second-order jets, its Hessian into d.hessian; each
    /// entry checked finite (std::domain_error naming the first that is not). A constant H (no
    /// directions) has zero derivatives.
    template <class J, int N>
    void split_into(const J& Hx, const vector<T, N>& q, const vector<T, N>& p, const T& t,
                    hamiltonian_derivatives<T, N>& d) const {
        const Eigen::Index n = Eigen::Index(m_dof);
        checked(Hx.value(), q, p, t, [] { return std::string("H"); });
        if (Hx.directions() == 0) {
            d.Hq.setZero(n);
            d.Hp.setZero(n);
            if constexpr (J::order == 2) d.hessian.setZero(2 * n, 2 * n);
            return;
        }
        const auto& g = Hx.gradient();
        if (!all_finite(g))  // one vectorized test, then the entry to name
            for (Eigen::Index j = 0; j < 2 * n; ++j) checked(g(j), q, p, t, [&] { return "dH/d" + label(j); });
        if constexpr (N != Eigen::Dynamic) {
            d.Hq = g.template head<N>();
            d.Hp = g.template tail<N>();
        } else {
            d.Hq = g.head(n);
            d.Hp = g.tail(n);
        }
        if constexpr (J::order == 2) {
            d.hessian = Hx.hessian();
            if (!all_finite(d.hessian))
                for (Eigen::Index j = 0; j < 2 * n; ++j)
                    for (Eigen::Index i = j; i < 2 * n; ++i)
                        checked(d.hessian(i, j), q, p, t, [&] { return "d2H/d" + label(i) + "d" + label(j); });
        }
    }

    /// The name of variable k of x = (q, p): "q[i]" or "p[i]".
    std::string label(Eigen::Index k) const {
        const Eigen::Index n = Eigen::Index(m_dof);
        return (k < n ? std::string("q[") : std::string("p[")) + std::to_string(k < n ? k : k - n) + "]";
    }

    /// value, or std::domain_error naming `what()`, q, p and t.
    template <class Vec, class What>
    static const T& checked(const T& value, const Vec& q, const Vec& p, const T& t, const What& what) {
        if (!is_finite(value))
            throw std::domain_error("hamiltonian_system: " + what() + " at q = (" + entries_to_string(q) + "), p = (" +
                                    entries_to_string(p) + ")" + (time_dependent ? ", t = " + geomint::to_string(t) : "") +
                                    " is " + geomint::to_string(value) +
                                    " (precondition: H is twice differentiable with finite derivatives)");
        return value;
    }

    std::size_t m_dof;
    Hamiltonian m_H;
    [[no_unique_address]] Gradient m_G;
};

/// `hamiltonian_system<T, Hamiltonian>` with `dof` degrees of freedom.
template <class T, class Hamiltonian>
hamiltonian_system<T, Hamiltonian> make_hamiltonian_system(std::size_t dof, Hamiltonian H) {
    return hamiltonian_system<T, Hamiltonian>(dof, std::move(H));
}

/// `hamiltonian_system<T, Hamiltonian, Gradient>`: H with its gradient G(q, p, t, Hq, Hp) given.
template <class T, class Hamiltonian, class Gradient>
hamiltonian_system<T, Hamiltonian, Gradient> make_hamiltonian_system(std::size_t dof, Hamiltonian H, Gradient G) {
    return hamiltonian_system<T, Hamiltonian, Gradient>(dof, std::move(H), std::move(G));
}

template <class S>
struct is_hamiltonian_system : std::false_type {};
template <class T, class H, class G>
struct is_hamiltonian_system<hamiltonian_system<T, H, G>> : std::true_type {};

}  // namespace geomint
