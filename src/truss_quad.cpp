// Instantiates the truss-paper experiments at quad (one translation unit per precision).
#include "truss.ipp"

namespace geomint::cli {
template void run_truss_tumbling<geomint::quad>(const options&);
template void run_truss_spinning<geomint::quad>(const options&);
template void run_truss_convergence<geomint::quad>(const options&);
}  // namespace geomint::cli
