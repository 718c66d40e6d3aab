#pragma once
/// \file
/// Boost.Odeint steppers of the explicit splitting methods at any precision: the symmetric
/// compositions of Störmer–Verlet (scheme/composition/symmetric_composition.hpp:
/// `yoshida4_stepper`, `suzuki4_stepper`, `yoshida6_stepper`, `yoshida8_stepper`,
/// `kahan_li6_stepper`, `kahan_li8_stepper`, `sofroniou_spaletta10_stepper`) and the splittings
/// in drift and kick (scheme/composition/splitting_methods.hpp: `mclachlan_sb3a_stepper`,
/// `blanes_moan_srkn6_stepper`).
///
/// \code
///   using V = std::array<geomint::mp<50>, 2>;   // Kepler at 50 digits, odeint's pair form
///   auto f = [](const V& p, V& dqdt) { dqdt = p; };
///   auto g = [](const V& q, V& dpdt) { ... };
///   geomint::yoshida8_stepper<V> stepper;        // order() == 8, weights exact to 50 digits
///   boost::numeric::odeint::integrate_const(stepper, std::make_pair(f, g), x, t0, t1, dt);
/// \endcode

#include "geomint/model/separable_rates.hpp"
#include "geomint/scheme/composition/splitting_methods.hpp"
#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/scheme/splitting_sweep.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of the splitting `Method` on the (q, p) pair state: the drifts
/// q += a_l h f(p) and kicks p += b_l h g(q), l = 0 … s−1, with `Method::coefficients<T>()` (a zero
/// coefficient skips its substep; the substeps are unrolled, scheme/splitting_sweep.hpp): `Method::evaluations` evaluations of g per step, no solve.
/// For a composition with weights γ: a_0 = γ_1/2, a_l = (γ_l + γ_{l+1})/2, a_s = γ_s/2, b_l = γ_{l+1}.
///
/// \tparam Coor      coordinate type: a scalar T or a container of n entries (std::array,
///                   boost::array, std::vector, Eigen vector); T any floating type (double, quad,
///                   mp<D>) or `dual<T>`.
/// \tparam Method    a `scheme::splitting_method`: yoshida4, suzuki4, yoshida6, yoshida8, kahan_li6,
///                   kahan_li8, sofroniou_spaletta10, mclachlan_sb3a, blanes_moan_srkn6.
///                   Precondition of blanes_moan_srkn6's order 6 (a Nyström method): f linear in
///                   p (T quadratic); with a nonlinear f it has order 2 only.
/// \tparam Momentum  momentum type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `compensated_summation` (default: the step's drift and kick increments summed
///                   apart and added once per step to the state it started from, with the
///                   rounding carried between steps) or `plain_summation` (the substeps' additions
///                   alone, as odeint's steppers do).
///
/// Systems: odeint's pair form `std::make_pair(f, g)`, a momentum function g alone, `matrix_free`,
/// `separable_system`, `quadratic_lagrangian` (model/separable_rates.hpp). dt < 0 steps backward
/// (the composition is symmetric: the step with −h inverts the step with h up to rounding).
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero, q and p of
/// equal length (= the model's dof), entries finite.
template <class Coor, class Method, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
class splitting_stepper
    : public stepper_base<splitting_stepper<Coor, Method, Momentum, Checks, Summation>, Method, Coor, Momentum, Checks> {
    using base = stepper_base<splitting_stepper, Method, Coor, Momentum, Checks>;
    friend base;
    static_assert(scheme::splitting_method<Method>,
                  "Method must be a splitting method (scheme/composition/splitting_scheme.hpp: evaluations, coefficients)");

public:
    /// Time type: the scalar type.
    using typename base::time_type;
    /// Scalar type (odeint's `value_type`).
    using typename base::value_type;

    /// The drift coefficients a_l and kick coefficients b_l in the stepper's scalar (odeint's
    /// `coef_a`, `coef_b` convention: drift then kick).
    static const std::vector<value_type>& coef_a() { return coefficients().first; }
    /// The kick coefficients b_l in the stepper's scalar.
    static const std::vector<value_type>& coef_b() { return coefficients().second; }

    /// Forget the summation carry (a new trajectory starts afresh anyway when the state handed in
    /// is not the one written last).
    void reset() { m_work.forget(); }

private:
    using U = value_type;
    using T = value_type_of_t<U>;

    static const std::pair<std::vector<U>, std::vector<U>>& coefficients() {
        static const std::pair<std::vector<U>, std::vector<U>> c = [] {
            const auto& k = Method::template coefficients<T>();
            return std::make_pair(std::vector<U>(k.drift.begin(), k.drift.end()), std::vector<U>(k.kick.begin(), k.kick.end()));
        }();
        return c;
    }

    static constexpr bool compensated = std::is_same_v<Summation, compensated_summation>;
    // fixed-size working vectors when both state types have one compile-time length (std::array,
    // a scalar, a fixed Eigen vector): Eigen unrolls the substeps' vector operations
    static constexpr int N = state_traits<Coor>::static_size == state_traits<Momentum>::static_size
                                 ? state_traits<Coor>::static_size
                                 : Eigen::Dynamic;

    // The substeps advance the live state (m_q, m_p: the user's container types, so that a
    // user's f and g are called on it without a copy) by plain additions, as odeint's steppers
    // do. Under compensated summation the step's increments are also summed apart (small
    // numbers: their rounding is ε times the increment, not ε|q|) and added once, compensated,
    // to the state the step started from (GNI §VIII.5): the live state's own rounding within
    // the step stays out of the result, and the additions on the critical path are odeint's.
    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& /*t*/, QOut& q_out, POut& p_out,
              const time_type& dt) {
        m_work.template load<base::checks_enabled>(Method::name, q_in, p_in);
        const Eigen::Index n = m_work.q.size();
        resize_state(m_q, n);
        resize_state(m_p, n);
        as_eigen(m_q) = m_work.q;
        as_eigen(m_p) = m_work.p;
        if constexpr (compensated) {
            m_dq.setZero(n);
            m_dp.setZero(n);
        }
        const auto& [a, b] = coefficients();
        m_rates(sys, n, Method::name, [&](auto&& f, auto&& g) {
            scheme::splitting_sweep<Method>(
                a, b,
                [&](const U& c) GEOMINT_ALWAYS_INLINE {
                    f(m_p, m_rate_q);
                    advance(as_eigen(m_q), m_dq, as_eigen(m_rate_q), U(c * dt));
                },
                [&](const U& c) GEOMINT_ALWAYS_INLINE {
                    g(m_q, m_rate_p);
                    advance(as_eigen(m_p), m_dp, as_eigen(m_rate_p), U(c * dt));
                });
        });
        if constexpr (compensated) {
            m_work.add_to_q(m_dq);
            m_work.add_to_p(m_dp);
        } else {
            m_work.q = as_eigen(m_q);
            m_work.p = as_eigen(m_p);
        }
        m_work.store(q_out, p_out);
    }

    // x += c·rate, and the step's increment sum too under compensated summation
    template <class X, class Rate>
    static void advance(X&& x, vector<U, N>& sum, const Rate& rate, const U& c) {
        if constexpr (compensated) {
            const vector<U, N> increment = c * rate;
            x += increment;
            sum += increment;
        } else {
            x += c * rate;
        }
    }

    separable_rates<U, Coor, Momentum, N> m_rates;
    detail::pair_work<U, Summation, N> m_work;
    Coor m_q{}, m_rate_q{};      // the live coordinates and their rate f(p)
    Momentum m_p{}, m_rate_p{};  // the live momenta and their rate g(q)
    vector<U, N> m_dq, m_dp;     // the step's increments (compensated summation)
};

