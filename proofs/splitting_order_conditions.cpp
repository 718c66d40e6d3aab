// The catalogue's order conditions, derived symbolically and checked: for each family the
// conditions are derived with GiNaC by the library's own free-algebra engine (word_series on
// GiNaC::ex: the logarithm of the product of exponentials with symbolic weights), printed as
// polynomials in the free weights, and checked
// - exactly for the closed forms (Yoshida's triple jump, Suzuki's fractal: the weights'
//   algebraic relation c³ = 2 or 4 substituted);
// - at 100 digits for the solved ones (orders 8 and 10: the engine on GiNaC's 110-digit numbers,
//   since their symbolic logarithms swell) (Yoshida 6/8, Kahan–Li 6/8, Sofroniou–Spaletta 10, and
//   McLachlan's SB3A with its rational kicks): the polynomials evaluated at the weights the
//   library computes, within 1e-95.
// Blanes–Moan's RKN method is checked in test_composition (its conditions hold modulo
// [B,[B,[B,A]]], projected numerically). Mutant: one weight off by 1e-10 must fail.
#include "proof.hpp"

#include <geomint/scheme/composition/solve_coefficients.hpp>
#include <geomint/symbolic/ginac.hpp>

#include <sstream>

using namespace geomint;
using geomint_proof::str;
using ex = GiNaC::ex;

namespace {

/// The order-p conditions of a palindromic composition with symbolic outer weights, expanded.
std::vector<ex> composition_conditions(const std::vector<GiNaC::symbol>& w, int order) {
    std::vector<ex> outer(w.begin(), w.end());
    const auto basis = scheme::odd_generators_basis(order);
    auto r = scheme::symmetric_composition_residuals(basis, scheme::palindromic_weights(outer));
    std::vector<ex> out;
    for (auto& c : r) {
        const ex e = GiNaC::expand(c);
        if (!e.is_zero()) out.push_back(e);
    }
    return out;
}

/// A number as a GiNaC numeric at 110 digits (from its decimal text).
template <class T>
ex numeric_of(const T& x) {
    std::ostringstream os;
    os.precision(110);
    os << x;
    return GiNaC::numeric(os.str().c_str());
}

/// Orders <= 6: the conditions as polynomials in symbolic weights, then evaluated at the
/// library's weights; orders 8, 10 (up to 17 weights: the symbolic logarithm swells): the same
/// engine run on GiNaC's own 110-digit numbers (CLN arithmetic, independent of Boost.Multiprecision).
template <class M>
void check_solved_composition(geomint_proof::proof& pf) {
    auto values = M::template outer_weights<mp<100>>();
    if (pf.mutant()) values[0] += mp<100>(1) / mp<100>(10000000000LL);
    std::vector<ex> residuals;
    if (M::order <= 6) {
        std::vector<GiNaC::symbol> w;
        for (std::size_t i = 0; i < values.size(); ++i) w.emplace_back("w" + std::to_string(i + 1));
        const auto conditions = composition_conditions(w, int(M::order));
        pf.note(std::string(M::name) + ": " + std::to_string(conditions.size()) + " non-zero condition polynomials, e.g. " +
                str(conditions.front()) + " = 0");
        GiNaC::exmap at;
        for (std::size_t i = 0; i < w.size(); ++i) at[w[i]] = numeric_of(values[i]);
        for (const ex& c : conditions) residuals.push_back(GiNaC::evalf(c.subs(at)));
    } else {
        std::vector<ex> outer;
        for (const auto& v : values) outer.push_back(numeric_of(v));
        for (auto& r : scheme::symmetric_composition_residuals(scheme::odd_generators_basis(int(M::order)), scheme::palindromic_weights(outer)))
            residuals.push_back(GiNaC::evalf(r));
    }
    GiNaC::numeric worst(0);
    for (const ex& r : residuals) worst = std::max(worst, GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(r)));
    const auto& conditions = residuals;
    pf.check(worst < GiNaC::numeric("1e-95"), std::string(M::name) + ": " + std::to_string(conditions.size()) + " conditions of order " +
                                                   std::to_string(M::order) + " at the library's 100-digit weights",
             "largest |residual| " + str(worst));
}

}  // namespace

