// Definitions of the templated experiments; included by one translation unit per precision.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/analysis/conserved_form.hpp>
#include <geomint/precision.hpp>
#include <geomint/analysis/order.hpp>
#include <geomint/analysis/trajectory_error.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>
#include <reproductions/simpson_table2.hpp>

#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

namespace geomint::cli {

template <class T>
void run_table2(const options& o) {
    std::cerr << "Table 2 (Simpson paper) at " << scalar_traits<T>::name() << ":\n";
    const auto got = reproduction::compute_table2<T>([](int d, int n) { progress("table 2 entries", std::size_t(d), std::size_t(n)); });
    const auto& ref = reproduction::table2_printed();
    csv table({"T_over_tbar", "scheme", "variable", "N", "error"});
    std::ostringstream txt;
    txt << "Table 2 of Rojas-Quintero, Dubois, Cabrera-Diaz (2024) recomputed at " << scalar_traits<T>::name()
        << "\n(error = max over steps of ||x_j - x_ex(t_j)||_2; paper value in brackets; * = misprint in the paper)\n\n";
    txt << std::left << std::setw(8) << "T/tbar" << std::setw(9) << "scheme" << std::setw(4) << "var";
    for (int k = 0; k < 3; ++k) txt << std::setw(24) << ("N = " + std::to_string(10 << k) + " per tbar");
    txt << "order [paper]\n";
    for (const auto& x : got)
        table.row({std::to_string(x.T_over_tbar), x.scheme, std::string(1, x.variable), std::to_string(x.N), num(x.error)});
    for (int Tt : {1, 10, 100, 1000}) {
        for (char var : {'p', 'q'}) {
            for (const char* s : {"newmark", "rk4", "simpson"}) {
                txt << std::left << std::setw(8) << Tt << std::setw(9) << s << std::setw(4) << var;
                for (long k : {10L, 20L, 40L}) {
                    const auto& x = reproduction::find_table2_entry(got, Tt, s, var, Tt * k);
                    const auto& r = reproduction::find_table2_entry(ref, Tt, s, var, Tt * k);
                    char cell[64];
                    std::snprintf(cell, sizeof cell, "%.3e [%.2e]%s", x.error, r.error,
                                  reproduction::table2_printed_value_is_wrong(r) ? "*" : "");
                    txt << std::setw(24) << cell;
                }
                char ord[48];
                std::snprintf(ord, sizeof ord, "%.2f [%.2f]", reproduction::table2_order(got, Tt, s, var),
                              reproduction::table2_printed_order(Tt, s, var));
                txt << ord << "\n";
            }
        }
    }
    std::cout << txt.str() << std::flush;
    table.write(o.out / "table2.csv");
    write_file_atomically(o.out / "table2.txt", txt.str());
}

namespace detail {

/// The line colour of each scheme in Figures 6 and 8.
inline constexpr std::pair<const char*, const char*> scheme_colors[] = {
    {"newmark", "red"}, {"rk4", "orange"}, {"simpson", "blue"}};

/// Trajectories of the three schemes at step h over [0, Tend]: rows t, q1, q2, p1, p2 per scheme.
template <class T>
struct trajectories {
    std::vector<double> t;
    std::map<std::string, std::vector<std::array<double, 4>>> x;  // scheme -> (q1, q2, p1, p2)
    std::map<std::string, std::vector<double>> energy_error;      // scheme -> |H - H0| / H0, computed in T
};

template <class T>
trajectories<T> simulate(const T& h, long steps) {
    using V = vector<T, 2>;
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    trajectories<T> r;
    auto nm = std::make_pair(V(dp.q0()), V(dp.p0()));
    auto sp = nm;
    std::array<T, 4> rk{dp.q0()(0), dp.q0()(1), T(0), T(0)};
    newmark_stepper<V> sn;
    simpson_stepper<V> ss;
    boost::numeric::odeint::runge_kutta4<std::array<T, 4>, T> sr;
    const T H0 = sys.energy(dp.p0(), dp.q0());
    auto record = [&](long j) {
        r.t.push_back(static_cast<double>(T(j) * h));
        auto d = [](const T& v) { return static_cast<double>(v); };
        using std::abs;
        const auto relative = [&](const V& q, const V& p) { return d(abs(sys.energy(p, q) - H0) / H0); };
        r.energy_error["newmark"].push_back(relative(nm.first, nm.second));
        r.energy_error["simpson"].push_back(relative(sp.first, sp.second));
        r.energy_error["rk4"].push_back(relative(V(rk[0], rk[1]), V(rk[2], rk[3])));
        r.x["newmark"].push_back({d(nm.first(0)), d(nm.first(1)), d(nm.second(0)), d(nm.second(1))});
        r.x["simpson"].push_back({d(sp.first(0)), d(sp.first(1)), d(sp.second(0)), d(sp.second(1))});
        r.x["rk4"].push_back({d(rk[0]), d(rk[1]), d(rk[2]), d(rk[3])});
    };
    record(0);
    for (long j = 1; j <= steps; ++j) {
        sn.do_step(sys, nm, T(0), h);
        ss.do_step(sys, sp, T(0), h);
        sr.do_step(sys, rk, T(0), h);
        record(j);
    }
    return r;
}

/// CSV + PNG of q (or p) against time with the exact solution sampled finely.
template <class T>
void time_series(const options& o, const std::string& stem, const std::string& title, long steps_per_tbar, int periods,
                 bool momenta) {
    const problems::double_pendulum<T> dp;
    const auto tr = simulate<T>(dp.tbar / T(steps_per_tbar), long(periods) * steps_per_tbar);
    const int off = momenta ? 2 : 0;
    const std::string v = momenta ? "p" : "q";
    csv c({"t", v + "1_newmark", v + "2_newmark", v + "1_rk4", v + "2_rk4", v + "1_simpson", v + "2_simpson"});
    for (std::size_t j = 0; j < tr.t.size(); ++j) {
        std::vector<std::string> row{num(tr.t[j])};
        for (const char* s : {"newmark", "rk4", "simpson"})
            for (int i = 0; i < 2; ++i) row.push_back(num(tr.x.at(s)[j][std::size_t(off + i)]));
        c.row(row);
    }
    c.write(o.out / (stem + ".csv"));
    csv ex({"t", v + "1_exact", v + "2_exact"});
    const int fine = 100 * periods;
    for (int j = 0; j <= fine; ++j) {
        const T t = T(j) * T(periods) * dp.tbar / T(fine);
        const auto e = momenta ? dp.p_exact(t) : dp.q_exact(t);
        ex.row({num(double(t)), num(double(e(0))), num(double(e(1)))});
    }
    ex.write(o.out / (stem + "_exact.csv"));
    if (!o.plots) return;
    figure f{title, 2, 1, {}};
    for (int i = 0; i < 2; ++i) {
        panel p{"", "t (s = tbar)", v + "_" + std::to_string(i + 1), false, false, "outside right", {}};
        series exact{"exact", {}, {}, "lines lw 2 lc 'black'"};
        for (int j = 0; j <= fine; ++j) {
            const T t = T(j) * T(periods) * dp.tbar / T(fine);
            exact.x.push_back(double(t));
            exact.y.push_back(double((momenta ? dp.p_exact(t) : dp.q_exact(t))(i)));
        }
        p.curves.push_back(std::move(exact));
        const std::pair<const char*, const char*> styles[] = {{"newmark", "linespoints pt 6 lc 'red'"},
                                                              {"rk4", "linespoints pt 4 lc 'orange'"},
                                                              {"simpson", "linespoints pt 7 ps 0.6 lc 'blue'"}};
        for (const auto& [s, style] : styles) {
            series c{s, tr.t, {}, style};
            for (const auto& x : tr.x.at(s)) c.y.push_back(x[std::size_t(off + i)]);
            p.curves.push_back(std::move(c));
        }
        f.panels.push_back(std::move(p));
    }
    render(f, o.out / (stem + ".png"));
}

}  // namespace detail

template <class T>
void run_figures(const options& o) {
    using V = vector<T, 2>;
    std::cerr << "Figures 2-8 (Simpson paper, publisher's numbering) at " << scalar_traits<T>::name() << "\n";
    const problems::double_pendulum<T> dp;
    const auto sys = dp.system();
    detail::time_series<T>(o, "fig2_q_1tbar", "Figure 2: q, h = 0.1 tbar, T = 1 tbar", 10, 1, false);
    detail::time_series<T>(o, "fig3_q_10tbar", "Figure 3: q, h = 0.1 tbar, T = 10 tbar", 10, 10, false);
    detail::time_series<T>(o, "fig4_p_10tbar", "Figure 4: p, h = 0.1 tbar, T = 10 tbar", 10, 10, true);

    {  // Figure 5: phase portraits (q_i, p_i), T = 3 tbar
        const auto tr = detail::simulate<T>(dp.tbar / T(10), 30);
        csv c({"scheme", "q1", "p1", "q2", "p2"});
        for (const char* s : {"newmark", "simpson"})
            for (const auto& x : tr.x.at(s)) c.row({s, num(x[0]), num(x[2]), num(x[1]), num(x[3])});
        for (int j = 0; j <= 600; ++j) {
            const T t = T(j) * T(3) * dp.tbar / T(600);
            const auto q = dp.q_exact(t), p = dp.p_exact(t);
            c.row({"exact", num(double(q(0))), num(double(p(0))), num(double(q(1))), num(double(p(1)))});
        }
        c.write(o.out / "fig5_phase.csv");
        if (o.plots) {
            figure f{"Figure 5: phase portraits, h = 0.1 tbar, T = 3 tbar", 1, 2, {}};
            for (int i = 0; i < 2; ++i) {
                panel p{"", "q_" + std::to_string(i + 1) + " (rad)", "p_" + std::to_string(i + 1), false, false,
                        "outside right", {}};
                series exact{"exact", {}, {}, "lines lw 2 lc 'black'"};
                for (int j = 0; j <= 600; ++j) {
                    const T t = T(j) * T(3) * dp.tbar / T(600);
                    exact.x.push_back(double(dp.q_exact(t)(i)));
                    exact.y.push_back(double(dp.p_exact(t)(i)));
                }
                p.curves.push_back(std::move(exact));
                for (const auto& [s, style] : {std::pair<const char*, const char*>{"newmark", "points pt 6 lc 'red'"},
                                               {"simpson", "points pt 7 ps 0.6 lc 'blue'"}}) {
                    series c{s, {}, {}, style};
                    for (const auto& x : tr.x.at(s)) {
                        c.x.push_back(x[std::size_t(i)]);
                        c.y.push_back(x[std::size_t(2 + i)]);
                    }
                    p.curves.push_back(std::move(c));
                }
                f.panels.push_back(std::move(p));
            }
            render(f, o.out / "fig5_phase.png");
        }
    }

    {  // Figures 6 and 7: relative energy error and absolute conserved-form error, T = 100 tbar
        csv ce({"h_over_tbar", "scheme", "t", "relative_energy_error"});
        csv cf({"h_over_tbar", "t", "phi_absolute_error"});
        figure f6{"", 1, 1, {panel{"Figure 6: relative energy error at " + std::string(scalar_traits<T>::name()) +
                                       " (Newmark: rounding only)",
                                   "t (tbar)", "|H - H_0| / H_0", false, true, "outside right", {}}}};
        figure f7{"", 1, 1, {panel{"Figure 7: Simpson conserved form phi(p, q), absolute error at " +
                                       std::string(scalar_traits<T>::name()),
                                   "t (tbar)", "|phi - phi_0|", false, true, "outside right", {}}}};
        for (int per : {10, 100}) {
            const T h = dp.tbar / T(per);
            const long steps = 100L * per;
            const auto tr = detail::simulate<T>(h, steps);
            const auto form = conserved_quadratic_form<scheme::simpson>(sys, h);
            const T phi0 = form(dp.p0(), dp.q0());
            const auto stride = std::size_t(std::max(1L, steps / 2000));
            // energies computed in T from the full-precision states (detail::simulate)
            for (const auto& [s, color] : detail::scheme_colors) {
                series c{std::string(s) + ", h = " + label_num(1.0 / per), {}, {}, std::string("lines lc '") + color + "' dt " +
                                                                          (per == 10 ? "1" : "2")};
                for (std::size_t j = 0; j < tr.t.size(); j += stride) {
                    const double e = tr.energy_error.at(s)[j];
                    ce.row({num(1.0 / per), s, num(tr.t[j]), num(e)});
                    c.x.push_back(tr.t[j]);
                    c.y.push_back(e);
                }
                f6.panels[0].curves.push_back(std::move(c));
            }
            // φ drift must be measured on the full-precision state, not on the double copies.
            simpson_stepper<V> st;
            auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
            series c{"h = " + label_num(1.0 / per), {}, {}, "points pt 7 ps 0.3"};
            for (long j = 0; j <= steps; ++j) {
                if (std::size_t(j) % stride == 0) {
                    using std::abs;
                    const double e = double(abs(form(x.second, x.first) - phi0));
                    cf.row({num(1.0 / per), num(double(T(j) * h)), num(e)});
                    c.x.push_back(double(T(j) * h));
                    c.y.push_back(e);
                }
                st.do_step(sys, x, T(0), h);
            }
            f7.panels[0].curves.push_back(std::move(c));
        }
        ce.write(o.out / "fig6_energy.csv");
        cf.write(o.out / "fig7_conserved_form.csv");
        if (o.plots) {
            render(f6, o.out / "fig6_energy.png");
            render(f7, o.out / "fig7_conserved_form.png");
        }
    }

    {  // Figure 8: convergence, h from 0.1 to 0.001 tbar over T = 1 tbar
        csv c({"h_over_tbar", "scheme", "error_q"});
        const auto qex = [&dp](const T& t) { return dp.q_exact(t); };
        const auto pex = [&dp](const T& t) { return dp.p_exact(t); };
        std::map<std::string, std::pair<std::vector<double>, std::vector<double>>> fits;
        for (long N : {10L, 20L, 40L, 80L, 160L, 320L, 640L, 1000L}) {
            const T h = dp.tbar / T(N);
            const auto x0 = std::make_pair(V(dp.q0()), V(dp.p0()));
            const std::array<T, 4> flat{dp.q0()(0), dp.q0()(1), T(0), T(0)};
            const std::map<std::string, double> e{
                {"newmark", double(max_error_norms(newmark_stepper<V>(), sys, x0, h, std::size_t(N), qex, pex).q)},
                {"rk4", double(max_error_norms(boost::numeric::odeint::runge_kutta4<std::array<T, 4>, T>(), sys, flat, h,
                                               std::size_t(N), qex, pex).q)},
                {"simpson", double(max_error_norms(simpson_stepper<V>(), sys, x0, h, std::size_t(N), qex, pex).q)}};
            for (const auto& [s, err] : e) {
                c.row({num(1.0 / double(N)), s, num(err)});
                fits[s].first.push_back(1.0 / double(N));
                fits[s].second.push_back(err);
            }
        }
        c.write(o.out / "fig8_convergence.csv");
        std::cout << "Figure 8 fitted orders (h = 0.1 .. 0.001 tbar, errors above 1000 eps):";
        std::map<std::string, double> order;
        for (const auto& [s, d] : fits) {
            order[s] = estimate_order(d.first, d.second, 1000 * static_cast<double>(scalar_traits<T>::epsilon())).order;
            std::cout << " " << s << " " << std::setprecision(3) << order[s];
        }
        std::cout << "\n";
        if (o.plots) {
            figure f{"", 1, 1, {panel{"Figure 8: convergence at " + std::string(scalar_traits<T>::name()), "h (tbar)",
                                      "||q - q_{ex}||_{∞}", true, true, "left top", {}}}};
            for (const auto& [s, color] : detail::scheme_colors) {
                char title[64];
                std::snprintf(title, sizeof title, "%s (order %.2f)", s, order[s]);
                f.panels[0].curves.push_back(
                    series{title, fits[s].first, fits[s].second, std::string("linespoints pt 7 lc '") + color + "'"});
            }
            render(f, o.out / "fig8_convergence.png");
        }
    }
}

}  // namespace geomint::cli
