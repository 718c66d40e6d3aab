// The intermediate-axis (Dzhanibekov) flip: a free rigid body, I = (1, 2, 3), spun about its
// intermediate axis with a small perturbation, Π₀ = (1/20, 1, 1/20) — near the separatrix (k² = 0.9934). The
// body turns over each time Π₂ changes sign, every half period P/2 = 2K(k)/λ of the exact solution
// (problems/free_rigid_body.hpp). o.dzhanibekov_flips flips are located in each run (a sign change
// of Π₂ between two steps, then TOMS 748 on a side step of the run's own method from the node) and
// compared with the exact flip times:
//  - geomint's splitting into exact rotations composed by kahan_li8 (200 steps a period), at
//    double and at 50 digits (the latter's error is the scheme's alone: rounding is gone);
//  - odeint's runge_kutta4 (1 000 steps a period) and runge_kutta_fehlberg78 (200 steps a period)
//    at fixed steps on the quaternion form q̇ = ½ q ⊗ (0, Ω), Π̇ = Π × Ω, which keeps neither
//    |q| nor |Π|.
// Writes dzhanibekov.csv (flip time errors), dzhanibekov.txt and dzhanibekov.png.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#include <geomint/rigid.hpp>

#include <boost/math/tools/toms748_solve.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace geomint::cli {

namespace {

struct flip_run {
    std::string name, label;
    std::vector<double> flip_error;  ///< t_j − t_j(exact), j = 1 … flips
    double casimir = 0, energy = 0, attitude = 0;  ///< max relative |Π|² and energy changes; ‖RᵀR − I‖ or ||q| − 1|
    double seconds = 0;
    double mean_interval_error = 0;  ///< (t_F − t_1)/(F − 1) − P/2
};

// the time of the zero of Π₂ within a step of h from the node at t: `pi2_after(σ)` is Π₂ after a
// side step of σ ∈ [0, h] from the node (TOMS 748 to the scalar's precision)
template <class T, class Pi2After>
T locate_flip(Pi2After&& pi2_after, const T& t, const T& h, const T& at_node, const T& at_next) {
    std::uintmax_t iterations = 200;
    const boost::math::tools::eps_tolerance<T> tolerance(std::numeric_limits<T>::digits - 3);
    const auto [a, b] = boost::math::tools::toms748_solve([&](const T& s) { return pi2_after(s); }, T(0), h, at_node, at_next,
                                                          tolerance, iterations);
    return t + (a + b) / T(2);
}

// the times of the first `flips` sign changes of Π₂ along a run from x of steps h:
// `step(x, t, h)` advances x (also a side step from a node: the steppers carry no state between
// steps), `pi2(x)` reads Π₂, `watch(x)` sees every node
template <class T, class State, class Step, class Pi2, class Watch>
std::vector<T> flip_times(State x, Step&& step, Pi2&& pi2, Watch&& watch, const T& h, std::size_t flips) {
    std::vector<T> times;
    for (long long n = 0; times.size() < flips; ++n) {
        const State node = x;
        const T t = T(n) * h;
        step(x, t, h);
        if ((pi2(node) > T(0)) != (pi2(x) > T(0)))
            times.push_back(locate_flip<T>(
                [&](const T& s) {
                    if (s == T(0)) return T(pi2(node));
                    State y = node;
                    step(y, t, s);
                    return T(pi2(y));
                },
                t, h, T(pi2(node)), T(pi2(x))));
        watch(x);
    }
    return times;
}

// the flip times' errors against the exact ones, and the mean interval against P/2 (in T: the
// difference of two long times is exact enough)
template <class T>
void score(flip_run& r, const std::vector<T>& times, const std::vector<double>& exact_flips, const T& period) {
    const std::size_t flips = times.size();
    for (std::size_t j = 0; j < flips; ++j) r.flip_error.push_back(static_cast<double>(T(times[j] - T(exact_flips[j]))));
    r.mean_interval_error = static_cast<double>(T((times.back() - times.front()) / T(flips - 1) - period / T(2)));
}

// the geomint stepper at T: flip times, invariants
template <class T, class Stepper>
flip_run geomint_run(const std::string& name, const std::string& label, int steps, std::size_t flips,
                     const std::vector<double>& exact_flips) {
    using std::abs;
    const vector<T, 3> moments(T(1), T(2), T(3)), pi0(T(1) / T(20), T(1), T(1) / T(20));
    const rigid_body<T> body(moments);
    const problems::free_rigid_body<T> exact(moments, pi0);
    const T h = exact.period() / T(steps), m2 = pi0.squaredNorm(), e0 = body.kinetic_energy(pi0);
    const auto x0 = std::make_pair(std::array<T, 9>{T(1), T(0), T(0), T(0), T(1), T(0), T(0), T(0), T(1)},
                                   std::array<T, 3>{pi0(0), pi0(1), pi0(2)});
    Stepper st;
    flip_run r{name, label, {}, 0, 0, 0, 0, 0};
    const auto start = std::chrono::steady_clock::now();
    const auto times = flip_times<T>(
        x0, [&](auto& x, const T& t, const T& dt) { st.do_step(body, x, t, dt); }, [](const auto& x) { return x.second[1]; },
        [&](const auto& x) {
            const vector<T, 3> pi(x.second[0], x.second[1], x.second[2]);
            so3::matrix3<T> R;
            for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x.first[std::size_t(i)];
            r.casimir = std::max(r.casimir, static_cast<double>(abs(pi.squaredNorm() / m2 - T(1))));
            r.energy = std::max(r.energy, static_cast<double>(abs(body.kinetic_energy(pi) / e0 - T(1))));
            r.attitude = std::max(r.attitude, static_cast<double>(so3::orthogonality_defect(R)));
        },
        h, flips);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    score<T>(r, times, exact_flips, exact.period());
    return r;
}

// odeint's fixed-step Runge–Kutta on the quaternion form y = (q, Π), 7 entries
template <class Stepper>
flip_run odeint_run(const std::string& name, const std::string& label, int steps, std::size_t flips,
                    const std::vector<double>& exact_flips, double period) {
    using state = std::array<double, 7>;
    const vector<double, 3> moments(1, 2, 3), pi0(0.05, 1, 0.05);
    const rigid_body<double> body(moments);
    const rigid_body_ode<double> rates(body);
    const double h = period / steps, m2 = pi0.squaredNorm(), e0 = body.kinetic_energy(pi0);
    Stepper st;
    flip_run r{name, label, {}, 0, 0, 0, 0, 0};
    const auto start = std::chrono::steady_clock::now();
    const auto times = flip_times<double>(
        state{1, 0, 0, 0, pi0(0), pi0(1), pi0(2)}, [&](state& y, double t, double dt) { st.do_step(rates, y, t, dt); },
        [](const state& y) { return y[5]; },
        [&](const state& y) {
            const vector<double, 3> pi(y[4], y[5], y[6]);
            r.casimir = std::max(r.casimir, std::abs(pi.squaredNorm() / m2 - 1));
            r.energy = std::max(r.energy, std::abs(body.kinetic_energy(pi) / e0 - 1));
            r.attitude = std::max(r.attitude, std::abs(vector<double, 4>(y[0], y[1], y[2], y[3]).norm() - 1));
        },
        h, flips);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    score<double>(r, times, exact_flips, period);
    return r;
}

}  // namespace