int main(int argc, char** argv) {
    geomint_proof::proof pf(argc, argv, "splitting_order_conditions",
                            "every catalogue method satisfies its order conditions: the logarithm of the product of exponentials "
                            "equals h(A + B) (resp. h Y_1) up to O(h^{p+1}) in the free algebra",
                            "Yoshida 1990; Suzuki 1990; Kahan & Li 1997; Sofroniou & Spaletta 2005; McLachlan 1995; "
                            "Hairer-Lubich-Wanner GNI sec. III.5, V.3",
                            "numeric at 100 digits (symbolic conditions by GiNaC; exact for the closed forms)");
    GiNaC::Digits = 110;

    // closed forms, exactly: order 4 needs Σγ = 1 (built in) and Σγ³ = 0
    {
        GiNaC::symbol w1("w1"), c("c");
        const auto conditions = composition_conditions({w1}, 4);
        pf.note("triple jump: conditions " + str(conditions[0]) + (conditions.size() > 1 ? ", ..." : "") + " (= 0)");
        for (int k : {2, 4}) {
            // w1 = 1/(2 − c) (triple jump, c³ = 2) or the fractal's 1/(4 − c), c³ = 4, as a 5-stage composition w, w, 1 − 4w
            GiNaC::symbol v("v");
            std::vector<ex> outer = k == 2 ? std::vector<ex>{ex(w1)} : std::vector<ex>{ex(w1), ex(w1)};
            const ex value = k == 2 ? 1 / (2 - c) : 1 / (4 - c);
            const ex mutant_shift = pf.mutant() ? GiNaC::numeric(1, 1000) : GiNaC::numeric(0);
            bool all = true;
            for (auto& cond : scheme::symmetric_composition_residuals(scheme::odd_generators_basis(4), scheme::palindromic_weights(outer))) {
                ex e = GiNaC::numer(GiNaC::normal(cond.subs(w1 == value + mutant_shift)));
                // reduce modulo c³ = k (polynomial remainder in c)
                if (!GiNaC::expand(GiNaC::rem(GiNaC::expand(e), GiNaC::pow(c, 3) - k, c)).is_zero()) all = false;
            }
            pf.check(all, k == 2 ? "yoshida4 = 1/(2 − 2^{1/3}) satisfies the order-4 conditions exactly (c³ = 2)"
                                 : "suzuki4 = 1/(4 − 4^{1/3}) satisfies the order-4 conditions exactly (c³ = 4)");
        }
    }

    check_solved_composition<scheme::yoshida6>(pf);
    check_solved_composition<scheme::yoshida8>(pf);
    check_solved_composition<scheme::kahan_li6>(pf);
    check_solved_composition<scheme::kahan_li8>(pf);
    check_solved_composition<scheme::sofroniou_spaletta10>(pf);

    // McLachlan's SB3A: symbolic drifts a1, a2, rational kicks; the splitting conditions in A, B
    {
        GiNaC::symbol a1("a1"), a2("a2");
        const auto c = scheme::mclachlan_sb3a::expand(std::vector<ex>{ex(a1), ex(a2)});
        const auto basis = scheme::splitting_basis(4);
        std::vector<ex> conditions;
        for (auto& r : scheme::splitting_residuals(basis, c.drift, c.kick)) {
            const ex e = GiNaC::expand(r);
            if (!e.is_zero()) conditions.push_back(e);
        }
        pf.note("mclachlan_sb3a: " + std::to_string(conditions.size()) + " non-zero condition polynomials in (a1, a2), e.g. " +
                str(conditions.front()) + " = 0");
        auto x = scheme::solve_free_coefficients(std::type_identity<mp<100>>{}, scheme::mclachlan_sb3a{});
        if (pf.mutant()) x[1] += mp<100>(1) / mp<100>(10000000000LL);
        GiNaC::exmap at{{a1, numeric_of(x[0])}, {a2, numeric_of(x[1])}};
        GiNaC::numeric worst(0);
        for (const ex& e : conditions) worst = std::max(worst, GiNaC::abs(GiNaC::ex_to<GiNaC::numeric>(GiNaC::evalf(e.subs(at)))));
        pf.check(worst < GiNaC::numeric("1e-95"), "mclachlan_sb3a: the order-4 splitting conditions at the library's 100-digit drifts",
                 "largest |residual| " + str(worst));
    }
    return pf.finish();
}
