// Instantiates the noisy-(M, K) study at quad (one translation unit per precision).
#include "noise.ipp"

namespace geomint::cli {
template void run_noise<geomint::quad>(const options&);
}  // namespace geomint::cli
