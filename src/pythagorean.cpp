// Burrau's Pythagorean three-body problem (masses 3, 4, 5 at rest at (1, 3), (−2, −1), (1, −1),
// G = 1; Szebehely & Peters 1967) to t = 70: close encounters down to 4e-4, then an escape.
//  - reference: geomint's extrapolated logarithmic leapfrog at 50 digits (tolerance 1e-25);
//  - at double: the same scheme at tolerance 1e-13 (algorithmic regularization), kahan_li8 on the
//    logarithmic Hamiltonian at Δs = 0.05, and odeint's Bulirsch–Stoer in physical time at
//    tolerance 1e-13.
// Observed every 0.05: the energy error of each run; the trajectories of the extrapolated run.
// Writes pythagorean.csv, pythagorean.txt and pythagorean.png.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#include <geomint/problems/n_body.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iostream>
#include <sstream>
#include <vector>

namespace geomint::cli {

namespace {
using bodies = problems::n_body_gravity<double>;

struct pythagorean_run {
    std::string name, label;
    double evaluations = 0, final_distance = 0;
    double stepping_evaluations = 0;  ///< the same run to t = 70 without observations
    std::vector<double> energy_error;  // at the observation times
};
}  // namespace

void run_pythagorean(const options& o) {
    namespace odeint = boost::numeric::odeint;
    const double t1 = 70, dt = 0.05;
    const std::size_t n_obs = static_cast<std::size_t>(std::lround(t1 / dt));
    std::vector<double> times(n_obs + 1);
    for (std::size_t j = 0; j <= n_obs; ++j) times[j] = double(j) * dt;
    times.back() = t1;

    // the 50-digit reference
    using W = mp<50>;
    using wide_bodies = problems::n_body_gravity<W>;
    auto [mw, qw, pw] = wide_bodies::pythagorean();
    scheme::gragg_bulirsch_stoer<12> fine;
    fine.tolerance = 1e-25;
    time_transformed_stepper<wide_bodies, scheme::gragg_bulirsch_stoer<12>> reference(mw, W(1) / 10, fine);
    auto xw = std::make_pair(qw, pw);
    odeint::integrate_adaptive(std::ref(reference), mw, xw, W(0), W(t1), W(1));

    auto [m, q0, p0] = bodies::pythagorean();
    const double e0 = m.energy(q0, p0);
    std::vector<pythagorean_run> runs;
    std::vector<std::vector<double>> path(6);  // x1, y1, x2, y2, x3, y3 of the extrapolated run
    const auto distance = [&](const vector<double>& q) {
        double d = 0;
        for (Eigen::Index i = 0; i < q.size(); ++i) d = std::max(d, std::abs(q(i) - static_cast<double>(xw.first(i))));
        return d;
    };
    const auto transformed = [&](const std::string& name, const std::string& label, auto stepper, bool keep_path) {
        pythagorean_run r{name, label};
        auto x = std::make_pair(q0, p0);
        odeint::integrate_times(std::ref(stepper), m, x, times.begin(), times.end(), dt, [&](const auto& y, double) {
            r.energy_error.push_back(std::abs(m.energy(y.first, y.second) / e0 - 1));
            if (keep_path)
                for (int i = 0; i < 6; ++i) path[i].push_back(y.first(i));
        });
        r.evaluations = double(stepper.force_evaluations());
        r.final_distance = distance(x.first);
        auto unobserved = std::make_pair(q0, p0);
        odeint::integrate_adaptive(std::ref(stepper), m, unobserved, 0.0, t1, 1.0);
        r.stepping_evaluations = double(stepper.force_evaluations()) - r.evaluations;
        runs.push_back(std::move(r));
    };
    scheme::gragg_bulirsch_stoer<8> gbs;
    gbs.tolerance = 1e-13;
    transformed("geomint gragg_bulirsch_stoer<8> of the logarithmic leapfrog, tolerance 1e-13", "extrapolated LogH leapfrog",
                time_transformed_stepper<bodies, scheme::gragg_bulirsch_stoer<8>>(m, 0.1, gbs), true);
    transformed("geomint kahan_li8, logarithmic Hamiltonian, ds = 0.05", "LogH kahan_li8, ds = 0.05",
                time_transformed_stepper<bodies, scheme::kahan_li8>(m, 0.05), false);
    {  // odeint's Bulirsch–Stoer in physical time on the first-order system
        pythagorean_run r{"odeint Bulirsch-Stoer in physical time, tolerance 1e-13", "Bulirsch-Stoer (odeint)"};
        using state = std::vector<double>;
        const Eigen::Index n = m.dof();
        state x(2 * n);
        for (Eigen::Index i = 0; i < n; ++i) x[i] = q0(i), x[n + i] = p0(i);
        std::size_t calls = 0;
        const auto rhs = [&](const state& y, state& dy, double) {
            ++calls;
            vector<double> q = Eigen::Map<const vector<double>>(y.data(), n), p = Eigen::Map<const vector<double>>(y.data() + n, n);
            vector<double> v, f;
            m.velocity(p, v);
            m.force(q, f);
            for (Eigen::Index i = 0; i < n; ++i) dy[i] = v(i), dy[n + i] = f(i);
        };
        odeint::integrate_times(odeint::bulirsch_stoer<state>(1e-13, 1e-13), rhs, x, times.begin(), times.end(), 1e-3,
                                [&](const state& y, double) {
                                    const vector<double> q = Eigen::Map<const vector<double>>(y.data(), n),
                                                         p = Eigen::Map<const vector<double>>(y.data() + n, n);
                                    r.energy_error.push_back(std::abs(m.energy(q, p) / e0 - 1));
                                });
        r.evaluations = double(calls);
        state unobserved(2 * n);
        for (Eigen::Index i = 0; i < n; ++i) unobserved[i] = q0(i), unobserved[n + i] = p0(i);
        odeint::integrate_adaptive(odeint::bulirsch_stoer<state>(1e-13, 1e-13), rhs, unobserved, 0.0, t1, 1e-3);
        r.stepping_evaluations = double(calls) - r.evaluations;
        r.final_distance = distance(Eigen::Map<const vector<double>>(x.data(), n));
        runs.push_back(std::move(r));
    }

    std::vector<std::string> header{"t", "x1", "y1", "x2", "y2", "x3", "y3"};
    for (std::size_t i = 0; i < runs.size(); ++i) header.push_back("energy_error_" + std::to_string(i));
    csv table(header);
    for (std::size_t j = 0; j < times.size(); ++j) {
        std::vector<std::string> row{num(times[j])};
        for (int i = 0; i < 6; ++i) row.push_back(num(path[i][j]));
        for (const auto& r : runs) row.push_back(num(r.energy_error[j]));
        table.row(row);
    }
    table.write(o.out / "pythagorean.csv");

    std::ostringstream summary;
    summary << "Pythagorean three-body problem to t = 70, observed every 0.05; reference: geomint's extrapolated "
               "logarithmic leapfrog at 50 digits, tolerance 1e-25 ("
            << reference.force_evaluations() << " force evaluations). Columns energy_error_i of pythagorean.csv:\n";
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const auto& r = runs[i];
        summary << "  " << i << ". " << r.name << ": " << r.stepping_evaluations << " force evaluations to t = 70 ("
                << r.evaluations << " with the 1 400 observations), max |dE/E| "
                << sci(*std::max_element(r.energy_error.begin(), r.energy_error.end())) << ", |dE/E| at t = 70 "
                << sci(r.energy_error.back()) << ", max |q - q_ref| at t = 70 " << sci(r.final_distance) << "\n";
    }
    write_file_atomically(o.out / "pythagorean.txt", summary.str());
    std::cout << summary.str();
    if (o.plots) {
        panel orbits{"trajectories (extrapolated logarithmic leapfrog, double)", "x", "y", false, false, "outside right", {}};
        const char* names[3] = {"m = 3", "m = 4", "m = 5"};
        for (int b = 0; b < 3; ++b) orbits.curves.push_back(series{names[b], path[2 * b], path[2 * b + 1], "lines lw 1"});
        panel energy{"energy error", "t", "|dE/E|", false, true, "outside right", {}};
        for (const auto& r : runs) energy.curves.push_back(series{r.label, times, r.energy_error, "lines lw 1.5"});
        render(figure{"Burrau's Pythagorean problem to t = 70", 2, 1, {orbits, energy}}, o.out / "pythagorean.png");
    }
}

}  // namespace geomint::cli
