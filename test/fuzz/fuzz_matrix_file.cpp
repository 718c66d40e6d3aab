// Fuzz target: a matrix file read by `geomint integrate` (model_reading.hpp's read_matrix<double>):
// Matrix Market validated line by line then read by Eigen's loadMarket, or CalculiX's .sti format
// (the first byte of the input chooses). An accepted file must give a finite, symmetric-storage-
// consistent square-or-not matrix of the declared size with no more entries than lines.
#include "fuzz_common.hpp"
#include "model_reading.hpp"

#include <cmath>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace geomint::cli;
    if (size == 0) return 0;
    const bool calculix = data[0] & 1;
    const std::string text = geomint_fuzz::text_of(data + 1, size - 1);
    const auto path = geomint_fuzz::scratch(text, calculix ? ".sti" : ".mtx");
    try {
        const geomint::sparse_matrix<double> a = read_matrix<double>("fuzz", path, std::nullopt);
        if (a.rows() < 1 || a.cols() < 1 || a.rows() > max_model_size || a.cols() > max_model_size)
            geomint_fuzz::finding("a matrix of an impossible size was accepted");
        long long lines = 1;
        for (char c : text) lines += c == '\n';
        if (a.nonZeros() > 2 * lines) geomint_fuzz::finding("more entries than the file has lines");
        for (int j = 0; j < a.outerSize(); ++j)
            for (geomint::sparse_matrix<double>::InnerIterator it(a, j); it; ++it)
                if (!std::isfinite(it.value())) geomint_fuzz::finding("a non-finite entry was accepted");
        if (calculix && a.rows() != a.cols()) geomint_fuzz::finding("a CalculiX matrix that is not square");
    } catch (const usage_error&) {
    }
    return 0;
}
