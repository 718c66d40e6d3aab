// Instantiates the truss-paper experiments in double-double (geomint::dd; built when the
// component geomint::qd is found).
#include <geomint/double_double.hpp>
#include "truss.ipp"

namespace geomint::cli {
template void run_truss_tumbling<geomint::dd>(const options&);
template void run_truss_spinning<geomint::dd>(const options&);
template void run_truss_convergence<geomint::dd>(const options&);
}  // namespace geomint::cli