void run_dzhanibekov(const options& o) {
    const std::size_t flips = o.dzhanibekov_flips;
    // the exact flip times at 50 digits: the first zero of Π₂, then every half period
    using W = mp<50>;
    const vector<W, 3> moments(W(1), W(2), W(3)), pi0(W(1) / W(20), W(1), W(1) / W(20));
    const problems::free_rigid_body<W> exact(moments, pi0);
    const W half = exact.period() / W(2);
    std::uintmax_t iterations = 200;
    const auto pi2 = [&](const W& t) { return W(exact.pi(t)(1)); };
    // Π₂ starts at 1 and first vanishes within the first half period
    W lo(0), hi = half;
    const int scan = 64;
    for (int i = 1; i <= scan; ++i) {
        const W t = half * W(i) / W(scan);
        if (pi2(t) <= W(0)) {
            hi = t;
            lo = half * W(i - 1) / W(scan);
            break;
        }
    }
    const auto root = boost::math::tools::toms748_solve(pi2, lo, hi, boost::math::tools::eps_tolerance<W>(160), iterations);
    const W first = (root.first + root.second) / W(2);
    std::vector<double> exact_flips(flips);
    for (std::size_t j = 0; j < flips; ++j) exact_flips[j] = static_cast<double>(W(first + W(j) * half));
    const double period = static_cast<double>(exact.period());

    std::vector<flip_run> runs;
    using A9 = std::array<double, 9>;
    using A3 = std::array<double, 3>;
    runs.push_back(geomint_run<double, composed_rigid_body_stepper<A9, A3, scheme::kahan_li8>>(
        "geomint kahan_li8 composition of the exact rotations, 200 steps a period", "geomint kahan_li8", 200, flips, exact_flips));
    runs.push_back(geomint_run<W, composed_rigid_body_stepper<std::array<W, 9>, std::array<W, 3>, scheme::kahan_li8>>(
        "the same at 50 digits (the scheme's error alone)", "geomint kahan_li8, 50 digits", 200, flips, exact_flips));
    namespace odeint = boost::numeric::odeint;
    runs.push_back(odeint_run<odeint::runge_kutta4<std::array<double, 7>>>(
        "odeint runge_kutta4 on the quaternion form, 1000 steps a period", "rk4 (odeint)", 1000, flips, exact_flips, period));
    runs.push_back(odeint_run<odeint::runge_kutta_fehlberg78<std::array<double, 7>>>(
        "odeint runge_kutta_fehlberg78 on the quaternion form, 200 steps a period", "rkf78 (odeint)", 200, flips, exact_flips,
        period));

    std::vector<std::string> header{"flip", "exact_time"};
    for (std::size_t i = 0; i < runs.size(); ++i) header.push_back("time_error_" + std::to_string(i));
    csv table(header);
    for (std::size_t j = 0; j < flips; ++j) {
        std::vector<std::string> row{std::to_string(j + 1), num(exact_flips[j])};
        for (const auto& r : runs) row.push_back(num(r.flip_error[j]));
        table.row(row);
    }
    table.write(o.out / "dzhanibekov.csv");

    std::ostringstream summary;
    summary << "Intermediate-axis flips of a free rigid body, I = (1, 2, 3), Pi0 = (1/20, 1, 1/20): modulus k = "
            << sci(static_cast<double>(exact.modulus()), 0, 10) << " (k^2 = " << sci(static_cast<double>(W(exact.modulus() * exact.modulus())), 0, 10)
            << "), period P = " << label_num(period) << " (a flip every P/2); " << flips
            << " flips against the exact flip times (columns time_error_i of dzhanibekov.csv):\n";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& r = runs[i];
        summary << "  " << i << ". " << r.name << ": " << label_num(r.seconds) << " s; mean flip interval - P/2 "
                << sci(r.mean_interval_error) << ", last flip time error " << sci(r.flip_error.back())
                << "; max relative change of |Pi|^2 " << sci(r.casimir) << ", of the energy " << sci(r.energy) << ", "
                << (i < 2 ? "max |R^T R - I| " : "max ||q| - 1| ") << sci(r.attitude) << "\n";
    }
    write_file_atomically(o.out / "dzhanibekov.txt", summary.str());
    std::cout << summary.str();
    if (o.plots) {
        std::vector<double> index(flips);
        for (std::size_t j = 0; j < flips; ++j) index[j] = double(j + 1);
        panel errors{"flip time error |t_j - t_j(exact)|", "flip j", "seconds", true, true, "outside right maxcols 1 font ',8'", {}};
        for (const auto& r : runs) {
            std::vector<double> e(flips);
            for (std::size_t j = 0; j < flips; ++j) e[j] = std::abs(r.flip_error[j]);
            errors.curves.push_back(series{r.label, index, e, "lines lw 1.5"});
        }
        // Π over the first three periods (exact)
        panel motion{"body angular momentum (exact), first three periods", "t", "Pi_{i}", false, false, "outside right", {}};
        std::vector<double> t, p1, p2, p3;
        for (int i = 0; i <= 600; ++i) {
            const W s = W(3) * exact.period() * W(i) / W(600);
            const auto p = exact.pi(s);
            t.push_back(static_cast<double>(s));
            p1.push_back(static_cast<double>(p(0)));
            p2.push_back(static_cast<double>(p(1)));
            p3.push_back(static_cast<double>(p(2)));
        }
        motion.curves = {series{"Pi_1", t, p1, "lines lw 1.5"}, series{"Pi_2 (intermediate axis)", t, p2, "lines lw 2"},
                         series{"Pi_3", t, p3, "lines lw 1.5"}};
        render(figure{"Dzhanibekov flips of a free rigid body", 2, 1, {motion, errors}}, o.out / "dzhanibekov.png");
    }
}

}  // namespace geomint::cli
