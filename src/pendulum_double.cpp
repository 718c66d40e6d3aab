// Instantiates the pendulum-paper experiments at double (one translation unit per precision).
#include "pendulum.ipp"

namespace geomint::cli {
template void run_pendulum_tables<double>(const options&);
template void run_pendulum_table1<double>(const options&);
template void run_pendulum_figures<double>(const options&);
}  // namespace geomint::cli
