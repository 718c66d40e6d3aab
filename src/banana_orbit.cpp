// The banana orbit of a charged particle in a model tokamak field (problems/tokamak_field.hpp:
// B = R₀/R e_ϕ + (z e_R − (R − R₀) e_z)/(2R), q/m = 1, no E) over o.banana_gyrations gyrations
// at double (issue 72's experiment):
//  - geomint's Boris map and its yoshida4 composition on (x, v);
//  - geomint's Gauss–Legendre collocation, s = 2, 3, 4, on the canonical H = ½|p − A(x)|² (the
//    Newton Jacobian once a step, `stage_jacobian::one_per_step`);
//  - odeint's controlled runge_kutta_fehlberg78 and bulirsch_stoer on the Lorentz equations;
// against a reference: odeint's controlled rkf78 in long double at tolerance 1e-18 (its own error
// estimated by a second run at 1e-17). Every 10 gyrations each run is sampled: the position error,
// the energy |v|²/2 and the magnetic moment μ = |v_⊥|²/(2|B|), the adiabatic invariant. Then, for
// each Gauss s, the fewest steps a gyration (of 4, 6, 8, 12, 16, 24, 32, 48) whose largest
// position error over the samples is at most rkf78's at 1e-12, and their run time against rkf78's
// (the largest, not the final error: a phase error's distance to the reference oscillates, and a
// run can pass close to it at the end), with the evaluations of the right-hand side each took.
// Writes banana_orbit.csv (samples), banana_orbit_work.csv (the equal-error scan),
// banana_orbit.txt and banana_orbit.png.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/charged.hpp>
#include <geomint/hamiltonian.hpp>
#include <geomint/problems/tokamak_field.hpp>

#include <boost/numeric/odeint.hpp>

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

namespace odeint = boost::numeric::odeint;
using V3 = vector<double, 3>;
using A6 = std::array<double, 6>;

template <class T>
using field = problems::tokamak_field<T>;

/// (x, v) at the sample times, and the evaluations of the right-hand side it took (Gauss: of ∇H,
/// besides one Hessian a step; Boris: of E and B).
struct track {
    std::vector<V3> x, v;
    long evaluations = 0;
};

