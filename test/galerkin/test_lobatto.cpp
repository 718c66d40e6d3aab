// Lobatto IIIA–IIIB coefficients checked against closed forms (degrees 2–4) and against the
// order conditions they are not built from: exactness of the quadrature up to degree 2r − 1 and
// Lobatto IIIB's D(s) condition; the scaled form's symplecticity condition holds exactly. The
// 140-digit tables the steppers read are the coefficients solved afresh at 120 digits, and a
// scalar beyond 130 digits solves its own.
#include "test_common.hpp"
#include <geomint/scheme/galerkin/lobatto.hpp>
#include <geomint/scheme/galerkin/solve_lobatto.hpp>

namespace {
using namespace geomint_test;

template <class T>
void check_pair(int r) {
    const auto q = scheme::lobatto_iiia_iiib<T>(r);
    const int s = r + 1;
    const T tol = eps<T>() * T(1000);
    EXPECT_EQ(q.c(0), T(0));
    EXPECT_EQ(q.c(r), T(1));
    for (int i = 0; i < s; ++i) EXPECT_LE(to_d(abs(q.c(i) + q.c(r - i) - T(1))), to_d(tol)) << r;
    for (int k = 0; k <= 2 * r - 1; ++k) {
        T sum(0);
        for (int j = 0; j < s; ++j) sum += q.b(j) * pow(q.c(j), k);
        EXPECT_LE(to_d(abs(sum - T(1) / T(k + 1))), to_d(tol)) << "r = " << r << ", k = " << k;
    }
    // D(s) for IIIB: Σ_i b_i c_i^{k-1} â_ij = b_j (1 − c_j^k)/k, k = 1..s−1 (Lobatto IIIB satisfies D(s))
    for (int k = 1; k <= s - 1; ++k)
        for (int j = 0; j < s; ++j) {
            T sum(0);
            for (int i = 0; i < s; ++i) sum += q.b(i) * pow(q.c(i), k - 1) * q.a_hat(i, j);
            EXPECT_LE(to_d(abs(sum - q.b(j) * (T(1) - pow(q.c(j), k)) / T(k))), to_d(tol)) << r << " " << k << " " << j;
        }
    // scaled form: μ b = a and μ̂ b = â to rounding, and μ̂_ij + μ_ji = 1 exactly (the sum of two
    // T values formed in mp<100>, which holds it exactly for double and mp<50>)
    for (int i = 0; i < s; ++i)
        for (int j = 0; j < s; ++j) {
            EXPECT_LE(to_d(abs(q.mu(i, j) * q.b(j) - q.a(i, j))), to_d(tol)) << r << " " << i << " " << j;
            EXPECT_LE(to_d(abs(q.mu_hat(i, j) * q.b(j) - q.a_hat(i, j))), to_d(tol)) << r << " " << i << " " << j;
            EXPECT_EQ(mp<100>(q.mu_hat(i, j)) + mp<100>(q.mu(j, i)), mp<100>(1)) << r << " " << i << " " << j;
        }
    // IIIA: first row zero, last row = b
    for (int j = 0; j < s; ++j) {
        EXPECT_EQ(q.a(0, j), T(0));
        EXPECT_LE(to_d(abs(q.a(r, j) - q.b(j))), to_d(tol));
    }
}

template <class T>
void check_closed_forms() {
    using std::sqrt;
    const T tol = eps<T>() * T(100);
    const auto s2 = scheme::lobatto_iiia_iiib<T>(2);
    EXPECT_LE(to_d(abs(s2.b(0) - T(1) / T(6))), to_d(tol));
    EXPECT_LE(to_d(abs(s2.b(1) - T(2) / T(3))), to_d(tol));
    const auto s3 = scheme::lobatto_iiia_iiib<T>(3);
    EXPECT_LE(to_d(abs(s3.c(1) - (T(1) - T(1) / sqrt(T(5))) / T(2))), to_d(tol));
    EXPECT_LE(to_d(abs(s3.b(0) - T(1) / T(12))), to_d(tol));
    EXPECT_LE(to_d(abs(s3.b(1) - T(5) / T(12))), to_d(tol));
    const auto s4 = scheme::lobatto_iiia_iiib<T>(4);
    EXPECT_LE(to_d(abs(s4.c(1) - (T(1) - sqrt(T(3) / T(7))) / T(2))), to_d(tol));
    EXPECT_LE(to_d(abs(s4.b(1) - T(49) / T(180))), to_d(tol));
    EXPECT_LE(to_d(abs(s4.b(2) - T(16) / T(45))), to_d(tol));
}

TEST(Lobatto, DoubleOrderConditions) {
    for (int r = 1; r <= 8; ++r) check_pair<double>(r);
    check_closed_forms<double>();
}
TEST(Lobatto, Mp50OrderConditions) {
    for (int r = 1; r <= 8; ++r) check_pair<mp<50>>(r);
    check_closed_forms<mp<50>>();
}
// Every entry's binary form, rounded to T's bits by scheme::detail::from_binary, is Boost's
// correctly rounded decimal conversion of the same entry: at 50 and 120 digits and at the widest
// binary-readable cpp_bin_float (446 bits), and with the rounding of from_binary checked on ties.
template <class T>
int check_binary_entries() {
    int checked = 0;
    for (int r = 1; r <= scheme::lobatto_max_degree; ++r) {
        const char* const* decimal = scheme::tables::lobatto_entries(r);
        const scheme::binary_entry* binary = scheme::tables::lobatto_binary_entries(r);
        for (int k = 0; k < (r + 1) * (r + 1); ++k, ++checked)
            EXPECT_EQ(scheme::detail::from_binary<T>(binary[k]), T(decimal[k])) << "degree " << r << ", entry " << k;
    }
    return checked;
}

TEST(Lobatto, BinaryTablesAreTheDecimalEntries) {
    namespace bmp = boost::multiprecision;
    using widest = bmp::number<bmp::cpp_bin_float<scheme::binary_table_bits, bmp::digit_base_2>, bmp::et_off>;
    static_assert(scheme::binary_table_readable<mp<50>> && scheme::binary_table_readable<mp<120>> &&
                  scheme::binary_table_readable<widest> && !scheme::binary_table_readable<double>);
    EXPECT_EQ(check_binary_entries<mp<50>>(), 818);
    check_binary_entries<mp<120>>();
    check_binary_entries<widest>();
    // ties to even at mp<50> (168 bits): L = 2^447 + 2^279 (the rounding bit alone) rounds down to
    // 2^447, with the sticky bit up; L = 2^447 + 2^280 + 2^279 (odd, then the rounding bit) rounds up
    const int low = 448 - std::numeric_limits<mp<50>>::digits;
    scheme::binary_entry e{false, false, 448, {0x8000000000000000, 0, 0, 0, 0, 0, 0}};
    const auto set = [&](int bit) { e.limb[6 - bit / 64] |= std::uint64_t(1) << (bit % 64); };
    set(low - 1);
    const mp<50> one_ulp = ldexp(mp<50>(1), low);  // at 2^447
    EXPECT_EQ(scheme::detail::from_binary<mp<50>>(e), ldexp(mp<50>(1), 447));
    e.sticky = true;
    EXPECT_EQ(scheme::detail::from_binary<mp<50>>(e), ldexp(mp<50>(1), 447) + one_ulp);
    e.sticky = false;
    set(low);
    EXPECT_EQ(scheme::detail::from_binary<mp<50>>(e), ldexp(mp<50>(1), 447) + 2 * one_ulp);
    e.negative = true;
    EXPECT_EQ(scheme::detail::from_binary<mp<50>>(e), -(ldexp(mp<50>(1), 447) + 2 * one_ulp));
}

// Every entry of the tables (read at 120 digits) within 10⁴ ε of the 120-digit solve for Degrees
// 1–7 and 10⁷ ε beyond (the 120-digit solve's Vandermonde systems lose digits with the degree:
// 4.4·10⁵ ε at Degree 12; the tables were solved at 170); the double and mp<50> nodes and weights
// the steppers use equal to the solved ones rounded once, the scaled μ within 2 ε of them (the
// exactness of 1 − μ and of the time symmetry moves an entry by an ulp at most), and Degree 2's μ
// exact (5/4, 1/2, −1/4).
TEST(Lobatto, TablesAreTheSolvedCoefficients) {
    using W = mp<120>;
    for (int r = 1; r <= scheme::lobatto_max_degree; ++r) {
        const W tol = W(r <= 7 ? 10000 : 10000000) * eps<W>();
        const auto table = scheme::lobatto_iiia_iiib<W>(r);
        const auto solved = scheme::solved_lobatto_pair<W>(r);
        const auto differ = [&](const matrix<W>& x, const matrix<W>& y) {
            return W((x - y).cwiseAbs().maxCoeff());
        };
        EXPECT_LE(differ(table.c, solved.c), tol) << r;
        EXPECT_LE(differ(table.b, solved.b), tol) << r;
        EXPECT_LE(differ(table.a, solved.a), tol) << r;
        EXPECT_LE(differ(table.extrapolation, solved.extrapolation), W(1000) * tol) << r;
        const auto d = scheme::lobatto_iiia_iiib<double>(r);
        const auto m = scheme::lobatto_iiia_iiib<mp<50>>(r);
        EXPECT_LE(differ(table.mu, solved.mu), W(100) * tol) << r;  // μ = a/b: b_0 small at high degree
        for (int i = 0; i <= r; ++i) {
            EXPECT_EQ(d.c(i), static_cast<double>(solved.c(i))) << r << " c " << i;
            EXPECT_EQ(m.b(i), static_cast<mp<50>>(solved.b(i))) << r << " b " << i;
            for (int j = 0; j <= r; ++j)
                EXPECT_LE(std::abs(d.mu(i, j) - static_cast<double>(solved.mu(i, j))),
                          2 * eps<double>() * std::max(1.0, std::abs(d.mu(i, j))))
                    << r << " mu " << i << " " << j;
        }
    }
    const auto d2 = scheme::lobatto_iiia_iiib<double>(2);
    EXPECT_EQ(d2.mu(1, 0), 1.25);
    EXPECT_EQ(d2.mu(1, 1), 0.5);
    EXPECT_EQ(d2.mu(1, 2), -0.25);
}

// Beyond the tables (140 digits > 130): the pair is solved in T (this file includes
// solve_lobatto.hpp) and agrees with the tables to their last digit.
TEST(Lobatto, BeyondTheTablesThePairIsSolvedInT) {
    using B = mp<140>;
    static_assert(!scheme::table_readable<B> && scheme::table_readable<mp<130>>);
    const auto q = scheme::lobatto_iiia_iiib<B>(5);
    const auto t = scheme::lobatto_iiia_iiib<mp<130>>(5);
    EXPECT_LE(to_d((q.a - t.a.cast<B>()).cwiseAbs().maxCoeff()), 1e-128);
    EXPECT_LE(to_d((q.b - t.b.cast<B>()).cwiseAbs().maxCoeff()), 1e-128);
}

TEST(Lobatto, RejectsBadDegree) {
    EXPECT_THROW(scheme::lobatto_iiia_iiib<double>(0), std::invalid_argument);
    EXPECT_THROW(scheme::lobatto_iiia_iiib<double>(13), std::invalid_argument);
}
}  // namespace
