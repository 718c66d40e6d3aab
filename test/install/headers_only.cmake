# A headers-only install, as a user of the library alone does it: configure with the program,
# tests and benchmarks off, then `cmake --install` into a scratch prefix. Checks that nothing was
# compiled, that the headers and the package files (CMake, pkg-config) are there and the program
# is not. Arguments: SOURCE_DIR, WORK_DIR.
file(REMOVE_RECURSE ${WORK_DIR})
string(TIMESTAMP start "%s")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/build -DGEOMINT_BUILD_PROGRAM=OFF
                        -DGEOMINT_BUILD_TESTS=OFF -DGEOMINT_BUILD_BENCH=OFF
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "headers-only configure failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK_DIR}/build --prefix ${WORK_DIR}/prefix
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc)
  message(FATAL_ERROR "headers-only install failed:\n${out}\n${err}")
endif()
string(TIMESTAMP stop "%s")
math(EXPR seconds "${stop} - ${start}")
file(GLOB_RECURSE objects ${WORK_DIR}/build/*.o)
if(objects)
  message(FATAL_ERROR "a headers-only install compiled something: ${objects}")
endif()
set(p ${WORK_DIR}/prefix)
file(GLOB_RECURSE configs ${p}/*/geomintConfig.cmake)
file(GLOB_RECURSE versions ${p}/*/geomintConfigVersion.cmake)
file(GLOB_RECURSE find_modules ${p}/*/FindMPFR.cmake ${p}/*/FindGMP.cmake ${p}/*/FindQuadmath.cmake)
list(LENGTH find_modules n_find_modules)
if(NOT configs OR NOT versions OR NOT EXISTS ${p}/include/geomint/geomint.hpp OR NOT EXISTS ${p}/include/geomint/version.hpp
   OR NOT EXISTS ${p}/share/pkgconfig/geomint.pc OR NOT EXISTS ${p}/share/pkgconfig/geomint-mp.pc
   OR NOT n_find_modules EQUAL 3)
  message(FATAL_ERROR "the headers-only install lacks the headers or the package files (${p})")
endif()
if(EXISTS ${p}/bin/geomint)
  message(FATAL_ERROR "the headers-only install installed the program")
endif()
message(STATUS "headers-only configure + install: ${seconds} s, nothing compiled")
