#pragma once
/// \file
/// The checkpoint of a campaign (its journal) and the collector that fills it.
///
/// Files, for an output path `out.csv`:
/// - `out.csv.journal`: written while the campaign runs; each finished member is appended as
///   one line with one write(2) call, so an interrupted run (a killed rank, a killed job, a lost
///   node) loses at most the members in flight. A rerun of the same campaign reads it, skips the
///   members it holds, and continues. It is removed once the output is complete.
/// - `out.csv`: the records in member order, columns `member,<campaign columns>`, written
///   atomically (ensemble/atomic_file.hpp) when every member is finished. Fields are quoted as in
///   RFC 4180 where needed. Bitwise the same whatever ran the campaign (threads, ranks,
///   interruptions), because each line is the member's own text.
/// - `out.csv.failures.csv`: `member,error` for the failed members (only when some failed).
///
/// Journal format, version 1 (text, one entry per line, fields quoted with backslash escapes
/// \\ \" \n as read by boost::escaped_list_separator):
/// \verbatim
///     # geomint ensemble journal, format 1
///     # campaign: <name>
///     # parameters: <parameters>
///     # members: <N>
///     # columns: member,<columns>
///     ok,<index>,"<field>",…
///     failed,<index>,"<message>"
/// \endverbatim
/// The five header lines must equal those of the campaign being run, or the journal is refused
/// (std::invalid_argument naming the line). A last line without its newline (a write cut short)
/// is dropped; any other malformed line is refused (std::runtime_error naming the line number).
/// While a campaign runs, its journal is locked (boost::interprocess::file_lock): a second run
/// of the same output is refused, not interleaved.

#include "geomint/ensemble/atomic_file.hpp"
#include "geomint/ensemble/campaign.hpp"

#include <boost/interprocess/sync/file_lock.hpp>
#include <boost/tokenizer.hpp>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

namespace geomint::ensemble {

/// How a campaign is run.
struct run_options {
    /// The output CSV (see the file comment). Empty: no files, the records only in memory (and no
    /// checkpoint: an interruption loses everything).
    std::filesystem::path output;
    /// Compute threads of ensemble::run (one process). Under MPI each rank computes one member
    /// at a time and this is ignored.
    unsigned threads = 1;
    /// fdatasync(2) the journal after each member: survives a machine crash, not only a killed
    /// process (costs a disk flush per member).
    bool durable = false;
    /// Rerun the members the journal records as failed (by default they count as finished).
    bool retry_failed = false;
    /// Keep the journal after the output is written (by default it is removed).
    bool keep_journal = false;
    /// Called by the collecting thread after each finished member: (finished, N), the resumed
    /// members included.
    std::function<void(std::size_t, std::size_t)> progress;
};

namespace detail {

/// A journal field: quoted, with \\, \" and \n escaped (boost::escaped_list_separator's syntax).
inline std::string journal_field(const std::string& s) {
    std::string r = "\"";
    for (char ch : s) {
        if (ch == '\\' || ch == '"') r += '\\';
        if (ch == '\n') r += "\\n";
        else r += ch;
    }
    return r + "\"";
}

/// A CSV field as RFC 4180 writes it: quoted (quotes doubled) when it holds , " CR LF or
/// starts or ends with a space.
inline std::string csv_field(const std::string& s) {
    const bool quote = s.find_first_of(",\"\r\n") != std::string::npos ||
                       (!s.empty() && (s.front() == ' ' || s.back() == ' '));
    if (!quote) return s;
    std::string r = "\"";
    for (char ch : s) r += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return r + "\"";
}

/// An outcome as one journal line (with its newline).
inline std::string journal_line(const outcome& o) {
    std::string line = (o.ok ? "ok," : "failed,") + std::to_string(o.index);
    if (o.ok)
        for (const auto& f : o.fields) line += "," + journal_field(f);
    else
        line += "," + journal_field(o.message);
    return line + "\n";
}

/// The five header lines of a campaign's journal.
inline std::string journal_header(const campaign& c) {
    std::string cols = "member";
    for (const auto& col : c.columns) cols += "," + csv_field(col);
    return "# geomint ensemble journal, format 1\n# campaign: " + c.name + "\n# parameters: " + c.parameters +
           "\n# members: " + std::to_string(c.members) + "\n# columns: " + cols + "\n";
}

/// Parse one journal entry (without its newline).
/// \throws std::runtime_error naming `where` if the line is malformed.
inline outcome parse_journal_line(const std::string& line, const campaign& c, const std::string& where) {
    std::vector<std::string> t;
    try {
        boost::tokenizer<boost::escaped_list_separator<char>> tok(line);
        t.assign(tok.begin(), tok.end());
    } catch (const boost::escaped_list_error& e) {
        throw std::runtime_error(where + ": malformed entry (" + e.what() + ")");
    }
    outcome o;
    if (t.size() < 3 || (t[0] != "ok" && t[0] != "failed"))
        throw std::runtime_error(where + ": malformed entry (expected ok,<index>,… or failed,<index>,<message>)");
    o.ok = t[0] == "ok";
    const auto [end, ec] = std::from_chars(t[1].data(), t[1].data() + t[1].size(), o.index);
    if (ec != std::errc() || end != t[1].data() + t[1].size() || o.index >= c.members)
        throw std::runtime_error(where + ": member index '" + t[1] + "' is not in 0.." + std::to_string(c.members - 1));
    if (o.ok) {
        if (t.size() != c.columns.size() + 2)
            throw std::runtime_error(where + ": " + std::to_string(t.size() - 2) + " fields, the campaign has " +
                                     std::to_string(c.columns.size()) + " columns");
        o.fields.assign(t.begin() + 2, t.end());
    } else {
        if (t.size() != 3) throw std::runtime_error(where + ": a failed entry has one message field");
        o.message = t[2];
    }
    return o;
}

/// The collecting side of a run: reads and locks the journal, knows which members remain,
/// appends finished members, writes the output. Not thread-safe: the runners serialize calls.
class collector {
public:
    /// \throws std::invalid_argument for an invalid campaign or a journal of another campaign;
    ///         std::runtime_error for a corrupt journal or a file that cannot be written or locked.
    collector(const campaign& c, const run_options& o) : m_c(c), m_o(o), m_done(c.members, false) {
        require_valid(c);
        m_result.records.resize(c.members);
        if (!o.output.empty()) open_journal();
        for (std::size_t i = 0; i < c.members; ++i)
            if (!m_done[i]) m_pending.push_back(i);
    }
    collector(const collector&) = delete;
    collector& operator=(const collector&) = delete;

