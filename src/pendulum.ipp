// Definitions of the pendulum-paper experiments; included by one translation unit per precision.
#include "distribute.hpp"
#include "figure.hpp"
#include "output.hpp"
#include "pendulum.hpp"

#include <geomint/precision.hpp>
#include <reproductions/pendulum_tables.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <iostream>
#include <sstream>

namespace geomint::cli {

namespace pendulum_detail {
inline std::string cell(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%10.3e", v);
    return b;
}

/// One cell of Tables 2–4: the table, its printed row, the scheme's column.
struct table_cell {
    int table;
    const reproduction::pendulum_printed_row* row;
    std::size_t column;
};

/// The cells of Tables 2–4 in print order (the members of the pendulum-tables sweep).
inline std::vector<table_cell> table_cells() {
    std::vector<table_cell> cells;
    const std::pair<int, const std::vector<reproduction::pendulum_printed_row>*> tables[] = {
        {2, &reproduction::pendulum_table2_printed()},
        {3, &reproduction::pendulum_table3_printed()},
        {4, &reproduction::pendulum_table4_printed()}};
    for (const auto& [number, rows] : tables)
        for (const auto& row : *rows)
            for (std::size_t col = 0; col < reproduction::pendulum_paper_labels().size(); ++col)
                cells.push_back({number, &row, col});
    return cells;
}

/// A cell recomputed at T: the relative error of A_avg (Table 2) or of T̄_avg (Tables 3, 4; p0
/// of Table 4 is printed minus 2), or "wrong_motion". p0 and ε are exact decimal fractions in T
/// (the printed p0 − 2 values are powers of ten).
template <class T>
std::string compute_cell(const table_cell& c) {
    std::string v;
    const T p0 = T(c.row->p0 + (c.table == 4 ? 2.0 : 0.0)), eps = T(c.row->eps);
    reproduction::for_each_paper_scheme([&](auto tag, std::size_t col) {
        if (col != c.column) return;
        using S = typename decltype(tag)::type;
        const auto r = c.table == 2 ? reproduction::pendulum_amplitude_error<S, T>(p0, eps)
                                    : reproduction::pendulum_period_error<S, T>(p0, eps);
        v = r.value ? ensemble::field(*r.value) : std::string("wrong_motion");
    });
    return v;
}

/// The name of the scheme in column `col` of Tables 2–4.
inline std::string scheme_name(std::size_t col) {
    std::string name;
    reproduction::for_each_paper_scheme([&](auto tag, std::size_t c) {
        if (c == col) name = decltype(tag)::type::name;
    });
    return name;
}

/// The text rendering of one of Tables 2–4 from its recomputed cells (`values`: in the order of
/// table_cells(), "wrong_motion" or a number); CSV rows to `out`.
inline void table(int number, const std::vector<table_cell>& cells, const std::vector<std::string>& values, csv& out,
                  std::ostringstream& txt, const std::string& precision) {
    const auto& labels = reproduction::pendulum_paper_labels();
    txt << "\nTable " << number << " (recomputed at " << precision
        << "; printed value in brackets; 'wrong' = wrong qualitative motion, the paper's dot)\n";
    double last_eps = -1;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const table_cell& c = cells[i];
        if (c.table != number) continue;
        const auto& row = *c.row;
        if (c.column == 0) {
            if (row.eps != last_eps) {
                txt << "eps = " << row.eps << "\n" << (number == 4 ? "p0-2      " : "p0        ");
                for (const char* l : labels) txt << std::string(l) + std::string(24 - std::string(l).size(), ' ');
                txt << "\n";
                last_eps = row.eps;
            }
            char head[16];
            std::snprintf(head, sizeof head, "%-10.3g", row.p0);
            txt << head;
        }
        const bool wrong = values[i] == "wrong_motion";
        const double v = wrong ? 0.0 : std::stod(values[i]);
        out.row({std::to_string(number), num(row.eps), num(row.p0 + (number == 4 ? 2.0 : 0.0)),
                 scheme_name(c.column), wrong ? values[i] : num(v)});
        std::string s = (wrong ? std::string("     wrong") : cell(v)) + " [" +
                        (std::isnan(row.value[c.column]) ? std::string("    .    ") : cell(row.value[c.column])) + "]";
        txt << s << std::string(s.size() < 24 ? 24 - s.size() : 1, ' ');
        if (c.column + 1 == labels.size()) txt << "\n";
    }
}
}  // namespace pendulum_detail

