// The conformance kit on steppers that choose their own steps: examine_adaptive builds the
// stepper from its control (the fictitious step Δs of a time-transformed splitting, the ε of the
// reversible control) and measures its order at a fixed physical time, the reversibility of its
// step sequence and the drift of its energy, on the J2-perturbed Kepler problem (e = 0.9, where
// the logarithmic time transformation is not exact; exact at multiples of the radial period).
#include <geomint/conformance.hpp>
#include <geomint/stepper/galerkin_vi_models.hpp>
#include <geomint/stepper/reversible_stepper.hpp>
#include <geomint/stepper/time_transformed_stepper.hpp>

#include <array>
#include <cmath>
#include <iostream>

int main() {
    //! [examine_adaptive]
    namespace gc = geomint::conformance;
    const auto problem = gc::perturbed_kepler<double>();
    using model = geomint::problems::perturbed_kepler<double>;
    const double two_pi = 2 * std::acos(-1.0);

    // the stepper at its control c (here Δs); the order runs use c = coarse_control · 2^(-k/2)
    auto make = [&](double ds) { return geomint::time_transformed_stepper<model, geomint::scheme::yoshida4>(problem.model, ds); };
    const gc::adaptive_report r = gc::examine_adaptive(make, problem, {.order = 4, .reversible = true, .no_energy_drift = true},
                                                       {.coarse_control = two_pi / 50, .control = two_pi / 200});
    std::cout << r.summary() << "\n";
    //! [examine_adaptive]

    // Simpson's VI under the reversible control, steps ∝ r^(3/2)
    using V = std::array<double, 2>;
    auto density = [](const auto& q, const auto&) {
        using std::sqrt;
        const auto r2 = q.squaredNorm();
        return decltype(r2)(1) / (sqrt(r2) * sqrt(sqrt(r2)));
    };
    auto controlled = [&](double eps) {
        return geomint::reversible_stepper(geomint::galerkin_vi_stepper<V, 2>{}, problem.system(), density, eps);
    };
    const gc::adaptive_report s = gc::examine_adaptive(controlled, problem, {.order = 4, .reversible = true, .no_energy_drift = true},
                                                       {.coarse_control = 0.1, .control = 0.02});
    std::cout << s.summary() << "\n";
    return r.passed && s.passed ? 0 : 1;
}
