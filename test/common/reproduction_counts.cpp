// The guide's reproduction claims (docs/reproductions.md), checked against the data: every cell of the Simpson paper's
// Table 2 and of the pendulum paper's Tables 2–4 is recomputed at double, the cells within 1 % and
// 5 % of print are counted per table and column, and the counts must equal the block between the
// `reproduction-counts` markers in docs/reproductions.md. On a mismatch the test prints the block to paste —
// so the guide states what the data give, never more.
#include "test_common.hpp"

#include <reproductions/pendulum_tables.hpp>
#include <reproductions/simpson_table2.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace {
using namespace geomint;
using namespace geomint::reproduction;

struct tally {
    int printed = 0, within1 = 0, within5 = 0, dots = 0, dots_matched = 0;
    std::vector<std::string> worst;  ///< cells beyond 5 %
    void add(double computed, double print, bool computed_wrong, const std::string& where) {
        if (std::isnan(print)) {
            ++dots;
            dots_matched += computed_wrong;
            return;
        }
        ++printed;
        if (computed_wrong || !std::isfinite(computed)) {
            worst.push_back(where + ": computed wrong motion, printed " + std::to_string(print));
            return;
        }
        const double rel = std::abs(computed / print - 1);
        within1 += rel <= 0.01;
        within5 += rel <= 0.05;
        if (rel > 0.05) {
            std::ostringstream s;
            s << where << ": computed " << computed << ", printed " << print << " (" << std::lround(100 * rel) << " % off)";
            worst.push_back(s.str());
        }
    }
};

std::string readme_block() {
    std::ifstream in(GEOMINT_SOURCE_DIR "/docs/reproductions.md");
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    const std::string begin = "<!-- reproduction-counts:begin -->\n", end = "<!-- reproduction-counts:end -->";
    const auto a = text.find(begin), b = text.find(end);
    if (a == std::string::npos || b == std::string::npos || b < a) return "(no reproduction-counts block in docs/reproductions.md)";
    return text.substr(a + begin.size(), b - a - begin.size());
}

TEST(ReproductionCounts, ReadmeStatesWhatTheDataGive) {
    std::vector<std::pair<std::string, tally>> rows;
    // Simpson paper, Table 2: per scheme and variable, 12 cells each
    const auto got = compute_table2<double>();
    for (const char* s : {"newmark", "rk4", "simpson"})
        for (char var : {'p', 'q'}) {
            tally t;
            for (const auto& r : table2_printed())
                if (r.scheme == s && r.variable == var) {
                    const auto& c = find_table2_entry(got, r.T_over_tbar, s, var, r.N);
                    t.add(c.error, r.error, false,
                          "T = " + std::to_string(r.T_over_tbar) + ", N = " + std::to_string(r.N));
                }
            rows.emplace_back("| Simpson Table 2 | " + std::string(s) + ", " + var + " |", t);
        }
    // pendulum paper, Tables 2–4: per column (scheme)
    const auto pendulum = [&](int number, const std::vector<pendulum_printed_row>& printed, double offset) {
        std::array<tally, 8> t;
        for (const auto& row : printed)
            for_each_paper_scheme([&](auto tag, std::size_t col) {
                using S = typename decltype(tag)::type;
                const double p0 = row.p0 + offset;
                const auto c = number == 2 ? pendulum_amplitude_error<S, double>(p0, row.eps)
                                           : pendulum_period_error<S, double>(p0, row.eps);
                std::ostringstream where;
                where << std::setprecision(10) << "eps = " << row.eps << ", p0 = " << p0;
                t[col].add(c.value ? *c.value : std::nan(""), row.value[col], !c.value, where.str());
            });
        for (std::size_t col = 0; col < 8; ++col)
            rows.emplace_back("| pendulum Table " + std::to_string(number) + " | " + pendulum_paper_labels()[col] + " |",
                              t[col]);
    };
    pendulum(2, pendulum_table2_printed(), 0.0);
    pendulum(3, pendulum_table3_printed(), 0.0);
    pendulum(4, pendulum_table4_printed(), 2.0);

    std::ostringstream block;
    block << "| table | column | printed cells | within 1 % | within 5 % | \"·\" cells (wrong motion) matched |\n"
          << "|---|---|---|---|---|---|\n";
    for (const auto& [label, t] : rows)
        block << label << " " << t.printed << " | " << t.within1 << " | " << t.within5 << " | "
              << (t.dots ? std::to_string(t.dots_matched) + " of " + std::to_string(t.dots) : std::string("—")) << " |\n";
    std::cout << "Cells beyond 5 % of print:\n";
    for (const auto& [label, t] : rows)
        for (const auto& w : t.worst) std::cout << "  " << label << " " << w << "\n";
    EXPECT_EQ(readme_block(), block.str()) << "docs/reproductions.md's reproduction-counts block differs from the data; the data give:\n"
                                           << block.str();
}

}  // namespace
