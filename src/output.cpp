#include "output.hpp"

#include <geomint/ensemble/atomic_file.hpp>

#include <cstdio>
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include <unistd.h>

namespace geomint::cli {
namespace fs = std::filesystem;

fs::path temporary_beside(const fs::path& path) { return ensemble::temporary_beside(path); }

void write_file_atomically(const fs::path& path, const std::string& content) {
    ensemble::write_file_atomically(path, content);
}

csv::csv(std::vector<std::string> header) : m_columns(header.size()) { row(header); }

csv& csv::row(const std::vector<std::string>& cells) {
    if (cells.size() != m_columns) throw std::logic_error("csv: wrong number of cells");
    for (std::size_t i = 0; i < cells.size(); ++i) m_text << (i ? "," : "") << cells[i];
    m_text << "\n";
    return *this;
}

void csv::write(const fs::path& path) const { write_file_atomically(path, m_text.str()); }

std::string sci(double x, int width, int digits) {
    char b[64];
    std::snprintf(b, sizeof b, "%*.*e", width, digits, x);
    return b;
}

std::string num(double x) {
    std::ostringstream os;
    os << std::setprecision(17) << x;
    return os.str();
}

std::string label_num(double x) {
    std::ostringstream os;
    os << std::setprecision(6) << x;
    return os.str();
}

void progress(const std::string& label, std::size_t done, std::size_t total) {
    static const bool tty = isatty(STDERR_FILENO) != 0;
    if (tty) {
        std::cerr << "\r  " << label << ": " << done << "/" << total << (done == total ? "\n" : "") << std::flush;
        return;
    }
    // In a log: one line per tenth of the work.
    static std::size_t last_decile = 11;
    const std::size_t decile = total ? 10 * done / total : 10;
    if (decile != last_decile || done == total) {
        if (decile != last_decile) std::cerr << "  " << label << ": " << done << "/" << total << "\n";
        last_decile = done == total ? 11 : decile;
    }
}

}  // namespace geomint::cli
