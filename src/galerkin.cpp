// The Galerkin variational integrators on the nonlinear double pendulum of the Simpson paper
// (m1 = m2 = 1 kg, g = 9.81, l = g/ω0², t̄ = 1 s), at double:
//  1. where linearization fails: the paper's linear Simpson scheme and the nonlinear Galerkin VIs
//     (Degree 2 = Simpson's VI for the nonlinear L, Degree 4) against the nonlinear reference,
//     from the paper's start q(0) = (0, π/6) and a large-amplitude start (π/2, π/2);
//  2. the energy error over --galerkin-steps steps of h = t̄/100 (Degree 2 and 4);
//  3. work–precision over --galerkin-horizon t̄ from the paper's start: wall time against the max
//     error of q at every t̄, for Degree 2–4 and odeint's runge_kutta4 (fixed steps) and
//     runge_kutta_fehlberg78 (controlled, tolerances 1e-4 … 1e-15), reference by rkf78 at quad
//     (fixed steps of t̄/1500: error ~1e-15 over 100 t̄).
//     odeint's symplectic_rkn_sb3a_m4_mclachlan is not in it: it needs a separable Hamiltonian
//     H = T(p) + V(q), and this pendulum's kinetic energy depends on q.
#include "experiments.hpp"
#include "nonlinear_pendulum_reference.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#include <geomint/model/lagrangian_system.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <vector>

