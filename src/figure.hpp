#pragma once
// Figures of the `geomint` program: a figure is data (panels of series of (x, y) points), rendered
// by gnuplot. The data travels inside the gnuplot script as inline data blocks, gnuplot is started
// without a shell (posix_spawnp, an argument vector) and writes the PNG to its standard output,
// which goes to a temporary file that is renamed into place: no path, title or value ever reaches
// a shell, and no gnuplot script names a file. Nothing here is numerical.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace geomint::cli {

/// A figure could not be rendered: a series without a plottable point, gnuplot missing, failing
/// or printing a warning. The message names the figure and says why.
class figure_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// One curve: points (x[i], y[i]) and a gnuplot style ("lines lw 2 lc 'black'", "points pt 7").
/// A point is plottable when x and y are finite and, on a logarithmic axis, positive; the others
/// are written as NaN, which breaks a line there.
struct series {
    std::string title;
    std::vector<double> x, y;
    std::string style = "linespoints pt 7 ps 0.5";
};

/// One set of axes.
struct panel {
    std::string title, xlabel, ylabel;  ///< gnuplot enhanced text (q_{1} is a subscript)
    bool logx = false, logy = false;
    std::string key = "outside right";  ///< gnuplot `set key` arguments; series titles are not enhanced
    std::vector<series> curves;
};

/// Panels laid out rows × cols (multiplot when more than one).
struct figure {
    std::string title;  ///< of the whole page (multiplot); a single panel uses its own title
    int rows = 1, cols = 1;
    std::vector<panel> panels;
};

/// Whether gnuplot can be started (an executable `gnuplot` on PATH).
bool gnuplot_available();

/// Render `f` to `png` (a temporary file beside it, then renamed).
/// \throws figure_error if a series has no plottable point, if gnuplot cannot be started, exits
///         non-zero or prints anything containing "warning" (e.g. "Skipping data file with no
///         valid points"); no file is left behind then.
void render(const figure& f, const std::filesystem::path& png);

/// The gnuplot script that `render` runs (for tests).
std::string gnuplot_script(const figure& f);

}  // namespace geomint::cli
