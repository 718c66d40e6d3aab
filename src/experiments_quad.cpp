// Instantiates the Simpson-paper experiments and the noisy-(M, K) study at quad (one translation
// unit per precision: they share the linear schemes and the double pendulum).
#include "experiments.ipp"
#include "noise.ipp"

namespace geomint::cli {
template void run_table2<geomint::quad>(const options&);
template void run_figures<geomint::quad>(const options&);
template void run_noise<geomint::quad>(const options&);
}  // namespace geomint::cli
