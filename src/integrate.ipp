// `geomint integrate` in the precision T: files → structural_system → stepper → CSV, PNG, summary.
#include "cli_options.hpp"
#include "figure.hpp"
#include "integrate.hpp"
#include "output.hpp"

#include <geomint/model/structural_system.hpp>
#include <geomint/precision.hpp>
#include <geomint/stepper/galerkin_vi_stepper.hpp>
#include <geomint/stepper/generalized_alpha_stepper.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <unsupported/Eigen/SparseExtra>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

namespace geomint::cli {
namespace integrate_detail {
namespace fs = std::filesystem;

template <class T>
T from_text(const std::string& s) {
    if constexpr (std::is_same_v<T, double>) return std::stod(s);
    else return T(s);
}

/// The matrix in `file` (validated first: line numbers in the errors), symmetric storage mirrored.
template <class T>
sparse_matrix<T> read_matrix(const std::string& option, const fs::path& file) {
    const market_header h = validate_matrix_market(option, file);
    sparse_matrix<T> a;
    if (!Eigen::loadMarket(a, file.string())) throw usage_error("--" + option + " '" + file.string() + "' cannot be read");
    if (!h.symmetric) return a;
    bool lower = false, upper = false;
    for (Eigen::Index j = 0; j < a.outerSize(); ++j)
        for (typename sparse_matrix<T>::InnerIterator it(a, j); it; ++it) {
            lower = lower || it.row() > it.col();
            upper = upper || it.row() < it.col();
        }
    if (lower && upper)
        throw usage_error("--" + option + " '" + file.string() +
                          "' is declared symmetric but stores entries on both sides of the diagonal");
    if (upper) return sparse_matrix<T>(a.template selfadjointView<Eigen::Upper>());
    return sparse_matrix<T>(a.template selfadjointView<Eigen::Lower>());
}

/// The n numbers of a vector file (one per line or comma-separated).
template <class T>
vector<T> read_vector(const std::string& option, const fs::path& file, Eigen::Index n) {
    std::vector<std::string> cells;
    for (const auto& row : read_number_table(option, file)) cells.insert(cells.end(), row.begin(), row.end());
    if (static_cast<Eigen::Index>(cells.size()) != n)
        throw usage_error("--" + option + " '" + file.string() + "' has " + std::to_string(cells.size()) +
                          " numbers but the model has n = " + std::to_string(n) + " degrees of freedom");
    vector<T> v(n);
    for (Eigen::Index i = 0; i < n; ++i) v(i) = from_text<T>(cells[static_cast<std::size_t>(i)]);
    return v;
}

/// A load history: f(t) linear between the rows' times (strictly increasing, covering [t0, t1]).
template <class T>
struct load_history {
    std::vector<T> times;
    std::vector<vector<T>> values;