struct banana_run {
    std::string name, label;
    track samples;
    double seconds = 0;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// odeint's controlled `Stepper` on the Lorentz equations in T, observed at `times`.
template <class T, class Stepper>
track lorentz_run(Stepper stepper, const std::vector<double>& times) {
    using S = std::array<T, 6>;
    const auto [x0, v0] = field<T>::start();
    S y{x0(0), x0(1), x0(2), v0(0), v0(1), v0(2)};
    std::vector<T> at(times.begin(), times.end());
    track out;
    odeint::integrate_times(
        stepper,
        [&out](const S& s, S& ds, const T&) {
            ++out.evaluations;
            field<T>::rates(s, ds);
        },
        y, at.begin(), at.end(), T(times[1] / 20),
        [&](const S& s, const T&) {
            out.x.emplace_back(double(s[0]), double(s[1]), double(s[2]));
            out.v.emplace_back(double(s[3]), double(s[4]), double(s[5]));
        });
    return out;
}

/// A geomint stepper with `per` steps a gyration, sampled every `stride` steps; `step(state, t, h)`
/// advances, `read(state, t)` gives (x, v).
template <class State, class Step, class Read>
track fixed_run(State state, Step&& step, Read&& read, double gyration, long per, long gyrations, long stride_gyrations) {
    track out;
    const double h = gyration / double(per);
    const long steps = per * gyrations, stride = per * stride_gyrations;
    const auto [x, v] = read(state, 0.0);
    out.x.push_back(x);
    out.v.push_back(v);
    for (long k = 0; k < steps; ++k) {
        step(state, double(k) * h, h);
        if ((k + 1) % stride == 0) {
            const auto [xs, vs] = read(state, double(k + 1) * h);
            out.x.push_back(xs);
            out.v.push_back(vs);
        }
    }
    return out;
}

/// Gauss s on the canonical H with `per` steps a gyration, the Newton Jacobian once a step (on
/// this weakly nonlinear flow 1.4–1.7× faster a step than one a stage: bench_hamiltonian).
template <unsigned S>
track gauss_run(long per, double gyration, long gyrations, long stride) {
    const auto particle = field<double>::canonical();
    const auto sys = particle.system();
    const auto [x0, v0] = field<double>::start();
    gauss_collocation_stepper<V3, S> stepper({.jacobian = stage_jacobian::one_per_step});
    long sweeps = 0;
    track out = fixed_run(
        std::make_pair(x0, particle.momentum(x0, v0, 0.0)),
        [&](auto& s, double t, double h) {
            stepper.do_step(sys, s, t, h);
            sweeps += stepper.iterations();
        },
        [&](const auto& s, double t) { return std::make_pair(s.first, particle.velocity(s.first, s.second, t)); }, gyration, per,
        gyrations, stride);
    out.evaluations = sweeps * long(S);
    return out;
}

template <class Method>
track boris_run(long per, double gyration, long gyrations, long stride) {
    const auto particle = field<double>::particle();
    const auto [x0, v0] = field<double>::start();
    boris_stepper<V3, Method> stepper;
    track out = fixed_run(
        std::make_pair(x0, v0), [&](auto& s, double t, double h) { stepper.do_step(particle, s, t, h); },
        [](const auto& s, double) { return std::make_pair(s.first, s.second); }, gyration, per, gyrations, stride);
    out.evaluations = per * gyrations * long(Method::stages);
    return out;
}

double position_error(const track& a, const track& ref, std::size_t i) { return (a.x[i] - ref.x[i]).cwiseAbs().maxCoeff(); }

/// The largest position error over the samples.
double largest_error(const track& a, const track& ref) {
    double e = 0;
    for (std::size_t i = 0; i < ref.x.size(); ++i) e = std::max(e, position_error(a, ref, i));
    return e;
}

/// The equal-error scan: the fewest steps a gyration of Gauss s whose largest error is at most `target`.
struct work_point {
    unsigned stages;
    long per;
    double error, seconds;
    long evaluations;
};

template <unsigned S>
void scan(std::vector<work_point>& out, const track& ref, double target, double gyration, long gyrations, long stride) {
    for (long per : {4L, 6L, 8L, 12L, 16L, 24L, 32L, 48L}) {
        const auto start = std::chrono::steady_clock::now();
        const track t = gauss_run<S>(per, gyration, gyrations, stride);
        const double sec = seconds_since(start), err = largest_error(t, ref);
        out.push_back({S, per, err, sec, t.evaluations});
        std::cout << "  Gauss s = " << S << ", " << per << " steps a gyration: largest error " << sci(err) << " in "
                  << label_num(sec) << " s\n";
        if (err <= target) return;
    }
}

}  // namespace

