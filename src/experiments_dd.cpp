// Instantiates the Simpson-paper experiments and the noisy-(M, K) study in double-double (geomint::dd; built when the
// component geomint::qd is found).
#include <geomint/double_double.hpp>
#include "experiments.ipp"
#include "noise.ipp"

namespace geomint::cli {
template void run_table2<geomint::dd>(const options&);
template void run_figures<geomint::dd>(const options&);
template void run_noise<geomint::dd>(const options&);
}  // namespace geomint::cli
