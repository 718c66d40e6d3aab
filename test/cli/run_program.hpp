#pragma once
// Running the `geomint` program as a user does, for the CLI tests: posix_spawn with an argument
// vector (never a shell), in a folder of its own, with its output captured.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace geomint_cli_test {
namespace fs = std::filesystem;

struct outcome {
    int code = -1;
    std::string out, err;
    double seconds = 0;
};

inline std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Run `argv` (argv[0] a path to the executable) in `dir`, PATH replaced by `path` if given and
/// the `extra` "NAME=value" entries added to the environment; output captured.
inline outcome run_command(std::vector<std::string> a, const fs::path& dir, const std::string& path = "",
                           const std::vector<std::string>& extra = {}) {
    const fs::path out = dir.parent_path() / (dir.filename().string() + ".stdout");
    const fs::path err = dir.parent_path() / (dir.filename().string() + ".stderr");
    std::vector<char*> argv;
    for (auto& s : a) argv.push_back(s.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addchdir_np(&actions, dir.c_str());
    const auto start = std::chrono::steady_clock::now();
    pid_t pid = 0;
    outcome r;
    std::vector<std::string> env_strings;
    for (char** e = environ; *e; ++e)
        if (path.empty() || std::string(*e).rfind("PATH=", 0) != 0) env_strings.emplace_back(*e);
    if (!path.empty()) env_strings.push_back("PATH=" + path);
    env_strings.insert(env_strings.end(), extra.begin(), extra.end());
    std::vector<char*> envp;
    for (auto& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    if (posix_spawnp(&pid, a[0].c_str(), &actions, nullptr, argv.data(), envp.data()) == 0) {
        int status = 0;
        waitpid(pid, &status, 0);
        r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    posix_spawn_file_actions_destroy(&actions);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    r.out = slurp(out);
    r.err = slurp(err);
    fs::remove(out);
    fs::remove(err);
    return r;
}

/// Run the program with exactly these arguments in `dir` (PATH replaced by `path` if given).
inline outcome run(const std::vector<std::string>& args, const fs::path& dir, const std::string& path = "") {
    std::vector<std::string> a{GEOMINT_EXE};
    a.insert(a.end(), args.begin(), args.end());
    return run_command(a, dir, path);
}

inline fs::path fresh_dir(const std::string& name) {
    const fs::path d = fs::path(GEOMINT_WORK_DIR) / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

inline std::vector<fs::path> files_under(const fs::path& d) {
    std::vector<fs::path> v;
    for (const auto& e : fs::recursive_directory_iterator(d)) v.push_back(e.path());
    return v;
}

inline std::string show(const std::vector<std::string>& args) {
    std::string s;
    for (const auto& a : args) s += " [" + a + "]";
    return s;
}

/// A bad invocation's contract: exit code 2, exactly one `geomint: error:` line, nothing written in
/// `dir`, and no computation started (a fraction of a second; 10 s only guards against a hang).
/// Returns the error line.
inline std::string expect_refused(const outcome& r, const fs::path& dir, const std::vector<std::string>& a) {
    EXPECT_EQ(r.code, 2) << show(a) << "\n" << r.err;
    std::string err = r.err;
    while (!err.empty() && err.back() == '\n') err.pop_back();
    EXPECT_EQ(err.rfind("geomint: error: ", 0), 0u) << show(a) << ": " << r.err;
    EXPECT_EQ(err.find('\n'), std::string::npos) << show(a) << ": more than one line:\n" << r.err;
    const auto written = files_under(dir);
    EXPECT_TRUE(written.empty()) << show(a) << " wrote " << (written.empty() ? fs::path() : written.front());
    EXPECT_LT(r.seconds, 10.0) << show(a);
    return err;
}

}  // namespace geomint_cli_test
