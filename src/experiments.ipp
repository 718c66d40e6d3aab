// Definitions of the templated experiments; included by one translation unit per precision.
#include "experiments.hpp"
#include "output.hpp"

#include <geomint/analysis/conserved_form.hpp>
#include <geomint/analysis/order.hpp>
#include <geomint/analysis/trajectory_error.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/problems/simpson_table2.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

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
    const auto got = problems::compute_table2<T>([](int d, int n) { progress("table 2 entries", std::size_t(d), std::size_t(n)); });
    const auto& ref = problems::table2_printed();
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
                    const auto& x = problems::find_table2_entry(got, Tt, s, var, Tt * k);
                    const auto& r = problems::find_table2_entry(ref, Tt, s, var, Tt * k);
                    char cell[64];
                    std::snprintf(cell, sizeof cell, "%.3e [%.2e]%s", x.error, r.error,
                                  problems::table2_printed_value_is_wrong(r) ? "*" : "");
                    txt << std::setw(24) << cell;
                }
                char ord[48];
                std::snprintf(ord, sizeof ord, "%.2f [%.2f]", problems::table2_order(got, Tt, s, var),
                              problems::table2_printed_order(Tt, s, var));
                txt << ord << "\n";
            }
        }
    }
    std::cout << txt.str() << std::flush;
    table.write(o.out / "table2.csv");
    write_file_atomically(o.out / "table2.txt", txt.str());
}

namespace detail {

/// Trajectories of the three schemes at step h over [0, Tend]: rows t, q1, q2, p1, p2 per scheme.
template <class T>
struct trajectories {
    std::vector<double> t;
    std::map<std::string, std::vector<std::array<double, 4>>> x;  // scheme -> (q1, q2, p1, p2)
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
    auto record = [&](long j) {
        r.t.push_back(static_cast<double>(T(j) * h));
        auto d = [](const T& v) { return static_cast<double>(v); };
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
    std::ostringstream gp;
    gp << "set datafile separator ','\nset multiplot layout 2,1 title '" << title << "'\n";
    for (int i = 0; i < 2; ++i) {
        gp << "set xlabel 't (s = tbar)'\nset ylabel '" << v << (i + 1) << "'\n"
           << "plot '" << (o.out / (stem + "_exact.csv")).string() << "' using 1:" << 2 + i
           << " with lines lw 2 lc 'black' title 'exact', '" << (o.out / (stem + ".csv")).string() << "' using 1:"
           << 2 + i << " with linespoints pt 6 lc 'red' title 'Newmark', '' using 1:" << 4 + i
           << " with linespoints pt 4 lc 'orange' title 'RK4', '' using 1:" << 6 + i
           << " with linespoints pt 7 ps 0.6 lc 'blue' title 'Simpson'\n";
    }
    gp << "unset multiplot\n";
    plot(o.out / (stem + ".png"), gp.str());
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
            std::ostringstream gp;
            const std::string f = (o.out / "fig5_phase.csv").string();
            gp << "set datafile separator ','\nset multiplot layout 1,2 title 'Figure 5: phase portraits, h = 0.1 tbar, T = 3 tbar'\n";
            for (int i = 0; i < 2; ++i)
                gp << "set xlabel 'q" << i + 1 << " (rad)'\nset ylabel 'p" << i + 1 << "'\nplot '" << f
                   << "' using (strcol(1) eq 'exact' ? $" << 2 + 2 * i << " : NaN):" << 3 + 2 * i
                   << " with lines lw 2 lc 'black' title 'exact', '' using (strcol(1) eq 'newmark' ? $" << 2 + 2 * i
                   << " : NaN):" << 3 + 2 * i << " with points pt 6 lc 'red' title 'Newmark', '' using (strcol(1) eq 'simpson' ? $"
                   << 2 + 2 * i << " : NaN):" << 3 + 2 * i << " with points pt 7 ps 0.6 lc 'blue' title 'Simpson'\n";
            gp << "unset multiplot\n";
            plot(o.out / "fig5_phase.png", gp.str());
        }
    }

