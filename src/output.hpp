#pragma once
// Output helpers of the `geomint` program: atomic files (temporary, then rename), CSV tables,
// progress lines. Nothing here is numerical (figures: figure.hpp).
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace geomint::cli {

/// Write `content` to `path` atomically: a temporary file in the same folder, then rename.
/// \throws std::runtime_error naming the path if any step fails (no partial file is left).
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

/// A CSV table built in memory and written atomically.
class csv {
public:
    explicit csv(std::vector<std::string> header);
    csv& row(const std::vector<std::string>& cells);
    void write(const std::filesystem::path& path) const;

private:
    std::ostringstream m_text;
    std::size_t m_columns;
};

/// Format a double with 17 significant digits (round-trip).
std::string num(double x);

/// Format a double in scientific notation for a text table: printf's "%*.*e" (width 9, 2 digits:
/// " 1.23e-05").
std::string sci(double x, int width = 9, int digits = 2);

/// Format a double for a label: 6 significant digits, trailing zeros dropped (0.1, 1e-05).
std::string label_num(double x);

/// A fresh hidden name beside `path` for its temporary file (".name.tmp<random>").
std::filesystem::path temporary_beside(const std::filesystem::path& path);

/// Print a progress line "label: done/total" on stderr, overwriting itself.
void progress(const std::string& label, std::size_t done, std::size_t total);

}  // namespace geomint::cli
