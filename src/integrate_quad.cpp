// Instantiates `geomint integrate` at quad (one translation unit per precision).
#include "integrate.ipp"

namespace geomint::cli {
template void run_integrate<geomint::quad>(const integrate_options&);
}  // namespace geomint::cli