template <class T>
void run_pendulum_tables(const options& o) {
    using namespace pendulum_detail;
    const bool root = is_root();
    if (root) std::cerr << "Tables 2-4 (pendulum paper) at " << scalar_traits<T>::name() << ":\n";
    const std::vector<table_cell> cells = table_cells();
    const ensemble::campaign c{"pendulum-tables", std::string("precision=") + scalar_traits<T>::name(), {"value"},
                               cells.size(), [&](std::size_t i) { return ensemble::record{compute_cell<T>(cells[i])}; }};
    const auto r = run_members(o, "pendulum_tables", c);
    if (!r.root) return;
    std::vector<std::string> values;
    for (const auto& rec : r.records) values.push_back((*rec)[0]);
    csv out({"table", "eps", "p0", "scheme", "value"});
    std::ostringstream txt;
    txt << "Cieslinski & Ratkiewicz, relative errors of the average amplitude (Table 2, A = A_avg(0,50))\n"
           "and of the average period (Tables 3, 4, T = Tbar_avg(0,100,200)), phi_0 = 0, k = 1.\n";
    for (int number : {2, 3, 4}) table(number, cells, values, out, txt, scalar_traits<T>::name());
    std::cout << txt.str() << std::flush;
    out.write(o.out / "pendulum_tables.csv");
    write_file_atomically(o.out / "pendulum_tables.txt", txt.str());
}

template <class T>
void run_pendulum_table1(const options& o) {
    const bool root = is_root();
    const std::size_t J = o.table1_periods;
    if (root)
        std::cerr << "Table 1 (pendulum paper) at " << scalar_traits<T>::name() << ", " << J
                  << " periods per scheme (one member per scheme):\n";
    // the members: the three schemes of the table; a record holds the six values, the header
    // window and the step count
    const ensemble::campaign c{
        "pendulum-table1",
        std::string("precision=") + scalar_traits<T>::name() + " J=" + std::to_string(J),
        {"scheme", "max_T_N(J=0)", "max_T_N(J)", "min_T_N(J=0)", "min_T_N(J)", "Tbar_avg(0)", "Tbar_avg(J)",
         "header_max", "header_min", "steps"},
        3, [J](std::size_t i) {
            ensemble::record rec;
            const auto one = [&](auto tag) {
                using S = typename decltype(tag)::type;
                const auto r = reproduction::pendulum_table1<S, T>(J);
                rec.push_back(S::name);
                for (const T& v : r.value) rec.push_back(ensemble::field(v));
                rec.push_back(ensemble::field(r.header_window[0]));
                rec.push_back(ensemble::field(r.header_window[1]));
                rec.push_back(std::to_string(r.steps));
            };
            if (i == 0) one(std::type_identity<scheme::leapfrog>{});
            if (i == 1) one(std::type_identity<scheme::suris1>{});
            if (i == 2) one(std::type_identity<scheme::discrete_gradient>{});
            return rec;
        }};
    const auto r = run_members(o, "pendulum_table1", c);
    if (!r.root) return;
    csv out({"table", "eps", "p0", "scheme", "value"});
    std::ostringstream txt;
    txt << "Table 1 (Cieslinski & Ratkiewicz): stability of the period, p0 = 1.95, eps = 0.2 (T_th = "
        << num(static_cast<double>(pendulum_solution<T>(T(195) / 100).period())) << "), at "
        << scalar_traits<T>::name() << "\nmax/min of T_N over J+100 < N <= J+200 (the text's window) for J = 0 and J = "
        << J << "; Tbar_avg(N,100,200) for N = 0 and N = " << J
        << "; [printed, for J = 1.8e6]; header window 1 <= N < 100 last\n";
    for (const auto& rec : r.records) {
        const std::string& name = (*rec)[0];
        txt << name << ":";
        for (const auto& row : reproduction::pendulum_table1_printed()) {
            if (std::string(row.scheme) != name) continue;
            for (int i = 0; i < 6; ++i) {
                const double v = std::stod((*rec)[1 + i]);
                char b[64];
                std::snprintf(b, sizeof b, " %.8f [%.8f]", v, row.value[i]);
                txt << b;
                out.row({std::string("1:") + c.columns[1 + i], "0.2", "1.95", name, num(v)});
            }
        }
        char b[96];
        std::snprintf(b, sizeof b, "  header window: max %.8f min %.8f (%s steps)\n", std::stod((*rec)[7]),
                      std::stod((*rec)[8]), (*rec)[9].c_str());
        txt << b;
    }
    std::cout << txt.str() << std::flush;
    out.write(o.out / "pendulum_table1.csv");
    write_file_atomically(o.out / "pendulum_table1.txt", txt.str());
}

