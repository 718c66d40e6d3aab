// A bounded fuzz run of the `geomint` program's argument parser: random argument vectors built
// from the options, their values, and hostile text (signs, huge numbers, quotes, spaces, shell
// syntax, non-ASCII, empty strings, embedded '='). Every vector must either parse into options
// that satisfy the documented ranges, or be refused with `usage_error` — never another exception,
// a crash, or (in the sanitizer build) undefined behaviour. Bounded in count and in time:
// GEOMINT_FUZZ_CASES (default 20000) and GEOMINT_FUZZ_SECONDS (default 30). Prints the counts.
#include "cli_options.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <vector>

namespace {
using namespace geomint::cli;

long env_or(const char* name, long fallback) {
    const char* v = std::getenv(name);
    return v ? std::strtol(v, nullptr, 10) : fallback;
}

TEST(CliFuzz, ParserAcceptsOrRefusesByName) {
    const long cases = env_or("GEOMINT_FUZZ_CASES", 20000), seconds = env_or("GEOMINT_FUZZ_SECONDS", 30);
    const std::vector<std::string> flags{"--precision", "-p", "--out", "-o", "--only", "--drift-steps", "--table1-periods",
                                           "--truss-steps", "--no-plots", "--help", "-h", "--bogus", "-", "--", "-x"};
    const std::vector<std::string> values{"double", "quad", "mp50", "float", "", " ", "0", "1", "9", "10", "11", "-1",
                                          "-0", "+5", "1e3", "0x10", "12.5", "007", "18446744073709551615",
                                          "18446744073709551616", "99999999999999999999999999", "1000000000",
                                          "1000000001", "100000000", "table2", "drift,figures", "drift,", ",drift", ",",
                                          "truss-tumbling,truss-spinning,truss-convergence", "x';touch PWNED;'",
                                          "$(reboot)", "`id`", "a b", "é東", "--only", "=", "==", "a=b", "\t", "\\"};
    std::mt19937_64 rng(20261123);
    std::map<std::string, long> outcome;
    const auto start = std::chrono::steady_clock::now();
    long done = 0;
    for (; done < cases; ++done) {
        if (std::chrono::steady_clock::now() - start > std::chrono::seconds(seconds)) break;
        std::vector<std::string> args{"geomint"};
        const int n = int(rng() % 7);
        for (int k = 0; k < n; ++k) {
            const auto pick = rng() % 4;
            if (pick == 0) args.push_back(values[rng() % values.size()]);
            else if (pick == 1) args.push_back(flags[rng() % flags.size()] + "=" + values[rng() % values.size()]);
            else {
                args.push_back(flags[rng() % flags.size()]);
                if (rng() % 3) args.push_back(values[rng() % values.size()]);
            }
        }
        std::vector<const char*> argv;
        for (const auto& a : args) argv.push_back(a.c_str());
        try {
            const command_line cl = parse_command_line(int(argv.size()), argv.data());
            if (cl.help) {
                ++outcome["help"];
                continue;
            }
            ++outcome["accepted"];
            const options& o = cl.opt;
            ASSERT_TRUE(o.precision == "double" || o.precision == "quad" || o.precision == "mp50") << o.precision;
            ASSERT_FALSE(o.out.empty());
            ASSERT_FALSE(cl.experiments.empty());
            ASSERT_GE(o.drift_steps, 10u);
            ASSERT_LE(o.drift_steps, 1000000000u);
            ASSERT_GE(o.table1_periods, 1u);
            ASSERT_LE(o.table1_periods, 100000000u);
            ASSERT_GE(o.truss_steps, 10u);
            ASSERT_LE(o.truss_steps, 100000000u);
        } catch (const usage_error& e) {
            ++outcome["refused"];
            ASSERT_NE(std::string(e.what()), "");
        }
        // any other exception escapes and fails the test
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "fuzz: " << done << " argument vectors in " << elapsed << " s:";
    for (const auto& [k, v] : outcome) std::cout << " " << k << " " << v;
    std::cout << "\n";
    EXPECT_GT(outcome["accepted"], 0);
    EXPECT_GT(outcome["refused"], 0);
}

}  // namespace
