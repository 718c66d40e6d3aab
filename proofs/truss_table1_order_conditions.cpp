// The order conditions of Table 1 up to p = 4 for the scheme (6.2), checked through the series
// of its local error in Δt: the error of one step from exact data is O(Δt⁵) (order 4), while
// the mid-point forms (a), (b) are O(Δt³) (order 2).
#include "proof.hpp"

#include <geomint/exact/truss_reference.hpp>
#include <geomint/problems/tumbling_tetrahedron.hpp>
#include <geomint/scheme/truss/energy_momentum.hpp>
#include <geomint/scheme/truss/fourth_order.hpp>
#include <geomint/scheme/truss/midpoint.hpp>

#include <cmath>

namespace {
using namespace geomint_proof;
using real = geomint::mp<50>;
using geomint::nodal;
namespace scheme = geomint::scheme;

// Mutant: (6.2) with Δt²/10 for Δt²/12 in 𝒢, 𝓜 and 𝒳 (fails the third- and fourth-order
// conditions of Table 1).
struct detuned : scheme::truss_fourth_order {
    static constexpr bool bar_assembled = false;
    template <class Truss, class U, class T>
    static scheme::mc_parameters<U> parameters(const Truss& sys, const nodal<U>& R0, const nodal<U>& P0,
                                               const nodal<U>& R1, const nodal<U>& P1, const T& dt) {
        return scheme::truss_fourth_order::parameters(sys, R0, P0, R1, P1, T(dt * std::sqrt(1.2)));
    }
};
}  // namespace

int main(int argc, char** argv) {
    proof p(argc, argv, "truss_table1_order_conditions",
            "The scheme (6.2) meets the order conditions of Table 1 up to p = 4: its local error is O(dt^5); the "
            "mid-point form (3.3) and the energy-momentum scheme meet them up to p = 2 (local error O(dt^3))",
            "Graham & Jelenic, eqs. (5.1)-(5.12), Table 1, (6.1)-(6.2)",
            "numeric at 50 digits (geomint::mp<50>): one library step from the tumbling tetrahedron's exact initial "
            "state against odeint's runge_kutta_fehlberg78 (400 fixed steps, error ~ 1e-40) for dt = 1/10 ... "
            "1/160; the leading power of the series of the local error is the slope of log|e| against log dt over "
            "the three smallest dt, required within 0.1 of 5 (resp. 3); e/dt^5 (resp. e/dt^3) is printed as the "
            "leading coefficient. The mutant scales dt in (6.2)'s parameters by sqrt(1.2)");
    auto t = geomint::problems::tumbling_tetrahedron<real>();
    const auto local_order = [&](auto s, int expected, const char* name) {
        using S = decltype(s);
        std::vector<double> logs_h, logs_e;
        double coefficient = 0;
        for (int k = 0; k < 5; ++k) {
            const real dt = real(1) / real(10 << k);
            nodal<real> R = t.R, P = t.P;
            scheme::mc_step<S>(t.sys, R, P, real(0), dt, geomint::iteration_options{});
            const auto [Rx, Px] = geomint::problems::truss_reference_state(t.sys, t.R, t.P, dt, 400);
            const real e = (std::max)(geomint::max_abs(nodal<real>(R - Rx)), geomint::max_abs(nodal<real>(P - Px)));
            logs_h.push_back(std::log(static_cast<double>(dt)));
            logs_e.push_back(std::log(static_cast<double>(e)));
            coefficient = static_cast<double>(e) / std::pow(static_cast<double>(dt), expected);
        }
        const std::size_t n = logs_h.size();
        const double slope = (logs_e[n - 1] - logs_e[n - 3]) / (logs_h[n - 1] - logs_h[n - 3]);
        p.check(std::abs(slope - expected) <= 0.1,
                std::string(name) + ": local error O(dt^" + std::to_string(expected) + ")",
                "slope " + str(slope) + ", e/dt^" + std::to_string(expected) + " = " + str(coefficient));
    };
    if (p.mutant())
        local_order(detuned{}, 5, "(6.2) detuned [mutant]");
    else
        local_order(scheme::truss_fourth_order{}, 5, "(6.2) fourth order");
    local_order(scheme::truss_midpoint{}, 3, "(a) mid-point (3.3)");
    local_order(scheme::truss_energy_momentum{}, 3, "(b) energy-momentum");
    return p.finish();
}
