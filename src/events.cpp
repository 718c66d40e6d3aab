// Dense output and events in the main job (geomint/observe):
//  1. Poincaré sections of the Hénon–Heiles system at E = 1/12 (mostly regular) and E = 1/8
//     (regular islands in a chaotic sea): section q_x = 0 with p_x > 0 (find_events, rising),
//     12 orbits per energy started on the section with p_y = 0, yoshida6_stepper with h = 1/20,
//     t ≤ --section-time; every orbit run at double and at mp<50> with the same scheme and step,
//     so that the difference of the two sections is rounding alone (bounded for regular orbits,
//     exponential for chaotic ones) and the energy error at the crossings (double) is the scheme's.
//  2. Kepler's problem, e = 0.6, over --kepler-periods periods: the pericentre passages (q·p = 0,
//     rising) against the exact k·2π, for geomint's yoshida6 and galerkin_vi_3 (fixed h = P/200)
//     and odeint's runge_kutta_dopri5 dense output (controlled, two tolerances chosen to cost about
//     as many force evaluations), the events located by the same find_events on each. A symplectic
//     scheme's period error is constant, so its timing error grows like k; a non-symplectic
//     scheme's energy drifts, so its period drifts and the timing error grows like k².
// Both at double (and mp50 for 1), whatever --precision says.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/observe.hpp>
#include <geomint/problems/henon_heiles.hpp>
#include <geomint/problems/kepler.hpp>
#include <geomint/precision.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/splitting_stepper.hpp>

#include <boost/math/tools/toms748_solve.hpp>
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

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// ------------------------------------------------------------------------------ 1. Hénon–Heiles
using hh = problems::henon_heiles;

/// The potential on the section line q_x = 0: V(0, y) = y²/2 − y³/3.
double section_potential(double y) { return y * y / 2 - y * y * y / 3; }

/// The ends of the allowed segment {y : V(0, y) ≤ E} of the section line (0 < E < 1/6), by TOMS 748.
std::pair<double, double> allowed_segment(double E) {
    const auto f = [E](double y) { return section_potential(y) - E; };
    boost::math::tools::eps_tolerance<double> tol(52);
    std::uintmax_t it = 200;
    const auto lo = boost::math::tools::toms748_solve(f, -1.0, 0.0, tol, it);
    it = 200;
    const auto hi = boost::math::tools::toms748_solve(f, 0.0, 1.0, tol, it);
    return {(lo.first + lo.second) / 2, (hi.first + hi.second) / 2};
}

/// One orbit's section points (y, p_y) and times, in the scalar T: started at q = (0, y0),
/// p = (√(2(E − V)), 0) with E = num/den and y0 computed in T from the double y0.
struct section_run {
    std::vector<double> t, y, py, energy_error;
};

template <class T>
section_run run_section(int e_num, int e_den, double y0, double t_end) {
    using std::abs;
    using std::sqrt;
    using A = std::array<T, 2>;
    const T E = T(e_num) / T(e_den);
    const A q{T(0), T(y0)}, rest{T(0), T(0)};
    std::pair<A, A> x{q, A{T(sqrt(2 * (E - hh::hamiltonian<T>(q, rest)))), T(0)}};
    auto dense = make_dense_output(yoshida6_stepper<A>());
    event_options opt;
    opt.samples_per_step = 1;  // h = 1/20 against ~6 between crossings: one sign change a step at most
    const auto events = find_events(dense, hh::system(), x, T(0), T(t_end), T(1) / 20,
                                    [](const T&, const A& q, const A&) { return q[0]; }, event_direction::rising, opt);
    section_run r;
    for (const auto& ev : events) {
        r.t.push_back(double(ev.t));
        r.y.push_back(double(ev.state.first[1]));
        r.py.push_back(double(ev.state.second[1]));
        r.energy_error.push_back(double(abs(hh::hamiltonian<T>(ev.state.first, ev.state.second) - E)));
    }
    return r;
}

// ------------------------------------------------------------------------------ 2. Kepler
using V2 = std::array<double, 2>;
using kepler = problems::kepler<double>;