/// Yoshida's triple jump (order 4, 3 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using yoshida4_stepper = splitting_stepper<Coor, scheme::yoshida4, Momentum, Checks, Summation>;
/// Suzuki's fractal composition (order 4, 5 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using suzuki4_stepper = splitting_stepper<Coor, scheme::suzuki4, Momentum, Checks, Summation>;
/// Yoshida's order 6, solution A (7 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using yoshida6_stepper = splitting_stepper<Coor, scheme::yoshida6, Momentum, Checks, Summation>;
/// Yoshida's order 8, solution D (15 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using yoshida8_stepper = splitting_stepper<Coor, scheme::yoshida8, Momentum, Checks, Summation>;
/// Kahan & Li's order 6 (9 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using kahan_li6_stepper = splitting_stepper<Coor, scheme::kahan_li6, Momentum, Checks, Summation>;
/// Kahan & Li's order 8 (17 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using kahan_li8_stepper = splitting_stepper<Coor, scheme::kahan_li8, Momentum, Checks, Summation>;
/// Sofroniou & Spaletta's order 10 (35 stages).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using sofroniou_spaletta10_stepper = splitting_stepper<Coor, scheme::sofroniou_spaletta10, Momentum, Checks, Summation>;
/// McLachlan's SB3A, order 4 (5 kicks): odeint's sb3a_mclachlan at any precision.
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using mclachlan_sb3a_stepper = splitting_stepper<Coor, scheme::mclachlan_sb3a, Momentum, Checks, Summation>;
/// Blanes & Moan's SRKN^b_11, order 6 on Runge–Kutta–Nyström problems (12 kicks).
template <class Coor, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
using blanes_moan_srkn6_stepper = splitting_stepper<Coor, scheme::blanes_moan_srkn6, Momentum, Checks, Summation>;

}  // namespace geomint
