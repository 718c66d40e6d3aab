// Instantiates `geomint integrate` in double-double (geomint::dd; built when the
// component geomint::qd is found).
#include <geomint/double_double.hpp>
#include "integrate.ipp"

namespace geomint::cli {
template void run_integrate<geomint::dd>(const integrate_options&);
}  // namespace geomint::cli
