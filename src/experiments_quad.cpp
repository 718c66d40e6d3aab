// Instantiates the experiments at quad (one translation unit per precision).
#include "experiments.ipp"

namespace geomint::cli {
template void run_table2<geomint::quad>(const options&);
template void run_figures<geomint::quad>(const options&);
}  // namespace geomint::cli
