# FindMPFR: the MPFR library (mpfr.h, libmpfr), for geomint::mp (geomint::mpfr<D> scalars).
# Defines MPFR_FOUND, MPFR_INCLUDE_DIR, MPFR_LIBRARY and the imported target MPFR::MPFR. Used by
# geomint's own build and installed beside geomintConfig.cmake, which calls it for the `mp`
# component. On failure the reason names the Debian package that provides MPFR.
include(${CMAKE_CURRENT_LIST_DIR}/geomintFindCLibrary.cmake)
geomint_find_c_library(MPFR mpfr.h mpfr libmpfr-dev)
