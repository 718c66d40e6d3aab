// Rounding-drift report: Simpson's scheme at h = 0.1 tbar over many steps at double and mp50.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/precision.hpp>
#include <geomint/analysis/rounding_drift.hpp>
#include <geomint/problems/double_pendulum.hpp>

#include <cstdio>
#include <iostream>
#include <sstream>

namespace geomint::cli {

void run_drift(const options& o) {
    const problems::double_pendulum<double> dp;
    std::cerr << "Rounding drift: Simpson, h = 0.1 tbar, " << o.drift_steps << " steps, double vs mp50\n";
    const auto rows = rounding_drift<scheme::simpson, mp<50>>(
        dp.mass(), dp.stiffness(), dp.q0(), dp.p0(), 0.1 * dp.tbar, o.drift_steps, 120,
        [&o](std::size_t j) {
            if (j % (o.drift_steps / 100 + 1) == 0 || j == o.drift_steps) progress("steps", j, o.drift_steps);
        });
    using row_type = rounding_drift_sample;
    csv c({"step", "t", "scheme_error_q", "rounding_drift_q", "form_drift_double", "form_drift_mp50"});
    for (const auto& r : rows)
        c.row({std::to_string(r.step), num(r.t), num(r.scheme_error_q), num(r.rounding_drift_q), num(r.form_drift_low),
               num(r.form_drift_high)});
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
    render(figure{"", 1, 1, {std::move(p)}}, o.out / "drift.png");
}

}  // namespace geomint::cli
