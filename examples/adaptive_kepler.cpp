// Adaptive steps that keep the structure: Kepler's problem at e = 0.99, whose speed varies by a
// factor 199 between pericentre and apocentre, over 100 orbits with the logarithmic-Hamiltonian
// eighth-order composition of the logarithmic-Hamiltonian leapfrog (100 steps an orbit, each
// of 17 force evaluations), observed 50 times an orbit by odeint's integrate_const (the
// observations change no step). Prints the energy error (bounded: no drift) and the position
// error at the end against Kepler's equation.
#include <geomint/problems/kepler.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <utility>

int main() {
    bool ok = true;
    //! [adaptive]
    using model = geomint::problems::kepler<double>;
    const model kepler(0.99);
    // Δs = 2π/N is N steps an orbit (on Kepler with a = 1 the logarithmic Hamiltonian's s is the
    // eccentric anomaly), short at pericentre and long at apocentre in physical time
    geomint::time_transformed_stepper<model, geomint::scheme::kahan_li8> stepper(kepler, 2 * M_PI / 100);
    auto x = std::make_pair(Eigen::VectorXd(kepler.q0()), Eigen::VectorXd(kepler.p0()));
    const double e0 = model::hamiltonian(x.first, x.second), t1 = 100 * kepler.period();
    double worst = 0, last = 0;
    boost::numeric::odeint::integrate_const(std::ref(stepper), kepler, x, 0.0, t1, kepler.period() / 50,
                                            [&](const auto& y, double t) {
                                                worst = std::max(worst, std::abs(model::hamiltonian(y.first, y.second) / e0 - 1));
                                                last = t;
                                            });
    // x is the state at the last observation (t1); stepper.steps(), stepper.force_evaluations() count the work
    //! [adaptive]
    const auto exact = kepler.exact(last);
    const double error = (x.first - exact.first).cwiseAbs().maxCoeff();
    std::printf("kahan_li8 on the logarithmic Hamiltonian, Kepler e = 0.99, 100 orbits, 100 steps an orbit\n");
    std::printf("  steps %lld, force evaluations %ju (%.1f an orbit)\n", stepper.steps(),
                static_cast<std::uintmax_t>(stepper.force_evaluations()), double(stepper.force_evaluations()) / 100);
    std::printf("  max |dE/E| at the observations %.3e, position error at t1 %.3e\n", worst, error);
    ok = worst < 1e-11 && error < 1e-8 && std::abs(last - t1) < 1e-9;
    std::puts(ok ? "as expected: energy to round-off, position to 1e-8 after 100 orbits" : "UNEXPECTED figures");
    return ok ? 0 : 1;
}
