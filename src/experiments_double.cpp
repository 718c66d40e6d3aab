// Instantiates the experiments at double (one translation unit per precision).
#include "experiments.ipp"

namespace geomint::cli {
template void run_table2<double>(const options&);
template void run_figures<double>(const options&);
}  // namespace geomint::cli
