#pragma once
// A user's model files read into the run's precision T for `geomint integrate`: matrices (Matrix
// Market, or CalculiX's .sti/.mas/.dmp) as symmetric sparse matrices, vectors, a load history.
// The files are checked line by line first (model_files.hpp); numbers are converted from their
// decimal text in T (no detour through double at quad or mp50). Also what the fuzz targets read.
#include "cli_options.hpp"
#include "model_files.hpp"

#include <geomint/error.hpp>
#include <geomint/sparse.hpp>

#include <unsupported/Eigen/SparseExtra>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace geomint::cli {
namespace fs = std::filesystem;

/// The number written as `s` (a decimal `finite_decimal` accepted) in T: from_chars at double
/// (the grammar the check used), the type's own decimal conversion otherwise.
template <class T>
T from_text(const std::string& s) {
    if constexpr (std::is_same_v<T, double>) {
        const auto v = finite_decimal(s);
        if (!v) throw usage_error(excerpt(s) + " is not a finite decimal number");
        return *v;
    } else {
        return T(s);
    }
}

/// A CalculiX matrix file's entries, mirrored into a symmetric n × n matrix (n from the dof map,
/// or the largest index).
template <class T>
sparse_matrix<T> read_calculix(const std::string& option, const fs::path& file, std::optional<Eigen::Index> n) {
    const calculix_matrix m = read_calculix_matrix(option, file);
    if (n && m.n > *n)
        throw usage_error("--" + option + " '" + file.string() + "' has equation " + std::to_string(m.n) +
                          " but the dof map lists " + std::to_string(*n) + " (the files of two different jobs?)");
    const Eigen::Index size = n ? *n : static_cast<Eigen::Index>(m.n);
    std::vector<Eigen::Triplet<T>> entries;
    entries.reserve(2 * m.entries.size());
    for (const auto& e : m.entries) {
        const T v = from_text<T>(e.value);
        entries.emplace_back(e.row, e.col, v);
        if (e.row != e.col) entries.emplace_back(e.col, e.row, v);
    }
    sparse_matrix<T> a(size, size);
    a.setFromTriplets(entries.begin(), entries.end());
    return a;
}

/// The matrix in `file`: CalculiX's format (.sti, .mas, .dmp) or Matrix Market (validated first:
/// line numbers in the errors; symmetric storage mirrored).
template <class T>
sparse_matrix<T> read_matrix(const std::string& option, const fs::path& file, std::optional<Eigen::Index> n) {
    if (is_calculix_matrix_file(file)) return read_calculix<T>(option, file, n);
    const market_header h = validate_matrix_market(option, file);
    if (!h.symmetric && h.one_triangle)
        throw usage_error("--" + option + " '" + file.string() +
                          "' is declared 'general' but stores entries on one side of the diagonal only: a symmetric "
                          "matrix stored as one triangle is declared '%%MatrixMarket matrix coordinate real symmetric'");
    sparse_matrix<T> a;
    if (!Eigen::loadMarket(a, file.string())) throw usage_error("--" + option + " '" + file.string() + "' cannot be read");
    if (!h.symmetric) return a;
    bool lower = false, upper = false;
    for (Eigen::Index j = 0; j < a.outerSize(); ++j)
        for (typename sparse_matrix<T>::InnerIterator it(a, j); it; ++it) {
            lower = lower || it.row() > it.col();
            upper = upper || it.row() < it.col();
        }
    if (lower && upper)
        throw usage_error("--" + option + " '" + file.string() +
                          "' is declared symmetric but stores entries on both sides of the diagonal");
    if (upper) return sparse_matrix<T>(a.template selfadjointView<Eigen::Upper>());
    return sparse_matrix<T>(a.template selfadjointView<Eigen::Lower>());
}

/// The n numbers of a vector file (one per line or comma-separated).
template <class T>
vector<T> read_vector(const std::string& option, const fs::path& file, Eigen::Index n) {
    std::vector<std::string> cells;
    for (const auto& row : read_number_table(option, file)) cells.insert(cells.end(), row.begin(), row.end());
    if (static_cast<Eigen::Index>(cells.size()) != n)
        throw usage_error("--" + option + " '" + file.string() + "' has " + std::to_string(cells.size()) +
                          " numbers but the model has n = " + std::to_string(n) + " degrees of freedom");
    vector<T> v(n);
    for (Eigen::Index i = 0; i < n; ++i) v(i) = from_text<T>(cells[static_cast<std::size_t>(i)]);
    return v;
}

/// A load history: f(t) linear between the rows' times (strictly increasing, covering [t0, t1]).
template <class T>
struct load_history {
    std::vector<T> times;
    std::vector<vector<T>> values;

    vector<T> operator()(const T& t) const {
        const auto it = std::upper_bound(times.begin(), times.end(), t);
        if (it == times.begin()) return values.front();
        if (it == times.end()) return values.back();
        const std::size_t k = static_cast<std::size_t>(it - times.begin());
        const T w = (t - times[k - 1]) / (times[k] - times[k - 1]);
        return vector<T>(values[k - 1] * (T(1) - w) + values[k] * w);
    }
};

template <class T>
std::shared_ptr<const load_history<T>> read_load(const fs::path& file, Eigen::Index n, const T& t0, const T& t1) {
    const std::string where = "--load '" + file.string() + "'";
    auto h = std::make_shared<load_history<T>>();
    const auto rows = read_number_table("load", file);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (static_cast<Eigen::Index>(rows[r].size()) != n + 1)
            throw usage_error(where + " row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                              " cells (expected t and the n = " + std::to_string(n) + " forces)");
        const T t = from_text<T>(rows[r][0]);
        if (!h->times.empty() && !(t > h->times.back()))
            throw usage_error(where + " row " + std::to_string(r + 1) + ": time " + rows[r][0] + " does not increase");
        vector<T> f(n);
        for (Eigen::Index i = 0; i < n; ++i) f(i) = from_text<T>(rows[r][static_cast<std::size_t>(i + 1)]);
        h->times.push_back(t);
        h->values.push_back(std::move(f));
    }
    if (h->times.front() > t0 || h->times.back() < t1)
        throw usage_error(where + " covers [" + rows.front()[0] + ", " + rows.back()[0] +
                          "], not the whole run [t0, t1] = [" + geomint::to_string(t0) + ", " + geomint::to_string(t1) + "]");
    return h;
}

}  // namespace geomint::cli
