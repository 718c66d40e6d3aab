// Instantiates the truss-paper experiments at double (one translation unit per precision).
#include "truss.ipp"

namespace geomint::cli {
template void run_truss_tumbling<double>(const options&);
template void run_truss_spinning<double>(const options&);
template void run_truss_convergence<double>(const options&);
}  // namespace geomint::cli
