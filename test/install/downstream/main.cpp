// A downstream project: uses the installed headers through find_package(geomint COMPONENTS mp)
// and the umbrella header; one step at double and 1/3 at 30 digits by MPFR (geomint::mp).
#include <geomint/geomint.hpp>
#include <iostream>
#include <string>
int main() {
    using V = Eigen::Vector2d;
    Eigen::Matrix2d M = Eigen::Matrix2d::Identity(), K = Eigen::Matrix2d::Identity();
    geomint::quadratic_lagrangian<Eigen::Matrix2d> sys{M, K};
    geomint::simpson_stepper<V> st;
    auto x = std::make_pair(V(1, 0), V(0, 0));
    st.do_step(sys, x, 0.0, 0.1);
    const double err = std::abs(x.first(0) - std::cos(0.1));
    const geomint::mpfr<30> third = geomint::mpfr<30>(1) / 3;
    if (abs(3 * third - 1) > geomint::mpfr<30>("1e-29")) return 1;
    std::cout << "downstream: geomint " << GEOMINT_VERSION_STRING << " (package " << GEOMINT_PACKAGE_VERSION
              << "), q(0.1) = " << x.first(0) << ", error " << err << "\n";
    return err < 1e-6 && std::string(GEOMINT_VERSION_STRING) == GEOMINT_PACKAGE_VERSION ? 0 : 1;
}
