// Kepler's problem at e = 0.99 (speed ratio 199 between pericentre and apocentre) over
// o.adaptive_orbits orbits, at double unless said, observed at the end of every orbit against Kepler's
// equation:
//  - fixed-step Störmer–Verlet in physical time (5 000 force evaluations an orbit);
//  - odeint's adaptive controlled steppers (runge_kutta_fehlberg78, runge_kutta_dopri5,
//    bulirsch_stoer) at tolerances 1e-10: the step follows the orbit, the energy drifts;
//  - geomint's time_transformed_stepper (logarithmic Hamiltonian): the leapfrog at 360 force
//    evaluations an orbit and kahan_li8 at 75 steps an orbit: adaptive and without drift; kahan_li8
//    again at 50 digits (100 steps an orbit), against Kepler's equation at 50 digits;
//  - geomint's reversible step-size control (Hairer & Söderlind 2005) around Simpson's VI.
// Writes adaptive_kepler.csv (per orbit and run: |dE/E|, position error), adaptive_kepler_steps.csv
// (the physical step over the first orbit), adaptive_kepler.txt and .png.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/splitting.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/reversible_stepper.hpp>

#include <boost/numeric/odeint.hpp>

#include <array>
#include <cmath>
#include <functional>
#include <iostream>
#include <sstream>
#include <vector>