    {  // Figures 6 and 7: relative energy error and absolute conserved-form error, T = 100 tbar
        csv ce({"h_over_tbar", "scheme", "t", "relative_energy_error"});
        csv cf({"h_over_tbar", "t", "phi_absolute_error"});
        for (int per : {10, 100}) {
            const T h = dp.tbar / T(per);
            const long steps = 100L * per;
            const auto tr = detail::simulate<T>(h, steps);
            const auto form = conserved_quadratic_form<scheme::simpson>(sys, h);
            const T H0 = sys.energy(dp.p0(), dp.q0());
            const T phi0 = form(dp.p0(), dp.q0());
            const long stride = std::max(1L, steps / 2000);
            for (std::size_t j = 0; j < tr.t.size(); j += std::size_t(stride)) {
                for (const char* s : {"newmark", "rk4", "simpson"}) {
                    const auto& x = tr.x.at(s)[j];
                    V q, p;
                    q << T(x[0]), T(x[1]);
                    p << T(x[2]), T(x[3]);
                    using std::abs;
                    ce.row({num(1.0 / per), s, num(tr.t[j]), num(double(abs(sys.energy(p, q) - H0) / H0))});
                }
            }
            // φ drift must be measured on the full-precision state, not on the double copies.
            simpson_stepper<V> st;
            auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
            for (long j = 0; j <= steps; ++j) {
                if (j % stride == 0) {
                    using std::abs;
                    cf.row({num(1.0 / per), num(double(T(j) * h)), num(double(abs(form(x.second, x.first) - phi0)))});
                }
                st.do_step(sys, x, T(0), h);
            }
        }
        ce.write(o.out / "fig6_energy.csv");
        cf.write(o.out / "fig7_conserved_form.csv");
        if (o.plots) {
            std::ostringstream gp;
            const std::string f = (o.out / "fig6_energy.csv").string();
            gp << "set datafile separator ','\nset logscale y\nset format y '10^{%L}'\nset xlabel 't (tbar)'\n"
               << "set ylabel '|H - H_0| / H_0'\nset title 'Figure 6: relative energy error (Newmark: rounding only)'\nplot ";
            const char* colors[] = {"red", "orange", "blue"};
            int c = 0;
            for (const char* s : {"newmark", "rk4", "simpson"}) {
                for (int per : {10, 100})
                    gp << (c || per == 100 ? ", " : "") << "'" << f << "' using ((strcol(2) eq '" << s
                       << "' && abs($1 - " << 1.0 / per << ") < 1e-9) ? $3 : NaN):($4 > 0 ? $4 : NaN) with lines lc '"
                       << colors[c] << "' dt " << (per == 10 ? 1 : 2) << " title '" << s << ", h = " << 1.0 / per << "'";
                ++c;
            }
            gp << "\n";
            plot(o.out / "fig6_energy.png", gp.str());
            std::ostringstream g7;
            const std::string f7 = (o.out / "fig7_conserved_form.csv").string();
            g7 << "set datafile separator ','\nset logscale y\nset format y '10^{%L}'\nset xlabel 't (tbar)'\n"
               << "set ylabel '|phi - phi_0|'\nset title 'Figure 7: Simpson conserved form phi(p, q), absolute error at "
               << scalar_traits<T>::name() << "'\nplot '" << f7
               << "' using (abs($1 - 0.1) < 1e-9 ? $2 : NaN):($3 > 0 ? $3 : NaN) with points pt 7 ps 0.3 title 'h = 0.1', '"
               << f7 << "' using (abs($1 - 0.01) < 1e-9 ? $2 : NaN):($3 > 0 ? $3 : NaN) with points pt 7 ps 0.3 title 'h = 0.01'\n";
            plot(o.out / "fig7_conserved_form.png", g7.str());
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
            std::ostringstream gp;
            const std::string f = (o.out / "fig8_convergence.csv").string();
            gp << "set datafile separator ','\nset logscale xy\nset format y '10^{%L}'\nset xlabel 'h (tbar)'\n"
               << "set ylabel '||q - q_{ex}||_inf'\nset title 'Figure 8: convergence at " << scalar_traits<T>::name()
               << "'\nset key left top\nplot ";
            const char* colors[] = {"red", "orange", "blue"};
            int k = 0;
            for (const char* s : {"newmark", "rk4", "simpson"}) {
                gp << (k ? ", " : "") << "'" << f << "' using 1:(strcol(2) eq '" << s << "' ? $3 : NaN) with linespoints pt 7 lc '"
                   << colors[k] << "' title sprintf('" << s << " (order %.2f)', " << order[s] << ")";
                ++k;
            }
            gp << "\n";
            plot(o.out / "fig8_convergence.png", gp.str());
        }
    }
}

}  // namespace geomint::cli
