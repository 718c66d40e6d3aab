// Compensated summation on the constrained steppers: the same discrete map run at double with
// plain and with compensated summation of the increments, against the map itself run at 50
// digits (so the difference is the double run's rounding only, not the scheme's error). Small
// steps make many small increments: plain summation loses ~ε|q| per step, linearly in the step
// count; compensated summation keeps the increments' rounding, so its error is set by the
// increments themselves.
#include "test_common.hpp"

#include <geomint/constrained.hpp>

namespace {

using namespace geomint;
using SV = std::vector<double>;
using SV50 = std::vector<mp<50>>;

template <class V>
std::pair<V, V> start() {
    using T = typename V::value_type;
    const problems::spherical_pendulum<T> pendulum;
    const auto [q, p] = pendulum.cartesian_state(T(1), T(1) / T(3), T(0), T(2));
    return {V(q.data(), q.data() + 3), V(p.data(), p.data() + 3)};
}

/// The state after `n` steps of h = 1/h_inverse of `Stepper` at the scalar of V.
template <class Stepper, class V>
std::pair<V, V> run(int n, double h_inverse) {
    using T = typename V::value_type;
    const problems::spherical_pendulum<T> pendulum;
    const auto sys = pendulum.template system<V>();
    auto x = start<V>();
    Stepper stepper;
    const T h = T(1) / T(h_inverse);
    for (int j = 0; j < n; ++j) stepper.do_step(sys, x, T(j) * h, h);
    return x;
}

TEST(CompensatedSummation, ConstrainedSteppersKeepTheIncrementsRounding) {
    constexpr int n = 20000;
    constexpr double h_inverse = 10000;  // h = 1e-4, T = 2
    const auto error_of = [](const std::pair<SV, SV>& x, const std::pair<SV50, SV50>& ref) {
        double e = 0;
        for (int i = 0; i < 3; ++i)
            e = std::max({e, std::abs(x.first[i] - static_cast<double>(ref.first[i])),
                          std::abs(x.second[i] - static_cast<double>(ref.second[i]))});
        return e;
    };
    const auto check = [&](auto plain, auto compensated, auto reference, const char* name) {
        const auto ref = run<decltype(reference), SV50>(n, h_inverse);
        const double e_plain = error_of(run<decltype(plain), SV>(n, h_inverse), ref);
        const double e_comp = error_of(run<decltype(compensated), SV>(n, h_inverse), ref);
        std::printf("%s, %d steps of h = 1e-4: rounding error plain %.3g, compensated %.3g\n", name, n, e_plain, e_comp);
        EXPECT_LT(e_comp, 0.25 * e_plain) << name;
    };
    check(rattle_stepper<SV, SV, checked, plain_summation>{}, rattle_stepper<SV, SV, checked, compensated_summation>{},
          rattle_stepper<SV50, SV50, checked, compensated_summation>{}, "rattle");
    check(galerkin_vi_stepper<SV, 2, SV, checked, plain_summation>{},
          galerkin_vi_stepper<SV, 2, SV, checked, compensated_summation>{},
          galerkin_vi_stepper<SV50, 2, SV50, checked, compensated_summation>{}, "galerkin_vi_2");
}

}  // namespace
