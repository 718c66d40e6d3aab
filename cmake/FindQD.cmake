# FindQD: Hida, Li & Bailey's QD library (qd/dd_real.h, libqd), for geomint::qd (the
# double-double scalar geomint::dd). Defines QD_FOUND, QD_INCLUDE_DIR, QD_LIBRARY and the imported
# target QD::QD. Used by geomint's own build and installed beside geomintConfig.cmake, which calls
# it for the `qd` component. On failure the reason names the Debian package that provides QD.
include(${CMAKE_CURRENT_LIST_DIR}/geomintFindCLibrary.cmake)
geomint_find_c_library(QD qd/dd_real.h qd libqd-dev)
