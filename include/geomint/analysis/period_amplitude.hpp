#pragma once
/// \file
/// Period and amplitude of a discrete pendulum trajectory φ_0 = 0, φ_1, φ_2, … (step ε), estimated
/// exactly as Cieśliński & Ratkiewicz, §7–9:
/// - amplitudes A_N: at each local extremum φ_m (φ_m > φ_{m±1}, or <), the extremum of the
///   least-squares parabola through φ_{m−2}, …, φ_{m+2}; A_N = |that value| (N = 0, 1, … counts
///   all extrema);
/// - zeros z_N: where φ_m φ_{m+1} < 0, the root in (t_m, t_{m+1}) of the cubic interpolating
///   φ_{m−1}, …, φ_{m+2}; z_0 = 0. For a rotating trajectory the crossings of every level jπ are
///   counted instead (two per turn), so z_{2N} − z_{2N−2} is then the time of one turn;
/// - T_N (59), T_avg(N, M) (63), T̄_avg(N, K, L) (64), A_avg(N, M) (62).
/// Zero times are kept as (step index, fraction) so that differences of late zeros lose no digits.

#include "geomint/error.hpp"

#include <boost/math/constants/constants.hpp>
#include <boost/math/tools/roots.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace geomint {

/// A zero z_N = (step + fraction)·ε, fraction in [0, 1).
template <class T>
struct zero_crossing {
    std::size_t index;   ///< N
    std::int64_t step;   ///< m, the step before the crossing
    T fraction;          ///< position in (t_m, t_{m+1}), in units of ε
};

/// Consumes φ_0, φ_1, … one at a time and records zeros and amplitudes (streaming: memory is
/// proportional to what is kept, not to the number of steps).
template <class T>
class oscillation_recorder {
public:
    /// \param zero_windows ranges [first, last] of zero indices N to keep (empty: keep all).
    explicit oscillation_recorder(std::vector<std::pair<std::size_t, std::size_t>> zero_windows = {})
        : m_windows(std::move(zero_windows)) {}

    /// Add φ_m for the next m. \throws std::invalid_argument if φ_0 ≠ 0 (the estimators take
    /// z_0 = 0) or φ_m is not finite.
    void push(const T& phi) {
        using std::abs;
        if (!is_finite(phi))
            throw std::invalid_argument("oscillation_recorder: phi_" + std::to_string(m_count) + " = " +
                                        geomint::to_string(phi) + " is not finite");
        if (m_count == 0) {
            if (phi != T(0))
                throw std::invalid_argument("oscillation_recorder: phi_0 = " + geomint::to_string(phi) +
                                            " violates the precondition phi_0 = 0 (z_0 = 0, Section 7)");
            keep_zero({0, 0, T(0)});
            m_next_zero = 1;
        }
        if (abs(phi) > boost::math::constants::pi<T>()) m_rotated = true;
        for (int i = 0; i < 4; ++i) m_w[i] = m_w[i + 1];
        m_w[4] = phi;
        ++m_count;
        // m_w = (φ_{c−5}, …, φ_{c−1}) with c = m_count.
        if (m_count >= 4) detect_zero(static_cast<std::int64_t>(m_count) - 3);  // between m_w[2], m_w[3]
        if (m_count >= 5) detect_extremum();                                     // at m_w[2]
    }

    /// Number of samples φ_n read so far.
    std::size_t samples() const { return m_count; }
    /// Number of zeros found so far, z_0 included (not all need be kept).
    std::size_t zero_count() const { return m_next_zero; }
    /// The zeros kept so far, in order of their index (each: step, fraction of the step, index).
    const std::vector<zero_crossing<T>>& zeros() const { return m_zeros; }
    /// A_0, A_1, … (absolute values of the fitted extrema).
    const std::vector<T>& amplitudes() const { return m_amplitudes; }
    /// True once |φ_m| > π: the trajectory went over the top (rotation).
    bool rotated() const { return m_rotated; }

    /// z_i − z_j. \throws std::out_of_range if either zero was not found or not kept.
    T zero_difference(std::size_t i, std::size_t j, const T& eps) const {
        const auto& a = zero(i);
        const auto& b = zero(j);
        return (T(static_cast<long long>(a.step - b.step)) + (a.fraction - b.fraction)) * eps;
    }

    /// Zero z_i. \throws std::out_of_range if it was not found or not kept.
    const zero_crossing<T>& zero(std::size_t i) const {
        const auto it = std::lower_bound(m_zeros.begin(), m_zeros.end(), i,
                                         [](const zero_crossing<T>& z, std::size_t k) { return z.index < k; });
        if (it == m_zeros.end() || it->index != i)
            throw std::out_of_range("oscillation_recorder: zero z_" + std::to_string(i) + " was not recorded (" +
                                    std::to_string(m_next_zero) + " zeros found)");
        return *it;
    }

private:
    void keep_zero(const zero_crossing<T>& z) {
        bool keep = m_windows.empty();
        for (const auto& w : m_windows) keep = keep || (z.index >= w.first && z.index <= w.second);
        if (keep) m_zeros.push_back(z);
    }

