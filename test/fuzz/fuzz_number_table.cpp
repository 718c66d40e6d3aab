// Fuzz target: the CSV readers of vectors and load histories (model_files.hpp's read_number_table,
// model_reading.hpp's read_vector and read_load at double). Every accepted cell must be a finite
// decimal that converts to the same double; a load history's times must increase and cover [0, 1].
#include "fuzz_common.hpp"
#include "model_reading.hpp"

#include <cmath>
#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace geomint::cli;
    const std::string text = geomint_fuzz::text_of(data, size);
    std::istringstream in(text);
    std::size_t columns = 0;
    try {
        const auto rows = read_number_table("fuzz", in);
        if (rows.empty()) geomint_fuzz::finding("an empty table was accepted");
        columns = rows.front().size();
        for (const auto& row : rows)
            for (const auto& cell : row) {
                const auto v = finite_decimal(cell);
                if (!v || !std::isfinite(*v) || from_text<double>(cell) != *v) geomint_fuzz::finding("a cell converts wrongly");
            }
    } catch (const usage_error&) {
        return 0;
    }
    const auto path = geomint_fuzz::scratch(text, ".csv");
    try {
        const auto n = static_cast<Eigen::Index>(columns);
        const geomint::vector<double> v = read_vector<double>("fuzz", path, n);
        if (v.size() != n || !v.allFinite()) geomint_fuzz::finding("a wrong vector");
    } catch (const usage_error&) {
    }
    if (columns >= 2) {
        try {
            const auto load = read_load<double>(path, static_cast<Eigen::Index>(columns) - 1, 0.0, 1.0);
            for (std::size_t k = 1; k < load->times.size(); ++k)
                if (!(load->times[k] > load->times[k - 1])) geomint_fuzz::finding("load times do not increase");
            if (load->times.front() > 0 || load->times.back() < 1) geomint_fuzz::finding("a load not covering the run");
            const auto f = (*load)(0.5);
            if (!f.allFinite()) geomint_fuzz::finding("a non-finite load value");
        } catch (const usage_error&) {
        }
    }
    return 0;
}
