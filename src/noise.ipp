// The noisy-(M, K) study (`geomint --only noise`): the Simpson paper's open question (§7: "An
// important question relates to noise presence in matrices M and K. How would this affect the
// symplectic integrator?") answered by an ensemble. Included by experiments_<precision>.cpp.
//
// Member i of 16 m (m = --noise-members): noise level σ = 10^(k − 8), k = i / (2m) (σ = 1e-8 … 1e-1);
// step regime r = (i / m) mod 2: r = 0 "accuracy", h = t̄/100 (ω_max h ≈ 0.12); r = 1 "near the
// bound", h = 0.97 · 2√2 / ω_max of the unperturbed pendulum. The member perturbs M and K of the
// linear double pendulum (Table 1 of the paper) by symmetric random matrices of relative size σ:
//     M' = M + σ ‖M‖₂ S_M,  K' = K + σ ‖K‖₂ S_K,  S symmetric, entries N(0, 1), scaled to ‖S‖₂ = 1,
// redrawn (counted) until M' and K' are positive definite; the generator is seeded with i alone.
// It integrates (M', K') with Newmark and Simpson (stability check off: members pushed past
// 2√2 are kept) over 10 t̄ from the paper's q(0) = (0, π/6), p(0) = 0 and records
//   - max_j ‖q_j − q'_ex(t_j)‖₂: the scheme error against the perturbed system's exact solution;
//   - max_j ‖q_j − q_ex(t_j)‖₂: against the unperturbed exact solution (the model error enters);
//   - ‖Φᵀ J Φ − J‖_max of the scheme's transfer matrix for (M', K') (symplecticity per member);
//   - the stability margin ω'_max h / 2√2 and whether every ω'_i h lies in Simpson's stability set.
#include "distribute.hpp"
#include "experiments.hpp"
#include "figure.hpp"
#include "output.hpp"

#include <geomint/analysis/stability.hpp>
#include <geomint/analysis/symplecticity.hpp>
#include <geomint/analysis/transfer_matrix.hpp>
#include <geomint/exact/modal_solution.hpp>
#include <geomint/linalg.hpp>
#include <geomint/precision.hpp>
#include <geomint/problems/double_pendulum.hpp>
#include <geomint/stepper/linear_variational_stepper.hpp>

#include <boost/math/constants/constants.hpp>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <sstream>