    /// Levels jπ strictly between φ_m = m_w[2] and φ_{m+1} = m_w[3]; the cubic through
    /// m_w[1..4] (nodes −1, 0, 1, 2) locates each crossing.
    void detect_zero(std::int64_t m) {
        using std::ceil;
        using std::floor;
        const T pi = boost::math::constants::pi<T>();
        const T lo = (std::min)(m_w[2], m_w[3]), hi = (std::max)(m_w[2], m_w[3]);
        T j0 = ceil(lo / pi), j1 = floor(hi / pi);
        if (j0 * pi == lo) j0 += 1;
        if (j1 * pi == hi) j1 -= 1;
        std::vector<T> levels;
        for (T j = j0; j <= j1; j += 1) levels.push_back(j * pi);
        if (m_w[3] < m_w[2]) std::reverse(levels.begin(), levels.end());
        for (const T& level : levels) {
            const std::array<T, 4> y{m_w[1] - level, m_w[2] - level, m_w[3] - level, m_w[4] - level};
            const auto cubic = [&y](const T& s) {
                return -y[0] * s * (s - 1) * (s - 2) / 6 + y[1] * (s + 1) * (s - 1) * (s - 2) / 2 -
                       y[2] * (s + 1) * s * (s - 2) / 2 + y[3] * (s + 1) * s * (s - 1) / 6;
            };
            std::uintmax_t iterations = 200;
            const auto r = boost::math::tools::toms748_solve(cubic, T(0), T(1), y[1], y[2],
                                                             boost::math::tools::eps_tolerance<T>(), iterations);
            keep_zero({m_next_zero++, m, (r.first + r.second) / 2});
        }
    }

    /// Extremum at φ_m = m_w[2]: the least-squares parabola a + bx + cx² through the five points
    /// x = −2..2 (normal equations: b = Σxy/10, [5 10; 10 34][a; c] = [Σy; Σx²y]); its extremum
    /// is a − b²/(4c).
    void detect_extremum() {
        using std::abs;
        const bool is_max = m_w[2] > m_w[1] && m_w[2] > m_w[3];
        const bool is_min = m_w[2] < m_w[1] && m_w[2] < m_w[3];
        if (!is_max && !is_min) return;
        const T sy = m_w[0] + m_w[1] + m_w[2] + m_w[3] + m_w[4];
        const T sxy = 2 * (m_w[4] - m_w[0]) + (m_w[3] - m_w[1]);
        const T sx2y = 4 * (m_w[0] + m_w[4]) + (m_w[1] + m_w[3]);
        const T a = (34 * sy - 10 * sx2y) / 70, b = sxy / 10, c = (5 * sx2y - 10 * sy) / 70;
        m_amplitudes.push_back(abs(T(a - b * b / (4 * c))));
    }

    std::vector<std::pair<std::size_t, std::size_t>> m_windows;
    std::array<T, 5> m_w{};
    std::size_t m_count = 0;
    std::size_t m_next_zero = 0;
    std::vector<zero_crossing<T>> m_zeros;
    std::vector<T> m_amplitudes;
    bool m_rotated = false;
};

/// T_N = z_{2N} − z_{2N−2} (eq. 59), N ≥ 1.
template <class T>
T period_estimate(const oscillation_recorder<T>& r, std::size_t N, const T& eps) {
    if (N < 1) throw std::invalid_argument("period_estimate: N = 0 violates N >= 1 (T_N = z_2N - z_2N-2)");
    return r.zero_difference(2 * N, 2 * N - 2, eps);
}

/// T_avg(N, M) = (z_{N+2M} − z_N)/M (eq. 63).
template <class T>
T average_period(const oscillation_recorder<T>& r, std::size_t N, std::size_t M, const T& eps) {
    if (M < 1) throw std::invalid_argument("average_period: M = 0 violates M >= 1");
    return r.zero_difference(N + 2 * M, N, eps) / T(static_cast<long long>(M));
}

/// T̄_avg(N, K, L) = (1/(L−K)) Σ_{M=K+1}^{L} T_avg(N, M) (eq. 64); the paper takes K = 100, L = 200.
template <class T>
T averaged_average_period(const oscillation_recorder<T>& r, std::size_t N, std::size_t K, std::size_t L,
                          const T& eps) {
    if (!(L > K)) throw std::invalid_argument("averaged_average_period: (K, L) = (" + std::to_string(K) + ", " +
                                              std::to_string(L) + ") violates K < L");
    T s(0);
    for (std::size_t M = K + 1; M <= L; ++M) s += average_period(r, N, M, eps);
    return s / T(static_cast<long long>(L - K));
}

/// A_avg(N, M) = (1/M) Σ_{j=0}^{M−1} |A_{N+j}| (eq. 62); the paper takes M = 50.
template <class T>
T average_amplitude(const oscillation_recorder<T>& r, std::size_t N, std::size_t M) {
    const auto& A = r.amplitudes();
    if (M < 1 || N + M > A.size())
        throw std::out_of_range("average_amplitude: needs amplitudes A_" + std::to_string(N) + " .. A_" +
                                std::to_string(N + M - 1) + " but " + std::to_string(A.size()) + " were recorded");
    T s(0);
    for (std::size_t j = 0; j < M; ++j) s += A[N + j];
    return s / T(static_cast<long long>(M));
}

}  // namespace geomint
