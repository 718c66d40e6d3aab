// The README's drop-in snippet as a whole program: Simpson's stepper at 50 digits through
// boost::numeric::odeint::integrate_const on the double pendulum of the Simpson paper.
// Prints the exact q(10 tbar), the computed one and the error; exits 1 if the error exceeds
// the bound expected for h = 0.01 tbar (fourth order: ~1e-7).
#include <geomint/geomint.hpp>

#include <boost/numeric/odeint.hpp>

#include <iostream>

int main() {
    namespace odeint = boost::numeric::odeint;
    //! [drop_in]
    using T = geomint::mp<50>;
    using Vec = Eigen::Vector<T, 2>;
    const geomint::problems::double_pendulum<T> dp;  // Table 1 of the paper
    geomint::quadratic_lagrangian<Eigen::Matrix<T, 2, 2>> sys{dp.mass(), dp.stiffness()};
    geomint::simpson_stepper<Vec> stepper;  // order() == 4
    auto x = std::make_pair(Vec(dp.q0()), Vec(dp.p0()));  // (q, p)
    std::size_t steps = 0;
    auto observer = [&steps](const auto&, const T&) { ++steps; };
    odeint::integrate_const(stepper, sys, x, T(0), T(10), T(1) / 100, observer);
    //! [drop_in]

    const Vec exact = dp.q_exact(T(10));
    const T error = (x.first - exact).norm();
    std::cout.precision(30);
    std::cout << "observer calls: " << steps << "\n"
              << "q(10)  exact   : " << exact.transpose() << "\n"
              << "q(10)  Simpson : " << x.first.transpose() << "\n";
    std::cout.precision(4);
    std::cout << "error ||q - q_ex|| = " << error << " (expected ~1e-7 at h = 0.01 tbar)\n";
    return error < T(1) / T(1000000) ? 0 : 1;
}
