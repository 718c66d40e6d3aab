// Keeps the code in the README and the user guide compiled: every ```cpp block of README.md and
// docs/*.md must be preceded by a line `<!-- snippet: examples/FILE.cpp NAME -->` and equal, line
// for line, the region between the two `//! [NAME]` markers of that example (its common
// indentation removed; other regions' marker lines skipped). The examples are built and run as
// tests (examples/CMakeLists.txt), so what a reader copies compiles and does what it says. A
// ```cmake block preceded by such a line is checked the same way against the region between two
// `# [NAME]` lines of a CMake file (examples/downstream/CMakeLists.txt, built by a test).
//
//   docs_snippets SOURCE_DIR            check; exit 1 listing each block that differs or has no source
//   docs_snippets SOURCE_DIR --update   rewrite the blocks from their regions (temporary file, renamed)
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::vector<std::string> read_lines(const fs::path& p) {
    std::ifstream in(p);
    if (!in) throw std::runtime_error("cannot read " + p.string());
    std::vector<std::string> lines;
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

bool is_marker(const std::string& line, std::string* name = nullptr) {
    static const std::regex marker(R"(^\s*(//!|#) \[([A-Za-z0-9_]+)\]\s*$)");
    std::smatch m;
    if (!std::regex_match(line, m, marker)) return false;
    if (name) *name = m[2];
    return true;
}

/// The region NAME of an example, common indentation removed; nullopt with a reason if absent.
std::optional<std::vector<std::string>> region(const fs::path& file, const std::string& name, std::string& why) {
    if (!fs::exists(file)) {
        why = file.string() + " does not exist";
        return std::nullopt;
    }
    const auto lines = read_lines(file);
    std::vector<std::size_t> at;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::string n;
        if (is_marker(lines[i], &n) && n == name) at.push_back(i);
    }
    if (at.size() != 2) {
        why = file.string() + " has " + std::to_string(at.size()) + " '//! [" + name + "]' (or '# [" + name + "]') markers, not 2";
        return std::nullopt;
    }
    std::vector<std::string> body;
    for (std::size_t i = at[0] + 1; i < at[1]; ++i)
        if (!is_marker(lines[i])) body.push_back(lines[i]);
    std::size_t indent = std::string::npos;
    for (const auto& l : body)
        if (l.find_first_not_of(' ') != std::string::npos) indent = std::min(indent, l.find_first_not_of(' '));
    if (indent == std::string::npos) indent = 0;
    for (auto& l : body) l = l.size() >= indent ? l.substr(indent) : std::string();
    return body;
}

struct block {
    std::size_t open, close;  ///< line indices of the fences
    std::string file, name;   ///< from the marker; empty if none
};

std::vector<block> code_blocks(const std::vector<std::string>& lines) {
    static const std::regex marker(R"(^<!-- snippet: (\S+) ([A-Za-z0-9_]+) -->\s*$)");
    std::vector<block> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("```", 0) != 0) continue;
        std::size_t j = i + 1;
        while (j < lines.size() && lines[j].rfind("```", 0) != 0) ++j;
        const bool cpp = lines[i] == "```cpp", cmake = lines[i] == "```cmake";
        if (cpp || cmake) {
            block b{i, j, "", ""};
            std::smatch m;
            if (i > 0 && std::regex_match(lines[i - 1], m, marker)) b.file = m[1], b.name = m[2];
            if (cpp || !b.file.empty()) out.push_back(b);  // a cmake block is checked when marked
        }
        i = j;
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3 || (argc == 3 && std::string(argv[2]) != "--update")) {
        std::cerr << "usage: docs_snippets SOURCE_DIR [--update]\n";
        return 2;
    }
    const fs::path root = argv[1];
    const bool update = argc == 3;
    std::vector<fs::path> pages{root / "README.md"};
    for (const auto& e : fs::directory_iterator(root / "docs"))
        if (e.path().extension() == ".md") pages.push_back(e.path());
    std::sort(pages.begin(), pages.end());
    int problems = 0, checked = 0;
    for (const auto& page : pages) {
        auto lines = read_lines(page);
        auto blocks = code_blocks(lines);
        bool changed = false;
        for (auto it = blocks.rbegin(); it != blocks.rend(); ++it) {
            const std::string where = fs::relative(page, root).string() + ":" + std::to_string(it->open + 1);
            if (it->file.empty()) {
                std::cerr << where << ": a ```cpp block without a '<!-- snippet: examples/FILE.cpp NAME -->' line above it\n";
                ++problems;
                continue;
            }
            std::string why;
            const auto body = region(root / it->file, it->name, why);
            if (!body) {
                std::cerr << where << ": " << why << "\n";
                ++problems;
                continue;
            }
            ++checked;
            const std::vector<std::string> shown(lines.begin() + long(it->open) + 1, lines.begin() + long(it->close));
            if (shown == *body) continue;
            if (update) {
                lines.erase(lines.begin() + long(it->open) + 1, lines.begin() + long(it->close));
                lines.insert(lines.begin() + long(it->open) + 1, body->begin(), body->end());
                changed = true;
            } else {
                std::cerr << where << ": the block differs from " << it->file << " [" << it->name
                          << "]; run `docs_snippets SOURCE_DIR --update` after editing the example\n";
                ++problems;
            }
        }
        if (changed) {
            const fs::path tmp = page.string() + ".tmp";
            {
                std::ofstream out(tmp);
                for (const auto& l : lines) out << l << "\n";
                if (!out) throw std::runtime_error("cannot write " + tmp.string());
            }
            fs::rename(tmp, page);
            std::cout << "updated " << page.string() << "\n";
        }
    }
    std::cout << checked << " snippets checked in " << pages.size() << " pages, " << problems << " problems\n";
    return problems ? 1 : 0;
}