namespace pendulum_detail {
/// One figure: a quantity against ε for some schemes, as a wide CSV (eps, one column per scheme)
/// and a PNG (log-scale |value| when `log_abs`), with an optional horizontal reference line
/// (`reference_title`, `reference`: the exact value). The (ε, scheme) points are the members of a
/// campaign named `stem` (spread over ranks or threads, distribute.hpp); rank 0 writes.
template <class T, class... Schemes, class Quantity>
void sweep(const options& o, const std::string& stem, const std::string& title, const std::string& ylabel,
           const std::vector<T>& eps_list, bool log_abs, Quantity quantity, const std::string& reference_title = "",
           double reference = 0) {
    constexpr std::size_t S = sizeof...(Schemes);
    const ensemble::campaign c{
        stem, std::string("precision=") + scalar_traits<T>::name() + " points=" + std::to_string(eps_list.size()),
        {"value"}, eps_list.size() * S, [&](std::size_t i) {
            std::string v;
            std::size_t k = 0;
            (
                [&] {
                    if (k++ != i % S) return;
                    const std::optional<T> r = quantity(std::type_identity<Schemes>{}, eps_list[i / S]);
                    v = r ? ensemble::field(*r) : std::string("nan");
                }(),
                ...);
            return ensemble::record{v};
        }};
    const auto members = run_members(o, stem, c);
    if (!members.root) return;
    std::vector<std::string> header{"eps"};
    (header.push_back(Schemes::name), ...);
    csv out(header);
    panel p{title + " (" + scalar_traits<T>::name() + ")", "eps", ylabel, false, log_abs, "outside right", {}};
    int point_type = 1;
    (p.curves.push_back(series{Schemes::name, {}, {}, "linespoints pt " + std::to_string(++point_type) + " ps 0.6"}), ...);
    for (std::size_t j = 0; j < eps_list.size(); ++j) {
        const double e = static_cast<double>(eps_list[j]);
        std::vector<std::string> row{num(e)};
        for (std::size_t k = 0; k < S; ++k) {
            const std::string& v = (*members.records[j * S + k])[0];
            const double y = v == "nan" ? std::numeric_limits<double>::quiet_NaN() : std::stod(v);
            row.push_back(v == "nan" ? v : num(y));
            p.curves[k].x.push_back(e);
            p.curves[k].y.push_back(log_abs ? std::abs(y) : y);
        }
        out.row(row);
    }
    out.write(o.out / (stem + ".csv"));
    if (!o.plots) return;
    if (!reference_title.empty())
        p.curves.push_back(series{reference_title,
                                  {static_cast<double>(eps_list.front()), static_cast<double>(eps_list.back())},
                                  {reference, reference},
                                  "lines lc rgb 'black'"});
    render(figure{"", 1, 1, {std::move(p)}}, o.out / (stem + ".png"));
}

template <class T>
std::vector<T> grid(int first, int last, int step, int denominator) {
    std::vector<T> v;
    for (int i = first; i <= last; i += step) v.push_back(T(i) / T(denominator));
    return v;
}
}  // namespace pendulum_detail

