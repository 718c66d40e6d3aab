// Instantiates the truss-paper experiments at mp50 (one translation unit per precision).
#include "truss.ipp"

namespace geomint::cli {
template void run_truss_tumbling<geomint::mp<50>>(const options&);
template void run_truss_spinning<geomint::mp<50>>(const options&);
template void run_truss_convergence<geomint::mp<50>>(const options&);
}  // namespace geomint::cli
