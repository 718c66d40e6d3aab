# FindQuadmath: whether the C++ compiler has GCC's __float128 with libquadmath (geomint::float128).
# Defines Quadmath_FOUND and the imported target Quadmath::Quadmath (links quadmath). A compile
# check, not a file search: libquadmath comes with the compiler (on Debian, GCC's libgcc-N-dev).
# Without it geomint::geomint compiles with GEOMINT_NO_FLOAT128 (geomint::quad, in software,
# works everywhere). Needs the CXX language enabled.
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)
cmake_push_check_state(RESET)
set(CMAKE_REQUIRED_FLAGS "-std=gnu++20")
set(CMAKE_REQUIRED_LIBRARIES quadmath)
set(CMAKE_REQUIRED_QUIET ${Quadmath_FIND_QUIETLY})
check_cxx_source_compiles("#include <quadmath.h>
int main() { __float128 x = 2; return (int)sqrtq(x); }" GEOMINT_QUADMATH_WORKS)
cmake_pop_check_state()
set(Quadmath_LIBRARY quadmath)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Quadmath REQUIRED_VARS Quadmath_LIBRARY GEOMINT_QUADMATH_WORKS
  REASON_FAILURE_MESSAGE "the compiler has no __float128 with libquadmath (GCC on x86 has)")
if(Quadmath_FOUND AND NOT TARGET Quadmath::Quadmath)
  add_library(Quadmath::Quadmath INTERFACE IMPORTED)
  set_target_properties(Quadmath::Quadmath PROPERTIES INTERFACE_LINK_LIBRARIES ${Quadmath_LIBRARY})
endif()