namespace geomint::cli {

namespace noise_detail {

constexpr int levels = 8;  ///< σ = 1e-8 … 1e-1
inline const char* regime_name(int r) { return r == 0 ? "accuracy" : "near_bound"; }

/// The member's layout: noise level k, regime r, sample s.
struct member_index {
    int level, regime;
    std::size_t sample;
};
inline member_index layout(std::size_t i, std::size_t m) {
    return {static_cast<int>(i / (2 * m)), static_cast<int>((i / m) % 2), i % m};
}

/// ‖A‖₂ of a symmetric matrix.
template <class T>
T spectral_norm(const matrix<T, 2>& A) {
    Eigen::SelfAdjointEigenSolver<matrix<T, 2>> es(A, Eigen::EigenvaluesOnly);
    using std::abs;
    return std::max(abs(es.eigenvalues()(0)), abs(es.eigenvalues()(1)));
}

/// A symmetric matrix with N(0, 1) entries (upper triangle drawn, mirrored), scaled to ‖S‖₂ = 1.
template <class T>
matrix<T, 2> symmetric_noise(boost::random::mt19937_64& gen) {
    boost::random::normal_distribution<double> n01;
    matrix<T, 2> S;
    S(0, 0) = T(n01(gen));
    S(0, 1) = S(1, 0) = T(n01(gen));
    S(1, 1) = T(n01(gen));
    return S / spectral_norm(S);
}

/// Member i (see the file comment): its record.
template <class T>
ensemble::record member(std::size_t i, std::size_t m) {
    using V = vector<T, 2>;
    using Mat = matrix<T, 2>;
    const member_index at = layout(i, m);
    const problems::double_pendulum<T> dp;
    const Mat M0 = dp.mass(), K0 = dp.stiffness();
    using std::pow;
    const T sigma = pow(T(10), T(at.level - 8));
    boost::random::mt19937_64 gen(i);
    const T size_M = sigma * spectral_norm(M0), size_K = sigma * spectral_norm(K0);
    Mat M, K;
    int redraws = -1;
    do {
        ++redraws;
        if (redraws > 100) throw std::runtime_error("no positive definite draw in 100 tries at sigma " + to_string(sigma));
        M = M0 + size_M * symmetric_noise<T>(gen);
        K = K0 + size_K * symmetric_noise<T>(gen);
    } while (!is_positive_definite(M) || !is_positive_definite(K));
    const quadratic_lagrangian<Mat> sys(M, K), sys0(M0, K0);
    const T two_root_two = 2 * boost::math::constants::root_two<T>();
    const T h = at.regime == 0 ? dp.tbar / 100 : T(97) / 100 * two_root_two / sys0.omega_max();
    const std::size_t steps = static_cast<std::size_t>(std::lround(static_cast<double>(10 * dp.tbar / h)));
    const modal_solution<Mat> exact(sys, dp.q0(), dp.p0()), exact0(sys0, dp.q0(), dp.p0());
    bool in_set = true;
    for (Eigen::Index k = 0; k < 2; ++k) in_set = in_set && in_simpson_stability_set(T(sys.frequencies()(k) * h));

    ensemble::record rec{ensemble::field(sigma), regime_name(at.regime), std::to_string(at.sample),
                         ensemble::field(h), std::to_string(redraws),
                         ensemble::field(sys.omega_max() * h / two_root_two), in_set ? "1" : "0"};
    const auto run = [&](auto stepper, auto scheme_tag) {
        using Scheme = typename decltype(scheme_tag)::type;
        auto x = std::make_pair(V(dp.q0()), V(dp.p0()));
        T e_own(0), e_unperturbed(0);
        for (std::size_t j = 1; j <= steps; ++j) {
            stepper.do_step(sys, x, T(0), h);
            const T t = T(j) * h;
            using std::isfinite;
            const T a = (x.first - exact.q(t)).norm(), b = (x.first - exact0.q(t)).norm();
            if (!isfinite(a) || !isfinite(b)) {  // a blown-up run: its error is +inf
                e_own = e_unperturbed = std::numeric_limits<T>::infinity();
                break;
            }
            e_own = std::max(e_own, a);
            e_unperturbed = std::max(e_unperturbed, b);
        }
        T defect;
        try {
            defect = symplecticity_defect(transfer_matrix<Scheme>(sys, h));
        } catch (const singular_step_error&) {
            defect = std::numeric_limits<T>::quiet_NaN();
        }
        rec.push_back(ensemble::field(e_own));
        rec.push_back(ensemble::field(e_unperturbed));
        rec.push_back(ensemble::field(defect));
    };
    run(newmark_stepper<V>(stability_check::off), std::type_identity<scheme::newmark>{});
    run(simpson_stepper<V>(stability_check::off), std::type_identity<scheme::simpson>{});
    return rec;
}

inline const std::vector<std::string>& columns() {
    static const std::vector<std::string> c{
        "sigma",          "regime",          "sample",         "h",
        "redraws",        "margin",          "simpson_stable", "newmark_error_own",
        "newmark_error_unperturbed", "newmark_defect", "simpson_error_own", "simpson_error_unperturbed",
        "simpson_defect"};
    return c;
}

/// Median of a non-empty list (inf sorts last).
inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

}  // namespace noise_detail

template <class T>
void run_noise(const options& o) {
    using namespace noise_detail;
    const bool root = is_root();
    const std::size_t m = o.noise_members;
    if (root)
        std::cerr << "Noisy (M, K) study at " << scalar_traits<T>::name() << ": " << levels << " noise levels x 2 step "
                  << "sizes x " << m << " members\n";
    const ensemble::campaign c{"noise",
                               std::string("precision=") + scalar_traits<T>::name() + " members=" + std::to_string(m),
                               columns(), levels * 2 * m, [m](std::size_t i) { return member<T>(i, m); }};
    const auto r = run_members(o, "noise", c);
    if (!r.root) return;

    // per (level, regime): the members' values of each column, as double
    std::map<std::pair<int, int>, std::map<std::string, std::vector<double>>> by;
    for (std::size_t i = 0; i < r.records.size(); ++i) {
        const auto at = layout(i, m);
        for (std::size_t k = 0; k < columns().size(); ++k)
            if (k != 1) by[{at.level, at.regime}][columns()[k]].push_back(std::stod((*r.records[i])[k]));
    }
    csv out({"sigma", "regime", "scheme", "median_error_own", "max_error_own", "median_error_unperturbed",
             "max_error_unperturbed", "max_defect", "min_margin", "max_margin", "unstable_members", "members"});
    std::ostringstream txt;
    txt << "Noisy M and K (Simpson paper, conclusion): the linear double pendulum with M' = M + sigma |M| S_M,\n"
           "K' = K + sigma |K| S_K (S symmetric Gaussian, |S|_2 = 1), "
        << m << " members per sigma and step size, at " << scalar_traits<T>::name()
        << ", over 10 tbar.\nerror_own: max_j |q_j - q'_ex(t_j)| (perturbed exact); error_unp: against the "
           "unperturbed exact solution; defect: max|Phi^T J Phi - J|;\nmargin: omega'_max h / 2 sqrt 2; unstable: "
           "members with some omega'_i h outside Simpson's stability set.\n\n";
    char line[320];
    std::snprintf(line, sizeof line, "%-10s %-11s %-8s %-12s %-12s %-12s %-12s %-10s %-17s %s\n", "sigma", "regime",
                  "scheme", "med err_own", "max err_own", "med err_unp", "max err_unp", "max defect", "margin range",
                  "unstable");
    txt << line;
    figure f{"Noisy M, K: the double pendulum over 10 tbar (" + std::string(scalar_traits<T>::name()) + ", " +
                 std::to_string(m) + " members per point)",
             2, 2, {}};
    panel errors{"against the perturbed system's exact solution, h = tbar/100", "sigma",
                 "max_j |q_j - q_{ex}(t_j)|", true, true, "top left", {}};
    panel model{"against the unperturbed exact solution, h = tbar/100", "sigma", "max_j |q_j - q_{ex}(t_j)|",
                true, true, "top left", {}};
    panel defect{"symplecticity defect max|Phi^T J Phi - J|", "sigma", "defect", true, true,
                 "bottom right", {}};
    panel margin{"h = 0.97 (2 sqrt 2)/omega_{max}: margin omega'_{max} h / 2 sqrt 2",
                 "sigma", "margin", true, false, "top left", {}};
    const char* schemes[] = {"newmark", "simpson"};
    for (int s = 0; s < 2; ++s) {
        series own{std::string(schemes[s]), {}, {}, s ? "points pt 7 ps 0.5 lc rgb 'blue'" : "points pt 6 ps 0.5 lc rgb 'red'"};
        series unp = own, d_acc{std::string(schemes[s]) + ", h = tbar/100", {}, {}, own.style},
               d_near{std::string(schemes[s]) + ", near the bound", {}, {}, s ? "points pt 9 ps 0.5 lc rgb 'cyan'"
                                                                               : "points pt 8 ps 0.5 lc rgb 'orange'"};
        for (int level = 0; level < levels; ++level)
            for (int regime = 0; regime < 2; ++regime) {
                auto& v = by[{level, regime}];
                const double sigma = v["sigma"][0];
                const std::string p = std::string(schemes[s]) + "_";
                const auto& own_err = v[p + "error_own"];
                const auto& unp_err = v[p + "error_unperturbed"];
                const auto& def = v[p + "defect"];
                const std::size_t unstable =
                    s == 1 ? std::count(v["simpson_stable"].begin(), v["simpson_stable"].end(), 0.0) : 0;
                const double jitter = s ? 1.12 : 1 / 1.12;  // the schemes side by side
                for (std::size_t k = 0; k < own_err.size(); ++k) {
                    if (regime == 0) {
                        own.x.push_back(sigma * jitter);
                        own.y.push_back(own_err[k]);
                        unp.x.push_back(sigma * jitter);
                        unp.y.push_back(unp_err[k]);
                    }
                    (regime == 0 ? d_acc : d_near).x.push_back(sigma * (regime ? jitter * jitter : jitter));
                    (regime == 0 ? d_acc : d_near).y.push_back(def[k]);
                }
                const double max_def = *std::max_element(def.begin(), def.end());
                const auto [mn, mx] = std::minmax_element(v["margin"].begin(), v["margin"].end());
                out.row({num(sigma), regime_name(regime), schemes[s], num(median(own_err)),
                         num(*std::max_element(own_err.begin(), own_err.end())), num(median(unp_err)),
                         num(*std::max_element(unp_err.begin(), unp_err.end())), num(max_def), num(*mn), num(*mx),
                         std::to_string(unstable), std::to_string(own_err.size())});
                std::snprintf(line, sizeof line, "%-10.0e %-11s %-8s %-12.3e %-12.3e %-12.3e %-12.3e %-10.2e %.5f-%.5f %zu/%zu\n",
                              sigma, regime_name(regime), schemes[s], median(own_err),
                              *std::max_element(own_err.begin(), own_err.end()), median(unp_err),
                              *std::max_element(unp_err.begin(), unp_err.end()), max_def, *mn, *mx, unstable,
                              own_err.size());
                txt << line;
            }
        errors.curves.push_back(std::move(own));
        model.curves.push_back(std::move(unp));
        defect.curves.push_back(std::move(d_acc));
        defect.curves.push_back(std::move(d_near));
    }
    series stable{"Simpson stable", {}, {}, "points pt 7 ps 0.5 lc rgb 'black'"},
        unstable{"Simpson unstable", {}, {}, "points pt 6 ps 1 lc rgb 'red'"};
    for (int level = 0; level < levels; ++level) {
        auto& v = by[{level, 1}];
        for (std::size_t k = 0; k < v["margin"].size(); ++k) {
            auto& into = v["simpson_stable"][k] != 0 ? stable : unstable;
            into.x.push_back(v["sigma"][0]);
            into.y.push_back(v["margin"][k]);
        }
    }
    margin.curves.push_back(std::move(stable));
    if (!unstable.x.empty()) margin.curves.push_back(std::move(unstable));
    // Simpson's stability set in this margin: (0, 1) and (sqrt(3/2), sqrt 3) (analysis/stability.hpp)
    margin.curves.push_back(series{"2 sqrt 2, 2 sqrt 3 (gap between)", {1e-8, 1e-1}, {1, 1}, "lines lc rgb 'red'"});
    margin.curves.push_back(
        series{"", {1e-8, 1e-1}, {std::sqrt(1.5), std::sqrt(1.5)}, "lines lc rgb 'red'"});
    f.panels = {std::move(errors), std::move(model), std::move(defect), std::move(margin)};
    std::cout << txt.str() << std::flush;
    out.write(o.out / "noise.csv");
    write_file_atomically(o.out / "noise.txt", txt.str());
    if (o.plots) render(f, o.out / "noise.png");
}

}  // namespace geomint::cli
