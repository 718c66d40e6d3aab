// Instantiates the noisy-(M, K) study at mp50 (one translation unit per precision).
#include "noise.ipp"

namespace geomint::cli {
template void run_noise<geomint::mp<50>>(const options&);
}  // namespace geomint::cli
