// Instantiates the experiments at mp50 (one translation unit per precision).
#include "experiments.ipp"

namespace geomint::cli {
template void run_table2<geomint::mp<50>>(const options&);
template void run_figures<geomint::mp<50>>(const options&);
}  // namespace geomint::cli