namespace geomint::cli {

namespace {
using kepler = problems::kepler<double>;
using state4 = std::array<double, 4>;  // (q, p) for odeint's first-order steppers

struct kepler_run {
    std::string name, label;  ///< label: the figure's short name
    double evaluations_per_orbit = 0;
    std::vector<double> energy_error, position_error;  // at the end of orbit k = 1..N
};

// what every run observes at the end of orbit k
struct recorder {
    const kepler& k;
    double e0;
    kepler_run& run;
    void operator()(const vector<double, 2>& q, const vector<double, 2>& p, double t) const {
        if (t == 0) return;
        run.energy_error.push_back(std::abs(kepler::hamiltonian(q, p) / e0 - 1));
        run.position_error.push_back((q - k.exact(t).first).norm());
    }
};
}  // namespace

void run_adaptive_kepler(const options& o) {
    const kepler k(0.99);
    const double e0 = kepler::hamiltonian(k.q0(), k.p0());
    const std::size_t orbits = o.adaptive_orbits;
    std::vector<double> times(orbits + 1);
    for (std::size_t j = 0; j <= orbits; ++j) times[j] = double(j) * k.period();
    std::vector<kepler_run> runs;

    // fixed steps in physical time
    {
        kepler_run r{"Stormer-Verlet, fixed h = P/5000", "fixed leapfrog, P/5000"};
        using V = std::array<double, 2>;
        auto x = std::make_pair(V{k.q0()(0), k.q0()(1)}, V{k.p0()(0), k.p0()(1)});
        std::size_t forces = 0;
        const auto force = [&](const V& q, V& dp) {
            ++forces;
            const double r3 = std::pow(q[0] * q[0] + q[1] * q[1], 1.5);
            dp = {-q[0] / r3, -q[1] / r3};
        };
        const recorder rec{k, e0, r};
        boost::numeric::odeint::integrate_times(
            splitting_stepper<V, scheme::stormer_verlet>(), std::make_pair([](const V& p, V& dq) { dq = p; }, force), x,
            times.begin(), times.end(), k.period() / 5000, [&](const auto& y, double t) {
                rec(vector<double, 2>(y.first[0], y.first[1]), vector<double, 2>(y.second[0], y.second[1]), t);
            });
        r.evaluations_per_orbit = double(forces) / double(orbits);
        runs.push_back(std::move(r));
    }
    // odeint's controlled steppers on the first-order system
    const auto controlled = [&](const std::string& name, const std::string& label, auto stepper) {
        kepler_run r{name, label};
        std::size_t calls = 0;
        const auto rhs = [&](const state4& x, state4& dx, double) {
            ++calls;
            const double r3 = std::pow(x[0] * x[0] + x[1] * x[1], 1.5);
            dx = {x[2], x[3], -x[0] / r3, -x[1] / r3};
        };
        state4 x{k.q0()(0), k.q0()(1), k.p0()(0), k.p0()(1)};
        const recorder rec{k, e0, r};
        boost::numeric::odeint::integrate_times(stepper, rhs, x, times.begin(), times.end(), 1e-3, [&](const state4& y, double t) {
            rec(vector<double, 2>(y[0], y[1]), vector<double, 2>(y[2], y[3]), t);
        });
        r.evaluations_per_orbit = double(calls) / double(orbits);
        runs.push_back(std::move(r));
    };
    namespace odeint = boost::numeric::odeint;
    const double tol = 1e-10;
    controlled("odeint rkf78, tolerance 1e-10", "rkf78 (odeint)",
               odeint::make_controlled(tol, tol, odeint::runge_kutta_fehlberg78<state4>()));
    controlled("odeint dopri5, tolerance 1e-10", "dopri5 (odeint)",
               odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state4>()));
    controlled("odeint Bulirsch-Stoer, tolerance 1e-10", "Bulirsch-Stoer (odeint)", odeint::bulirsch_stoer<state4>(tol, tol));
    // geomint's adaptive splittings
    const auto transformed = [&](const std::string& name, const std::string& label, auto stepper) {
        kepler_run r{name, label};
        auto x = std::make_pair(vector<double>(k.q0()), vector<double>(k.p0()));
        const recorder rec{k, e0, r};
        odeint::integrate_times(std::ref(stepper), k, x, times.begin(), times.end(), 1.0,
                                [&](const auto& y, double t) { rec(y.first, y.second, t); });
        r.evaluations_per_orbit = double(stepper.force_evaluations()) / double(orbits);
        runs.push_back(std::move(r));
    };
    const double two_pi = 2 * std::acos(-1.0);
    transformed("geomint leapfrog, logarithmic Hamiltonian, 360 steps an orbit", "LogH leapfrog, 360/orbit",
                time_transformed_stepper<kepler>(k, two_pi / 360));
    transformed("geomint kahan_li8, logarithmic Hamiltonian, 75 steps an orbit", "LogH kahan_li8, 75/orbit",
                time_transformed_stepper<kepler, scheme::kahan_li8>(k, two_pi / 75));
    // the same at 50 digits, 100 steps an orbit: the error is the scheme's, rounding is gone
    {
        using W = mp<50>;
        const problems::kepler<W> kw(W(99) / W(100));
        kepler_run r{"geomint kahan_li8, logarithmic Hamiltonian, 100 steps an orbit, at 50 digits", "LogH kahan_li8, 50 digits"};
        time_transformed_stepper<problems::kepler<W>, scheme::kahan_li8> st(kw, boost::math::constants::two_pi<W>() / 100);
        auto x = std::make_pair(vector<W>(kw.q0()), vector<W>(kw.p0()));
        const W h0 = problems::kepler<W>::hamiltonian(kw.q0(), kw.p0());
        std::vector<W> wide_times(orbits + 1);
        for (std::size_t j = 0; j <= orbits; ++j) wide_times[j] = W(j) * kw.period();
        odeint::integrate_times(std::ref(st), kw, x, wide_times.begin(), wide_times.end(), W(1), [&](const auto& y, const W& t) {
            if (t == 0) return;
            r.energy_error.push_back(static_cast<double>(abs(problems::kepler<W>::hamiltonian(y.first, y.second) / h0 - 1)));
            r.position_error.push_back(static_cast<double>((y.first - kw.exact(t).first).norm()));
        });
        r.evaluations_per_orbit = double(st.force_evaluations()) / double(orbits);
        runs.push_back(std::move(r));
    }
    // the reversible step-size control (Hairer & Söderlind 2005) around Simpson's VI, h ∝ r^(3/2)
    std::vector<double> reversible_t, reversible_h;
    {
        kepler_run r{"geomint Simpson VI (galerkin_vi_stepper Degree 2), reversible step control h ~ r^(3/2), eps = 1/50",
                     "Simpson VI, reversible control"};
        using V = std::array<double, 2>;
        std::size_t forces = 0;
        const auto system = std::make_pair([](const V& p, V& dq) { dq = p; },
                                           [&forces](const V& q, V& dp) {
                                               ++forces;
                                               const double r3 = std::pow(q[0] * q[0] + q[1] * q[1], 1.5);
                                               dp = {-q[0] / r3, -q[1] / r3};
                                           });
        const auto density = [](const auto& q, const auto&) {
            using std::sqrt;
            const auto r2 = q.squaredNorm();
            return decltype(r2)(1) / (sqrt(r2) * sqrt(sqrt(r2)));
        };
        reversible_stepper st(galerkin_vi_stepper<V, 2>{}, system, density, 1.0 / 50);
        auto x = std::make_pair(V{k.q0()(0), k.q0()(1)}, V{k.p0()(0), k.p0()(1)});
        {  // its physical step over the first orbit
            auto first = st;
            first.initialize(x, 0.0, 1.0);
            while (first.current_time() < k.period()) {
                const auto [t0, t1] = first.do_step(system);
                reversible_t.push_back(t0);
                reversible_h.push_back(t1 - t0);
            }
            forces = 0;
        }
        const recorder rec{k, e0, r};
        odeint::integrate_times(std::ref(st), system, x, times.begin(), times.end(), 1.0, [&](const auto& y, double t) {
            rec(vector<double, 2>(y.first[0], y.first[1]), vector<double, 2>(y.second[0], y.second[1]), t);
        });
        r.evaluations_per_orbit = double(forces) / double(orbits);
        runs.push_back(std::move(r));
    }

