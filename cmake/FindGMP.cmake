# FindGMP: the GMP library (gmp.h, libgmp), which MPFR links, for geomint::mp.
# Defines GMP_FOUND, GMP_INCLUDE_DIR, GMP_LIBRARY and the imported target GMP::GMP. Used by
# geomint's own build and installed beside geomintConfig.cmake. On failure the reason names the
# Debian package that provides GMP.
include(${CMAKE_CURRENT_LIST_DIR}/geomintFindCLibrary.cmake)
geomint_find_c_library(GMP gmp.h gmp libgmp-dev)
