// Instantiates the Simpson-paper experiments and the noisy-(M, K) study at double (one translation
// unit per precision: they share the linear schemes and the double pendulum).
#include "experiments.ipp"
#include "noise.ipp"

namespace geomint::cli {
template void run_table2<double>(const options&);
template void run_figures<double>(const options&);
template void run_noise<double>(const options&);
}  // namespace geomint::cli
