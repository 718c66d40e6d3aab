// Fuzz target: CalculiX's equation map (.dof) read by model_files.hpp's read_dof_map. An accepted
// map must name each equation "node.direction" as the line did, find it again by equation(), and
// hold no pair twice.
#include "fuzz_common.hpp"
#include "model_files.hpp"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace geomint::cli;
    std::istringstream in(geomint_fuzz::text_of(data, size));
    try {
        const dof_map map = read_dof_map("fuzz", in);
        if (map.dofs.empty()) geomint_fuzz::finding("an empty map was accepted");
        for (std::size_t k = 0; k < map.dofs.size(); ++k) {
            const auto [node, direction] = map.dofs[k];
            if (node < 1 || direction < 1 || direction > 6) geomint_fuzz::finding("a dof outside the rules");
            if (map.equation(node, direction) != k) geomint_fuzz::finding("equation() does not find its own dof");
            if (map.name(k) != std::to_string(node) + "." + std::to_string(direction)) geomint_fuzz::finding("a wrong name");
        }
    } catch (const usage_error&) {
    }
    return 0;
}
