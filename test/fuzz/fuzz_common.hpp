#pragma once
// What the fuzz targets share: the input as text, and a scratch file for the readers that take a
// path (one per process, rewritten for each input). A target returns 0 for an accepted or a refused
// input (usage_error); any other exception, a crash, a hang or a sanitizer report is a finding, and
// so is an accepted input whose value is wrong (the targets check what the reader returned).
#include "cli_options.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace geomint_fuzz {

inline std::string text_of(const std::uint8_t* data, std::size_t size) {
    return std::string(reinterpret_cast<const char*>(data), size);
}

/// `text` written to a scratch file with this extension; its path.
inline std::filesystem::path scratch(const std::string& text, const std::string& extension) {
    const auto p = std::filesystem::temp_directory_path() / ("geomint_fuzz_" + std::to_string(::getpid()) + extension);
    std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
    return p;
}

/// A finding: abort with the reason (libFuzzer saves the input).
[[noreturn]] inline void finding(const char* what) {
    std::fputs(what, stderr);
    std::fputs("\n", stderr);
    std::abort();
}

}  // namespace geomint_fuzz
