# examples/downstream, the README's project of its own, built against the headers-only install
# of headers_only_install (fixture geomint_prefix) with nothing but that prefix, and with MPFR
# hidden (CMAKE_IGNORE_PATH on the folders of mpfr.h and libmpfr): geomint::geomint needs Boost
# and Eigen alone. Then a project asking for the component mp must fail to configure with the
# message naming MPFR's Debian package, and configure once MPFR is visible again; without Eigen,
# the downstream project fails naming libeigen3-dev.
# Arguments: SOURCE_DIR, PREFIX, WORK_DIR, MPFR_INCLUDE_DIR, MPFR_LIBRARY.
file(REMOVE_RECURSE ${WORK_DIR})
get_filename_component(mpfr_library_dir ${MPFR_LIBRARY} DIRECTORY)
set(hide_mpfr "-DCMAKE_IGNORE_PATH=${MPFR_INCLUDE_DIR};${mpfr_library_dir}")
function(run what)
  string(TIMESTAMP start "%s")
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(rc)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  string(TIMESTAMP stop "%s")
  math(EXPR seconds "${stop} - ${start}")
  message(STATUS "${what}: ${seconds} s")
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run("configure examples/downstream (MPFR hidden)" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/downstream
    -B ${WORK_DIR}/example -DCMAKE_PREFIX_PATH=${PREFIX} ${hide_mpfr})
run("build examples/downstream" ${CMAKE_COMMAND} --build ${WORK_DIR}/example)
run("run examples/downstream" ${WORK_DIR}/example/pendulum)
message(STATUS "${last_output}")

# COMPONENTS mp without MPFR: a configure-time failure naming the package
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install/downstream_mp -B ${WORK_DIR}/mp_hidden
                        -DCMAKE_PREFIX_PATH=${PREFIX} ${hide_mpfr}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[ \n]+" " " said "${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "find_package(geomint COMPONENTS mp) configured with MPFR hidden:\n${out}\n${err}")
endif()
foreach(expected "geomint component 'mp'" "MPFR (mpfr.h, libmpfr: Debian package libmpfr-dev)")
  string(FIND "${said}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the configure failure does not say '${expected}':\n${out}\n${err}")
  endif()
endforeach()
string(REGEX MATCH "geomint component 'mp'[^.]*\\.[^.]*\\." reason "${said}")
message(STATUS "with MPFR hidden, COMPONENTS mp fails as expected: ${reason}")
# without Eigen (find_package of it disabled): the failure names libeigen3-dev
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/examples/downstream -B ${WORK_DIR}/eigen_hidden
                        -DCMAKE_PREFIX_PATH=${PREFIX} -DCMAKE_DISABLE_FIND_PACKAGE_Eigen3=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
string(REGEX REPLACE "[ \n]+" " " said "${out}${err}")
string(FIND "${said}" "geomint needs Eigen >= 3.4: not found (Debian package libeigen3-dev" at)
if(rc EQUAL 0 OR at EQUAL -1)
  message(FATAL_ERROR "without Eigen the configure must fail naming libeigen3-dev:\n${out}\n${err}")
endif()
message(STATUS "without Eigen: fails naming libeigen3-dev")
run("configure with COMPONENTS mp (MPFR visible)" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install/downstream_mp
    -B ${WORK_DIR}/mp_visible -DCMAKE_PREFIX_PATH=${PREFIX})
