// Instantiates the pendulum-paper experiments at quad (one translation unit per precision).
#include "pendulum.ipp"

namespace geomint::cli {
template void run_pendulum_tables<geomint::quad>(const options&);
template void run_pendulum_table1<geomint::quad>(const options&);
template void run_pendulum_figures<geomint::quad>(const options&);
}  // namespace geomint::cli
