// `geomint integrate` in the precision T: files → structural_system → stepper → CSV, PNG, summary.
#include "cli_options.hpp"
#include "figure.hpp"
#include "integrate.hpp"
#include "model_files.hpp"
#include "model_reading.hpp"
#include "output.hpp"

#include <geomint/analysis/galerkin_stability.hpp>
#include <geomint/analysis/largest_frequency.hpp>
#include <geomint/model/structural_system.hpp>
#include <geomint/precision.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/generalized_alpha_stepper.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <algorithm>
#include <charconv>
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

/// The coordinates written: 0-based equations and their names in the outputs ("12", or "7.2"
/// for node 7, direction 2 with a dof map).
struct written_dofs {
    std::vector<std::size_t> index;
    std::vector<std::string> name;
};

/// Everything read and checked from the files.
template <class T>
struct inputs {
    sparse_matrix<T> M, C, K;                   ///< C: --damping, or zero
    std::optional<rayleigh_damping<T>> rayleigh;  ///< --rayleigh: the model forms C = αM + βK
    std::optional<dof_map> map;                   ///< --dof-map / --calculix
    vector<T> q0, p0;
    std::shared_ptr<const load_history<T>> load;  ///< null: no load
    written_dofs dofs;
    T dt, t0, t1;
};

/// --dofs resolved against the model (equation numbers, or node.direction through the map);
/// default: the first five equations.
inline written_dofs resolve_dofs(const integrate_options& o, const std::optional<dof_map>& map, Eigen::Index n) {
    written_dofs w;
    const auto add = [&](std::size_t k) {
        w.index.push_back(k);
        w.name.push_back(map ? map->name(k) : std::to_string(k + 1));
    };
    if (o.dofs.empty()) {
        for (std::size_t k = 0; k < std::min<std::size_t>(5, static_cast<std::size_t>(n)); ++k) add(k);
        return w;
    }
    for (const std::string& item : o.dofs) {
        const auto dot = item.find('.');
        if (dot == std::string::npos) {
            const std::size_t k = std::stoull(item) - 1;
            if (static_cast<Eigen::Index>(k) >= n)
                throw usage_error("--dofs: equation " + item + " is beyond the model's n = " + std::to_string(n));
            add(k);
            continue;
        }
        const long long node = std::stoll(item.substr(0, dot));
        const int direction = std::stoi(item.substr(dot + 1));
        const auto k = map->equation(node, direction);
        if (!k)
            throw usage_error("--dofs: node " + std::to_string(node) + " direction " + std::to_string(direction) +
                              " is not an equation of the model (--dof-map '" + o.dof_map.string() +
                              "': constrained, or not in the mesh)");
        add(*k);
    }
    return w;
}

template <class T>
inputs<T> read_inputs(const integrate_options& o) {
    inputs<T> in;
    in.dt = from_text<T>(o.dt);
    in.t0 = from_text<T>(o.t0);
    in.t1 = from_text<T>(o.t1);
    std::optional<Eigen::Index> n_map;
    if (!o.dof_map.empty()) {
        in.map = read_dof_map("dof-map", o.dof_map);
        n_map = static_cast<Eigen::Index>(in.map->dofs.size());
    }
    in.M = read_matrix<T>("mass", o.mass, n_map);
    in.K = read_matrix<T>("stiffness", o.stiffness, n_map);
    const Eigen::Index n = in.M.rows();
    if (n_map && (in.M.rows() != *n_map || in.K.rows() != *n_map))
        throw usage_error("the dof map '" + o.dof_map.string() + "' lists " + std::to_string(*n_map) +
                          " equations but M is " + std::to_string(in.M.rows()) + " and K " + std::to_string(in.K.rows()) +
                          " square");
    if (!o.damping.empty()) {
        in.C = read_matrix<T>("damping", o.damping, n_map);
    } else {
        if (o.rayleigh) in.rayleigh = rayleigh_damping<T>{from_text<T>(o.rayleigh->first), from_text<T>(o.rayleigh->second)};
        in.C = sparse_matrix<T>(in.M.rows(), in.M.cols());
    }
    in.q0 = o.q0.empty() ? vector<T>(vector<T>::Zero(n)) : read_vector<T>("q0", o.q0, n);
    in.p0 = o.p0.empty() ? vector<T>(vector<T>::Zero(n)) : read_vector<T>("p0", o.p0, n);
    if (!o.v0.empty() && in.M.rows() == in.M.cols()) in.p0 = in.M * read_vector<T>("v0", o.v0, n);  // p = M v
    if (!o.load.empty()) in.load = read_load<T>(o.load, n, in.t0, in.t1);
    in.dofs = resolve_dofs(o, in.map, n);
    return in;
}

