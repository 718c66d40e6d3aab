#pragma once
/// \file
/// Palindromic splitting methods in the drift A and the kick B that are not compositions of
/// leapfrog: McLachlan's SB3A (odeint's `symplectic_rkn_sb3a_mclachlan`, here at any precision)
/// and Blanes & Moan's SRKN order 6. Their free coefficients are solved from the order conditions
/// (order_conditions.hpp: splitting_residuals) from the published digits, the rational ones are
/// exact; every T of at most 130 digits reads the result from the 140-digit tables
/// (coefficient_tables.hpp, see splitting_scheme.hpp).

#include "geomint/scheme/composition/coefficient_tables.hpp"
#include "geomint/scheme/composition/splitting_scheme.hpp"

#include <type_traits>
#include <vector>

namespace geomint::scheme {

/// A splitting whose free coefficients x are solved from the order-`Order` conditions:
/// `Method::expand(x)` maps them to the drift/kick sequence, `Method::published_digits()` gives
/// the starting digits, `Method::nystrom` says whether the conditions hold only modulo
/// [B,[B,[B,A]]] = 0 (a Runge–Kutta–Nyström method: order `Order` only when T is quadratic in p,
/// i.e. dq/dt is linear in p). The solve itself is in solve_coefficients.hpp, needed only for T
/// beyond the tables.
template <class Method, unsigned Order, unsigned Evaluations>
struct solved_splitting : splitting_scheme<Method, Order, Evaluations> {
    /// The coefficients in T beyond the tables' digits, solved from the order conditions (solve_coefficients.hpp).
    template <class T>
    static splitting_coefficients<T> untabulated_coefficients() {
        static_assert(requires { solve_free_coefficients(std::type_identity<T>{}, Method{}); },
                      "this scalar carries more digits than the coefficient tables: include "
                      "<geomint/scheme/composition/solve_coefficients.hpp> to solve the coefficients in it");
        return Method::expand(solve_free_coefficients(std::type_identity<T>{}, Method{}));
    }
};

/// McLachlan's SB3A, order 4 (palindromic ABA: 5 kicks per step). The kicks are rational,
/// b_1 = −3/73, b_2 = 17/59, b_3 = 1 − 2(b_1 + b_2); the drifts a_1, a_2 solve the two order-3
/// conditions (a_3 = 1/2 − a_1 − a_2). The same method as odeint's
/// `symplectic_rkn_sb3a_mclachlan`, whose a_1, a_2 are 20-digit double literals.
/// Source: McLachlan, SIAM J. Sci. Comput. 16 (1995) 151, Table 2 (SB3A).
struct mclachlan_sb3a : solved_splitting<mclachlan_sb3a, 4, 5> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::mclachlan_sb3a;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "mclachlan_sb3a";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "McLachlan, SIAM J. Sci. Comput. 16 (1995) 151, SB3A (odeint's symplectic_rkn_sb3a_mclachlan)";
    /// Whether the method is a Runge–Kutta–Nyström splitting (for q̈ = −∇V(q) only).
    static constexpr bool nystrom = false;
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() { return {"0.40518861839525227722", "-0.28714404081652408900"}; }
    /// (a_1, a_2) → drifts a_1 a_2 a_3 a_3 a_2 a_1, kicks b_1 b_2 b_3 b_2 b_1 0.
    template <class U>
    static splitting_coefficients<U> expand(const std::vector<U>& x) {
        const U a1 = x[0], a2 = x[1], a3 = U(1) / U(2) - a1 - a2;
        const U b1 = U(-3) / U(73), b2 = U(17) / U(59), b3 = U(1) - U(2) * (b1 + b2);
        return {{a1, a2, a3, a3, a2, a1}, {b1, b2, b3, b2, b1, U(0)}};
    }
};

/// Blanes & Moan's SRKN^b_11, order 6 for Runge–Kutta–Nyström problems (dq/dt linear in p):
/// palindromic BAB, 12 kicks per step (11 with the last force reused), 10 free coefficients
/// a_1 … a_5, b_1 … b_5 (a_6 = 1 − 2Σa, b_6 = 1/2 − Σb), solved modulo [B,[B,[B,A]]] from the
/// printed 15 digits (the authors tuned the free parameters; the solve moves them least).
/// Source: Blanes & Moan, J. Comput. Appl. Math. 142 (2002) 313, Table 3 (SRKN^b_11).
struct blanes_moan_srkn6 : solved_splitting<blanes_moan_srkn6, 6, 12> {
    /// The coefficient table (scheme/composition/coefficient_tables.hpp).
    using table = tables::blanes_moan_srkn6;
    /// Short name, as used in reports and test names.
    static constexpr const char* name = "blanes_moan_srkn6";
    /// The publication and equations this is taken from.
    static constexpr const char* source = "Blanes & Moan, J. Comput. Appl. Math. 142 (2002) 313, Table 3, SRKN^b_11 (order 6)";
    /// Whether the method is a Runge–Kutta–Nyström splitting (for q̈ = −∇V(q) only).
    static constexpr bool nystrom = true;
    /// The coefficients as printed in the source (for the test that compares them with the computed ones).
    static std::vector<const char*> published_digits() {
        return {"0.123229775946271",  "0.290553797799558",  "-0.127049212625417", "-0.246331761062075", "0.357208872795928",
                "0.0414649985182624", "0.198128671918067", "-0.0400061921041533", "0.0752539843015807", "-0.0115113874206879"};
    }
    /// (a_1 … a_5, b_1 … b_5) → kick b_1, drift a_1, kick b_2, …, drift a_6, …, drift a_1, kick
    /// b_1, in odeint's drift-then-kick order (a leading zero drift).
    template <class U>
    static splitting_coefficients<U> expand(const std::vector<U>& x) {
        U sa(0), sb(0);
        for (int i = 0; i < 5; ++i) {
            sa += x[std::size_t(i)];
            sb += x[std::size_t(i + 5)];
        }
        const std::vector<U> a{x[0], x[1], x[2], x[3], x[4], U(1) - U(2) * sa};
        const std::vector<U> b{x[5], x[6], x[7], x[8], x[9], U(1) / U(2) - sb};
        splitting_coefficients<U> c;
        c.drift.push_back(U(0));
        for (int i = 0; i < 6; ++i) c.drift.push_back(a[std::size_t(i)]);
        for (int i = 4; i >= 0; --i) c.drift.push_back(a[std::size_t(i)]);
        for (int i = 0; i < 6; ++i) c.kick.push_back(b[std::size_t(i)]);
        for (int i = 5; i >= 0; --i) c.kick.push_back(b[std::size_t(i)]);
        return c;
    }
};

}  // namespace geomint::scheme
