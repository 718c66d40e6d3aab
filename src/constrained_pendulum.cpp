// The Simpson paper's nonlinear double pendulum (Table 1: m1 = m2 = 1 kg, g = 9.81, l = g/ω0²,
// t̄ = 1 s, released at rest from θ = (0, π/6)) in Cartesian coordinates with its two rod
// constraints, by RATTLE, RATTLE∘yoshida4 (stepper/rattle_stepper.hpp) and the constrained Galerkin
// VI of Degree 2 (galerkin_vi_stepper on the constrained system: Lobatto IIIA–IIIB with
// multipliers), against the same pendulum in its angle (Lagrangian) form by the Galerkin VI of
// Degree 2, over --constrained-steps
// (default 10⁵) steps of h = t̄/100, at double. Reference: the angle form's Hamiltonian equations by rkf78 with 10 steps
// per h (nonlinear_pendulum_reference.hpp), mapped to Cartesian coordinates. Every 100th step:
// the max-norm error of the Cartesian positions, the energy error, and the constraint residuals
// |g(q)| and |G(q) M⁻¹ p| of the Cartesian runs.
#include "experiments.hpp"
#include "figure.hpp"
#include "nonlinear_pendulum_reference.hpp"
#include "output.hpp"

#include <geomint/analysis/constraint_residuals.hpp>
#include <geomint/problems/cartesian_double_pendulum.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/rattle_stepper.hpp>

#include <boost/math/constants/constants.hpp>

#include <cmath>
#include <iostream>
#include <sstream>
#include <vector>