    /// The members still to compute, ascending.
    const std::vector<std::size_t>& pending() const { return m_pending; }
    std::size_t finished() const { return m_finished; }
    bool complete() const { return m_finished == m_c.members; }

    /// Record a finished member (appended to the journal first).
    /// \throws std::runtime_error if the journal cannot be written.
    void accept(outcome o) {
        if (o.index >= m_c.members || m_done[o.index])
            throw std::logic_error("ensemble: member " + std::to_string(o.index) + " finished twice or out of range");
        if (m_fd >= 0) append(journal_line(o));
        ++m_result.computed;
        store(std::move(o));
        if (m_o.progress) m_o.progress(m_finished, m_c.members);
    }

    /// Write the output (and the failures file), remove the journal; the result.
    campaign_result finish() {
        if (!complete()) throw std::logic_error("ensemble: finish() before every member finished");
        for (std::size_t i = 0; i < m_c.members; ++i)
            if (!m_result.records[i]) m_result.failures.push_back({i, m_messages[i]});
        m_result.failed = m_result.failures.size();
        if (!m_o.output.empty()) write_outputs();
        return std::move(m_result);
    }

private:
    std::filesystem::path journal_path() const { return m_o.output.string() + ".journal"; }

    void store(outcome&& o) {
        m_done[o.index] = true;
        ++m_finished;
        if (o.ok) m_result.records[o.index] = std::move(o.fields);
        else m_messages[o.index] = std::move(o.message);
    }

    void open_journal() {
        namespace fs = std::filesystem;
        const fs::path path = journal_path();
        if (!path.parent_path().empty()) fs::create_directories(path.parent_path());
        const std::string header = journal_header(m_c);
        const bool exists = fs::exists(path);
        m_fd.fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
        if (m_fd < 0) throw std::runtime_error("ensemble: cannot open " + path.string() + ": " + std::strerror(errno));
        m_lock = std::make_unique<boost::interprocess::file_lock>(path.c_str());
        if (!m_lock->try_lock())
            throw std::runtime_error("ensemble: " + path.string() + " is in use by another run of this campaign");
        // Read through m_fd: closing another descriptor of the file would release the lock.
        std::string text;
        char buffer[1 << 16];
        for (off_t at = 0;;) {
            const ssize_t r = ::pread(m_fd, buffer, sizeof buffer, at);
            if (r < 0 && errno == EINTR) continue;
            if (r < 0) throw std::runtime_error("ensemble: cannot read " + path.string() + ": " + std::strerror(errno));
            if (r == 0) break;
            text.append(buffer, static_cast<std::size_t>(r));
            at += r;
        }
        if (!exists || text.empty()) {
            append(header);
            return;
        }
        // A last line cut short by an interruption is dropped (and cut from the file).
        const std::size_t keep = text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1;
        if (keep < text.size()) {
            text.resize(keep);
            if (::ftruncate(m_fd, static_cast<off_t>(keep)) != 0)
                throw std::runtime_error("ensemble: cannot truncate " + path.string() + ": " + std::strerror(errno));
        }
        check_header(text, header, path.string());
        std::istringstream lines(text.substr(header.size()));
        std::string line;
        for (std::size_t number = 6; std::getline(lines, line); ++number) {
            outcome o = parse_journal_line(line, m_c, path.string() + ":" + std::to_string(number));
            if (m_done[o.index])
                throw std::runtime_error(path.string() + ":" + std::to_string(number) + ": member " +
                                         std::to_string(o.index) + " appears twice");
            if (!o.ok && m_o.retry_failed) continue;
            ++m_result.resumed;
            store(std::move(o));
        }
    }

