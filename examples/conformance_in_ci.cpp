// Checking your own odeint stepper in CI with geomint's conformance kit: one line per stepper and
// precision. Here "your" stepper is a hand-written symplectic RKN stepper built on odeint's base
// (the Forest–Ruth / triple-jump coefficients), as a user would write it, with double-literal
// coefficients; the kit measures its order, symplecticity and time symmetry, and the order
// conditions of the coefficients it holds.
//
// In a GoogleTest suite the same check is one line (geomint/conformance/gtest.hpp):
//   EXPECT_TRUE(geomint::conformance::conforms(my_stepper<V>(), geomint::conformance::kepler<double>(),
//                                              {.order = 4, .symplectic = true, .symmetric = true}));
#include <geomint/precision.hpp>
#include <geomint/conformance.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/stepper/base/symplectic_rkn_stepper_base.hpp>

#include <array>
#include <iostream>

namespace odeint = boost::numeric::odeint;

// A user's stepper: Yoshida's triple jump as an odeint symplectic RKN stepper (4 stages).
template <class Coor, class Value = double>
class my_stepper : public odeint::symplectic_nystroem_stepper_base<4, 4, Coor, Coor, Value, Coor, Coor, Value,
                                                                   typename odeint::algebra_dispatcher<Coor>::algebra_type,
                                                                   typename odeint::operations_dispatcher<Coor>::operations_type,
                                                                   odeint::initially_resizer> {
    using base = odeint::symplectic_nystroem_stepper_base<4, 4, Coor, Coor, Value, Coor, Coor, Value,
                                                          typename odeint::algebra_dispatcher<Coor>::algebra_type,
                                                          typename odeint::operations_dispatcher<Coor>::operations_type,
                                                          odeint::initially_resizer>;

public:
    my_stepper() : base(coefficients_a(), coefficients_b()) {}

private:
    static constexpr double w1 = 1.3512071919596578;   // 1/(2 − 2^{1/3}), as a double literal
    static constexpr double w0 = -1.7024143839193153;  // 1 − 2 w1
    static typename base::coef_type coefficients_a() { return {{Value(w1 / 2), Value((w1 + w0) / 2), Value((w0 + w1) / 2), Value(w1 / 2)}}; }
    static typename base::coef_type coefficients_b() { return {{Value(w1), Value(w0), Value(w1), Value(0)}}; }
};

int main() {
    //! [examine]
    namespace gc = geomint::conformance;
    const gc::claims claimed{.order = 4, .symplectic = true, .symmetric = true};

    const gc::report r = gc::examine(my_stepper<std::array<double, 2>>(), gc::kepler<double>(), claimed);
    std::cout << r.summary() << "\n";
    //! [examine]

    // The same stepper at 50 digits: still symplectic and symmetric, but its double-literal
    // coefficients sum to 1 + 2e-16 only, so at 50 digits it is not even consistent (order 0:
    // the error stalls at ~1e-16 · t). The kit fails it, and the coefficient check says why.
    using T = geomint::mp<50>;
    using P = std::array<T, 2>;
    const gc::report r50 = gc::examine(my_stepper<P, T>(), gc::kepler<T>(), claimed);
    std::cout << r50.summary() << "\n";
    const double residual = gc::coefficient_residual(my_stepper<P, T>(), 4);
    std::cout << "order-4 conditions of its coefficients: residual " << residual
              << " (coefficients exact to 50 digits leave < 1e-49; geomint::yoshida4_stepper's do)\n";

    // Exit status for CI: the double claims hold (a user's CI would stop here); this example also
    // asserts that the kit catches the 50-digit failure.
    return r.passed && !r50.passed && residual > 1e-20 ? 0 : 1;
}