namespace geomint::cli {

void run_constrained_pendulum(const options& o) {
    using V = std::vector<double>;
    const problems::cartesian_double_pendulum<double> cp;
    const problems::double_pendulum<double>& dp = cp.angles;
    const double h = dp.tbar / 100;
    const std::size_t every = 100, samples = o.constrained_steps / every, steps = samples * every;
    const V q0{0.0, boost::math::constants::pi<double>() / 6}, p0{0.0, 0.0};
    std::cerr << "constrained pendulum: reference (rkf78, h/10), " << steps << " steps of RATTLE, RATTLE x yoshida4, "
              << "constrained Galerkin Degree 2, Galerkin Degree 2 (angles)\n";
    const auto ref = nonlinear_pendulum_reference<double>(q0, p0, double(every) * h, samples, every * 10);
    std::vector<vector<double, 4>> ref_q;
    for (const auto& x : ref) ref_q.push_back(cp.cartesian_state(x).first);
    const double e0 = cp.energy(ref_q[0], cp.cartesian_state(ref[0]).second);

    struct run_result {
        std::string name;
        std::vector<double> error, energy_error, position_residual, hidden_residual;
    };
    std::vector<run_result> runs;
    const auto record = [&](run_result& r, std::size_t k, const vector<double, 4>& q, const vector<double, 4>& p) {
        r.error.push_back((q - ref_q[k]).cwiseAbs().maxCoeff());
        r.energy_error.push_back(std::abs(cp.energy(q, p) - e0));
    };
    // steps from sample k − 1 to sample k (none for k = 0)
    const auto advance_to = [&](std::size_t k, auto& stepper, const auto& sys, auto& x) {
        for (std::size_t j = k == 0 ? 0 : (k - 1) * every; j < k * every; ++j) stepper.do_step(sys, x, double(j) * h, h);
    };
    const auto cartesian_run = [&](const std::string& name, auto stepper) {
        const auto sys = cp.system<V>();
        const auto [qc, pc] = cp.cartesian_state(ref[0]);
        auto x = std::make_pair(V(qc.data(), qc.data() + 4), V(pc.data(), pc.data() + 4));
        run_result r{name, {}, {}, {}, {}};
        for (std::size_t k = 0; k <= samples; ++k) {
            advance_to(k, stepper, sys, x);
            record(r, k, as_eigen(x.first), as_eigen(x.second));
            const auto res = constraint_residuals(sys, x);
            r.position_residual.push_back(res.position);
            r.hidden_residual.push_back(res.hidden);
        }
        runs.push_back(std::move(r));
    };
    cartesian_run("RATTLE (Cartesian)", rattle_stepper<V>());
    cartesian_run("RATTLE x yoshida4 (Cartesian)", composed_rattle_stepper<V, scheme::yoshida4>());
    cartesian_run("constrained Galerkin VI Degree 2 (Cartesian)", galerkin_vi_stepper<V, 2>());
    {
        const auto sys = dp.nonlinear_system();
        galerkin_vi_stepper<V, 2> stepper;
        auto x = std::make_pair(q0, p0);
        run_result r{"Galerkin VI Degree 2 (angles)", {}, {}, {}, {}};
        for (std::size_t k = 0; k <= samples; ++k) {
            advance_to(k, stepper, sys, x);
            const auto [q, p] = cp.cartesian_state(std::array<double, 4>{x.first[0], x.first[1], x.second[0], x.second[1]});
            record(r, k, q, p);
        }
        runs.push_back(std::move(r));
    }

    std::vector<double> ts;
    for (std::size_t k = 0; k <= samples; ++k) ts.push_back(double(k * every) * h);
    csv table([&] {
        std::vector<std::string> hdr{"t"};
        for (const auto& r : runs) {
            const std::string key = r.name.substr(0, r.name.find(" ("));
            hdr.push_back("position_error " + key);
            hdr.push_back("energy_error " + key);
            if (!r.position_residual.empty()) {
                hdr.push_back("g_residual " + key);
                hdr.push_back("hidden_residual " + key);
            }
        }
        return hdr;
    }());
    for (std::size_t k = 0; k <= samples; ++k) {
        std::vector<std::string> row{num(ts[k])};
        for (const auto& r : runs) {
            row.push_back(num(r.error[k]));
            row.push_back(num(r.energy_error[k]));
            if (!r.position_residual.empty()) {
                row.push_back(num(r.position_residual[k]));
                row.push_back(num(r.hidden_residual[k]));
            }
        }
        table.row(row);
    }
    table.write(o.out / "constrained_pendulum.csv");

    const auto max_of = [](const std::vector<double>& v, std::size_t from, std::size_t to) {
        double m = 0;
        for (std::size_t i = from; i < to; ++i) m = std::max(m, v[i]);
        return m;
    };
    std::ostringstream summary;
    summary << "Nonlinear double pendulum (Simpson paper, Table 1) from (0, pi/6) at rest, " << steps
            << " steps of h = tbar/100 (T = " << double(steps) * h << " s), double; Cartesian (two rod constraints) "
            << "against angle coordinates, reference rkf78 (h/10) on the angle form\n";
    for (const auto& r : runs) {
        summary << "  " << r.name << ": max position error " << sci(max_of(r.error, 0, r.error.size()))
                << " m; max energy error first tenth " << sci(max_of(r.energy_error, 0, samples / 10)) << ", last tenth "
                << sci(max_of(r.energy_error, samples - samples / 10, samples + 1)) << " J";
        if (!r.position_residual.empty())
            summary << "; max |g(q)| " << sci(max_of(r.position_residual, 0, samples + 1)) << ", max |G M^-1 p| "
                    << sci(max_of(r.hidden_residual, 0, samples + 1));
        summary << "\n";
    }
    write_file_atomically(o.out / "constrained_pendulum.txt", summary.str());
    std::cout << summary.str();
    if (o.plots) {
        panel err{"position error (Cartesian, max norm)", "t (s)", "error (m)", false, true, "bottom right", {}};
        panel energy{"energy error", "t (s)", "|E - E_0| (J)", false, true, "bottom right", {}};
        panel g{"constraint residual |g(q)|", "t (s)", "|g(q)| (m^2)", false, true, "top left", {}};
        panel hidden{"hidden constraint residual |G(q) M^{-1} p|", "t (s)", "(m^2/s)", false, true, "top left", {}};
        const std::vector<double> t1(ts.begin() + 1, ts.end());
        const auto tail = [](const std::vector<double>& v) { return std::vector<double>(v.begin() + 1, v.end()); };
        for (const auto& r : runs) {
            err.curves.push_back(series{r.name, t1, tail(r.error), "lines lw 1.5"});
            energy.curves.push_back(series{r.name, t1, tail(r.energy_error), "lines lw 1.5"});
            if (!r.position_residual.empty()) {
                g.curves.push_back(series{r.name, t1, tail(r.position_residual), "points pt 7 ps 0.4"});
                hidden.curves.push_back(series{r.name, t1, tail(r.hidden_residual), "points pt 7 ps 0.4"});
            }
        }
        render(figure{"Double pendulum: Cartesian coordinates with constraints (RATTLE, constrained Galerkin VI) against angles (Galerkin VI), h = t/100",
                      2, 2, {err, energy, g, hidden}},
               o.out / "constrained_pendulum.png");
    }
}

}  // namespace geomint::cli
