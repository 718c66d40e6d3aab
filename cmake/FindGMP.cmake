# FindGMP: the GMP library (gmp.h, libgmp), which MPFR links, for geomint::mp.
# Defines GMP_FOUND, GMP_INCLUDE_DIR, GMP_LIBRARY and the imported target GMP::GMP. Used by
# geomint's own build and installed beside geomintConfig.cmake. On failure the reason names the
# Debian package that provides GMP.
find_path(GMP_INCLUDE_DIR gmp.h)
find_library(GMP_LIBRARY gmp)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GMP REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "GMP (gmp.h and libgmp) was not found: on Debian or Ubuntu, apt-get install libgmp-dev")
if(GMP_FOUND AND NOT TARGET GMP::GMP)
  add_library(GMP::GMP UNKNOWN IMPORTED)
  set_target_properties(GMP::GMP PROPERTIES IMPORTED_LOCATION "${GMP_LIBRARY}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
endif()
mark_as_advanced(GMP_INCLUDE_DIR GMP_LIBRARY)
