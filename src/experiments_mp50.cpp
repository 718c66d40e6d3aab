// Instantiates the Simpson-paper experiments and the noisy-(M, K) study at mp50 (one translation
// unit per precision: they share the linear schemes and the double pendulum).
#include "experiments.ipp"
#include "noise.ipp"

namespace geomint::cli {
template void run_table2<geomint::mp<50>>(const options&);
template void run_figures<geomint::mp<50>>(const options&);
template void run_noise<geomint::mp<50>>(const options&);
}  // namespace geomint::cli
