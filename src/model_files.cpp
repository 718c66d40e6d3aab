#include "model_files.hpp"

#include "cli_options.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

namespace geomint::cli {
namespace fs = std::filesystem;

std::optional<double> finite_decimal(const std::string& text) {
    if (text.empty()) return std::nullopt;
    double v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

std::vector<std::string> split(const std::string& s, char sep) {
    std::vector<std::string> r;
    std::size_t start = 0;
    for (;;) {
        const std::size_t k = s.find(sep, start);
        r.push_back(s.substr(start, k == std::string::npos ? std::string::npos : k - start));
        if (k == std::string::npos) return r;
        start = k + 1;
    }
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::string excerpt(const std::string& text) {
    constexpr std::size_t keep = 48;
    std::string shown;
    for (const char c : text.substr(0, keep)) {  // control characters printed as '?'
        shown += static_cast<unsigned char>(c) < 0x20 && c != '\t' ? '?' : c;
    }
    if (text.size() <= keep) return "'" + shown + "'";
    return "'" + shown + "...' (" + std::to_string(text.size()) + " characters)";
}

namespace {
/// A whole number in [1, limit] written as decimal digits only.
std::optional<long long> positive_whole(const std::string& text, long long limit) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || text[0] == '-' || v < 1 || v > limit)
        return std::nullopt;
    return v;
}

/// The lines of `in`, each handed to `line(number, text)`.
template <class F>
void for_each_line(std::istream& in, F&& line) {
    std::string text;
    for (long long number = 1; std::getline(in, text); ++number) line(number, text);
}

/// `read(where, stream)` on `file`, where = "--option 'file'" + `format`.
/// \throws usage_error naming `where` when the file cannot be opened.
template <class Read>
auto read_file(const std::string& option, const fs::path& file, const std::string& format, Read read) {
    const std::string where = "--" + option + " '" + file.string() + "'" + format;
    std::ifstream in(file, std::ios::binary);
    if (!in) throw usage_error(where + " cannot be opened");
    return read(where, in);
}

/// The blank-separated words of a line.
std::vector<std::string> words(const std::string& line) {
    std::istringstream s(line);
    std::vector<std::string> w;
    for (std::string x; s >> x;) w.push_back(x);
    return w;
}

constexpr long long max_index = max_model_size;
}  // namespace

market_header validate_matrix_market(const std::string& option, const fs::path& file) {
    return read_file(option, file, "", [](const std::string& w, std::istream& in) { return validate_matrix_market(w, in); });
}

market_header validate_matrix_market(const std::string& where, std::istream& in) {
    market_header h;
    long long seen = 0;
    bool banner = false, sizes = false, lower = false, upper = false;
    const auto fail = [&](long long number, const std::string& what) {
        throw usage_error(where + " line " + std::to_string(number) + ": " + what);
    };
    const auto lower_case = [](std::string s) {
        for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return s;
    };
    for_each_line(in, [&](long long number, const std::string& line) {
        if (!banner) {
            banner = true;
            const auto w = words(line);
            if (w.size() < 5 || w[0] != "%%MatrixMarket" || lower_case(w[1]) != "matrix")
                fail(number, "not a Matrix Market banner (expected '%%MatrixMarket matrix coordinate real general'; "
                             "a CalculiX matrix is read from a file named .sti, .mas or .dmp, or by --calculix JOB)");
            if (lower_case(w[2]) != "coordinate") fail(number, "format " + excerpt(w[2]) + " is not supported (expected coordinate)");
            if (lower_case(w[3]) != "real" && lower_case(w[3]) != "integer")
                fail(number, "field " + excerpt(w[3]) + " is not real or integer");
            if (lower_case(w[4]) == "symmetric") h.symmetric = true;
            else if (lower_case(w[4]) != "general") fail(number, "symmetry " + excerpt(w[4]) + " is not general or symmetric");
            return;
        }
        const std::string t = trim(line);
        if (t.empty() || t[0] == '%') return;
        const auto w = words(t);
        if (!sizes) {
            const auto r = w.size() == 3 ? positive_whole(w[0], max_index) : std::nullopt;
            const auto c = w.size() == 3 ? positive_whole(w[1], max_index) : std::nullopt;
            long long e = -1;
            if (w.size() == 3 && w[2] == "0") e = 0;
            else if (w.size() == 3) e = positive_whole(w[2], max_index * 100).value_or(-1);
            if (!r || !c || e < 0)
                fail(number, excerpt(t) + " is not a size line 'rows cols entries' of whole counts (rows, cols <= 10^7)");
            h.rows = *r;
            h.cols = *c;
            h.entries = e;
            sizes = true;
            return;
        }
        if (w.size() != 3) fail(number, excerpt(t) + " is not an entry 'i j value'");
        const auto i = positive_whole(w[0], max_index), j = positive_whole(w[1], max_index);
        if (!i || !j) fail(number, excerpt(t) + " is not an entry 'i j value' (i, j: 1-based whole numbers <= 10^7)");
        if (*i > h.rows || *j > h.cols)
            fail(number, "entry (" + std::to_string(*i) + ", " + std::to_string(*j) + ") is outside the " +
                             std::to_string(h.rows) + " x " + std::to_string(h.cols) + " matrix");
        if (!finite_decimal(w[2])) fail(number, "value " + excerpt(w[2]) + " is not a finite decimal number");
        if (++seen > h.entries) fail(number, "more entries than the " + std::to_string(h.entries) + " declared");
        lower = lower || *i > *j;
        upper = upper || *i < *j;
    });
    if (!banner) throw usage_error(where + " is empty (expected a Matrix Market file)");
    if (!sizes) throw usage_error(where + " has no size line");
    if (seen != h.entries)
        throw usage_error(where + " has " + std::to_string(seen) + " entries but declares " + std::to_string(h.entries));
    if (h.symmetric && h.rows != h.cols) throw usage_error(where + " is declared symmetric but is not square");
    h.has_off_diagonal = lower || upper;
    h.one_triangle = lower != upper;
    return h;
}

bool is_calculix_matrix_file(const fs::path& file) {
    const std::string e = file.extension().string();
    return e == ".sti" || e == ".mas" || e == ".dmp";
}

calculix_matrix read_calculix_matrix(const std::string& option, const fs::path& file) {
    return read_file(option, file, " (CalculiX 'i j value' lines)",
                     [](const std::string& w, std::istream& in) { return read_calculix_matrix(w, in); });
}

calculix_matrix read_calculix_matrix(const std::string& where, std::istream& in) {
    calculix_matrix m;
    std::set<std::pair<long long, long long>> seen;
    for_each_line(in, [&](long long number, const std::string& line) {
        const std::string t = trim(line);
        if (t.empty()) return;
        const auto fail = [&](const std::string& what) {
            throw usage_error(where + " line " + std::to_string(number) + ": " + what);
        };
        const auto w = words(t);
        if (w.size() != 3) fail(excerpt(t) + " is not an entry 'i j value'");
        const auto i = positive_whole(w[0], max_index), j = positive_whole(w[1], max_index);
        if (!i || !j)
            fail(excerpt(t) + " is not an entry 'i j value' with 1-based whole numbers i, j <= 10^7 (CalculiX numbers "
                              "the equations from 1; a header line is not part of the format)");
        if (*i > *j)
            fail("entry (" + std::to_string(*i) + ", " + std::to_string(*j) +
                 ") is below the diagonal (CalculiX stores the upper triangle, i <= j)");
        if (!finite_decimal(w[2])) fail("value " + excerpt(w[2]) + " is not a finite decimal number");
        if (!seen.emplace(*i, *j).second)
            fail("entry (" + std::to_string(*i) + ", " + std::to_string(*j) + ") is stored twice");
        m.n = std::max(m.n, *j);
        m.entries.push_back({*i - 1, *j - 1, w[2]});
    });
    if (m.entries.empty()) throw usage_error(where + " holds no entry");
    // CalculiX writes every diagonal entry (zeros included): a missing one is a file cut short or
    // not CalculiX's (and an index far beyond the entries would size a huge matrix)
    std::vector<bool> diagonal(static_cast<std::size_t>(m.n), false);
    for (const auto& e : m.entries)
        if (e.row == e.col) diagonal[static_cast<std::size_t>(e.row)] = true;
    for (std::size_t k = 0; k < diagonal.size(); ++k)
        if (!diagonal[k])
            throw usage_error(where + ": equation " + std::to_string(k + 1) + " of " + std::to_string(m.n) +
                              " has no diagonal entry (CalculiX writes every one, zeros included: a file cut short, or "
                              "not CalculiX's?)");
    return m;
}

std::optional<std::size_t> dof_map::equation(long long node, int direction) const {
    for (std::size_t k = 0; k < dofs.size(); ++k)
        if (dofs[k].first == node && dofs[k].second == direction) return k;
    return std::nullopt;
}

std::string dof_map::name(std::size_t k) const {
    return std::to_string(dofs.at(k).first) + "." + std::to_string(dofs.at(k).second);
}

dof_map read_dof_map(const std::string& option, const fs::path& file) {
    return read_file(option, file, " (CalculiX 'node.direction' lines)",
                     [](const std::string& w, std::istream& in) { return read_dof_map(w, in); });
}

dof_map read_dof_map(const std::string& where, std::istream& in) {
    dof_map map;
    std::set<std::pair<long long, int>> seen;
    for_each_line(in, [&](long long number, const std::string& line) {
        const std::string t = trim(line);
        if (t.empty()) return;
        const auto fail = [&](const std::string& what) {
            throw usage_error(where + " line " + std::to_string(number) + ": " + what);
        };
        const auto parts = split(t, '.');
        const auto node = parts.size() == 2 ? positive_whole(parts[0], max_index) : std::nullopt;
        const auto direction = parts.size() == 2 ? positive_whole(parts[1], 6) : std::nullopt;
        if (!node || !direction)
            fail(excerpt(t) + " is not 'node.direction' (node a positive whole number, direction 1..6)");
        if (!seen.emplace(*node, static_cast<int>(*direction)).second) fail("'" + t + "' is listed twice");
        map.dofs.emplace_back(*node, static_cast<int>(*direction));
    });
    if (map.dofs.empty()) throw usage_error(where + " lists no degree of freedom");
    return map;
}

std::vector<std::vector<std::string>> read_number_table(const std::string& option, const fs::path& file) {
    return read_file(option, file, "", [](const std::string& w, std::istream& in) { return read_number_table(w, in); });
}

std::vector<std::vector<std::string>> read_number_table(const std::string& where, std::istream& in) {
    std::vector<std::vector<std::string>> rows;
    for_each_line(in, [&](long long number, const std::string& line) {
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#') return;
        std::vector<std::string> cells;
        for (const auto& cell : split(t, ',')) {
            const std::string c = trim(cell);
            if (!finite_decimal(c)) {
                const bool spaced = words(c).size() > 1;
                throw usage_error(where + " line " + std::to_string(number) + ": " + excerpt(c) +
                                  " is not a finite decimal number" +
                                  (spaced ? " (numbers separated by blanks: separate them by commas, or write one a line)"
                                          : ""));
            }
            cells.push_back(c);
        }
        rows.push_back(std::move(cells));
    });
    if (rows.empty()) throw usage_error(where + " holds no number");
    return rows;
}

}  // namespace geomint::cli
