// Instantiates the pendulum-paper experiments in double-double (geomint::dd; built when the
// component geomint::qd is found).
#include <geomint/double_double.hpp>
#include "pendulum.ipp"

namespace geomint::cli {
template void run_pendulum_tables<geomint::dd>(const options&);
template void run_pendulum_table1<geomint::dd>(const options&);
template void run_pendulum_figures<geomint::dd>(const options&);
}  // namespace geomint::cli