    // the physical step of the logarithmic leapfrog over the first orbit
    std::vector<double> step_t, step_h;
    {
        time_transformed_stepper<kepler> st(k, two_pi / 360);
        st.initialize(std::make_pair(vector<double>(k.q0()), vector<double>(k.p0())), 0.0, 1.0);
        while (st.current_time() < k.period()) {
            const auto [t0, t1] = st.do_step(k);
            step_t.push_back(t0);
            step_h.push_back(t1 - t0);
        }
    }

    std::vector<std::string> header{"orbit"};
    for (std::size_t i = 0; i < runs.size(); ++i) {
        header.push_back("energy_error_" + std::to_string(i));
        header.push_back("position_error_" + std::to_string(i));
    }
    csv table(header);
    for (std::size_t j = 0; j < orbits; ++j) {
        std::vector<std::string> row{std::to_string(j + 1)};
        for (const auto& r : runs) {
            row.push_back(num(r.energy_error[j]));
            row.push_back(num(r.position_error[j]));
        }
        table.row(row);
    }
    table.write(o.out / "adaptive_kepler.csv");
    csv steps({"controller", "t", "h"});
    for (std::size_t j = 0; j < step_t.size(); ++j) steps.row({"logarithmic_hamiltonian", num(step_t[j]), num(step_h[j])});
    for (std::size_t j = 0; j < reversible_t.size(); ++j)
        steps.row({"reversible_control", num(reversible_t[j]), num(reversible_h[j])});
    steps.write(o.out / "adaptive_kepler_steps.csv");

    std::ostringstream summary;
    summary << "Kepler e = 0.99 over " << orbits << " orbits (at double unless said), observed at the end of each orbit "
            << "(columns i of adaptive_kepler.csv in this order):\n";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& r = runs[i];
        double emax = 0;
        for (double e : r.energy_error) emax = std::max(emax, e);
        summary << "  " << i << ". " << r.name << ": " << sci(r.evaluations_per_orbit) << " force evaluations an orbit, max |dE/E| "
                << sci(emax) << ", |dE/E| at the end " << sci(r.energy_error.back()) << ", position error at the end "
                << sci(r.position_error.back()) << "\n";
    }
    summary << "The logarithmic leapfrog's physical step over an orbit: from " << sci(*std::min_element(step_h.begin(), step_h.end()))
            << " (pericentre) to " << sci(*std::max_element(step_h.begin(), step_h.end())) << " (apocentre); the reversible "
            << "control's from " << sci(*std::min_element(reversible_h.begin(), reversible_h.end())) << " to "
            << sci(*std::max_element(reversible_h.begin(), reversible_h.end())) << " (" << reversible_h.size()
            << " steps an orbit)\n";
    write_file_atomically(o.out / "adaptive_kepler.txt", summary.str());
    std::cout << summary.str();
    if (o.plots) {
        std::vector<double> k_axis(orbits);
        for (std::size_t j = 0; j < orbits; ++j) k_axis[j] = double(j + 1);
        const std::string key = "outside right maxcols 1 font ',8' spacing 0.9";
        panel energy{"energy error at the end of each orbit", "orbits", "|dE/E|", true, true, key, {}};
        panel position{"position error at the end of each orbit", "orbits", "|q - q_{exact}|", true, true, key, {}};
        for (const auto& r : runs) {
            energy.curves.push_back(series{r.label, k_axis, r.energy_error, "lines lw 1.5"});
            position.curves.push_back(series{r.label, k_axis, r.position_error, "lines lw 1.5"});
        }
        panel step{"physical step over the first orbit", "t", "h", false, true, key,
                   {series{"LogH leapfrog, 360/orbit", step_t, step_h, "lines lw 1.5"},
                    series{"Simpson VI, reversible control", reversible_t, reversible_h, "lines lw 1.5"}}};
        render(figure{"Kepler e = 0.99: fixed steps, odeint's controlled steppers, geomint's adaptive steppers",
                      3, 1, {energy, position, step}},
               o.out / "adaptive_kepler.png");
    }
}

}  // namespace geomint::cli
