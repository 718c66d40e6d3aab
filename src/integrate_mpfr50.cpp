// Instantiates `geomint integrate` at 50 digits on MPFR (built when the component geomint::mp is
// found).
#include "integrate.ipp"

namespace geomint::cli {
template void run_integrate<geomint::mpfr<50>>(const integrate_options&);
}  // namespace geomint::cli
