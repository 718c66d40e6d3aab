// Compile-fail test (test/compile_fail/compile_fail.cmake): the double copy given as the bare Lagrangian instead of a lagrangian_system<double>.
// expect: the double model must be a lagrangian_system<double, ...>
#include <geomint/galerkin.hpp>
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cmath>
int main() {
    using T = boost::multiprecision::cpp_bin_float_50;
    auto L = [](const auto& q, const auto& v) {
        using std::cos;
        return v[0] * v[0] / 2 + cos(q[0]);
    };
    // mistake: L itself, not make_lagrangian_system<double>(1, L)
    auto sys = geomint::make_lagrangian_system<T>(1, L).with_double_model(L);
    (void)sys;
}
