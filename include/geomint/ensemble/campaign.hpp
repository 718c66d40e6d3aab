#pragma once
/// \file
/// An ensemble campaign: N independent members (member index ↦ result record), what a run of
/// it returns, and how a member's outcome is evaluated. The runners: ensemble/local.hpp (one
/// process, threads), ensemble/mpi.hpp (MPI ranks); the checkpoint file: ensemble/journal.hpp.
///
/// Reproducibility is the member's business and the campaign's contract: a member's record must
/// depend on its index only (seed its randomness from the index, never from a rank, a thread or
/// the clock), so that a campaign's output is bitwise the same whatever runs it. `field` prints
/// a scalar so that it reads back exactly.

#include <cstddef>
#include <exception>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint::ensemble {

/// A member's result: one text field per column of `campaign::columns`.
using record = std::vector<std::string>;

/// N independent members.
struct campaign {
    /// Identifies the campaign in its checkpoint file (one line, no control characters).
    std::string name;
    /// Everything else that defines the results (precision, step counts, …; one line): a
    /// checkpoint written with other parameters is refused, never mixed in.
    std::string parameters;
    /// The column names of a member's record (the output's first column, `member`, is added).
    std::vector<std::string> columns;
    /// The number of members N; member indices are 0 … N − 1.
    std::size_t members = 0;
    /// The computation: index ↦ record with `columns.size()` fields. Called concurrently from
    /// several threads (ensemble::run with threads > 1; rank 0 under MPI), so it must not share
    /// mutable state. What it throws is recorded as the member's failure.
    std::function<record(std::size_t)> member;
};

/// A member that threw (or returned a malformed record): its index and the error's message.
struct member_failure {
    /// The failed member's index.
    std::size_t index = 0;
    /// The exception's message (or why the record was malformed).
    std::string message;
};

/// What a run of a campaign gives back. Complete on the collecting process (the one process of
/// ensemble::run, rank 0 under MPI); on the other ranks only `failed` and `root == false`.
struct campaign_result {
    /// Whether this process collected the results (the one process, or rank 0 under MPI).
    bool root = true;
    /// records[i]: member i's record, or nullopt if it failed (member order).
    std::vector<std::optional<record>> records;
    /// The failed members, in member order.
    std::vector<member_failure> failures;
    /// Members taken from the checkpoint file (finished by an earlier, interrupted run).
    std::size_t resumed = 0;
    /// Members computed by this run.
    std::size_t computed = 0;
    /// The number of failed members (on every rank).
    std::size_t failed = 0;
};

/// A scalar as a field that reads back to the same value: scientific notation with
/// max_digits10 significant digits (17 for double, 36 for float128, 52 for mp<50>).
template <class T>
std::string field(const T& x) {
    std::ostringstream os;
    os.precision(std::numeric_limits<T>::max_digits10);
    os << std::scientific << x;
    return os.str();
}

namespace detail {

/// One member's outcome: its record, or the failure message.
struct outcome {
    std::size_t index = 0;
    bool ok = false;
    record fields;        ///< when ok
    std::string message;  ///< when !ok
};

/// Check a campaign before any work. \throws std::invalid_argument naming the defect.
inline void require_valid(const campaign& c) {
    const auto one_line = [](const std::string& s) {
        for (unsigned char ch : s)
            if (ch < 0x20 || ch == 0x7f) return false;
        return true;
    };
    if (c.name.empty() || !one_line(c.name))
        throw std::invalid_argument("ensemble: the campaign name '" + c.name +
                                    "' must be non-empty and free of control characters");
    if (!one_line(c.parameters))
        throw std::invalid_argument("ensemble: campaign '" + c.name + "': its parameters must be one line");
    if (c.columns.empty()) throw std::invalid_argument("ensemble: campaign '" + c.name + "' has no columns");
    for (const auto& col : c.columns)
        if (col.empty() || !one_line(col) || col == "member")
            throw std::invalid_argument("ensemble: campaign '" + c.name + "': column name '" + col +
                                        "' must be non-empty, one line and not 'member'");
    if (!c.member) throw std::invalid_argument("ensemble: campaign '" + c.name + "' has no member function");
}

/// Run member `i`: its record, or what it threw, or a record of the wrong width, as a failure.
inline outcome evaluate(const campaign& c, std::size_t i) {
    outcome o;
    o.index = i;
    try {
        o.fields = c.member(i);
        if (o.fields.size() != c.columns.size()) {
            o.message = "the member returned " + std::to_string(o.fields.size()) + " fields, the campaign has " +
                        std::to_string(c.columns.size()) + " columns";
            o.fields.clear();
            return o;
        }
        o.ok = true;
    } catch (const std::exception& e) {
        o.message = e.what();
    } catch (...) {
        o.message = "an exception not derived from std::exception";
    }
    return o;
}

}  // namespace detail
}  // namespace geomint::ensemble
