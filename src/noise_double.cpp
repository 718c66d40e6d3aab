// Instantiates the noisy-(M, K) study at double (one translation unit per precision).
#include "noise.ipp"

namespace geomint::cli {
template void run_noise<double>(const options&);
}  // namespace geomint::cli
