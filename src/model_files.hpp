#pragma once
// The readers of a user's model files for `geomint integrate`: Matrix Market (validated line by
// line before Eigen's loadMarket reads it), CalculiX's matrix files (.sti, .mas: written by a step
// `*FREQUENCY, SOLVER=MATRIXSTORAGE`) and its equation map (.dof), CSV vectors and tables. Every
// reader checks every line and reports the first bad one; nothing here is numerical. The fuzz
// targets (test/fuzz/) call these functions directly.
#include <cstddef>
#include <filesystem>
#include <istream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace geomint::cli {

/// The largest model the readers accept: n <= 10^7 equations (a larger declared size or index is
/// refused before anything is allocated).
inline constexpr long long max_model_size = 10000000;

/// A finite decimal number (from_chars' grammar: optional '-', digits, '.', exponent); nothing else.
std::optional<double> finite_decimal(const std::string& text);

/// `s` cut at every `sep` (an empty `s` gives one empty piece).
std::vector<std::string> split(const std::string& s, char sep);

/// `s` without leading and trailing blanks, tabs and carriage returns.
std::string trim(const std::string& s);

/// A user's text quoted in an error message: at most 48 characters (the rest cut and counted), so
/// a line of 24 KB gives a readable message.
std::string excerpt(const std::string& text);

/// A Matrix Market file's header, validated line by line (`validate_matrix_market`).
struct market_header {
    long long rows = 0, cols = 0, entries = 0;
    bool symmetric = false;        ///< only the lower or upper triangle is stored
    bool one_triangle = false;     ///< every off-diagonal entry lies on one side of the diagonal
    bool has_off_diagonal = false;  ///< some entry is off the diagonal
};

/// Validate a Matrix Market file before it is read (Eigen's loadMarket checks nothing and reports
/// no line): banner "%%MatrixMarket matrix coordinate real|integer general|symmetric", a size line,
/// then exactly `entries` lines "i j value" with 1 <= i <= rows, 1 <= j <= cols and a finite
/// decimal value, nothing else but comments and blank lines.
/// \throws usage_error naming `option`, the file, the line number and what is wrong (or that the
///         file cannot be opened).
market_header validate_matrix_market(const std::string& option, const std::filesystem::path& file);
/// The same check of a stream; errors name `where` (e.g. "--mass 'M.mtx'").
market_header validate_matrix_market(const std::string& where, std::istream& in);

/// One stored entry of a matrix file: 0-based row and column, the value as written.
struct matrix_entry {
    long long row = 0, col = 0;
    std::string value;
};

/// A symmetric matrix as CalculiX 2.20 writes it (`job.sti`, `job.mas` from
/// `*FREQUENCY, SOLVER=MATRIXSTORAGE`): one line "i j value" per stored entry, 1-based, the upper
/// triangle with the diagonal (i <= j), no header, explicit zeros kept; equations numbered as in
/// `job.dof` (constrained degrees of freedom left out).
struct calculix_matrix {
    long long n = 0;                     ///< the largest index seen
    std::vector<matrix_entry> entries;  ///< upper triangle, 0-based, each (i, j) once
};

/// Whether `file` is read as a CalculiX matrix (extension .sti, .mas or .dmp) rather than Matrix
/// Market.
bool is_calculix_matrix_file(const std::filesystem::path& file);

/// Read and check a CalculiX matrix file: every non-blank line exactly "i j value", i and j whole
/// numbers with 1 <= i <= j <= 10^7, a finite decimal value, no (i, j) twice, at least one entry,
/// and every diagonal entry (i, i) for i = 1..n, n the largest index.
/// \throws usage_error naming `option`, the file, the line and what is wrong (a lower-triangle
///         entry, a repeated entry, a header line, a 0-based index).
calculix_matrix read_calculix_matrix(const std::string& option, const std::filesystem::path& file);
/// The same reader on a stream; errors name `where`.
calculix_matrix read_calculix_matrix(const std::string& where, std::istream& in);

/// CalculiX's equation map (`job.dof`): line k (1-based) is "node.direction" of equation k, node a
/// positive whole number and direction 1..6 (translations x, y, z, rotations about x, y, z).
struct dof_map {
    std::vector<std::pair<long long, int>> dofs;  ///< (node, direction) of each equation, in order

    /// The 0-based equation of (node, direction), if the model has it.
    std::optional<std::size_t> equation(long long node, int direction) const;
    /// "node.direction" of the 0-based equation `k`.
    std::string name(std::size_t k) const;
};

/// Read and check a CalculiX .dof file. \throws usage_error naming `option`, the file and the line
/// (a malformed entry, a direction outside 1..6, a (node, direction) listed twice, an empty file).
dof_map read_dof_map(const std::string& option, const std::filesystem::path& file);
/// The same reader on a stream; errors name `where`.
dof_map read_dof_map(const std::string& where, std::istream& in);

/// A CSV file of numbers: rows of comma-separated finite decimals (blank lines and lines starting
/// with '#' skipped), each row's cells as written. \throws usage_error naming `option`, the file
/// and the line of the first bad cell (quoted by `excerpt`, with a hint when the numbers are
/// separated by spaces), or that the file cannot be opened or holds no number.
std::vector<std::vector<std::string>> read_number_table(const std::string& option, const std::filesystem::path& file);
/// The same reader on a stream; errors name `where`.
std::vector<std::vector<std::string>> read_number_table(const std::string& where, std::istream& in);

}  // namespace geomint::cli
