// Stability report of Simpson's scheme for the double pendulum at three step sizes: below the
// threshold, in the gap (2 sqrt 2, 2 sqrt 3) and in the second stable interval (2 sqrt 3, 2 sqrt 6).
// Reference: omega_max = omega0 sqrt(2 + sqrt 2) (eq. 49); checks the report against it.
#include <geomint/geomint.hpp>

#include <iostream>

int main() {
    const geomint::problems::double_pendulum<double> dp;
    const auto sys = dp.system();
    std::cout << "omega_max exact (eq. 49): " << dp.omega1() << " rad/s\n\n";
    bool ok = true;
    for (double x : {1.0, 3.0, 4.0}) {  // omega_max h
        const double h = x / dp.omega1();
        const auto r = geomint::stability_report(sys, h);
        std::cout << r.to_string() << "\n";
        ok = ok && std::abs(r.omega_max - dp.omega1()) < 1e-12 * dp.omega1();
    }
    std::cout << "omega_max error: " << std::abs(geomint::stability_report(sys, 0.1).omega_max - dp.omega1()) << "\n";
    return ok ? 0 : 1;
}
