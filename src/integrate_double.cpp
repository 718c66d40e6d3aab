// Instantiates `geomint integrate` at double (one translation unit per precision).
#include "integrate.ipp"

namespace geomint::cli {
template void run_integrate<double>(const integrate_options&);
}  // namespace geomint::cli