/// A number of the run's precision in a CSV cell: every digit that identifies it (max_digits10;
/// the shortest round-trip form at double), so a final state read back continues bit for bit.
template <class T>
std::string cell(const T& x) {
    if constexpr (std::is_same_v<T, double>) {
        char b[32];
        const auto r = std::to_chars(b, b + sizeof b, x);
        return std::string(b, r.ptr);
    } else {
        std::ostringstream os;
        os.precision(std::numeric_limits<T>::max_digits10);
        os << x;
        return os.str();
    }
}

/// The files a run writes, removed again (with the folder, if the run created it) unless the run
/// completes: a failed run leaves nothing.
class output_set {
public:
    /// `created`: the run made `folder` (it is removed again, if empty, when the run fails).
    output_set(const fs::path& folder, bool created) : m_folder(folder), m_created(created) {}
    output_set(const output_set&) = delete;
    output_set& operator=(const output_set&) = delete;
    /// `path`, recorded before it is written (writes are atomic: a failed write leaves no file).
    const fs::path& add(const fs::path& path) {
        m_paths.push_back(path);
        return path;
    }
    void commit() { m_committed = true; }
    ~output_set() {
        if (m_committed) return;
        std::error_code ec;
        for (const auto& p : m_paths) fs::remove(p, ec);
        if (m_created) fs::remove(m_folder, ec);  // only if empty
    }

private:
    fs::path m_folder;
    bool m_created;
    std::vector<fs::path> m_paths;
    bool m_committed = false;
};

