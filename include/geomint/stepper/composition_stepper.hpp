#pragma once
/// \file
/// Boost.Odeint steppers of the symmetric compositions of Störmer–Verlet
/// (scheme/composition/symmetric_composition.hpp) at any precision: `yoshida4_stepper`,
/// `suzuki4_stepper`, `yoshida6_stepper`, `yoshida8_stepper`.
///
/// \code
///   using V = std::array<geomint::mp<50>, 2>;   // Kepler at 50 digits, odeint's pair form
///   auto f = [](const V& p, V& dqdt) { dqdt = p; };
///   auto g = [](const V& q, V& dpdt) { ... };
///   geomint::yoshida8_stepper<V> stepper;        // order() == 8, weights exact to 50 digits
///   boost::numeric::odeint::integrate_const(stepper, std::make_pair(f, g), x, t0, t1, dt);
/// \endcode

#include "geomint/scheme/composition/symmetric_composition.hpp"
#include "geomint/stepper/separable_rates.hpp"
#include "geomint/stepper/stepper_base.hpp"

#include <string>
#include <type_traits>
#include <vector>

namespace geomint {

/// Odeint stepper (`stepper_tag`) of the palindromic composition `Method` of the drift–kick–drift
/// leapfrog, on the (q, p) pair state: for γ_1 … γ_s, the drifts q += a_l h f(p) and kicks
/// p += b_l h g(q), l = 0 … s, with a_0 = γ_1/2, a_l = (γ_l + γ_{l+1})/2, a_s = γ_s/2, b_l = γ_{l+1}
/// (b_s = 0): s evaluations of g and s + 1 of f per step, no solve.
///
/// \tparam Coor      coordinate type: a scalar T or a container of n entries (std::array,
///                   boost::array, std::vector, Eigen vector); T any floating type (double, quad,
///                   mp<D>) or `dual<T>`.
/// \tparam Method    a `scheme::symmetric_composition` (yoshida4, suzuki4, yoshida6, yoshida8).
/// \tparam Momentum  momentum type (defaults to `Coor`).
/// \tparam Checks    `checked` (default) or `unchecked` (stepper/stepper_base.hpp).
/// \tparam Summation `compensated_summation` (default: each drift and kick added with the
///                   rounding carried) or `plain_summation`.
///
/// Systems: odeint's pair form `std::make_pair(f, g)`, a momentum function g alone, `matrix_free`,
/// `separable_system`, `quadratic_lagrangian` (stepper/separable_rates.hpp). dt < 0 steps backward
/// (the composition is symmetric: the step with −h inverts the step with h up to rounding).
/// Checked each step with `checked` (std::invalid_argument): dt finite and non-zero, q and p of
/// equal length (= the model's dof), entries finite.
template <class Coor, class Method, class Momentum = Coor, class Checks = checked, class Summation = compensated_summation>
class composition_stepper
    : public stepper_base<composition_stepper<Coor, Method, Momentum, Checks, Summation>, Method, Coor, Momentum, Checks> {
    using base = stepper_base<composition_stepper, Method, Coor, Momentum, Checks>;
    friend base;

public:
    using typename base::time_type;
    using typename base::value_type;

    /// The drift coefficients a_0 … a_s and kick coefficients b_0 … b_s (b_s = 0) in the
    /// stepper's scalar (odeint's `coef_a`, `coef_b` convention: drift then kick).
    static const std::vector<value_type>& coef_a() { return coefficients().first; }
    static const std::vector<value_type>& coef_b() { return coefficients().second; }

    /// Forget the summation carry (a new trajectory starts afresh anyway when the state handed in
    /// is not the one written last).
    void reset() { m_work.forget(); }

private:
    using U = value_type;
    using T = value_type_of_t<U>;

    static const std::pair<std::vector<U>, std::vector<U>>& coefficients() {
        static const std::pair<std::vector<U>, std::vector<U>> c = [] {
            const auto& g = Method::template weights<T>();
            const std::size_t s = g.size();
            std::vector<U> a(s + 1), b(s + 1, U(0));
            a[0] = U(g[0] / T(2));
            for (std::size_t l = 1; l < s; ++l) a[l] = U((g[l - 1] + g[l]) / T(2));
            a[s] = U(g[s - 1] / T(2));
            for (std::size_t l = 0; l < s; ++l) b[l] = U(g[l]);
            return std::make_pair(a, b);
        }();
        return c;
    }

    template <class S, class QIn, class PIn, class QOut, class POut>
    void step(S& sys, const QIn& q_in, const PIn& p_in, const time_type& /*t*/, QOut& q_out, POut& p_out,
              const time_type& dt) {
        m_work.template load<base::checks_enabled>(Method::name, q_in, p_in);
        const auto& [a, b] = coefficients();
        m_rates(sys, m_work.q.size(), Method::name, [&](auto&& f, auto&& g) {
            for (std::size_t l = 0; l < a.size(); ++l) {
                f(m_work.p, m_rate);
                m_increment.noalias() = m_rate * U(a[l] * dt);
                m_work.add_to_q(m_increment);
                if (b[l] == U(0)) continue;
                g(m_work.q, m_rate);
                m_increment.noalias() = m_rate * U(b[l] * dt);
                m_work.add_to_p(m_increment);
            }
        });
        m_work.store(q_out, p_out);
    }

    detail::separable_rates<U, Coor, Momentum> m_rates;
    detail::pair_work<U, Summation> m_work;
    vector<U> m_rate, m_increment;
};

/// Yoshida's triple jump (order 4, 3 stages).
template <class Coor, class Momentum = Coor>
using yoshida4_stepper = composition_stepper<Coor, scheme::yoshida4, Momentum>;
/// Suzuki's fractal composition (order 4, 5 stages).
template <class Coor, class Momentum = Coor>
using suzuki4_stepper = composition_stepper<Coor, scheme::suzuki4, Momentum>;
/// Yoshida's order 6, solution A (7 stages).
template <class Coor, class Momentum = Coor>
using yoshida6_stepper = composition_stepper<Coor, scheme::yoshida6, Momentum>;
/// Yoshida's order 8, solution D (15 stages).
template <class Coor, class Momentum = Coor>
using yoshida8_stepper = composition_stepper<Coor, scheme::yoshida8, Momentum>;

}  // namespace geomint
