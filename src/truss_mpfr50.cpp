// Instantiates the truss-paper experiments at 50 digits on MPFR (built when the component
// geomint::mp is found).
#include "truss.ipp"

namespace geomint::cli {
template void run_truss_tumbling<geomint::mpfr<50>>(const options&);
template void run_truss_spinning<geomint::mpfr<50>>(const options&);
template void run_truss_convergence<geomint::mpfr<50>>(const options&);
}  // namespace geomint::cli
