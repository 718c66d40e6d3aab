// The one-process ensemble runner: member order, thread-count independence, checkpoint and
// resume, failed members, refused journals. The members are cheap and deterministic; the MPI
// runner is tested under mpirun (test/ensemble/run_mpi_tests.sh).
#include <geomint/ensemble.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using namespace geomint::ensemble;

namespace {

std::string read(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A fresh folder per test.
fs::path scratch(const std::string& name) {
    const fs::path d = fs::temp_directory_path() / ("geomint_ensemble_" + name + "_" + std::to_string(::getpid()));
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

/// Member i: a short sum in double computed from i alone, a text field with a comma, a quote,
/// a backslash and (for i = 3) a newline, so the encodings are exercised; members 5 and 11 throw.
campaign test_campaign(std::atomic<int>* calls = nullptr, std::size_t n = 24) {
    return {"test", "n=" + std::to_string(n), {"value", "text"}, n, [calls](std::size_t i) -> record {
                if (calls) ++*calls;
                if (i == 5 || i == 11) throw std::runtime_error("member " + std::to_string(i) + " fails, as asked");
                double s = 0;
                for (std::size_t k = 1; k <= 1000 * (i + 1); ++k) s += 1.0 / double(k * k);
                return {field(s), "a,b \"q\" \\" + std::string(i == 3 ? "\nline" : "")};
            }};
}

}  // namespace

TEST(ensemble, field_reads_back_exactly) {
    for (double x : {0.1, 1.0 / 3.0, 6.02214076e23, -2.2250738585072014e-308}) EXPECT_EQ(std::stod(field(x)), x);
}

TEST(ensemble, records_in_member_order_and_failures_recorded) {
    const auto r = run(test_campaign());
    ASSERT_EQ(r.records.size(), 24u);
    EXPECT_EQ(r.failed, 2u);
    ASSERT_EQ(r.failures.size(), 2u);
    EXPECT_EQ(r.failures[0].index, 5u);
    EXPECT_EQ(r.failures[1].index, 11u);
    EXPECT_EQ(r.failures[1].message, "member 11 fails, as asked");
    EXPECT_FALSE(r.records[5]);
    ASSERT_TRUE(r.records[0]);
    // member 0: sum of 1/k^2 for k <= 1000, against pi^2/6 - tail (tail ~ 1/1000)
    EXPECT_NEAR(std::stod((*r.records[0])[0]), 3.14159265358979323846 * 3.14159265358979323846 / 6 - 1.0 / 1000.5,
                1e-9);
    EXPECT_EQ(r.computed, 24u);
    EXPECT_EQ(r.resumed, 0u);
}

TEST(ensemble, output_bitwise_identical_for_1_and_4_threads) {
    const fs::path d = scratch("threads");
    const auto one = run(test_campaign(), {.output = d / "one.csv", .threads = 1});
    const auto four = run(test_campaign(), {.output = d / "four.csv", .threads = 4});
    EXPECT_EQ(read(d / "one.csv"), read(d / "four.csv"));
    EXPECT_EQ(read(d / "one.csv.failures.csv"), read(d / "four.csv.failures.csv"));
    EXPECT_FALSE(fs::exists(d / "one.csv.journal"));  // removed once the output is complete
    // the CSV: header, 22 records, the field with a newline quoted (RFC 4180)
    const std::string csv = read(d / "one.csv");
    EXPECT_EQ(csv.substr(0, 19), "member,value,text\n0");
    EXPECT_NE(csv.find("\"a,b \"\"q\"\" \\\nline\""), std::string::npos);
    // the messages hold a comma: quoted
    EXPECT_EQ(read(d / "one.csv.failures.csv"),
              "member,error\n5,\"member 5 fails, as asked\"\n11,\"member 11 fails, as asked\"\n");
    fs::remove_all(d);
}

TEST(ensemble, interrupted_campaign_resumes_to_the_same_file) {
    const fs::path d = scratch("resume");
    run(test_campaign(), {.output = d / "full.csv", .keep_journal = true});
    // An interrupted run: the journal's header, its first 9 entries and a torn 10th line.
    const std::string journal = read(d / "full.csv.journal");
    std::size_t at = 0;
    for (int line = 0; line < 5 + 9; ++line) at = journal.find('\n', at) + 1;
    {
        std::ofstream cut(d / "cut.csv.journal", std::ios::binary);
        cut << journal.substr(0, at) << journal.substr(at, 7);  // 7 bytes of the next entry, no newline
    }
    std::atomic<int> calls{0};
    const auto r = run(test_campaign(&calls), {.output = d / "cut.csv"});
    EXPECT_EQ(r.resumed, 9u);
    EXPECT_EQ(r.computed, 15u);
    EXPECT_EQ(calls.load(), 15);  // the torn entry's member is recomputed, the 9 are not
    EXPECT_EQ(read(d / "cut.csv"), read(d / "full.csv"));
    EXPECT_EQ(read(d / "cut.csv.failures.csv"), read(d / "full.csv.failures.csv"));
    fs::remove_all(d);
}

TEST(ensemble, failed_members_rerun_only_when_asked) {
    const fs::path d = scratch("retry");
    run(test_campaign(), {.output = d / "a.csv", .keep_journal = true});
    std::atomic<int> calls{0};
    run(test_campaign(&calls), {.output = d / "a.csv", .keep_journal = true});
    EXPECT_EQ(calls.load(), 0);  // everything finished, failures included
    run(test_campaign(&calls), {.output = d / "a.csv", .retry_failed = true});
    EXPECT_EQ(calls.load(), 2);
    fs::remove_all(d);
}

TEST(ensemble, journal_of_another_campaign_is_refused) {
    const fs::path d = scratch("other");
    run(test_campaign(nullptr, 24), {.output = d / "a.csv", .keep_journal = true});
    try {
        run(test_campaign(nullptr, 30), {.output = d / "a.csv"});
        FAIL() << "a journal with other parameters was accepted";
    } catch (const std::invalid_argument& e) {
        const std::string m = e.what();
        EXPECT_NE(m.find("belongs to another campaign"), std::string::npos) << m;
        EXPECT_NE(m.find("# parameters: n=24"), std::string::npos) << m;
        EXPECT_NE(m.find("# parameters: n=30"), std::string::npos) << m;
    }
    fs::remove_all(d);
}

TEST(ensemble, corrupt_journal_line_is_named) {
    const fs::path d = scratch("corrupt");
    run(test_campaign(), {.output = d / "a.csv", .keep_journal = true});
    std::string j = read(d / "a.csv.journal");
    j.insert(j.find("\nok,") + 1, "ok,99,\"x\",\"y\"\n");  // an index beyond N on line 6
    {
        std::ofstream(d / "a.csv.journal", std::ios::binary) << j;
    }
    try {
        run(test_campaign(), {.output = d / "a.csv"});
        FAIL() << "a corrupt journal was accepted";
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find("a.csv.journal:6: member index '99' is not in 0..23"), std::string::npos)
            << e.what();
    }
    fs::remove_all(d);
}

TEST(ensemble, malformed_member_record_is_a_failure) {
    campaign c{"bad", "", {"x", "y"}, 3, [](std::size_t i) -> record {
                   if (i == 1) return {"only one"};
                   return {"1", "2"};
               }};
    const auto r = run(c);
    ASSERT_EQ(r.failures.size(), 1u);
    EXPECT_EQ(r.failures[0].message, "the member returned 1 fields, the campaign has 2 columns");
}

TEST(ensemble, invalid_campaigns_are_refused_before_any_work) {
    const auto member = [](std::size_t) -> record { return {"1"}; };
    EXPECT_THROW(run(campaign{"", "", {"x"}, 1, member}), std::invalid_argument);
    EXPECT_THROW(run(campaign{"a\nb", "", {"x"}, 1, member}), std::invalid_argument);
    EXPECT_THROW(run(campaign{"a", "", {}, 1, member}), std::invalid_argument);
    EXPECT_THROW(run(campaign{"a", "", {"member"}, 1, member}), std::invalid_argument);
    EXPECT_THROW(run(campaign{"a", "", {"x"}, 1, nullptr}), std::invalid_argument);
    EXPECT_THROW(run(campaign{"a", "", {"x"}, 1, member}, {.threads = 0}), std::invalid_argument);
}

TEST(ensemble, a_second_run_of_the_same_output_is_refused_while_the_first_runs) {
    const fs::path d = scratch("lock");
    std::atomic<bool> inside{false}, release{false};
    campaign slow{"slow", "", {"x"}, 1, [&](std::size_t) -> record {
                      inside = true;
                      while (!release) std::this_thread::yield();
                      return {"1"};
                  }};
    // The lock is per process (fcntl): a second process is what it excludes.
    std::thread first([&] { run(slow, {.output = d / "a.csv"}); });
    while (!inside) std::this_thread::yield();
    const pid_t child = ::fork();
    if (child == 0) {
        try {
            run(campaign{"slow", "", {"x"}, 1, [](std::size_t) -> record { return {"1"}; }}, {.output = d / "a.csv"});
        } catch (const std::runtime_error& e) {
            ::_exit(std::string(e.what()).find("in use by another run") != std::string::npos ? 42 : 1);
        }
        ::_exit(0);
    }
    int status = 0;
    ::waitpid(child, &status, 0);
    release = true;
    first.join();
    EXPECT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 42);
    EXPECT_EQ(read(d / "a.csv"), "member,x\n0,1\n");
    fs::remove_all(d);
}
