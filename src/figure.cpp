#include "figure.hpp"

#include "output.hpp"

#include <algorithm>
#include <limits>
#include <tuple>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace geomint::cli {
namespace fs = std::filesystem;

namespace {

/// A gnuplot single-quoted string: inside one, a quote is written twice.
std::string quoted(const std::string& s) {
    std::string r = "'";
    for (char c : s) {
        if (c == '\'') r += "''";
        else if (c == '\n') r += ' ';
        else r += c;
    }
    return r + "'";
}

/// The name an error message gives a figure: its page title, else its panel's.
std::string name_of(const figure& f, const panel& p) { return f.title.empty() ? p.title : f.title; }

bool plottable(double v, bool log) { return std::isfinite(v) && (!log || v > 0); }

void check_series(const figure& f, const panel& p, const series& s) {
    if (s.x.size() != s.y.size())
        throw figure_error("figure '" + name_of(f, p) + "': series '" + s.title + "' has " +
                           std::to_string(s.x.size()) + " x values but " + std::to_string(s.y.size()) + " y values");
    for (std::size_t i = 0; i < s.x.size(); ++i)
        if (plottable(s.x[i], p.logx) && plottable(s.y[i], p.logy)) return;
    throw figure_error("figure '" + name_of(f, p) + "': series '" + s.title + "' has no point that can be plotted (" +
                       std::to_string(s.x.size()) + " points, none finite" +
                       (p.logx || p.logy ? " and positive on its logarithmic axes)" : ")"));
}

/// Path of an executable `name` on PATH, or empty.
std::string find_on_path(const std::string& name) {
    const char* path = std::getenv("PATH");
    std::stringstream ss(path ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(ss, dir, ':');) {
        if (dir.empty()) dir = ".";
        const std::string candidate = dir + "/" + name;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return {};
}

/// A file descriptor closed on scope exit.
struct fd_guard {
    int fd = -1;
    ~fd_guard() {
        if (fd >= 0) ::close(fd);
    }
};

std::string read_text(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool mentions_warning(std::string log) {
    std::transform(log.begin(), log.end(), log.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return log.find("warning") != std::string::npos;
}

}  // namespace

bool gnuplot_available() { return !find_on_path("gnuplot").empty(); }

std::string gnuplot_script(const figure& f) {
    std::ostringstream gp;
    gp << std::setprecision(17);
    gp << "set terminal pngcairo size 1000," << (f.rows > 1 ? 720 : 640) << " enhanced font 'DejaVu Sans,11'\n";
    // the data, inline: one block per series, unplottable points written as NaN
    std::size_t block = 0;
    for (const panel& p : f.panels)
        for (const series& s : p.curves) {
            gp << "$d" << block++ << " << EOD\n";
            for (std::size_t i = 0; i < s.x.size(); ++i) {
                const bool ok = plottable(s.x[i], p.logx) && plottable(s.y[i], p.logy);
                if (ok) gp << s.x[i] << " " << s.y[i] << "\n";
                else gp << "NaN NaN\n";
            }
            gp << "EOD\n";
        }
    const bool multi = f.panels.size() > 1;
    if (multi) gp << "set multiplot layout " << f.rows << "," << f.cols << " title " << quoted(f.title) << "\n";
    block = 0;
    for (const panel& p : f.panels) {
        gp << "reset\nset grid\nset key " << p.key << " noenhanced\n";
        gp << "set title " << quoted(multi || !p.title.empty() ? p.title : f.title) << "\n";
        gp << "set xlabel " << quoted(p.xlabel) << "\nset ylabel " << quoted(p.ylabel) << "\n";
        if (p.logx) gp << "set logscale x\nset format x '10^{%L}'\n";
        if (p.logy) gp << "set logscale y\nset format y '10^{%L}'\n";
        // gnuplot refuses an empty range ("empty y range [0:0]"): a constant series gets one around it
        for (const auto& [axis, log, value] : {std::tuple{"x", p.logx, &series::x}, std::tuple{"y", p.logy, &series::y}}) {
            double lo = std::numeric_limits<double>::infinity(), hi = -lo;
            for (const series& s : p.curves)
                for (std::size_t i = 0; i < s.x.size(); ++i)
                    if (plottable(s.x[i], p.logx) && plottable(s.y[i], p.logy)) {
                        lo = std::min(lo, (s.*value)[i]);
                        hi = std::max(hi, (s.*value)[i]);
                    }
            if (lo != hi) continue;
            if (log) gp << "set " << axis << "range [" << lo / 2 << ":" << hi * 2 << "]\n";
            else {
                const double d = lo == 0 ? 1 : std::abs(lo) / 10;
                gp << "set " << axis << "range [" << lo - d << ":" << hi + d << "]\n";
            }
        }
        gp << "plot ";
        for (std::size_t k = 0; k < p.curves.size(); ++k) {
            const series& s = p.curves[k];
            gp << (k ? ", " : "") << "$d" << block++ << " using 1:2 with " << s.style << " title " << quoted(s.title);
        }
        gp << "\n";
    }
    if (multi) gp << "unset multiplot\n";
    return gp.str();
}

void render(const figure& f, const fs::path& png) {
    for (const panel& p : f.panels) {
        if (p.curves.empty())
            throw figure_error("figure '" + name_of(f, p) + "': a panel without series");
        for (const series& s : p.curves) check_series(f, p, s);
    }
    const std::string gnuplot = find_on_path("gnuplot");
    if (gnuplot.empty())
        throw figure_error("gnuplot not found on PATH (install gnuplot-nox, or run with --no-plots) for " + png.string());
    const fs::path script = temporary_beside(png.parent_path() / "figure.gp");
    const fs::path image = temporary_beside(png);
    const fs::path log = temporary_beside(png.parent_path() / "figure.log");
    write_file_atomically(script, gnuplot_script(f));
    const auto cleanup = [&] {
        std::error_code ec;
        fs::remove(script, ec);
        fs::remove(log, ec);
        fs::remove(image, ec);
    };
    int status = 0;
    {
        fd_guard out{::open(image.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)};
        fd_guard err{::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644)};
        fd_guard in{::open("/dev/null", O_RDONLY | O_CLOEXEC)};
        if (out.fd < 0 || err.fd < 0 || in.fd < 0) {
            const std::string why = std::strerror(errno);
            cleanup();
            throw figure_error("cannot create the temporary files for " + png.string() + ": " + why);
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, in.fd, STDIN_FILENO);
        posix_spawn_file_actions_adddup2(&actions, out.fd, STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, err.fd, STDERR_FILENO);
        std::string arg0 = "gnuplot", arg1 = script.string();
        char* argv[] = {arg0.data(), arg1.data(), nullptr};
        pid_t pid = 0;
        const int rc = posix_spawn(&pid, gnuplot.c_str(), &actions, nullptr, argv, environ);
        posix_spawn_file_actions_destroy(&actions);
        if (rc != 0) {
            cleanup();
            throw figure_error("cannot start " + gnuplot + " for " + png.string() + ": " + std::strerror(rc));
        }
        while (::waitpid(pid, &status, 0) < 0)
            if (errno != EINTR) {
                cleanup();
                throw figure_error("lost the gnuplot process for " + png.string());
            }
    }
    const std::string messages = read_text(log);
    const bool failed = !WIFEXITED(status) || WEXITSTATUS(status) != 0;
    if (failed || mentions_warning(messages)) {
        cleanup();
        throw figure_error("gnuplot " + std::string(failed ? "failed" : "warned") + " for " + png.string() + ": " +
                           (messages.empty() ? std::string("(no message)") : messages));
    }
    std::error_code ec;
    if (fs::file_size(image, ec) == 0 || ec) {
        cleanup();
        throw figure_error("gnuplot wrote no image for " + png.string());
    }
    fs::rename(image, png, ec);
    if (ec) {
        cleanup();
        throw figure_error("cannot rename the temporary image to " + png.string() + ": " + ec.message());
    }
    cleanup();
}

}  // namespace geomint::cli