    static void check_header(const std::string& text, const std::string& header, const std::string& path) {
        std::istringstream have(text), want(header);
        std::string a, b;
        for (int k = 1; std::getline(want, b); ++k) {
            if (!std::getline(have, a)) a.clear();
            if (a != b)
                throw std::invalid_argument("ensemble: " + path + " belongs to another campaign: its line " +
                                            std::to_string(k) + " is '" + a + "', this campaign's is '" + b +
                                            "' (remove the file to start over)");
        }
    }

    void append(const std::string& line) {
        const char* p = line.data();
        std::size_t left = line.size();
        while (left > 0) {
            const ssize_t w = ::write(m_fd, p, left);
            if (w < 0 && errno == EINTR) continue;
            if (w <= 0)
                throw std::runtime_error("ensemble: cannot append to " + journal_path().string() + ": " +
                                         std::strerror(errno));
            p += w;
            left -= static_cast<std::size_t>(w);
        }
        if (m_o.durable && ::fdatasync(m_fd) != 0)
            throw std::runtime_error("ensemble: cannot sync " + journal_path().string() + ": " + std::strerror(errno));
    }

    void write_outputs() {
        std::string out = "member";
        for (const auto& col : m_c.columns) out += "," + csv_field(col);
        out += "\n";
        for (std::size_t i = 0; i < m_c.members; ++i) {
            if (!m_result.records[i]) continue;
            out += std::to_string(i);
            for (const auto& f : *m_result.records[i]) out += "," + csv_field(f);
            out += "\n";
        }
        write_file_atomically(m_o.output, out);
        const std::filesystem::path failures = m_o.output.string() + ".failures.csv";
        if (m_result.failures.empty()) {
            std::filesystem::remove(failures);
        } else {
            std::string f = "member,error\n";
            for (const auto& x : m_result.failures) f += std::to_string(x.index) + "," + csv_field(x.message) + "\n";
            write_file_atomically(failures, f);
        }
        if (!m_o.keep_journal) {
            m_lock.reset();
            std::filesystem::remove(journal_path());
        }
    }

    const campaign& m_c;
    const run_options& m_o;
    std::vector<bool> m_done;
    std::vector<std::size_t> m_pending;
    std::size_t m_finished = 0;
    std::map<std::size_t, std::string> m_messages;
    campaign_result m_result;
    struct descriptor {
        int fd = -1;
        ~descriptor() {
            if (fd >= 0) ::close(fd);
        }
        operator int() const { return fd; }
    } m_fd;
    std::unique_ptr<boost::interprocess::file_lock> m_lock;
};

/// The collector shared by the compute threads of a run: hands out the pending members one at a
/// time and accepts finished ones under a lock. The first error (a journal that cannot be written,
/// a malformed result from a rank) stops the hand-out and is kept for the caller to rethrow.
class dispatcher {
public:
    explicit dispatcher(collector& col) : m_col(col), m_pending(col.pending()) {}

    /// The next member to compute, or nullopt when none is left (or after an error).
    std::optional<std::size_t> next() {
        const std::size_t k = m_next.fetch_add(1);
        return k < m_pending.size() ? std::optional<std::size_t>(m_pending[k]) : std::nullopt;
    }

    /// Journal a finished member (ignored after an error).
    void accept(outcome&& o) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (m_error) return;
        try {
            m_col.accept(std::move(o));
        } catch (...) {
            stop(std::current_exception());
        }
    }

    /// Record an error and stop handing out members (the first error is kept).
    void fail(std::exception_ptr e) {
        const std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_error) stop(std::move(e));
    }

    /// A compute thread's loop: members until none is left.
    void compute(const campaign& c) {
        while (const auto i = next()) accept(evaluate(c, *i));
    }

    /// The error that stopped the run, if any.
    std::exception_ptr error() const {
        const std::lock_guard<std::mutex> lock(m_mutex);
        return m_error;
    }

private:
    void stop(std::exception_ptr e) {
        m_error = std::move(e);
        m_next = m_pending.size();
    }

    collector& m_col;
    const std::vector<std::size_t> m_pending;
    std::atomic<std::size_t> m_next{0};
    mutable std::mutex m_mutex;
    std::exception_ptr m_error;
};

}  // namespace detail
}  // namespace geomint::ensemble