/// Kepler's force, counting its evaluations (the dense output's side steps and the event search's
/// included: all the work a run does).
struct counted_force {
    std::size_t* count;
    template <class Q, class D>
    void operator()(const Q& q, D& dpdt) const {
        ++*count;
        kepler::momentum_rate()(q, dpdt);
    }
};

struct pericentre_run {
    std::string method, setting;
    std::vector<double> times;  ///< located pericentre passages, in order
    std::size_t force_evaluations = 0;
    double seconds = 0;
};

/// The pericentre event q·p (radial velocity times r): rises through zero at each pericentre.
double radial(const V2& q, const V2& p) { return q[0] * p[0] + q[1] * p[1]; }

/// Runs `locate()` (a find_events call), timing it, and keeps the located times in `r`.
template <class Locate>
void collect_passages(pericentre_run& r, Locate&& locate) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto events = locate();
    r.seconds = seconds_since(t0);
    for (const auto& ev : events) r.times.push_back(ev.t);
}

template <class Stepper>
pericentre_run geomint_pericentres(const std::string& method, const kepler& kep, std::size_t periods) {
    pericentre_run r{method, "h = P/200", {}, 0, 0};
    const auto q0 = kep.q0(), p0 = kep.p0();
    std::pair<V2, V2> x{V2{q0[0], q0[1]}, V2{p0[0], p0[1]}};
    auto dense = make_dense_output(Stepper());
    event_options opt;
    opt.samples_per_step = 1;  // P/200 against one pericentre a period
    collect_passages(r, [&] {
        return find_events(dense, std::make_pair(kepler::coordinate_rate(), counted_force{&r.force_evaluations}), x, 0.0,
                           (double(periods) + 0.5) * kep.period(), kep.period() / 200,
                           [](double, const V2& q, const V2& p) { return radial(q, p); }, event_direction::rising, opt);
    });
    return r;
}

pericentre_run dopri5_pericentres(double tolerance, const kepler& kep, std::size_t periods) {
    using X = std::array<double, 4>;
    pericentre_run r{"odeint runge_kutta_dopri5 (dense output)", "tol = " + label_num(tolerance), {}, 0, 0};
    std::size_t* count = &r.force_evaluations;
    const auto rhs = [count](const X& x, X& dx, double) {
        V2 a;
        counted_force{count}(V2{x[0], x[1]}, a);
        dx = {x[2], x[3], a[0], a[1]};
    };
    const auto q0 = kep.q0(), p0 = kep.p0();
    X x{q0[0], q0[1], p0[0], p0[1]};
    auto dense = odeint::make_dense_output(tolerance, tolerance, odeint::runge_kutta_dopri5<X>());
    event_options opt;
    opt.samples_per_step = 4;  // its steps are long away from pericentre
    collect_passages(r, [&] {
        return find_events(dense, rhs, x, 0.0, (double(periods) + 0.5) * kep.period(), kep.period() / 200,
                           [](double, const X& y) { return radial(V2{y[0], y[1]}, V2{y[2], y[3]}); },
                           event_direction::rising, opt);
    });
    return r;
}

/// The slope of log |e_k| against log k over k in [n/10, n] (least squares), or NaN.
double growth_exponent(const std::vector<double>& err) {
    const std::size_t n = err.size();
    if (n < 20) return std::nan("");
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0;
    for (std::size_t k = n / 10; k <= n; ++k) {
        if (!(err[k - 1] > 0)) continue;
        const double lx = std::log(double(k)), ly = std::log(err[k - 1]);
        sx += lx, sy += ly, sxx += lx * lx, sxy += lx * ly, m += 1;
    }
    return (m * sxy - sx * sy) / (m * sxx - sx * sx);
}
}  // namespace

