// Compile-fail test (test/compile_fail/compile_fail.cmake): a damped system given a double copy without the damping.
// expect: the double model must have a force exactly when this system has one
#include <geomint/galerkin.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
#include <vector>
int main() {
    using T = boost::multiprecision::cpp_bin_float_50;
    auto L = [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] / 2 + cos(q[0]);
    };
    auto damping = [](const auto& /*q*/, const auto& v, const auto& /*t*/) {
        using U = typename std::decay_t<decltype(v)>::value_type;
        return std::vector<U>{-v[0] / 10};
    };
    // mistake: the copy at double leaves out the force
    auto sys = geomint::make_lagrangian_system<T>(1, L, damping).with_double_model(geomint::make_lagrangian_system<double>(1, L));
    (void)sys;
}
