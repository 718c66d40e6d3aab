// The Simpson paper's linear double pendulum (Table 1: m1 = m2 = 1 kg, g = 9.81, l = g/ω0²,
// t̄ = 1 s) with Rayleigh damping C = αM + βK (modal damping ratio 2 % at both modes) and a
// harmonic torque on the upper link at the first resonance, Ω = ω₁, from rest: the four linear
// schemes — Simpson and Newmark by the discrete Lagrange–d'Alembert principle, HHT-α and
// generalized-α (ρ∞ = 0.9) — against the closed-form modal solution (free + steady state), over
// 40 t̄ at h = t̄/20, at double:
//  - the error of q₁ over time (the resonance builds the amplitude up);
//  - the energy balance E(t) − E(0) = W(t) − D(t) (W the load's work, D the energy dissipated by
//    C, both of the exact solution by Gauss–Legendre quadrature per step) and each scheme's
//    energy error |E_n − E(t_n)|.
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/exact/driven_modal_solution.hpp>
#include <geomint/model/structural_system.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/stepper/generalized_alpha_stepper.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <boost/math/quadrature/gauss.hpp>

#include <cmath>
#include <iostream>
#include <sstream>
#include <vector>

namespace geomint::cli {

void run_damped_pendulum(const options& o) {
    using VX = vector<double>;
    using MX = matrix<double>;
    const problems::double_pendulum<double> dp;
    const MX M = dp.mass(), K = dp.stiffness();
    const Eigen::GeneralizedSelfAdjointEigenSolver<MX> es(K, M, Eigen::EigenvaluesOnly);
    const double w1 = std::sqrt(es.eigenvalues()(0)), w2 = std::sqrt(es.eigenvalues()(1));
    // ζ_i = (α/ω_i + β ω_i)/2 = ζ at both modes
    const double zeta = 0.02, beta = 2 * zeta / (w1 + w2), alpha = beta * w1 * w2;
    const rayleigh_damping<double> c{alpha, beta};
    const VX fc = (VX(2) << 1.0, 0.0).finished(), fs = VX::Zero(2);
    const double Omega = w1;
    const auto load = [fc, Omega](double t) -> VX { return fc * std::cos(Omega * t); };
    const structural_system sys(M, c, K, load);
    const VX q0 = VX::Zero(2), p0 = VX::Zero(2);
    const driven_modal_solution<double> exact(M, c, K, fc, fs, Omega, q0, p0);
    const double h = 1.0 / 20, t_end = 40;
    const std::size_t steps = static_cast<std::size_t>(std::lround(t_end / h));
    const MX C = sys.damping();
    // exact energy, work and dissipation
    std::vector<double> ts{0}, q_exact{0}, E{0}, W{0}, D{0};
    const auto power = [&](double t) {
        const VX v = sys.apply_inverse_mass(exact.p(t));
        return std::array<double, 2>{v.dot(load(t)), v.dot(C * v)};
    };
    for (std::size_t j = 1; j <= steps; ++j) {
        const double a = double(j - 1) * h, b = double(j) * h;
        W.push_back(W.back() + boost::math::quadrature::gauss<double, 10>::integrate([&](double t) { return power(t)[0]; }, a, b));
        D.push_back(D.back() + boost::math::quadrature::gauss<double, 10>::integrate([&](double t) { return power(t)[1]; }, a, b));
        ts.push_back(b);
        q_exact.push_back(exact.q(b)(0));
        E.push_back(sys.energy(exact.p(b), exact.q(b)));
    }
    struct run_result {
        std::string name;
        std::vector<double> q_error, e_error;
    };
    std::vector<run_result> runs;
    const auto run = [&](const std::string& name, auto stepper) {
        run_result r{name, {0}, {0}};
        auto x = std::make_pair(q0, p0);
        for (std::size_t j = 1; j <= steps; ++j) {
            stepper.do_step(sys, x, double(j - 1) * h, h);
            r.q_error.push_back(std::abs(x.first(0) - q_exact[j]));
            r.e_error.push_back(std::abs(sys.energy(x.second, x.first) - E[j]));
        }
        runs.push_back(std::move(r));
    };
    run("Simpson (Lagrange-d'Alembert)", simpson_stepper<VX>());
    run("Newmark (Lagrange-d'Alembert)", newmark_stepper<VX>());
    run("HHT-alpha (rho_inf = 0.9)", hht_alpha_stepper<VX>());
    run("generalized-alpha (rho_inf = 0.9)", generalized_alpha_stepper<VX>());

    csv table([&] {
        std::vector<std::string> hdr{"t", "q1_exact", "energy_exact", "work_exact", "dissipated_exact"};
        for (const auto& r : runs) {
            const std::string key = r.name.substr(0, r.name.find(' '));
            hdr.push_back("q1_error_" + key);
            hdr.push_back("energy_error_" + key);
        }
        return hdr;
    }());
    for (std::size_t j = 0; j <= steps; ++j) {
        std::vector<std::string> row{num(ts[j]), num(q_exact[j]), num(E[j]), num(W[j]), num(D[j])};
        for (const auto& r : runs) {
            row.push_back(num(r.q_error[j]));
            row.push_back(num(r.e_error[j]));
        }
        table.row(row);
    }
    table.write(o.out / "damped_pendulum.csv");
    std::ostringstream summary;
    summary << "Damped, driven linear double pendulum: omega_1 = " << w1 << ", omega_2 = " << w2
            << " rad/s, Rayleigh alpha = " << alpha << ", beta = " << beta << " (zeta = 2 %), load cos(omega_1 t) on q1, h = "
            << h << ", T = " << t_end << "\nexact at T: q1 = " << q_exact.back() << ", E = " << E.back() << ", W = " << W.back()
            << ", D = " << D.back() << ", balance E(T) - E(0) - W + D = " << E.back() - E.front() - W.back() + D.back() << "\n";
    for (const auto& r : runs) {
        double qmax = 0, emax = 0;
        for (std::size_t j = 0; j <= steps; ++j) {
            qmax = std::max(qmax, r.q_error[j]);
            emax = std::max(emax, r.e_error[j]);
        }
        summary << "  " << r.name << ": max |q1 - q1_exact| = " << sci(qmax) << ", max |E - E_exact| = " << sci(emax) << "\n";
    }
    write_file_atomically(o.out / "damped_pendulum.txt", summary.str());
    std::cout << summary.str();
    if (o.plots) {
        panel response{"exact response at resonance", "t (s)", "q_1 (rad)", false, false, "top left",
                       {series{"q_1 exact", ts, q_exact, "lines lw 1.5"}}};
        panel balance{"exact energy balance E(t) - E(0) = W(t) - D(t)", "t (s)", "energy (J)", false, false, "top left",
                      {series{"E", ts, E, "lines lw 2"}, series{"work of the load W", ts, W, "lines lw 1.5"},
                       series{"dissipated by C: D", ts, D, "lines lw 1.5"}}};
        panel qerr{"error of q_1", "t (s)", "|q_1 - q_1 exact| (rad)", false, true, "bottom right", {}};
        panel eerr{"energy error", "t (s)", "|E_n - E(t_n)| (J)", false, true, "bottom right", {}};
        for (const auto& r : runs) {
            // t = 0 has zero error: start the log plots at the first step
            const std::vector<double> t1(ts.begin() + 1, ts.end());
            qerr.curves.push_back(series{r.name, t1, std::vector<double>(r.q_error.begin() + 1, r.q_error.end()), "lines lw 1.5"});
            eerr.curves.push_back(series{r.name, t1, std::vector<double>(r.e_error.begin() + 1, r.e_error.end()), "lines lw 1.5"});
        }
        render(figure{"Linear double pendulum, Rayleigh damping 2 %, load at the first resonance, h = t/20", 2, 2,
                      {response, balance, qerr, eerr}},
               o.out / "damped_pendulum.png");
    }
}

}  // namespace geomint::cli
