# FindMPFR: the MPFR library (mpfr.h, libmpfr), for geomint::mp (geomint::mpfr<D> scalars).
# Defines MPFR_FOUND, MPFR_INCLUDE_DIR, MPFR_LIBRARY and the imported target MPFR::MPFR. Used by
# geomint's own build and installed beside geomintConfig.cmake, which calls it for the `mp`
# component. On failure the reason names the Debian package that provides MPFR.
find_path(MPFR_INCLUDE_DIR mpfr.h)
find_library(MPFR_LIBRARY mpfr)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(MPFR REQUIRED_VARS MPFR_LIBRARY MPFR_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "MPFR (mpfr.h and libmpfr) was not found: on Debian or Ubuntu, apt-get install libmpfr-dev")
if(MPFR_FOUND AND NOT TARGET MPFR::MPFR)
  add_library(MPFR::MPFR UNKNOWN IMPORTED)
  set_target_properties(MPFR::MPFR PROPERTIES IMPORTED_LOCATION "${MPFR_LIBRARY}"
                                              INTERFACE_INCLUDE_DIRECTORIES "${MPFR_INCLUDE_DIR}")
endif()
mark_as_advanced(MPFR_INCLUDE_DIR MPFR_LIBRARY)
