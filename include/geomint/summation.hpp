#pragma once
/// \file
/// How a stepper adds a step's increments to the state: the summation policies and their one
/// implementation, `detail::pair_summation`, used by every family (linear, Newton-equation,
/// truss, Galerkin, splitting).
///
/// Default: `compensated_summation` for the Galerkin, splitting and truss steppers;
/// `plain_summation` for the linear and Newton-equation steppers, whose updates are the papers'
/// formulas as written (the linear family's computed map is exactly symplectic either way, see
/// scheme/linear/partitioned_form.hpp; the reproductions of the papers' tables use those
/// formulas). Each stepper's documentation names its default; in the Newton-equation family only
/// the schemes that add increments (leap-frog, symplectic Euler) take compensated summation.

#include "geomint/matrix.hpp"

#include <type_traits>

namespace geomint {

/// Summation policy: the update is written as the scheme's formulas give it.
struct plain_summation {};

/// Summation policy: the increments of each step are added to the state by compensated
/// (Kahan–Babuška) summation, carrying the rounding lost to the next step, so invariants
/// conserved by the scheme random-walk like √N instead of drifting by ε|x| a step. The carry
/// belongs to the state the stepper wrote last: a state changed by the caller starts afresh.
struct compensated_summation {};

/// `plain_summation` or `compensated_summation`.
template <class S>
concept summation_policy = std::is_same_v<S, plain_summation> || std::is_same_v<S, compensated_summation>;

/// x ← x + d with compensated summation: `lost` carries what rounding dropped from earlier sums
/// (same shape as x; empty means zero) and is updated, so x + lost follows the exact running
/// sum to O(ε²)|x| however many increments are added (Knuth's TwoSum, error-free in binary
/// floating point; for exact types `lost` stays 0). Declared `inline`: GCC at -O2 otherwise
/// calls it out of line (Hénon–Heiles' sb3a step: 1.35× odeint's with the call, 1.03× without).
template <class T, int R, int C, int O, int MR, int MC>
inline void add_compensated(Eigen::Matrix<T, R, C, O, MR, MC>& x, const Eigen::Matrix<T, R, C, O, MR, MC>& d,
                            Eigen::Matrix<T, R, C, O, MR, MC>& lost) {
    if constexpr (R == Eigen::Dynamic || C == Eigen::Dynamic)
        if (lost.size() != x.size()) lost = Eigen::Matrix<T, R, C, O, MR, MC>::Zero(x.rows(), x.cols());
    T* const xd = x.data();
    T* const ld = lost.data();
    const T* const dd = d.data();
    for (Eigen::Index k = 0; k < x.size(); ++k) {
        const T y = dd[k] + ld[k];
        const T s = xd[k] + y;
        const T z = s - xd[k];
        ld[k] = (xd[k] - (s - z)) + (y - z);
        xd[k] = s;
    }
}

namespace detail {

/// The state a stepper wrote last, for a carry that belongs to it (compensated summation, a
/// stage guess): `continues(q, p)` tells whether the caller handed that state back unchanged.
/// q and p are Eigen expressions of any shape.
template <class T>
class last_written_state {
public:
    template <class Q, class P>
    bool continues(const Q& q, const P& p) const {
        return m_valid && q.rows() == m_q.rows() && q.cols() == m_q.cols() && p.rows() == m_p.rows() &&
               p.cols() == m_p.cols() && q == m_q && p == m_p;
    }
    template <class Q, class P>
    void remember(const Q& q, const P& p) {
        m_q = q;
        m_p = p;
        m_valid = true;
    }
    void forget() { m_valid = false; }

private:
    matrix<T> m_q, m_p;  // any shape: vectors, or N × 3 nodal blocks (a fixed-size copy was slower:
                         // Hénon–Heiles' sb3a at -O3, 1.18× odeint against 1.02×)
    bool m_valid = false;
};

/// The summation of one trajectory's increments into a pair state (a, b) — (q, p), or nodal
/// (R, P) — of Eigen matrices of type `M`, by `Summation`. A step calls `begin(a, b)` with the
/// state it starts from, `add_first` / `add_second` for each increment, and `end(a, b)` with the
/// state it wrote. Under compensated summation the carry survives between the steps of one
/// trajectory, recognised by the state handed in being the one written last, and is zeroed
/// otherwise. With `Track` (the default under compensated summation) `begin` tells whether the
/// step continues the last one (a stepper may also want it for a warm start).
template <class M, summation_policy Summation, bool Track = std::is_same_v<Summation, compensated_summation>>
class pair_summation {
    static constexpr bool compensated = std::is_same_v<Summation, compensated_summation>;
    static_assert(Track || !compensated, "compensated summation needs the state it belongs to");
    using T = typename M::Scalar;

public:
    /// Before a step from (a, b). Returns whether (a, b) is the state written last (false when
    /// not tracked).
    template <class A, class B>
    bool begin(const A& a, const B& b) {
        if constexpr (!Track) {
            return false;
        } else {
            const bool continuing = m_last.continues(a, b);
            m_last.forget();  // a step that throws leaves no stale carry
            if constexpr (compensated) {
                if (!continuing || m_a_lost.size() != a.size() || m_b_lost.size() != b.size()) {
                    m_a_lost = M::Zero(a.rows(), a.cols());
                    m_b_lost = M::Zero(b.rows(), b.cols());
                }
            }
            return continuing;
        }
    }
    void add_first(M& a, const M& d) { add(a, d, m_a_lost); }
    void add_second(M& b, const M& d) { add(b, d, m_b_lost); }
    /// After a step: (a, b) is the state written.
    template <class A, class B>
    void end(const A& a, const B& b) {
        if constexpr (Track) m_last.remember(a, b);
    }
    /// Forget the carry (the next step starts a trajectory afresh).
    void forget() { m_last.forget(); }

private:
    static void add(M& x, const M& d, M& lost) {
        if constexpr (compensated) add_compensated(x, d, lost);
        else x += d;
    }
    M m_a_lost, m_b_lost;
    last_written_state<T> m_last;
};

}  // namespace detail

}  // namespace geomint
