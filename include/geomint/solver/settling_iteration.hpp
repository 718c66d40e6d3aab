#pragma once
/// \file
/// The stopping rules of the iterations inside the Galerkin steps, with δ_k the max-norm change
/// of the iterate at step k:
/// - `convergence::linear` (the fixed-point sweeps): Hairer's rule — stop when δ_k = 0, or when
///   δ_k >= δ_{k−1} while δ_k is at round-off level (the iteration has stopped contracting).
///   An early stop when the predicted remaining change θ/(1 − θ)·δ_k of a linearly contracting
///   iteration falls below ε/64 was tried on the simplified Newton iteration and dropped: it left
///   a systematic error (the nonlinear double pendulum's error over 1000 steps grew from 4.8e-13
///   to 1.8e-11 at Degree 4): the drift Hairer's rule exists to avoid.
/// - `convergence::quadratic` (Newton's method with the Jacobian at every iterate): also stop
///   when θ_k δ_k <= ε·max(scale, 1), θ_k = δ_k/δ_{k−1} < 1. Newton's next change is
///   ≈ θ_k² δ_k, so what the stop leaves is below the rounding of the iterate; waiting instead
///   for a non-decreasing δ in the round-off noise took 2–4 more iterations (measured on the
///   nonlinear double pendulum at h = t̄/100: 6.4 iterations a step at Degree 2, double).
///
/// Source: Hairer, Lubich, Wanner, *Geometric Numerical Integration* (2nd ed.), §VIII.6.1
/// (the stopping criterion of fixed-point iterations in long-time integrations), as GniCodes'
/// `gni_irk2` implements it.

#include "geomint/error.hpp"
#include "geomint/matrix.hpp"
#include "geomint/scalar.hpp"
#include "geomint/solver/options.hpp"

#include <limits>
#include <string>

namespace geomint {

/// Largest of |value| and |tangent| of a scalar or a dual number: the size of an iterate's
/// change that must settle for both the value and its derivative (a step run on `dual<T>` to
/// get the Jacobian of the one-step map).
template <class U>
value_type_of_t<U> magnitude(const U& x) {
    using std::abs;
    using T = value_type_of_t<U>;
    const T v = abs(value_of(x));
    if constexpr (is_dual_v<U>) {
        const T d = abs(tangent_of(x));
        return d > v || d != d ? d : v;
    } else {
        return v;
    }
}

/// Max magnitude over the entries of an Eigen expression; NaN if an entry is NaN (so that an
/// iteration's change is never 0 when the iterate is not a number).
template <class Derived>
auto max_magnitude(const Eigen::MatrixBase<Derived>& a) {
    using T = value_type_of_t<typename Derived::Scalar>;
    T m(0);
    for (Eigen::Index j = 0; j < a.cols(); ++j)
        for (Eigen::Index i = 0; i < a.rows(); ++i) {
            const T v = magnitude(a(i, j));
            if (v > m) m = v;
            else if (!(v <= m)) return v;  // neither: NaN (the cheapest test of it at 50 digits)
        }
    return m;
}

/// The entries of `a` rounded to double (mixed-precision corrections: the Jacobian and the
/// residual handed to the double factorization).
template <class Derived>
auto in_double(const Eigen::MatrixBase<Derived>& a) {
    return a.unaryExpr([](const typename Derived::Scalar& x) { return static_cast<double>(x); });
}

/// How the iteration converges: which stopping rule applies (see the file comment).
enum class convergence {
    linear,     ///< Hairer's rule (fixed-point sweeps)
    quadratic,  ///< also stop when θ_k δ_k ≤ ε·max(scale, 1) (Newton's method)
    /// also stop when θ_k δ_k ≤ ε/1024·max(scale, 1): Newton corrections whose Jacobian may be
    /// kept from earlier iterates (the fixed point's corrections, scheme/galerkin/fixed_point.hpp;
    /// the Lagrangian path's Newton iteration at built-in floating types, lagrangian_stages.hpp).
    /// With ε instead, Kepler e = 0.6 at Degree 4, mp50, h = P/200 deviated from a 100-digit run by
    /// 637 ε RMS over 6 runs of 3000 steps, against the sweeps' 267 ε; with ε/1024, 271 ε. The
    /// double pendulum at double, Degree 2, h = t̄/100, after 4·10⁵ steps: 2.0e-10 from a 40-digit
    /// run of the same scheme at ε, 1.8e-12 at ε/1024.
    quadratic_margin,
    /// δ_k is not a change but the size of Newton's k-th correction, an estimate of the iterate's
    /// own error: stop when δ_k <= ε·max(scale, 1) (the fixed point's corrections, solved in double:
    /// their size costs nothing at T's width, where the change of the iterate does). Called from
    /// iteration 0 on.
    correction
};

/// One iteration's bookkeeping: `settled(delta, scale)` after iteration k (k >= 1) says whether
/// to stop, and throws `convergence_error` when the iteration diverges, stops contracting above
/// round-off, or reaches the cap.
template <class T>
class settling_iteration {
public:
    /// \param who    the stepper (prefixes error messages), e.g. "galerkin_vi_2";
    /// \param what   the iteration, e.g. "the fixed-point iteration" (both strings must outlive
    ///               the monitor: literals or a scheme's name; nothing is allocated unless it fails).
    /// \param h      the step size (reported in errors).
    /// \param opt    tolerances and the iteration cap.
    /// \param rate   how the iteration converges (the stopping rule).
    settling_iteration(const char* who, const char* what, const T& h, const iteration_options& opt,
                       convergence rate = convergence::linear)
        : m_who(who), m_what(what), m_h(h), m_cap(opt.max_iterations), m_rate(rate) {}