    vector<T> operator()(const T& t) const {
        const auto it = std::upper_bound(times.begin(), times.end(), t);
        if (it == times.begin()) return values.front();
        if (it == times.end()) return values.back();
        const std::size_t k = static_cast<std::size_t>(it - times.begin());
        const T w = (t - times[k - 1]) / (times[k] - times[k - 1]);
        return vector<T>(values[k - 1] * (T(1) - w) + values[k] * w);
    }
};

template <class T>
std::shared_ptr<const load_history<T>> read_load(const fs::path& file, Eigen::Index n, const T& t0, const T& t1) {
    const std::string where = "--load '" + file.string() + "'";
    auto h = std::make_shared<load_history<T>>();
    const auto rows = read_number_table("load", file);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (static_cast<Eigen::Index>(rows[r].size()) != n + 1)
            throw usage_error(where + " row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                              " cells (expected t and the n = " + std::to_string(n) + " forces)");
        const T t = from_text<T>(rows[r][0]);
        if (!h->times.empty() && !(t > h->times.back()))
            throw usage_error(where + " row " + std::to_string(r + 1) + ": time " + rows[r][0] + " does not increase");
        vector<T> f(n);
        for (Eigen::Index i = 0; i < n; ++i) f(i) = from_text<T>(rows[r][static_cast<std::size_t>(i + 1)]);
        h->times.push_back(t);
        h->values.push_back(std::move(f));
    }
    if (h->times.front() > t0 || h->times.back() < t1)
        throw usage_error(where + " covers [" + rows.front()[0] + ", " + rows.back()[0] +
                          "], not the whole run [t0, t1] = [" + geomint::to_string(t0) + ", " + geomint::to_string(t1) + "]");
    return h;
}

/// Everything read and checked from the files.
template <class T>
struct inputs {
    sparse_matrix<T> M, C, K;                   ///< C: --damping, or zero
    std::optional<rayleigh_damping<T>> rayleigh;  ///< --rayleigh: the model forms C = αM + βK
    vector<T> q0, p0;
    std::shared_ptr<const load_history<T>> load;  ///< null: no load
    T dt, t0, t1;
};

template <class T>
inputs<T> read_inputs(const integrate_options& o) {
    inputs<T> in;
    in.dt = from_text<T>(o.dt);
    in.t0 = from_text<T>(o.t0);
    in.t1 = from_text<T>(o.t1);
    in.M = read_matrix<T>("mass", o.mass);
    in.K = read_matrix<T>("stiffness", o.stiffness);
    const Eigen::Index n = in.M.rows();
    if (!o.damping.empty()) {
        in.C = read_matrix<T>("damping", o.damping);
    } else {
        if (o.rayleigh) in.rayleigh = rayleigh_damping<T>{from_text<T>(o.rayleigh->first), from_text<T>(o.rayleigh->second)};
        in.C = sparse_matrix<T>(in.M.rows(), in.M.cols());
    }
    in.q0 = read_vector<T>("q0", o.q0, n);
    in.p0 = o.p0.empty() ? vector<T>(vector<T>::Zero(n)) : read_vector<T>("p0", o.p0, n);
    if (!o.load.empty()) in.load = read_load<T>(o.load, n, in.t0, in.t1);
    for (const std::size_t d : o.dofs)
        if (static_cast<Eigen::Index>(d) >= n)
            throw usage_error("--dofs: index " + std::to_string(d + 1) + " is beyond the model's n = " + std::to_string(n));
    return in;
}

/// One run: the stepper on the model, rows recorded every `stride` steps (and the last).
template <class T, class Stepper, class System>
void integrate(Stepper stepper, const System& sys, const inputs<T>& in, const integrate_options& o,
               const std::vector<std::size_t>& dofs) {
    using V = std::vector<T>;
    const Eigen::Index n = in.q0.size();
    auto x = std::make_pair(V(in.q0.data(), in.q0.data() + n), V(in.p0.data(), in.p0.data() + n));
    const auto eigen = [](const V& v) { return Eigen::Map<const vector<T>>(v.data(), static_cast<Eigen::Index>(v.size())); };
    // whole steps of dt, then the remainder (unless it is below 10^-9 dt: merged into the last)
    const T span = in.t1 - in.t0;
    using std::floor;
    std::size_t steps = static_cast<std::size_t>(static_cast<long double>(floor(span / in.dt)));
    if (span - T(steps) * in.dt > in.dt / T(1000000000)) ++steps;
    const std::size_t stride = std::max<std::size_t>(1, (steps + o.rows - 2) / (o.rows - 1));
    csv table([&] {
        std::vector<std::string> h{"t"};
        for (const std::size_t d : dofs) h.push_back("q" + std::to_string(d + 1));
        h.insert(h.end(), {"energy", "work_of_load", "dissipated", "balance_residual"});
        return h;
    }());
    const auto energy = [&](const V& q, const V& p) { return sys.energy(eigen(p), eigen(q)); };
    const auto power = [&](const V& p, const T& t, T& load_power, T& dissipation) {
        const vector<T> v = sys.apply_inverse_mass(eigen(p));
        load_power = v.dot(sys.load(t));
        dissipation = v.dot(sys.damping() * v);
    };
    const T e0 = energy(x.first, x.second);
    T work(0), dissipated(0), power0, diss0;
    power(x.second, in.t0, power0, diss0);
    std::vector<double> ts, es, ws, ds;
    std::vector<std::vector<double>> qs(dofs.size());
    const auto record = [&](const T& t) {
        const T e = energy(x.first, x.second);
        std::vector<std::string> cells{geomint::to_string(t)};
        for (std::size_t k = 0; k < dofs.size(); ++k) {
            cells.push_back(geomint::to_string(x.first[dofs[k]]));
            qs[k].push_back(static_cast<double>(x.first[dofs[k]]));
        }
        cells.insert(cells.end(), {geomint::to_string(e), geomint::to_string(work), geomint::to_string(dissipated),
                                   geomint::to_string(T(e - e0 - work + dissipated))});
        table.row(cells);
        ts.push_back(static_cast<double>(t));
        es.push_back(static_cast<double>(e));
        ws.push_back(static_cast<double>(work));
        ds.push_back(static_cast<double>(dissipated));
    };
    record(in.t0);
    const auto start = std::chrono::steady_clock::now();
    T t = in.t0;
    for (std::size_t j = 1; j <= steps; ++j) {
        const T h = j == steps ? T(in.t1 - t) : in.dt;
        stepper.do_step(sys, x, t, h);
        t = j == steps ? in.t1 : T(in.t0 + T(j) * in.dt);
        T p1, d1;
        power(x.second, t, p1, d1);
        work += h * (power0 + p1) / T(2);  // the trapezoidal rule on the step points
        dissipated += h * (diss0 + d1) / T(2);
        power0 = p1;
        diss0 = d1;
        if (j % stride == 0 || j == steps) record(t);
        if (steps >= 10000 && (j % (steps / 100) == 0 || j == steps)) progress("geomint integrate", j, steps);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    table.write(o.out / "trajectory.csv");
    std::ostringstream s;
    const T e1 = energy(x.first, x.second);
    s << "geomint integrate: n = " << n << ", nonzeros M " << in.M.nonZeros() << ", C "
      << [&] {
             if constexpr (System::is_sparse) return static_cast<Eigen::Index>(sys.damping().nonZeros());
             else return static_cast<Eigen::Index>((sys.damping().array() != T(0)).count());
         }() << ", K "
      << in.K.nonZeros() << "\nscheme " << o.scheme << (o.galerkin_degree ? ":" + std::to_string(o.galerkin_degree) : "")
      << ", precision " << o.precision << ", dt = " << o.dt << ", [t0, t1] = [" << o.t0 << ", " << o.t1 << "], "
      << steps << " steps, " << seconds << " s\n"
      << "energy E(t0) = " << geomint::to_string(e0) << ", E(t1) = " << geomint::to_string(e1)
      << "\nwork of the load W = " << geomint::to_string(work) << ", energy dissipated by C: D = "
      << geomint::to_string(dissipated) << " (trapezoidal rule on the step points)\nbalance residual E(t1) - E(t0) - W + D = "
      << geomint::to_string(T(e1 - e0 - work + dissipated)) << "\n";
    write_file_atomically(o.out / "summary.txt", s.str());
    if (o.plots) {
        panel coordinates{"coordinates", "t", "q_{i}", false, false, "outside right", {}};
        for (std::size_t k = 0; k < dofs.size(); ++k)
            coordinates.curves.push_back(series{"q" + std::to_string(dofs[k] + 1), ts, qs[k], "lines lw 1.5"});
        panel balance{"energy balance", "t", "energy", false, false, "outside right",
                      {series{"E(t)", ts, es, "lines lw 2"}, series{"work of the load", ts, ws, "lines lw 1.5"},
                       series{"dissipated by C", ts, ds, "lines lw 1.5"}}};
        render(figure{"geomint integrate: " + o.scheme + ", dt = " + o.dt, 2, 1, {coordinates, balance}}, o.out / "trajectory.png");
    }
    std::cerr << "geomint: " << steps << " steps in " << seconds << " s; outputs written to " << o.out.string() << "\n";
}

template <class T, unsigned Degree, class System>
void galerkin_degree(const System& sparse_sys, const inputs<T>& in, const integrate_options& o,
                     const std::vector<std::size_t>& dofs) {
    // the Galerkin VI's Newton path works on dense models: the same matrices, the same load
    const auto run_dense = [&](auto... load) {
        const structural_system dense_sys(dense_copy(sparse_sys.mass()), dense_copy(sparse_sys.damping()),
                                          dense_copy(sparse_sys.stiffness()), load...);
        integrate<T>(galerkin_vi_stepper<std::vector<T>, Degree>(), dense_sys, in, o, dofs);
    };
    if constexpr (System::has_load) run_dense([sparse_sys](const T& t) { return sparse_sys.load(t); });
    else run_dense();
}

/// The stepper with --rho-infinity, or with its own default.
template <class Stepper>
Stepper alpha_stepper(const integrate_options& o) {
    using T = typename Stepper::value_type;
    return o.rho_infinity.empty() ? Stepper() : Stepper(from_text<T>(o.rho_infinity));
}

template <class T, class System>
void run_scheme(const System& sys, const inputs<T>& in, const integrate_options& o, const std::vector<std::size_t>& dofs) {
    using V = std::vector<T>;
    if (o.scheme == "simpson") integrate<T>(simpson_stepper<V>(), sys, in, o, dofs);
    else if (o.scheme == "newmark") integrate<T>(newmark_stepper<V>(), sys, in, o, dofs);
    else if (o.scheme == "hht") integrate<T>(alpha_stepper<hht_alpha_stepper<V>>(o), sys, in, o, dofs);
    else if (o.scheme == "generalized-alpha") integrate<T>(alpha_stepper<generalized_alpha_stepper<V>>(o), sys, in, o, dofs);
    else if (o.galerkin_degree == 1) galerkin_degree<T, 1>(sys, in, o, dofs);
    else if (o.galerkin_degree == 2) galerkin_degree<T, 2>(sys, in, o, dofs);
    else if (o.galerkin_degree == 3) galerkin_degree<T, 3>(sys, in, o, dofs);
    else galerkin_degree<T, 4>(sys, in, o, dofs);
}

}  // namespace integrate_detail

template <class T>
void run_integrate(const integrate_options& o) {
    using namespace integrate_detail;
    const inputs<T> in = read_inputs<T>(o);
    const Eigen::Index n = in.M.rows();
    std::vector<std::size_t> dofs = o.dofs;
    if (dofs.empty())
        for (std::size_t d = 0; d < std::min<std::size_t>(5, static_cast<std::size_t>(n)); ++d) dofs.push_back(d);
    if (o.scheme == "galerkin" && n > 2000)
        throw usage_error("--scheme galerkin works on dense matrices: n = " + std::to_string(n) +
                          " > 2000 (use simpson or newmark for large sparse models)");
    // the model's checks (symmetry, definiteness, sizes), named with the files
    const auto model_error = [&](const std::exception& e) {
        return usage_error(std::string("the model (--mass '") + o.mass.string() + "', --stiffness '" + o.stiffness.string() +
                           "'" + (o.damping.empty() ? std::string() : ", --damping '" + o.damping.string() + "'") +
                           "): " + e.what());
    };
    const auto run = [&](const auto& sys) {
        if (o.scheme == "simpson" && !scheme::simpson::admissible(in.M, in.K, in.dt)) {
            const long double w = n <= 2000 ? geomint::detail::omega_max_for_message(in.M, in.K)
                                            : std::numeric_limits<long double>::quiet_NaN();
            throw usage_error("--dt '" + o.dt + "' is unstable for simpson: omega_max = " + geomint::to_string(w) +
                              ", omega_max dt = " + geomint::to_string(w * static_cast<long double>(in.dt)) +
                              " >= 2 sqrt(2) = 2.828 (M - dt^2 K/8 is not positive definite); use a smaller --dt or "
                              "--scheme newmark");
        }
        options out;
        out.out = o.out;
        out.plots = o.plots;
        prepare_output(out);  // the folder is created only now, after every input passed
        run_scheme<T>(sys, in, o, dofs);
    };
    // the model (it forms C = αM + βK for --rayleigh), its errors named with the files
    const auto build = [&](auto... load) {
        try {
            if (in.rayleigh) return structural_system(in.M, *in.rayleigh, in.K, load...);
            return structural_system(in.M, in.C, in.K, load...);
        } catch (const std::invalid_argument& e) {
            throw model_error(e);
        }
    };
    if (in.load) run(build([history = in.load](const T& t) { return (*history)(t); }));
    else run(build());
}

}  // namespace geomint::cli
