// Close encounters: Burrau's Pythagorean three-body problem (masses 3, 4, 5 at rest at (1, 3),
// (−2, −1), (1, −1), G = 1) to t = 70, through encounters as close as 4e-4, by the extrapolated
// logarithmic-Hamiltonian leapfrog (algorithmic regularization): the fictitious step and the
// order follow the error estimate. Prints the force evaluations, the energy error at the end and
// the final positions (the binary of masses 4 and 5 escapes one way, mass 3 the other).
#include <geomint/problems/n_body.hpp>
#include <geomint/splitting.hpp>

#include <boost/numeric/odeint/integrate/integrate_adaptive.hpp>

#include <cmath>
#include <cstdio>
#include <functional>
#include <utility>

int main() {
    //! [extrapolation]
    using bodies = geomint::problems::n_body_gravity<double>;
    auto [model, q0, p0] = bodies::pythagorean();
    geomint::scheme::gragg_bulirsch_stoer<8> method;  // columns 3 … 8: order 6 … 16
    method.tolerance = 1e-13;                          // per macro step, mixed absolute/relative
    geomint::time_transformed_stepper<bodies, geomint::scheme::gragg_bulirsch_stoer<8>> stepper(model, 0.1, method);
    auto x = std::make_pair(q0, p0);
    boost::numeric::odeint::integrate_adaptive(std::ref(stepper), model, x, 0.0, 70.0, 1.0);
    // stepper.steps(), rejected_steps(), force_evaluations(); x is the state at t = 70
    //! [extrapolation]
    const double e0 = model.energy(q0, p0), energy = std::abs(model.energy(x.first, x.second) / e0 - 1);
    std::printf("Pythagorean problem to t = 70: %lld steps (%lld rejected), %ju force evaluations, |dE/E| %.2e\n",
                stepper.steps(), stepper.rejected_steps(), static_cast<std::uintmax_t>(stepper.force_evaluations()), energy);
    for (int b = 0; b < 3; ++b) std::printf("  body %d at (%.4f, %.4f)\n", b + 1, x.first(2 * b), x.first(2 * b + 1));
    // the escape: mass 3 far up and right, the binary (4, 5) down and left, near each other
    const double binary = std::hypot(x.first(2) - x.first(4), x.first(3) - x.first(5));
    const bool ok = energy < 1e-10 && stepper.force_evaluations() < 120159 && x.first(1) > 15 && x.first(3) < -3 &&
                    binary < 1 && stepper.current_time() == 70.0;
    std::puts(ok ? "as expected: energy to 1e-10, mass 3 escaped, the binary bound" : "UNEXPECTED figures");
    return ok ? 0 : 1;
}
