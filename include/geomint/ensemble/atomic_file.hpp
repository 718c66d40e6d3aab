#pragma once
/// \file
/// Whole-file writes that never leave a half-written file: the content goes to a temporary file
/// in the same folder, which is then renamed over the target (rename is atomic within a file
/// system, so a reader sees the old file or the new one, never a mixture).

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <system_error>

namespace geomint::ensemble {

/// A fresh hidden name beside `path` for its temporary file (".name.tmp<random>").
inline std::filesystem::path temporary_beside(const std::filesystem::path& path) {
    std::random_device rd;
    return path.parent_path() / ("." + path.filename().string() + ".tmp" + std::to_string(rd()));
}

/// Write `content` to `path` atomically (its folder is created if missing).
/// \throws std::runtime_error naming the path if any step fails; no partial file is left.
inline void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
    namespace fs = std::filesystem;
    if (!path.parent_path().empty()) fs::create_directories(path.parent_path());
    const fs::path tmp = temporary_beside(path);
    {
        std::ofstream out(tmp, std::ios::binary);
        out << content;
        out.flush();
        if (!out) {
            std::error_code ec;
            fs::remove(tmp, ec);
            throw std::runtime_error("cannot write " + path.string());
        }
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) {
        fs::remove(tmp, ec);
        throw std::runtime_error("cannot rename the temporary file to " + path.string() + ": " + ec.message());
    }
}

}  // namespace geomint::ensemble
