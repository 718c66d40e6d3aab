// Built by test/install/downstream.cmake with `pkg-config --cflags --libs geomint` only: the
// installed headers compile, link with the libraries the .pc names (mp<50> needs MPFR and GMP),
// and GEOMINT_VERSION_STRING is the package's version.
#include <geomint/precision.hpp>

#include <cstring>
#include <iostream>

int main() {
    const geomint::mp<50> x = geomint::mp<50>(1) / 3;
    std::cout << "geomint " << GEOMINT_VERSION_STRING << " via pkg-config; 1/3 at 50 digits = " << x << "\n";
    return std::strcmp(GEOMINT_VERSION_STRING, GEOMINT_EXPECTED_VERSION) == 0 && abs(x * 3 - 1) < geomint::mp<50>("1e-45") ? 0 : 1;
}