void run_henon_heiles_section(const options& o) {
    const double t_end = double(o.section_time);
    constexpr int orbits = 12;
    std::cerr << "Henon-Heiles sections: E = 1/12 and 1/8, " << orbits << " orbits each, t <= " << t_end
              << ", yoshida6 h = 1/20, double and mp50\n";
    csv c({"energy", "orbit", "y0", "crossing", "t", "y", "p_y", "energy_error", "deviation_from_mp50"});
    std::ostringstream txt;
    txt << "Poincare sections of the Henon-Heiles system (section q_x = 0, p_x > 0), yoshida6_stepper, h = 1/20,\n"
        << "t <= " << t_end << ", located by geomint::find_events on the dense output (TOMS 748).\n"
        << "Each orbit run at double and at mp<50> with the same scheme and step: their sections differ by rounding alone.\n"
        << "deviation = max over crossings of max(|y_double - y_mp50|, |p_y double - p_y mp50|);\n"
        << "'first > 1e-6' = first crossing where it exceeds 1e-6 ('-' = never: rounding stays small).\n\n"
        << "energy  orbit      y0  crossings  max |H - E| (double)  max deviation  first > 1e-6\n";
    std::vector<panel> sections, deviations;
    std::size_t done = 0;
    for (const auto& [num_e, den_e] : {std::pair{1, 12}, std::pair{1, 8}}) {
        const std::string energy = std::to_string(num_e) + "/" + std::to_string(den_e);
        const auto [lo, hi] = allowed_segment(double(num_e) / den_e);
        panel sec{"E = " + energy, "y", "p_y", false, false, "off", {}};
        panel dev{"E = " + energy, "crossing", "deviation double - mp50 (floored at 1e-17)", false, true, "off", {}};
        for (int k = 0; k < orbits; ++k) {
            const double y0 = lo + (hi - lo) * (k + 1) / (orbits + 1);
            const section_run d = run_section<double>(num_e, den_e, y0, t_end);
            const section_run m = run_section<mp<50>>(num_e, den_e, y0, t_end);
            series s{"y0 = " + label_num(y0), {}, {}, "points pt 7 ps 0.3"}, v{s.title, {}, {}, "lines lw 1"};
            double worst_energy = 0, worst_dev = 0;
            std::size_t first = 0;
            for (std::size_t j = 0; j < d.t.size(); ++j) {
                const bool both = j < m.t.size();
                const double deviation =
                    both ? std::max(std::abs(d.y[j] - m.y[j]), std::abs(d.py[j] - m.py[j])) : std::nan("");
                worst_energy = std::max(worst_energy, d.energy_error[j]);
                if (both) {
                    worst_dev = std::max(worst_dev, deviation);
                    if (first == 0 && deviation > 1e-6) first = j + 1;
                    v.x.push_back(double(j + 1));
                    v.y.push_back(std::max(deviation, 1e-17));
                }
                c.row({energy, std::to_string(k + 1), num(y0), std::to_string(j + 1), num(d.t[j]), num(d.y[j]), num(d.py[j]),
                       num(d.energy_error[j]), num(deviation)});
                s.x.push_back(d.y[j]);
                s.y.push_back(d.py[j]);
            }
            char line[200];
            std::snprintf(line, sizeof line, "%-6s  %5d  %6.3f  %9zu  %20s  %13s  %12s\n", energy.c_str(), k + 1, y0,
                          d.t.size(), sci(worst_energy).c_str(), sci(worst_dev).c_str(),
                          first ? std::to_string(first).c_str() : "-");
            txt << line;
            if (d.t.size() != m.t.size())
                txt << "        (double: " << d.t.size() << " crossings, mp50: " << m.t.size() << ")\n";
            if (!s.x.empty()) sec.curves.push_back(s);
            if (!v.x.empty()) dev.curves.push_back(v);
            progress("orbits", ++done, 2 * orbits);
        }
        sections.push_back(sec);
        deviations.push_back(dev);
    }
    c.write(o.out / "henon_heiles_section.csv");
    write_file_atomically(o.out / "henon_heiles_section.txt", txt.str());
    std::cout << txt.str();
    if (o.plots) {
        render(figure{"Henon-Heiles: Poincare section q_x = 0, p_x > 0 (yoshida6, h = 1/20, t <= " + label_num(t_end) +
                          ", double)",
                      1, 2, sections},
               o.out / "henon_heiles_section.png");
        render(figure{"Henon-Heiles: section points at double against the same run at mp50 (rounding alone)", 1, 2,
                      deviations},
               o.out / "henon_heiles_rounding.png");
    }
}