template <class T>
void run_pendulum_figures(const options& o) {
    using namespace pendulum_detail;
    if (is_root()) std::cerr << "Figures 12-16 (pendulum paper) at " << scalar_traits<T>::name() << "\n";
    const auto tbar = [](auto tag, const T& p0, const T& e) -> std::optional<T> {
        return reproduction::pendulum_period_error<typename decltype(tag)::type, T>(p0, e).value;
    };
    {
        const T p0 = T(1) / 10;
        const T th = pendulum_solution<T>(p0).period();
        sweep<T, scheme::suris1, scheme::implicit_midpoint, scheme::modified_discrete_gradient, scheme::leapfrog,
              scheme::symmetric_projection<>, scheme::standard_projection<>>(
            o, "pfig12_period_p0_0.1", "Figure 12: Tbar_avg(0,100,200), p0 = 0.1", "T", grid<T>(1, 30, 1, 100), false,
            [&](auto tag, const T& e) -> std::optional<T> {
                const auto v = tbar(tag, p0, e);
                return v ? std::optional<T>((*v + 1) * th) : std::nullopt;
            },
            "T_th", static_cast<double>(th));
    }
    sweep<T, scheme::leapfrog, scheme::implicit_midpoint, scheme::suris1, scheme::suris2,
          scheme::modified_discrete_gradient, scheme::discrete_gradient, scheme::symmetric_projection<>,
          scheme::standard_projection<>>(
        o, "pfig13_amplitude_p0_1.8", "Figure 13: A_avg(0,50), p0 = 1.8", "A", grid<T>(2, 50, 2, 100), false,
        [](auto tag, const T& e) -> std::optional<T> {
            const T p0 = T(18) / 10;
            const auto v = reproduction::pendulum_amplitude_error<typename decltype(tag)::type, T>(p0, e).value;
            return v ? std::optional<T>((*v + 1) * pendulum_solution<T>(p0).amplitude()) : std::nullopt;
        },
        "A_th", static_cast<double>(pendulum_solution<T>(T(18) / 10).amplitude()));
    sweep<T, scheme::modified_discrete_gradient>(
        o, "pfig14_mdg_period_p0_0.02", "Figure 14: modified discrete gradient, |relative error| of T_avg(0,30), p0 = 0.02",
        "|T/T_th - 1|", grid<T>(5, 100, 5, 100), true, [](auto tag, const T& e) -> std::optional<T> {
            using S = typename decltype(tag)::type;
            const T p0 = T(2) / 100;
            const auto run = reproduction::run_pendulum<S, T>(p0, e, 61, 0, 1000000);
            return average_period(run.recorder, 0, 30, e) / pendulum_solution<T>(p0).period() - 1;
        });
    sweep<T, scheme::implicit_midpoint, scheme::leapfrog, scheme::modified_discrete_gradient>(
        o, "pfig15_period_p0_1.21", "Figure 15: |relative error| of Tbar_avg(0,100,200), p0 = 1.21", "|T/T_th - 1|",
        grid<T>(2, 50, 2, 100), true, [&](auto tag, const T& e) { return tbar(tag, T(121) / 100, e); });
    if (is_root()) {  // Figure 16: φ_n near the separatrix (one trajectory: rank 0)
        const T p0 = T(2000001) / 1000000, e = T(1) / 10;
        const pendulum_solution<T> exact(p0);
        csv out({"t", "exact", "leapfrog", "modified_discrete_gradient", "implicit_midpoint"});
        const auto sys = make_simple_pendulum<T>();
        std::pair<T, T> a{T(0), p0}, b = a, c = a;
        leapfrog_stepper<T> s1;
        modified_discrete_gradient_stepper<T> s2;
        implicit_midpoint_stepper<T> s3;
        panel p{"Figure 16: phi_n, p0 = 2.000001, eps = 0.1 (" + std::string(scalar_traits<T>::name()) + ")", "t", "phi",
                false, false, "outside right", {}};
        p.curves = {series{"exact", {}, {}, "lines lc rgb 'black'"},
                    series{"leapfrog", {}, {}, "points pt 3 ps 0.5"},
                    series{"modified_discrete_gradient", {}, {}, "points pt 4 ps 0.5"},
                    series{"implicit_midpoint", {}, {}, "points pt 5 ps 0.5"}};
        for (int n = 0; n <= 400; ++n) {
            const T t = e * n;
            const double values[] = {static_cast<double>(exact(t)), static_cast<double>(a.first),
                                     static_cast<double>(b.first), static_cast<double>(c.first)};
            out.row({num(static_cast<double>(t)), num(values[0]), num(values[1]), num(values[2]), num(values[3])});
            for (std::size_t k = 0; k < 4; ++k) {
                p.curves[k].x.push_back(static_cast<double>(t));
                p.curves[k].y.push_back(values[k]);
            }
            s1.do_step(sys, a, t, e);
            s2.do_step(sys, b, t, e);
            s3.do_step(sys, c, t, e);
        }
        out.write(o.out / "pfig16_separatrix.csv");
        if (o.plots) render(figure{"", 1, 1, {std::move(p)}}, o.out / "pfig16_separatrix.png");
    }
}

}  // namespace geomint::cli