/// One run: the stepper on the model, rows recorded every `stride` steps (and the last). The
/// stepper is given its own time: t advances by t += h, the arithmetic the α-methods' carried
/// acceleration is keyed on (the last step ends exactly at t1).
template <class T, class Stepper, class System>
void integrate(Stepper stepper, const System& sys, const inputs<T>& in, const integrate_options& o, output_set& files) {
    using V = std::vector<T>;
    const Eigen::Index n = in.q0.size();
    auto x = std::make_pair(V(in.q0.data(), in.q0.data() + n), V(in.p0.data(), in.p0.data() + n));
    const auto eigen = [](const V& v) { return Eigen::Map<const vector<T>>(v.data(), static_cast<Eigen::Index>(v.size())); };
    // whole steps of dt, then the remainder (unless it is below 10^-9 dt: merged into the last)
    const T span = in.t1 - in.t0;
    using std::floor;
    std::size_t steps = static_cast<std::size_t>(static_cast<long double>(floor(span / in.dt)));
    if (span - T(steps) * in.dt > in.dt / T(1000000000)) ++steps;
    steps = std::max<std::size_t>(steps, 1);
    const std::size_t stride = std::max<std::size_t>(1, (steps + o.rows - 2) / (o.rows - 1));
    const auto& dofs = in.dofs;
    csv table([&] {
        std::vector<std::string> h{"t"};
        for (const auto& name : dofs.name) h.push_back("q" + name);
        for (const auto& name : dofs.name) h.push_back("v" + name);
        h.insert(h.end(), {"energy", "work_of_load", "dissipated", "balance_residual"});
        return h;
    }());
    const auto energy = [&](const V& q, const V& p) { return sys.energy(eigen(p), eigen(q)); };
    vector<T> v;  // the velocity M⁻¹p of the current state
    const auto power = [&](const V& p, const T& t, T& load_power, T& dissipation) {
        v = sys.apply_inverse_mass(eigen(p));
        load_power = v.dot(sys.load(t));
        dissipation = v.dot(sys.damping() * v);
    };
    const T e0 = energy(x.first, x.second);
    T work(0), dissipated(0), power0, diss0;
    power(x.second, in.t0, power0, diss0);
    std::vector<double> ts, es, ws, ds;
    std::vector<std::vector<double>> qs(dofs.index.size());
    const auto record = [&](const T& t) {
        const T e = energy(x.first, x.second);
        std::vector<std::string> cells{cell(t)};
        for (std::size_t k = 0; k < dofs.index.size(); ++k) {
            cells.push_back(cell(x.first[dofs.index[k]]));
            qs[k].push_back(static_cast<double>(x.first[dofs.index[k]]));
        }
        for (std::size_t k = 0; k < dofs.index.size(); ++k) cells.push_back(cell(T(v(static_cast<Eigen::Index>(dofs.index[k])))));
        cells.insert(cells.end(), {cell(e), cell(work), cell(dissipated), cell(T(e - e0 - work + dissipated))});
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
        t = j == steps ? in.t1 : T(t + h);
        T p1, d1;
        power(x.second, t, p1, d1);
        work += h * (power0 + p1) / T(2);  // the trapezoidal rule on the step points
        dissipated += h * (diss0 + d1) / T(2);
        power0 = p1;
        diss0 = d1;
        if (j % stride == 0 || j == steps) record(t);
        if (steps >= 1000 && (j % std::max<std::size_t>(1, steps / 100) == 0 || j == steps))
            progress("geomint integrate", j, steps);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // the figure first: it is what fails most often (gnuplot); then the files, each atomically
    if (o.plots) {
        panel coordinates{"coordinates", "t", "q_{i}", false, false, "outside right", {}};
        for (std::size_t k = 0; k < dofs.index.size(); ++k)
            coordinates.curves.push_back(series{"q" + dofs.name[k], ts, qs[k], "lines lw 1.5"});
        panel balance{"energy balance", "t", "energy", false, false, "outside right",
                      {series{"E(t)", ts, es, "lines lw 2"}, series{"work of the load", ts, ws, "lines lw 1.5"},
                       series{"dissipated by C", ts, ds, "lines lw 1.5"}}};
        render(figure{"geomint integrate: " + o.scheme + ", dt = " + o.dt, 2, 1, {coordinates, balance}},
               files.add(o.out / "trajectory.png"));
    }
    table.write(files.add(o.out / "trajectory.csv"));
    const auto state_file = [&](const std::string& what, const auto& values) {
        std::ostringstream f;
        f << "# " << what << " at t = " << cell(t) << " (geomint integrate, n = " << n << ", one value a line in equation order)\n";
        for (Eigen::Index i = 0; i < n; ++i) f << cell(T(values[i])) << "\n";
        return f.str();
    };
    write_file_atomically(files.add(o.out / "final_q.csv"), state_file("q", x.first));
    write_file_atomically(files.add(o.out / "final_v.csv"), state_file("v = M^-1 p", v));
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
      << "energy E(t0) = " << cell(e0) << ", E(t1) = " << cell(e1) << "\nwork of the load W = " << cell(work)
      << ", energy dissipated by C: D = " << cell(dissipated)
      << " (trapezoidal rule on the step points)\nbalance residual E(t1) - E(t0) - W + D = "
      << cell(T(e1 - e0 - work + dissipated)) << "\nfinal state: final_q.csv, final_v.csv (continue with --q0 final_q.csv "
      << "--v0 final_v.csv --t0 " << cell(t) << ")\n";
    write_file_atomically(files.add(o.out / "summary.txt"), s.str());
    files.commit();
    std::cerr << "geomint: " << steps << " steps in " << seconds << " s; outputs written to " << o.out.string() << "\n";
}

/// The stepper with --rho-infinity, with ρ∞ = (1 + α)/(1 − α) from --alpha (HHT), or with its own default.
template <class Stepper>
Stepper alpha_stepper(const integrate_options& o) {
    using T = typename Stepper::value_type;
    if (!o.hht_alpha.empty()) {
        const T a = from_text<T>(o.hht_alpha);
        return Stepper(T((T(1) + a) / (T(1) - a)));
    }
    return o.rho_infinity.empty() ? Stepper() : Stepper(from_text<T>(o.rho_infinity));
}

template <class T, class System>
void run_scheme(const System& sys, const inputs<T>& in, const integrate_options& o, output_set& files) {
    using V = std::vector<T>;
    if (o.scheme == "simpson") integrate<T>(simpson_stepper<V>(), sys, in, o, files);
    else if (o.scheme == "newmark") integrate<T>(newmark_stepper<V>(), sys, in, o, files);
    else if (o.scheme == "hht") integrate<T>(alpha_stepper<hht_alpha_stepper<V>>(o), sys, in, o, files);
    else if (o.scheme == "generalized-alpha") integrate<T>(alpha_stepper<generalized_alpha_stepper<V>>(o), sys, in, o, files);
    // the Galerkin VI on the sparse model: its stage equations are linear, one sparse LU per run
    else if (o.galerkin_degree == 1) integrate<T>(galerkin_vi_stepper<V, 1>(), sys, in, o, files);
    else if (o.galerkin_degree == 2) integrate<T>(galerkin_vi_stepper<V, 2>(), sys, in, o, files);
    else if (o.galerkin_degree == 3) integrate<T>(galerkin_vi_stepper<V, 3>(), sys, in, o, files);
    else integrate<T>(galerkin_vi_stepper<V, 4>(), sys, in, o, files);
}

/// Simpson's and the Galerkin VIs' bound ω_max dt < x* (2√2; analysis/galerkin_stability.hpp for
/// galerkin:D), judged by the inertia of M − (dt/x*)² K (one LDLᵀ) before anything is written;
/// when it fails, ω_max by Lanczos (Spectra) for the message, with the largest stable dt.
/// \throws usage_error naming dt, ω_max, x* and the largest stable dt.
template <class T>
void require_stable_step(const inputs<T>& in, const integrate_options& o) {
    if (o.scheme != "simpson" && o.galerkin_degree == 0) return;
    const int degree = int(o.galerkin_degree);
    const double limit = degree ? galerkin_stability_limit<double>(degree) : 2 * std::sqrt(2.0);  // a bound: double suffices
    const T ratio = in.dt / T(limit);
    if (is_positive_definite(sparse_matrix<T>(in.M - sparse_matrix<T>(in.K * T(ratio * ratio))))) return;
    const double w = largest_frequency(in.M, in.K, 1e-6);
    const std::string name = degree ? "galerkin:" + std::to_string(degree) : o.scheme;
    const std::string x = degree ? "x* = " + geomint::to_string(limit) : "2 sqrt(2) = 2.828";
    throw usage_error("--dt '" + o.dt + "' is unstable for " + name + ": omega_max = " + geomint::to_string(w) +
                      " rad/s, omega_max dt = " + geomint::to_string(w * static_cast<double>(in.dt)) + " >= " + x +
                      ", the scheme's limit on undamped vibrations (M - (dt/" + (degree ? "x*" : "2 sqrt(2)") +
                      ")^2 K is not positive definite); the largest stable dt is " + (degree ? "x*" : "2 sqrt(2)") +
                      "/omega_max = " + geomint::to_string(limit / w) +
                      ": use --dt below it, or --scheme newmark (unconditionally stable)");
}

}  // namespace integrate_detail

template <class T>
void run_integrate(const integrate_options& o) {
    using namespace integrate_detail;
    const inputs<T> in = read_inputs<T>(o);
    // the model's checks (symmetry, definiteness, sizes), named with the files
    const auto model_error = [&](const std::exception& e) {
        return usage_error(std::string("the model (--mass '") + o.mass.string() + "', --stiffness '" + o.stiffness.string() +
                           "'" + (o.damping.empty() ? std::string() : ", --damping '" + o.damping.string() + "'") +
                           "): " + e.what());
    };
    const auto run = [&](const auto& sys) {
        require_stable_step(in, o);
        const bool existed = fs::exists(o.out);
        prepare_output(options{.out = o.out, .plots = o.plots});  // checked only now, after every input passed
        output_set files(o.out, !existed);
        run_scheme<T>(sys, in, o, files);
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
