// Instantiates the pendulum-paper experiments at 50 digits on MPFR (built when the component
// geomint::mp is found).
#include "pendulum.ipp"

namespace geomint::cli {
template void run_pendulum_tables<geomint::mpfr<50>>(const options&);
template void run_pendulum_table1<geomint::mpfr<50>>(const options&);
template void run_pendulum_figures<geomint::mpfr<50>>(const options&);
}  // namespace geomint::cli
