// A free rigid body near the separatrix of its intermediate axis (I = (1, 2, 3), modulus
// k² = 0.998787): the splitting into exact rotations composed to order 6, 100 periods of the body
// angular momentum Π, against its exact value by Jacobi's elliptic functions. The attitude stays a
// rotation and |Π| is kept to round-off: after 10⁵ steps (3.7·10⁶ exact rotations) |Π|² is off by
// less than round-off's 10 ε √n = 4e-12, and R stays orthogonal to ε (the stepper's rounding
// correction).
#include <geomint/rigid.hpp>

#include <boost/numeric/odeint/integrate/integrate_const.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

int main() {
    //! [rigid]
    using R9 = std::array<double, 9>;  // the attitude R (body to space), row by row
    using P3 = std::array<double, 3>;  // the body angular momentum Π
    const geomint::vector<double, 3> moments(1, 2, 3);
    const double c = std::sqrt(0.998787 / 3.998787);  // Π₀ = (c, 0, √(1 − c²)): k² = 3c²/(1 − c²)
    const geomint::vector<double, 3> pi0(c, 0, std::sqrt(1 - c * c));

    const geomint::rigid_body<double> body(moments);  // free; rigid_body<double, V> for a potential V(R)
    geomint::composed_rigid_body_stepper<R9, P3, geomint::scheme::kahan_li6> stepper;  // order 6
    auto x = std::make_pair(R9{1, 0, 0, 0, 1, 0, 0, 0, 1}, P3{pi0(0), pi0(1), pi0(2)});

    const geomint::problems::free_rigid_body<double> exact(moments, pi0);  // Π(t) by Jacobi's elliptic functions
    const double t1 = 100 * exact.period();
    boost::numeric::odeint::integrate_const(stepper, body, x, 0.0, t1, exact.period() / 1000);
    //! [rigid]

    const geomint::vector<double, 3> pi(x.second[0], x.second[1], x.second[2]);
    geomint::so3::matrix3<double> R;
    for (int i = 0; i < 9; ++i) R(i / 3, i % 3) = x.first[std::size_t(i)];
    const double error = (pi - exact.pi(t1)).norm(), casimir = std::abs(pi.squaredNorm() / pi0.squaredNorm() - 1),
                 orthogonality = geomint::so3::orthogonality_defect(R);
    std::printf("period %.6f; after 100 periods: |Pi - Pi_exact| = %.2e, |Pi|^2 relative change %.1e, max |R^T R - I| %.1e\n",
                exact.period(), error, casimir, orthogonality);
    return error < 1e-8 && casimir < 5e-12 && orthogonality < 1e-14 ? 0 : 1;
}