namespace geomint::cli {

namespace {
namespace odeint = boost::numeric::odeint;
using V = std::vector<double>;
using state4 = std::array<double, 4>;

double qdistance(const std::array<double, 4>& a, double q0, double q1) {
    return std::max(std::abs(a[0] - q0), std::abs(a[1] - q1));
}

struct timed_run {
    std::string method;
    double parameter;  ///< steps per t̄, or the tolerance of rkf78
    double seconds;
    double max_error;
};

/// Runs `step_to(k)` (advance to t = k t̄, return q) for k = 1 … horizon, timing the whole run
/// and taking the max error against `ref` (the error at each t̄).
template <class StepTo>
timed_run time_run(const std::string& method, double parameter, std::size_t horizon,
                   const std::vector<std::array<double, 4>>& ref, StepTo&& step_to) {
    double worst = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t k = 1; k <= horizon; ++k) {
        const std::array<double, 2> q = step_to(k);
        worst = std::max(worst, qdistance(ref[k], q[0], q[1]));
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return {method, parameter, s, worst};
}

template <unsigned D>
timed_run galerkin_run(const V& q0, const V& p0, std::size_t per_tbar, std::size_t horizon,
                       const std::vector<std::array<double, 4>>& ref) {
    const problems::double_pendulum<double> dp;
    const auto sys = dp.nonlinear_system();
    galerkin_vi_stepper<V, D> st;
    auto x = std::make_pair(q0, p0);
    const double h = dp.tbar / double(per_tbar);
    std::size_t j = 0;
    return time_run("galerkin_vi Degree " + std::to_string(D), double(per_tbar), horizon, ref, [&](std::size_t k) {
        for (; j < k * per_tbar; ++j) st.do_step(sys, x, double(j) * h, h);
        return std::array<double, 2>{x.first[0], x.first[1]};
    });
}

/// The smallest time to reach `target` along one method's runs (log-log interpolation between
/// the two runs around it), or NaN if none reaches it.
double time_to(const std::vector<timed_run>& runs, const std::string& method, double target) {
    std::vector<const timed_run*> r;
    for (const auto& x : runs)
        if (x.method == method) r.push_back(&x);
    for (std::size_t i = 0; i < r.size(); ++i) {
        if (r[i]->max_error > target) continue;
        if (i == 0) return r[i]->seconds;
        const double e0 = std::log(r[i - 1]->max_error), e1 = std::log(r[i]->max_error), w = (std::log(target) - e0) / (e1 - e0);
        return std::exp(std::log(r[i - 1]->seconds) + w * (std::log(r[i]->seconds) - std::log(r[i - 1]->seconds)));
    }
    return std::nan("");
}
}  // namespace

void run_galerkin_pendulum(const options& o) {
    const problems::double_pendulum<double> dp;
    const auto sys = dp.nonlinear_system();
    const double pi = 3.14159265358979323846, h = dp.tbar / 100;
    std::ostringstream txt;
    txt << "Galerkin variational integrators on the nonlinear double pendulum (Simpson paper's Table 1 parameters:\n"
        << "m1 = m2 = 1 kg, g = 9.81 m/s^2, l = g/omega0^2 = " << dp.l << " m, tbar = 1 s), double precision\n\n";

    // 1. where linearization fails
    std::cerr << "Galerkin: linear Simpson vs nonlinear Galerkin VIs against the nonlinear reference, 10 tbar\n";
    csv lin({"start", "t", "linear_simpson", "galerkin_degree2", "galerkin_degree4"});
    std::vector<panel> lin_panels;
    txt << "1. Max error of q over 10 tbar against the nonlinear reference (rkf78, h = tbar/2000), h = tbar/100:\n"
        << "start             linear Simpson   Galerkin Degree 2   Galerkin Degree 4\n";
    for (const auto& [name, start] : std::vector<std::pair<std::string, V>>{{"(0, pi/6)", V{0.0, pi / 6}},
                                                                              {"(pi/2, pi/2)", V{pi / 2, pi / 2}}}) {
        const std::size_t samples = 200;  // every 0.05 t̄
        const auto ref = nonlinear_pendulum_reference<double>(start, V{0.0, 0.0}, 0.05 * dp.tbar, samples, 100);
        simpson_stepper<vector<double, 2>> simpson;
        auto xl = std::make_pair(vector<double, 2>(start[0], start[1]), vector<double, 2>(0.0, 0.0));
        galerkin_vi_stepper<V, 2> g2;
        galerkin_vi_stepper<V, 4> g4;
        auto x2 = std::make_pair(start, V{0.0, 0.0}), x4 = x2;
        series sl{"linear Simpson (paper)", {}, {}, "lines lw 2"}, s2{"Galerkin VI Degree 2", {}, {}, "lines lw 2"},
            s4{"Galerkin VI Degree 4", {}, {}, "lines lw 2"};
        double wl = 0, w2 = 0, w4 = 0;
        const auto linear_model = dp.system();
        for (std::size_t k = 1; k <= samples; ++k) {
            for (int j = 0; j < 5; ++j) {
                const double t = (double(k - 1) * 5 + j) * h;
                simpson.do_step(linear_model, xl, t, h);
                g2.do_step(sys, x2, t, h);
                g4.do_step(sys, x4, t, h);
            }
            const double t = double(k) * 0.05 * dp.tbar;
            const double el = qdistance(ref[k], xl.first[0], xl.first[1]), e2 = qdistance(ref[k], x2.first[0], x2.first[1]),
                         e4 = qdistance(ref[k], x4.first[0], x4.first[1]);
            wl = std::max(wl, el);
            w2 = std::max(w2, e2);
            w4 = std::max(w4, e4);
            lin.row({name, num(t), num(el), num(e2), num(e4)});
            for (auto [s, e] : {std::pair{&sl, el}, std::pair{&s2, e2}, std::pair{&s4, e4}}) {
                s->x.push_back(t);
                s->y.push_back(e);
            }
        }
        char line[160];
        std::snprintf(line, sizeof line, "%-16s  %s (rad)     %s           %s\n", name.c_str(), sci(wl).c_str(),
                      sci(w2).c_str(), sci(w4).c_str());
        txt << line;
        lin_panels.push_back(panel{"q(0) = " + name, "t (s)", "|q - q_{ref}| (rad)", false, true, "bottom right", {sl, s2, s4}});
    }
    lin.write(o.out / "galerkin_linearization.csv");
    if (o.plots)
        render(figure{"Nonlinear double pendulum: the linear Simpson scheme against the nonlinear Galerkin VIs", 1, 2, lin_panels},
               o.out / "galerkin_linearization.png");

    // 2. energy over o.galerkin_steps steps, large-amplitude start
    const std::size_t steps = o.galerkin_steps;
    std::cerr << "Galerkin: energy over " << steps << " steps of tbar/100, Degree 2 and 4\n";
    csv en({"degree", "step", "t", "energy_error_over_potential_depth"});
    std::vector<series> en_series;
    // H0 = 0 at this start (both bobs level with the pivots, at rest): errors are given relative
    // to the depth of the potential, (m1 + m2) g l + m2 g l
    const double energy_scale = (dp.m1 + dp.m2) * dp.g * dp.l + dp.m2 * dp.g * dp.l;
    txt << "\n2. Energy error |H - H0| / ((m1 + m2) g l + m2 g l) from q(0) = (pi/2, pi/2) (H0 = 0) over " << steps
        << " steps of tbar/100\n   (max over each half of the run; equal halves: no drift):\n";
    const auto energy_run = [&](auto degree_tag) {
        constexpr unsigned D = decltype(degree_tag)::value;
        galerkin_vi_stepper<V, D> st;
        auto x = std::make_pair(V{pi / 2, pi / 2}, V{0.0, 0.0});
        const auto H = [&] {
            return sys.hamiltonian(vector<double>(as_eigen(x.first)), vector<double>(as_eigen(x.second)));
        };
        const double H0 = H();
        series s{"Galerkin VI Degree " + std::to_string(D), {}, {}, "lines lw 1"};
        double first = 0, second = 0;
        const std::size_t every = std::max<std::size_t>(1, steps / 2000);
        for (std::size_t j = 1; j <= steps; ++j) {
            st.do_step(sys, x, double(j - 1) * h, h);
            if (j % every != 0 && j != steps) continue;
            const double e = std::abs(H() - H0) / energy_scale;
            (j <= steps / 2 ? first : second) = std::max(j <= steps / 2 ? first : second, e);
            en.row({std::to_string(D), std::to_string(j), num(double(j) * h), num(e)});
            s.x.push_back(double(j) * h);
            s.y.push_back(e);
            if (j % (steps / 100 + 1) == 0 || j == steps) progress("Degree " + std::to_string(D) + " steps", j, steps);
        }
        en_series.push_back(s);
        txt << "  Degree " << D << ": first half " << sci(first) << ", second half " << sci(second) << "\n";
    };
    energy_run(std::integral_constant<unsigned, 2>{});
    energy_run(std::integral_constant<unsigned, 4>{});
    en.write(o.out / "galerkin_energy.csv");
    if (o.plots)
        render(figure{"", 1, 1,
                      {panel{"Nonlinear double pendulum, q(0) = (pi/2, pi/2), h = tbar/100: energy error", "t (s)",
                             "|H - H_0| / ((m_1 + m_2) g l + m_2 g l)", true, true, "bottom right", en_series}}},
               o.out / "galerkin_energy.png");

    // 3. work–precision from the paper's start
    const std::size_t horizon = o.galerkin_horizon;
    std::cerr << "Galerkin: work-precision over " << horizon << " tbar (reference: rkf78 at quad)\n";
    const V q0{0.0, pi / 6}, p0{0.0, 0.0};
    const auto ref = nonlinear_pendulum_reference<quad>(q0, p0, dp.tbar, horizon, 1500);
    std::vector<timed_run> runs;
    for (std::size_t n : {25, 50, 100, 200, 400}) runs.push_back(galerkin_run<2>(q0, p0, n, horizon, ref));
    for (std::size_t n : {25, 50, 100, 200}) runs.push_back(galerkin_run<3>(q0, p0, n, horizon, ref));
    for (std::size_t n : {25, 50, 100, 200}) runs.push_back(galerkin_run<4>(q0, p0, n, horizon, ref));
    const auto rates = [&dp](const state4& y, state4& dy, double) { dp.nonlinear_rates(y, dy); };
    for (std::size_t n : {50, 100, 200, 400, 800, 1600, 3200}) {
        state4 x{q0[0], q0[1], p0[0], p0[1]};
        odeint::runge_kutta4<state4> rk4;
        const double dt = dp.tbar / double(n);
        std::size_t j = 0;
        runs.push_back(time_run("odeint runge_kutta4", double(n), horizon, ref, [&](std::size_t k) {
            for (; j < k * n; ++j) rk4.do_step(rates, x, double(j) * dt, dt);
            return std::array<double, 2>{x[0], x[1]};
        }));
    }
    for (double tol : {1e-4, 1e-6, 1e-8, 1e-10, 1e-12, 1e-13, 1e-14, 1e-15}) {
        state4 x{q0[0], q0[1], p0[0], p0[1]};
        auto stepper = odeint::make_controlled(tol, tol, odeint::runge_kutta_fehlberg78<state4>());
        double t = 0, dt = dp.tbar / 100;
        runs.push_back(time_run("odeint runge_kutta_fehlberg78 (controlled)", tol, horizon, ref, [&](std::size_t k) {
            odeint::integrate_adaptive(stepper, rates, x, t, double(k) * dp.tbar, dt);
            t = double(k) * dp.tbar;
            return std::array<double, 2>{x[0], x[1]};
        }));
    }
    csv wp({"method", "steps_per_tbar_or_tolerance", "seconds", "max_error_q"});
    std::vector<series> wp_series;
    for (const auto& r : runs) {
        wp.row({r.method, num(r.parameter), num(r.seconds), num(r.max_error)});
        if (wp_series.empty() || wp_series.back().title != r.method) wp_series.push_back(series{r.method, {}, {}, "linespoints pt 7 ps 0.6"});
        wp_series.back().x.push_back(r.seconds);
        wp_series.back().y.push_back(r.max_error);
    }
    wp.write(o.out / "galerkin_work_precision.csv");
    if (o.plots)
        render(figure{"", 1, 1,
                      {panel{"Nonlinear double pendulum, q(0) = (0, pi/6): max error of q over " + std::to_string(horizon) +
                                 " tbar against wall time",
                             "wall time (s)", "max |q - q_{ref}| (rad)", true, true, "bottom left", wp_series}}},
               o.out / "galerkin_work_precision.png");
    txt << "\n3. Work-precision over " << horizon
        << " tbar from q(0) = (0, pi/6) (max error of q at every tbar; reference rkf78 at quad, h = tbar/1500).\n"
        << "Wall time (s) to reach a max error (log-log interpolation between runs; '-' = not reached):\n"
        << "method                                         1e-4       1e-6       1e-8       1e-10\n";
    for (const auto& s : wp_series) {
        char line[200];
        std::snprintf(line, sizeof line, "%-44s", s.title.c_str());
        txt << line;
        for (double target : {1e-4, 1e-6, 1e-8, 1e-10}) {
            const double tt = time_to(runs, s.title, target);
            txt << "  " << (std::isnan(tt) ? std::string("        -") : sci(tt));
        }
        txt << "\n";
    }
    txt << "odeint's symplectic_rkn_sb3a_m4_mclachlan is not compared: it needs a separable H = T(p) + V(q),\n"
        << "and this pendulum's kinetic energy depends on q (mass matrix M(q)).\n";
    write_file_atomically(o.out / "galerkin_pendulum.txt", txt.str());
    std::cout << txt.str();
}

}  // namespace geomint::cli
