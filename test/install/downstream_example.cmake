# examples/downstream, the README's project of its own, built against the headers-only install
# of headers_only_install (fixture geomint_prefix) with nothing but that prefix, and with MPFR
# hidden (CMAKE_IGNORE_PATH on the folders of mpfr.h and libmpfr): geomint::geomint needs Boost
# and Eigen alone. Then a project asking for the component mp must fail to configure with the
# message naming MPFR's Debian package, and configure once MPFR is visible again; without Eigen,
# the downstream project fails naming libeigen3-dev. The same for the component qd with QD's
# library hidden (when QD_LIBRARY is given).
# Arguments: SOURCE_DIR, PREFIX, WORK_DIR, MPFR_INCLUDE_DIR, MPFR_LIBRARY[, QD_INCLUDE_DIR, QD_LIBRARY].
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

# COMPONENTS <component> with its library hidden: a configure-time failure naming the package
function(expect_component_failure component hide)
  execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install/downstream_${component}
                          -B ${WORK_DIR}/${component}_hidden -DCMAKE_PREFIX_PATH=${PREFIX} ${hide}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " said "${out}${err}")
  if(rc EQUAL 0)
    message(FATAL_ERROR "find_package(geomint COMPONENTS ${component}) configured with its library hidden:\n${out}\n${err}")
  endif()
  foreach(expected "geomint component '${component}'" ${ARGN})
    string(FIND "${said}" "${expected}" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "the configure failure does not say '${expected}':\n${out}\n${err}")
    endif()
  endforeach()
  string(REGEX MATCH "geomint component '${component}'[^.]*\\.[^.]*\\." reason "${said}")
  message(STATUS "with its library hidden, COMPONENTS ${component} fails as expected: ${reason}")
endfunction()
expect_component_failure(mp "${hide_mpfr}" "MPFR (mpfr.h, libmpfr: Debian package libmpfr-dev)")
if(QD_LIBRARY)
  # the header's folder too: merged /usr finds the library again under /lib
  get_filename_component(qd_library_dir ${QD_LIBRARY} DIRECTORY)
  expect_component_failure(qd "-DCMAKE_IGNORE_PATH=${QD_INCLUDE_DIR};${qd_library_dir}" "apt-get install libqd-dev")
endif()
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
if(QD_LIBRARY)
  run("configure with COMPONENTS qd (QD visible)" ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/install/downstream_qd
      -B ${WORK_DIR}/qd_visible -DCMAKE_PREFIX_PATH=${PREFIX})
endif()
