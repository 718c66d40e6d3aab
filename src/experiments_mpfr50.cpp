// Instantiates the Simpson-paper experiments and the noisy-(M, K) study at 50 digits on MPFR
// (built when the component geomint::mp is found).
#include "experiments.ipp"
#include "noise.ipp"

namespace geomint::cli {
template void run_table2<geomint::mpfr<50>>(const options&);
template void run_figures<geomint::mpfr<50>>(const options&);
template void run_noise<geomint::mpfr<50>>(const options&);
}  // namespace geomint::cli
