// Instantiates the pendulum-paper experiments at mp50 (one translation unit per precision).
#include "pendulum.ipp"

namespace geomint::cli {
template void run_pendulum_tables<geomint::mp<50>>(const options&);
template void run_pendulum_table1<geomint::mp<50>>(const options&);
template void run_pendulum_figures<geomint::mp<50>>(const options&);
}  // namespace geomint::cli
