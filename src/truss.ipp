// Definitions of the truss-paper experiments; included by one translation unit per precision.
#include "figure.hpp"
#include "output.hpp"
#include "truss.hpp"

#include <geomint/analysis/order.hpp>
#include <geomint/analysis/relative_equilibrium_fit.hpp>
#include <geomint/exact/spinning_truss.hpp>
#include <geomint/exact/truss_reference.hpp>
#include <geomint/problems/tumbling_tetrahedron.hpp>
#include <geomint/precision.hpp>
#include <geomint/scheme/truss/energy_conserving.hpp>
#include <geomint/scheme/truss/energy_momentum.hpp>
#include <geomint/scheme/truss/fourth_order.hpp>
#include <geomint/scheme/truss/midpoint.hpp>

#include <cstdio>
#include <iostream>
#include <limits>
#include <sstream>
#include <type_traits>

namespace geomint::cli {

namespace truss_detail {
/// Calls f(std::type_identity<Scheme>{}, label) for (a)–(d).
template <class F>
void for_each_truss_scheme(F&& f) {
    f(std::type_identity<scheme::truss_midpoint>{}, "(a) midpoint");
    f(std::type_identity<scheme::truss_energy_momentum>{}, "(b) energy-momentum");
    f(std::type_identity<scheme::truss_fourth_order>{}, "(c) fourth order (6.2)");
    f(std::type_identity<scheme::truss_energy_conserving<>>{}, "(d) (c) with kappa (4.8)");
}

/// A figure of |y| against x, one curve per scheme, from the rows (scheme, x, y) a run collected.
struct curves_by_scheme {
    std::vector<series> curves;
    void add(const std::string& scheme, double x, double y) {
        if (curves.empty() || curves.back().title != scheme) curves.push_back(series{scheme, {}, {}, "linespoints pt 7 ps 0.4"});
        curves.back().x.push_back(x);
        curves.back().y.push_back(std::abs(y));
    }
};

inline void plot_by_scheme(const options& o, const std::string& stem, const curves_by_scheme& c,
                           const std::string& xlabel, const std::string& ylabel, const std::string& title, bool logx,
                           bool logy) {
    if (!o.plots) return;
    render(figure{"", 1, 1, {panel{title, xlabel, ylabel, logx, logy, "outside right", c.curves}}}, o.out / (stem + ".png"));
}
}  // namespace truss_detail

template <class T>
void run_truss_tumbling(const options& o) {
    using namespace truss_detail;
    const std::size_t steps = o.truss_steps;
    const T dt = T(1) / 50;
    std::cerr << "Truss: tumbling tetrahedron, (a)-(d), " << steps << " steps of 0.02 at " << scalar_traits<T>::name()
              << "\n";
    csv out({"scheme", "t", "energy_error_relative", "linear_momentum_drift", "angular_momentum_drift"});
    curves_by_scheme energy, momenta;
    std::ostringstream txt;
    txt << "Algorithm MC (Graham & Jelenic) on a tumbling St. Venant-Kirchhoff tetrahedron, dt = 0.02, " << steps
        << " steps, " << scalar_traits<T>::name() << " (eps = " << sci(double(std::numeric_limits<T>::epsilon()), 10, 3)
        << ")\nmax over the run of |H - H0|/H0 and of the momentum drifts in units of eps |P||R|\n"
        << "scheme                      |dH|/H0      |dL|/(eps|P||R|)  |dJ|/(eps|P||R|)  halved steps\n";
    const std::size_t every = steps >= 500 ? steps / 500 : 1;
    for_each_truss_scheme([&](auto tag, const char* label) {
        using S = typename decltype(tag)::type;
        auto p = problems::tumbling_tetrahedron<T>();
        const T h0 = p.sys.hamiltonian(p.R, p.P);
        const auto L0 = p.sys.linear_momentum(p.P);
        const auto J0 = p.sys.angular_momentum(p.R, p.P);
        const T unit = std::numeric_limits<T>::epsilon() * p.P.norm() * (1 + p.R.norm());
        T dH(0), dL(0), dJ(0);
        scheme::mc_trajectory_carry<T> carry;
        T t(0);
        for (std::size_t n = 1; n <= steps; ++n, t += dt) {
            scheme::mc_step<S>(p.sys, p.R, p.P, t, dt, iteration_options{}, &carry);
            using std::abs;
            const T eH = (p.sys.hamiltonian(p.R, p.P) - h0) / h0;
            const T eL = T((p.sys.linear_momentum(p.P) - L0).cwiseAbs().maxCoeff()) / unit;
            const T eJ = T((p.sys.angular_momentum(p.R, p.P) - J0).cwiseAbs().maxCoeff()) / unit;
            dH = (std::max)(dH, T(abs(eH)));
            dL = (std::max)(dL, eL);
            dJ = (std::max)(dJ, eJ);
            if (n % every == 0) {
                const double t = double(dt * T(static_cast<long long>(n)));
                out.row({S::name, num(t), num(double(eH)), num(double(eL)), num(double(eJ))});
                energy.add(S::name, t, double(eH));
                momenta.add(S::name, t, double(eJ));
            }
            progress(std::string("tumbling, ") + S::name, n, steps);
        }
        char b[160];
        std::snprintf(b, sizeof b, "%-27s %-12s %-17.1f %-17.1f %zu\n", label, sci(double(dH), 10, 3).c_str(), double(dL),
                      double(dJ), carry.halvings);
        txt << b;
    });
    std::cout << txt.str() << std::flush;
    out.write(o.out / "truss_tumbling.csv");
    write_file_atomically(o.out / "truss_tumbling.txt", txt.str());
    const std::string prec = scalar_traits<T>::name();
    plot_by_scheme(o, "truss_energy", energy, "t", "|H - H0| / H0",
                   "Tumbling tetrahedron: energy error, dt = 0.02 (" + prec + ")", false, true);
    plot_by_scheme(o, "truss_momenta", momenta, "t", "|J - J0| / (eps |P||R|)",
                   "Tumbling tetrahedron: angular-momentum drift (" + prec + ")", false, false);
}

template <class T>
void run_truss_spinning(const options& o) {
    using namespace truss_detail;
    const std::size_t steps = o.truss_steps;
    const T dt = T(1) / 20;
    std::cerr << "Truss: spinning triangle (relative equilibrium), " << steps << " steps of 0.05 at "
              << scalar_traits<T>::name() << "\n";
    csv out({"scheme", "t", "bar_length_deviation", "lambda_r_minus_1", "lambda_t_minus_1"});
    curves_by_scheme deviation;
    std::ostringstream txt;
    const auto make = [] { return spinning_triangle<T>(T(1), T(4) / 5, T(1), linear_spring<T>{T(2)}, T(1) / 2); };
    txt << "Spinning equilateral triangle (side 1, springs k = 2, rest length 0.8, unit masses, drift 0.5 along the "
           "axis; omega = "
        << num(double(make().motion.omega.norm())) << "), dt = 0.05, " << steps << " steps, " << scalar_traits<T>::name()
        << "\nbar-length deviation max |l - 1|; lambda_r, lambda_t of (4.9) per step (1 = exact rates)\n"
        << "scheme                      max|l - 1|   lambda_r - 1   max|lambda_t - 1|\n";
    const std::size_t every = steps >= 500 ? steps / 500 : 1;
    for_each_truss_scheme([&](auto tag, const char* label) {
        using S = typename decltype(tag)::type;
        using std::abs;
        auto p = make();
        auto [R, P] = p.motion.state(T(0));
        T dl(0), lr(0), lt(0);
        scheme::mc_trajectory_carry<T> carry;
        T t(0);
        try {
            for (std::size_t n = 1; n <= steps; ++n, t += dt) {
                const nodal<T> R0 = R;
                scheme::mc_step<S>(p.sys, R, P, t, dt, iteration_options{}, &carry);
                T worst(0);
                for (const auto& b : p.sys.bars()) worst = (std::max)(worst, T(abs(p.sys.length(R, b) - 1)));
                const auto rates = path_rates(p.motion, R0, R, dt);
                dl = (std::max)(dl, worst);
                lr = rates.lambda_r - 1;
                lt = (std::max)(lt, T(abs(*rates.lambda_t - 1)));
                if (n % every == 0)
                {
                    const double t = double(dt * T(static_cast<long long>(n)));
                    out.row({S::name, num(t), num(double(worst)), num(double(lr)), num(double(*rates.lambda_t - 1))});
                    deviation.add(S::name, t, double(worst));
                }
                progress(std::string("spinning, ") + S::name, n, steps);
            }
        } catch (const std::domain_error& e) {
            txt << label << std::string(28 - std::string(label).size(), ' ') << "not defined here: " << e.what() << "\n";
            return;
        }
        char b[160];
        std::snprintf(b, sizeof b, "%-27s %-12s %-14s %s\n", label, sci(double(dl), 10, 3).c_str(), sci(double(lr), 10, 3).c_str(),
                      sci(double(lt), 10, 3).c_str());
        txt << b;
    });
    std::cout << txt.str() << std::flush;
    out.write(o.out / "truss_spinning.csv");
    write_file_atomically(o.out / "truss_spinning.txt", txt.str());
    plot_by_scheme(o, "truss_spinning", deviation, "t", "max |l - 1| over the bars",
                   "Spinning triangle: bar-length deviation, dt = 0.05 (" + std::string(scalar_traits<T>::name()) + ")",
                   false, true);
}

template <class T>
void run_truss_convergence(const options& o) {
    using namespace truss_detail;
    const T t_end = T(1) / 2;
    std::cerr << "Truss: convergence on the tumbling tetrahedron at t = 0.5, " << scalar_traits<T>::name() << "\n";
    const auto p0 = problems::tumbling_tetrahedron<T>();
    // RK-Fehlberg 7(8), 4000 steps: error ~ (1/8000)^8, below every error measured here
    const auto [Rref, Pref] = problems::truss_reference_state(p0.sys, p0.R, p0.P, t_end, 4000);
    csv out({"scheme", "dt", "max_error"});
    curves_by_scheme errors;
    std::ostringstream txt;
    txt << "Convergence of Algorithm MC on the tumbling tetrahedron at t = 0.5 (" << scalar_traits<T>::name()
        << "): max-norm error in (R, P) against RK-Fehlberg 7(8) with 4000 fixed steps\n"
        << "scheme                      order   errors for dt = 0.05, 0.025, 0.0125, 0.00625, 0.003125\n";
    for_each_truss_scheme([&](auto tag, const char* label) {
        using S = typename decltype(tag)::type;
        std::vector<T> hs, errs;
        for (int k = 0; k < 5; ++k) {
            const int n = 10 << k;
            auto p = problems::tumbling_tetrahedron<T>();
            const T h = t_end / n;
            T t(0);
            for (int i = 0; i < n; ++i, t += h) scheme::mc_step<S>(p.sys, p.R, p.P, t, h, iteration_options{});
            const T e = (std::max)(T(max_abs(nodal<T>(p.R - Rref))), T(max_abs(nodal<T>(p.P - Pref))));
            hs.push_back(h);
            errs.push_back(e);
            out.row({S::name, num(double(h)), num(double(e))});
            errors.add(S::name, double(h), double(e));
            progress(std::string("convergence, ") + S::name, std::size_t(k + 1), 5);
        }
        const auto fit = estimate_order(hs, errs);
        char b[64];
        std::snprintf(b, sizeof b, "%-27s %-7.3f", label, double(fit.order));
        txt << b;
        for (const T& e : errs) txt << " " << sci(double(e), 10, 3);
        txt << "\n";
    });
    std::cout << txt.str() << std::flush;
    out.write(o.out / "truss_convergence.csv");
    write_file_atomically(o.out / "truss_convergence.txt", txt.str());
    plot_by_scheme(o, "truss_convergence", errors, "dt", "max error at t = 0.5",
                   "Algorithm MC: convergence (" + std::string(scalar_traits<T>::name()) + ")", true, true);
}

}  // namespace geomint::cli