void run_banana_orbit(const options& o) {
    const long gyrations = long(o.banana_gyrations), stride = 10;
    const auto [x0, v0] = field<double>::start();
    const double gyration = 2 * M_PI / field<double>::magnetic(x0).norm();  // at the start
    const long samples = gyrations / stride;
    std::vector<double> times(std::size_t(samples + 1));
    for (long i = 0; i <= samples; ++i) times[std::size_t(i)] = double(i * stride) * gyration;
    std::cout << "Banana orbit: " << gyrations << " gyrations (period " << label_num(gyration) << " at the start)\n";

    // the reference and its own error
    using L = long double;
    auto start = std::chrono::steady_clock::now();
    const track ref = lorentz_run<L>(odeint::make_controlled<odeint::runge_kutta_fehlberg78<std::array<L, 6>, L, std::array<L, 6>, L>>(
                                         L(1e-18), L(1e-18)),
                                     times);
    const double ref_seconds = seconds_since(start);
    const track ref_check = lorentz_run<L>(
        odeint::make_controlled<odeint::runge_kutta_fehlberg78<std::array<L, 6>, L, std::array<L, 6>, L>>(L(1e-17), L(1e-17)), times);
    double ref_error = 0;
    for (std::size_t i = 0; i < ref.x.size(); ++i) ref_error = std::max(ref_error, position_error(ref_check, ref, i));
    std::cout << "  reference (rkf78, long double, tolerance 1e-18): " << label_num(ref_seconds)
              << " s; against tolerance 1e-17: " << sci(ref_error) << "\n";

    std::vector<banana_run> runs;
    const auto timed = [&](const std::string& name, const std::string& label, auto&& run) {
        const auto t0 = std::chrono::steady_clock::now();
        track t = run();
        runs.push_back({name, label, std::move(t), seconds_since(t0)});
        std::cout << "  " << name << ": " << label_num(runs.back().seconds) << " s\n";
    };
    timed("geomint Boris, 16 steps a gyration", "Boris", [&] { return boris_run<scheme::stormer_verlet>(16, gyration, gyrations, stride); });
    timed("geomint Boris o yoshida4, 16 steps a gyration", "Boris o yoshida4",
          [&] { return boris_run<scheme::yoshida4>(16, gyration, gyrations, stride); });
    timed("geomint Gauss s = 2 on the canonical H, 12 steps a gyration", "Gauss s=2",
          [&] { return gauss_run<2>(12, gyration, gyrations, stride); });
    timed("geomint Gauss s = 3 on the canonical H, 8 steps a gyration", "Gauss s=3",
          [&] { return gauss_run<3>(8, gyration, gyrations, stride); });
    timed("geomint Gauss s = 4 on the canonical H, 6 steps a gyration", "Gauss s=4",
          [&] { return gauss_run<4>(6, gyration, gyrations, stride); });
    timed("odeint controlled rkf78, tolerance 1e-12", "rkf78 (odeint)",
          [&] { return lorentz_run<double>(odeint::make_controlled(1e-12, 1e-12, odeint::runge_kutta_fehlberg78<A6>()), times); });
    timed("odeint bulirsch_stoer, tolerance 1e-12", "Bulirsch-Stoer (odeint)",
          [&] { return lorentz_run<double>(odeint::bulirsch_stoer<A6>(1e-12, 1e-12), times); });

    // samples: position error, relative energy error, relative change of μ
    const auto energy = [](const V3& x, const V3& v) { return field<double>::energy(x, v); };
    const auto mu = [](const V3& x, const V3& v) { return field<double>::magnetic_moment(x, v); };
    const double e0 = energy(x0, v0), mu0 = mu(x0, v0);
    std::vector<std::string> header{"gyrations", "time", "ref_R_minus_R0", "ref_z", "ref_mu_rel"};
    for (std::size_t r = 0; r < runs.size(); ++r)
        for (const char* c : {"position_error_", "energy_rel_", "mu_rel_"}) header.push_back(c + std::to_string(r));
    csv table(header);
    struct summary_row {
        double energy_max = 0, energy_first = 0, energy_last = 0, mu_max = 0;
    };
    std::vector<summary_row> sums(runs.size());
    double ref_mu_max = 0;
    const std::size_t n = ref.x.size(), tenth = std::max<std::size_t>(n / 10, 1);
    for (std::size_t i = 0; i < n; ++i) {
        const double R = std::hypot(ref.x[i](0), ref.x[i](1)), ref_mu = mu(ref.x[i], ref.v[i]) / mu0 - 1;
        ref_mu_max = std::max(ref_mu_max, std::abs(ref_mu));
        std::vector<std::string> row{std::to_string(long(i) * stride), num(times[i]), num(R - 1), num(ref.x[i](2)), num(ref_mu)};
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const auto& s = runs[r].samples;
            const double de = energy(s.x[i], s.v[i]) / e0 - 1, dmu = mu(s.x[i], s.v[i]) / mu0 - 1;
            row.push_back(num(position_error(s, ref, i)));
            row.push_back(num(de));
            row.push_back(num(dmu));
            sums[r].energy_max = std::max(sums[r].energy_max, std::abs(de));
            if (i < tenth) sums[r].energy_first = std::max(sums[r].energy_first, std::abs(de));
            if (i + tenth >= n) sums[r].energy_last = std::max(sums[r].energy_last, std::abs(de));
            sums[r].mu_max = std::max(sums[r].mu_max, std::abs(dmu));
        }
        table.row(row);
    }
    table.write(o.out / "banana_orbit.csv");

    // the equal-error scan against rkf78's largest error
    const std::size_t rk = 5;  // odeint rkf78 in `runs`
    const double target = largest_error(runs[rk].samples, ref);
    std::cout << "  equal-error scan: Gauss s = 2, 3, 4 until the largest position error is at most rkf78's " << sci(target)
              << "\n";
    std::vector<work_point> work;
    scan<2>(work, ref, target, gyration, gyrations, stride);
    scan<3>(work, ref, target, gyration, gyrations, stride);
    scan<4>(work, ref, target, gyration, gyrations, stride);
    csv work_table({"stages", "steps_per_gyration", "largest_position_error", "seconds", "gradient_evaluations"});
    for (const auto& w : work)
        work_table.row({std::to_string(w.stages), std::to_string(w.per), num(w.error), num(w.seconds), std::to_string(w.evaluations)});
    work_table.write(o.out / "banana_orbit_work.csv");

    std::ostringstream summary;
    summary << "Banana orbit in a model tokamak field (q/m = 1, B0 = R0 = 1, safety factor 2), x0 = (1.05, 0, 0), v0 = "
               "(0, 2e-4, 9.8e-4), "
            << gyrations << " gyrations (t = " << label_num(times.back()) << "), sampled every " << stride
            << " gyrations; reference: odeint rkf78 in long double at tolerance 1e-18 (" << label_num(ref_seconds)
            << " s), within " << sci(ref_error) << " of the run at 1e-17. The reference's own magnetic moment varies by "
            << sci(ref_mu_max) << " (relative) along the orbit.\n"
            << "  run: seconds; final and largest position error; max relative energy error (first tenth, last tenth); max "
               "relative change of mu; evaluations of the right-hand side (Gauss: of grad H, besides a Hessian a step)\n";
    for (std::size_t r = 0; r < runs.size(); ++r)
        summary << "  " << r << ". " << runs[r].name << ": " << label_num(runs[r].seconds) << " s; "
                << sci(position_error(runs[r].samples, ref, n - 1)) << ", " << sci(largest_error(runs[r].samples, ref)) << "; "
                << sci(sums[r].energy_max) << " ("
                << sci(sums[r].energy_first) << ", " << sci(sums[r].energy_last) << "); " << sci(sums[r].mu_max) << "; "
                << runs[r].samples.evaluations << "\n";
    summary << "Equal largest position error (rkf78 at 1e-12: " << sci(target) << " in " << label_num(runs[rk].seconds)
            << " s):\n";
    for (unsigned s = 2; s <= 4; ++s) {
        const work_point* hit = nullptr;
        for (const auto& w : work)
            if (w.stages == s && w.error <= target) hit = &w;
        if (hit)
            summary << "  Gauss s = " << s << ": " << hit->per << " steps a gyration, " << label_num(hit->seconds) << " s ("
                    << label_num(hit->seconds / runs[rk].seconds) << "x rkf78's run time; " << hit->evaluations
                    << " evaluations of grad H, " << label_num(double(hit->evaluations) / double(runs[rk].samples.evaluations))
                    << "x rkf78's of the Lorentz force)\n";
        else
            summary << "  Gauss s = " << s << ": not reached with up to 48 steps a gyration\n";
    }
    write_file_atomically(o.out / "banana_orbit.txt", summary.str());
    std::cout << summary.str();

    if (o.plots) {
        std::vector<double> R, z, t;
        for (std::size_t i = 0; i < n; ++i) {
            R.push_back(std::hypot(ref.x[i](0), ref.x[i](1)) - 1);
            z.push_back(ref.x[i](2));
            t.push_back(times[i]);
        }
        panel orbit{"the banana (reference), poloidal plane", "R - R_{0}", "z", false, false, "off",
                    {series{"reference", R, z, "points pt 7 ps 0.3"}}};
        panel energy_panel{"relative energy error (floored at 1e-17)", "t", "|E/E_{0} - 1|", false, true, "outside right maxcols 1 font ',8'", {}};
        panel error_panel{"position error against the reference", "t", "max_{i} |x_{i} - x_{i}^{ref}|", false, true,
                          "outside right maxcols 1 font ',8'", {}};
        for (std::size_t r = 0; r < runs.size(); ++r) {
            std::vector<double> de, dx;
            for (std::size_t i = 0; i < n; ++i) {
                // floored at 1e-17: Boris keeps |v| exactly in a pure B, and a log axis drops zeros
                de.push_back(std::max(std::abs(energy(runs[r].samples.x[i], runs[r].samples.v[i]) / e0 - 1), 1e-17));
                dx.push_back(position_error(runs[r].samples, ref, i));
            }
            energy_panel.curves.push_back(series{runs[r].label, t, de, "lines lw 1.5"});
            error_panel.curves.push_back(series{runs[r].label, t, dx, "lines lw 1.5"});
        }
        render(figure{"Banana orbit: Boris, Gauss, rkf78, Bulirsch-Stoer", 3, 1, {orbit, energy_panel, error_panel}},
               o.out / "banana_orbit.png");
    }
}

}  // namespace geomint::cli
