# FindQuadmath: whether the C++ compiler has GCC's __float128 with libquadmath (geomint::float128).
# Defines Quadmath_FOUND and the imported target Quadmath::Quadmath (links quadmath). A compile
# check, not a file search: libquadmath comes with the compiler (on Debian, GCC's libgcc-N-dev).
# Without it geomint::geomint compiles with GEOMINT_NO_FLOAT128 (geomint::quad, in software,
# works everywhere). Needs the CXX language enabled.
# clang on GNU/Linux has __float128 and links GCC's libquadmath, but does not search GCC's own
# include folder, where quadmath.h lives: that folder is asked of GCC and searched after every
# other (-idirafter), so that clang's intrinsics headers keep precedence over GCC's.
include(CheckCXXSourceCompiles)
include(CMakePushCheckState)
set(Quadmath_INCLUDE_OPTION "")
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  find_program(Quadmath_GCC gcc)
  if(Quadmath_GCC)
    execute_process(COMMAND ${Quadmath_GCC} -print-file-name=include OUTPUT_VARIABLE Quadmath_GCC_INCLUDE
                    OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(EXISTS "${Quadmath_GCC_INCLUDE}/quadmath.h")
      set(Quadmath_INCLUDE_OPTION "-idirafter ${Quadmath_GCC_INCLUDE}")
    endif()
  endif()
endif()
cmake_push_check_state(RESET)
set(CMAKE_REQUIRED_FLAGS "-std=gnu++20 ${Quadmath_INCLUDE_OPTION}")
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
  if(Quadmath_INCLUDE_OPTION)
    set_target_properties(Quadmath::Quadmath PROPERTIES INTERFACE_COMPILE_OPTIONS "SHELL:${Quadmath_INCLUDE_OPTION}")
  endif()
endif()