    /// `delta`: max-norm change of the iterate; `scale`: size of the quantities it is added to
    /// (round-off level = 64 ε · max(scale, 1)). Exact types stop only at delta = 0.
    bool settled(const T& delta, const T& scale) {
        ++m_count;
        if (!is_finite(delta)) fail("diverged (a non-finite stage value)", delta);
        if (delta == T(0)) return true;
        if (m_count == 1 || !(scale == m_scale)) set_levels(scale);  // once per solve, as a rule
        if (m_previous >= T(0) && delta >= m_previous) {
            if (delta <= m_round_off) return true;
            fail("is not contracting (change " + geomint::to_string(delta) + " after " + geomint::to_string(m_previous) +
                     ")",
                 delta);
        }
        // θ_k δ_k <= bound with θ_k = δ_k/δ_{k−1}, multiplied out (δ_{k−1} > 0): no division
        if (m_rate == convergence::correction) {
            if (delta <= m_bound) return true;
        } else if (m_rate != convergence::linear && m_previous > T(0) && delta * delta <= m_bound * m_previous) {
            return true;
        }
        if (m_count >= m_cap)
            fail("did not settle in " + std::to_string(m_count) + " iterations (last change " + geomint::to_string(delta) +
                     ")",
                 delta);
        m_previous = delta;
        return false;
    }
    /// The same, for an iteration that also measures its equations' residual (max norm): an error
    /// then names it beside the last change (a Newton iteration's F − f(X)).
    bool settled(const T& delta, const T& scale, const T& residual) {
        m_residual = residual;
        m_has_residual = true;
        return settled(delta, scale);
    }
    /// Iterations so far.
    int iterations() const { return m_count; }

private:
    /// The round-off level 64 ε·max(scale, 1) and the quadratic rules' bound ε·max(scale, 1)
    /// (ε/1024·max(scale, 1) with a margin) for this scale.
    void set_levels(const T& scale) {
        const T one(1);
        const T size = scale > one ? scale : one;
        m_scale = scale;
        m_round_off = scalar_traits<T>::tolerance(64) * size;
        m_bound = scalar_traits<T>::tolerance(1) * size;
        if (m_rate == convergence::quadratic_margin) m_bound /= 1024;
    }

    [[noreturn]] void fail(const std::string& why, const T& delta) const {
        const std::string residual =
            m_has_residual ? " with the residual of its equations at " + geomint::to_string(m_residual) + " (max norm)" : "";
        throw convergence_error(std::string(m_who) + ": " + m_what + " " + why + residual + " at h = " + geomint::to_string(m_h) +
                                    ": use a smaller step (or raise max_iterations if the changes were still falling)",
                                m_count, static_cast<long double>(delta));
    }

    const char* m_who;
    const char* m_what;
    T m_h;
    int m_cap;
    convergence m_rate;
    int m_count = 0;
    T m_previous = T(-1);
    T m_scale = T(0), m_round_off = T(0), m_bound = T(0);  // set_levels
    T m_residual = T(0);  // the last residual handed to `settled`, when m_has_residual
    bool m_has_residual = false;
};

}  // namespace geomint
