// Instantiates `geomint integrate` at mp50 (one translation unit per precision).
#include "integrate.ipp"

namespace geomint::cli {
template void run_integrate<geomint::mp<50>>(const integrate_options&);
}  // namespace geomint::cli