void run_kepler_pericentre(const options& o) {
    const kepler kep(0.6);
    const std::size_t periods = o.kepler_periods;
    std::cerr << "Kepler e = 0.6: pericentre passages over " << periods << " periods\n";
    std::vector<pericentre_run> runs;
    runs.push_back(geomint_pericentres<yoshida6_stepper<V2>>("geomint yoshida6_stepper", kep, periods));
    progress("methods", 1, 4);
    runs.push_back(geomint_pericentres<galerkin_vi_stepper<V2, 3>>("geomint galerkin_vi_stepper Degree 3", kep, periods));
    progress("methods", 2, 4);
    runs.push_back(dopri5_pericentres(1e-10, kep, periods));
    progress("methods", 3, 4);
    runs.push_back(dopri5_pericentres(1e-12, kep, periods));
    progress("methods", 4, 4);

    const double P = kep.period();
    csv c({"method", "setting", "k", "t_k", "timing_error"});
    std::vector<series> curves;
    std::ostringstream txt;
    txt << "Kepler's problem, e = 0.6 (period P = 2 pi), pericentre passages t_k (q.p = 0 rising, geomint::find_events)\n"
        << "against the exact k P over " << periods << " periods, double precision. Force evaluations count every\n"
        << "evaluation of -q/|q|^3 (steps, dense output, event location). Exponent: least-squares slope of\n"
        << "log |t_k - kP| against log k over the last decade of k (1 = linear growth, 2 = quadratic).\n\n"
        << "method                                     setting      force evals   |e_10|     |e_100|    |e_1000|   |e_N|  "
           "  exponent  seconds\n";
    for (const auto& r : runs) {
        std::vector<double> err;
        for (std::size_t k = 1; k <= r.times.size(); ++k) err.push_back(std::abs(r.times[k - 1] - double(k) * P));
        series s{r.method + ", " + r.setting, {}, {}, "lines lw 2"};
        // about 25 rows a decade of k
        for (std::size_t k = 1; k <= err.size(); k = std::max(k + 1, std::size_t(double(k) * 1.0965))) {
            c.row({r.method, r.setting, std::to_string(k), num(r.times[k - 1]), num(err[k - 1])});
            s.x.push_back(double(k));
            s.y.push_back(err[k - 1]);
        }
        if (!err.empty() && s.x.back() != double(err.size())) {
            c.row({r.method, r.setting, std::to_string(err.size()), num(r.times.back()), num(err.back())});
            s.x.push_back(double(err.size()));
            s.y.push_back(err.back());
        }
        curves.push_back(s);
        const auto at = [&err](std::size_t k) { return k <= err.size() ? sci(err[k - 1]) : std::string("        -"); };
        char line[300];
        std::snprintf(line, sizeof line, "%-42s %-12s %11zu %s  %s  %s  %s  %8.2f  %7.2f\n", r.method.c_str(), r.setting.c_str(),
                      r.force_evaluations, at(10).c_str(), at(100).c_str(), at(1000).c_str(),
                      err.empty() ? "        -" : sci(err.back()).c_str(), growth_exponent(err), r.seconds);
        txt << line;
        if (r.times.size() != periods)
            txt << "  (" << r.times.size() << " passages located in (0, (N + 1/2) P], not N = " << periods << ")\n";
    }
    c.write(o.out / "kepler_pericentre.csv");
    write_file_atomically(o.out / "kepler_pericentre.txt", txt.str());
    std::cout << txt.str();
    if (o.plots)
        render(figure{"", 1, 1,
                      {panel{"Kepler e = 0.6: pericentre timing error over " + std::to_string(periods) + " periods", "k (periods)",
                             "|t_k - 2 pi k|", true, true, "bottom right", curves}}},
               o.out / "kepler_pericentre.png");
}

}  // namespace geomint::cli
