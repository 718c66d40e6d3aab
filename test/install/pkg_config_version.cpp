// Built by test/install/downstream.cmake with `pkg-config --cflags --libs geomint-mp` only: the
// installed headers compile, link with the libraries the .pc files name (geomint::mpfr<50> needs
// MPFR and GMP: geomint-mp.pc requires Debian's mpfr.pc and gmp.pc and defines GEOMINT_HAS_MPFR), and
// GEOMINT_VERSION_STRING is the package's version.
#include <geomint/precision.hpp>

#include <cstring>
#include <iostream>

int main() {
#if defined(GEOMINT_HAS_MPFR)
    using T = geomint::mpfr<50>;
#else
    using T = geomint::mp<50>;
#endif
    const T x = T(1) / 3;
    std::cout << "geomint " << GEOMINT_VERSION_STRING << " via pkg-config; 1/3 at 50 digits = " << x << "\n";
    return std::strcmp(GEOMINT_VERSION_STRING, GEOMINT_EXPECTED_VERSION) == 0 && abs(x * 3 - 1) < T("1e-45") ? 0 : 1;
}
