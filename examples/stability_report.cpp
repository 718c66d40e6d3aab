// Stability report of Simpson's scheme for the double pendulum at three step sizes: below the
// threshold, in the gap (2 sqrt 2, 2 sqrt 3) and in the second stable interval (2 sqrt 3, 2 sqrt 6).
// Reference: omega_max = omega0 sqrt(2 + sqrt 2) (eq. 49); checks the report against it.
#include <geomint/geomint.hpp>

#include <iostream>

namespace {
void print(const geomint::stability_info<double>& r) {
    std::cout << "Simpson stability report, h = " << r.h << "\n"
              << "  omega_max = " << r.omega_max << ", omega_max h = " << r.omega_max_h << " vs 2 sqrt(2) = "
              << r.modal_bound << (r.below_modal_bound ? "  [below]" : "  [NOT below]") << "\n"
              << "  spectral radius of Phi_s = " << r.spectral_radius << "\n"
              << "  X_s positive definite: " << (r.xs_positive_definite ? "yes" : "no")
              << ", Y_s positive definite: " << (r.ys_positive_definite ? "yes" : "no") << "\n"
              << "  stability set in omega h: (0, 2 sqrt 2) U (2 sqrt 3, 2 sqrt 6); all modes inside: "
              << (r.stable ? "yes" : "no") << "\n\n";
}
}  // namespace

int main() {
    const geomint::problems::double_pendulum<double> dp;
    const auto sys = dp.system();
    std::cout.precision(8);
    std::cout << "omega_max exact (eq. 49): " << dp.omega1() << " rad/s\n\n";
    bool ok = true;
    for (double x : {1.0, 3.0, 4.0}) {  // omega_max h
        const double h = x / dp.omega1();
        const auto r = geomint::stability_report(sys, h);
        print(r);
        ok = ok && std::abs(r.omega_max - dp.omega1()) < 1e-12 * dp.omega1();
        // below 2 sqrt 2 and in (2 sqrt 3, 2 sqrt 6) the scheme is stable, in the gap it is not
        ok = ok && r.stable == (x != 3.0) && r.below_modal_bound == (x < 2.8);
    }
    std::cout << "omega_max error: " << std::abs(geomint::stability_report(sys, 0.1).omega_max - dp.omega1()) << "\n";
    return ok ? 0 : 1;
}
