// Rounding-drift report: Simpson's scheme at h = 0.1 tbar over many steps at double and mp50, and
// at double-double against mp50 where the program was built with QD.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#if defined(GEOMINT_HAS_QD)
#include <geomint/double_double.hpp>
#endif
#include <geomint/analysis/rounding_drift.hpp>
#include <geomint/problems/double_pendulum.hpp>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace geomint::cli {

namespace {
/// Least-squares slope of log(φ drift) against log(step) from step 100 on: √N gives 0.5.
double form_growth(const std::vector<rounding_drift_sample>& rows) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0, m = 0;
    for (const auto& r : rows) {
        if (r.step < 100 || !(r.form_drift_low > 0)) continue;
        const double x = std::log(double(r.step)), y = std::log(r.form_drift_low);
        sx += x, sy += y, sxx += x * x, sxy += x * y, m += 1;
    }
    return m < 3 ? std::nan("") : (m * sxy - sx * sy) / (m * sxx - sx * sx);
}
}  // namespace

void run_drift(const options& o) {
    const problems::double_pendulum<double> dp;
    const auto report = [&o](std::size_t j) {
        if (j % (o.drift_steps / 100 + 1) == 0 || j == o.drift_steps) progress("steps", j, o.drift_steps);
    };
    std::cerr << "Rounding drift: Simpson, h = 0.1 tbar, " << o.drift_steps << " steps, double vs mp50\n";
    const auto rows = rounding_drift<scheme::simpson, mp<50>>(dp.mass(), dp.stiffness(), dp.q0(), dp.p0(),
                                                               0.1 * dp.tbar, o.drift_steps, 120, report);
    // the same data, exactly, at double-double: its rounding drift from about 1e-31
    std::vector<rounding_drift_sample> rows_dd;
#if defined(GEOMINT_HAS_QD)
    std::cerr << "Rounding drift: the same at double-double vs mp50\n";
    rows_dd = rounding_drift<scheme::simpson, mp<50>>(
        matrix<dd, 2>(dp.mass().cast<dd>()), matrix<dd, 2>(dp.stiffness().cast<dd>()), vector<dd, 2>(dp.q0().cast<dd>()),
        vector<dd, 2>(dp.p0().cast<dd>()), dd(0.1 * dp.tbar), o.drift_steps, 120, report);
#endif
    using row_type = rounding_drift_sample;
    std::vector<std::string> header{"step", "t", "scheme_error_q", "rounding_drift_q", "form_drift_double", "form_drift_mp50"};
    if (!rows_dd.empty()) header.insert(header.end(), {"rounding_drift_q_dd", "form_drift_dd"});
    csv c(header);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        std::vector<std::string> cells{std::to_string(r.step), num(r.t), num(r.scheme_error_q), num(r.rounding_drift_q),
                                       num(r.form_drift_low), num(r.form_drift_high)};
        if (!rows_dd.empty()) cells.insert(cells.end(), {num(rows_dd[i].rounding_drift_q), num(rows_dd[i].form_drift_low)});
        c.row(cells);
    }
    c.write(o.out / "drift.csv");
    std::ostringstream txt;
    txt << "Rounding drift of Simpson's scheme, h = 0.1 tbar (data rounded to double, then run at double and mp50)\n"
        << "  step        t      scheme error |q_mp50-q_ex|  rounding drift |q_dbl-q_mp50|  phi drift (double)  phi drift (mp50)\n";
    std::size_t k = 0;
    for (const auto& r : rows) {
        if (r.step != 1 && r.step != rows.back().step && (k++ % 12) != 0) continue;
        char line[200];
        std::snprintf(line, sizeof line, "%8zu %10.1f %24.3e %30.3e %19.3e %17.3e\n", r.step, r.t, r.scheme_error_q,
                      r.rounding_drift_q, r.form_drift_low, r.form_drift_high);
        txt << line;
    }
    char growth[240];
    std::snprintf(growth, sizeof growth, "phi drift growth exponent (steps >= 100; sqrt(N): 0.5): double %.3f",
                  form_growth(rows));
    txt << growth;
    if (!rows_dd.empty()) {
        std::snprintf(growth, sizeof growth,
                      "; double-double %.3f (phi drift %.3e, rounding drift of q %.3e at the last step)",
                      form_growth(rows_dd), rows_dd.back().form_drift_low, rows_dd.back().rounding_drift_q);
        txt << growth;
    }
    txt << "\n";
    std::cout << txt.str() << std::flush;
    write_file_atomically(o.out / "drift.txt", txt.str());
    if (!o.plots) return;
    panel p{"Simpson, h = 0.1 tbar: scheme error vs rounding drift", "steps", "", true, true, "outside right", {}};
    const auto column = [&rows](const char* title, double row_type::*member, const char* style) {
        series s{title, {}, {}, style};
        for (const auto& r : rows) {
            s.x.push_back(double(r.step));
            s.y.push_back(r.*member);
        }
        return s;
    };
    p.curves.push_back(column("scheme error |q_mp50 - q_ex|", &row_type::scheme_error_q, "lines lw 2"));
    p.curves.push_back(column("rounding drift |q_double - q_mp50|", &row_type::rounding_drift_q, "lines lw 2"));
    p.curves.push_back(column("phi drift, double", &row_type::form_drift_low, "points pt 7 ps 0.5"));
    p.curves.push_back(column("phi drift, mp50", &row_type::form_drift_high, "points pt 7 ps 0.5"));
    if (!rows_dd.empty()) {
        series dd_drift{"phi drift, double-double", {}, {}, "points pt 5 ps 0.5"};
        for (const auto& r : rows_dd) {
            dd_drift.x.push_back(double(r.step));
            dd_drift.y.push_back(r.form_drift_low);
        }
        p.curves.push_back(std::move(dd_drift));
    }
    render(figure{"", 1, 1, {std::move(p)}}, o.out / "drift.png");
}

}  // namespace geomint::cli
