# Configure and build the fuzz targets (test/fuzz/CMakeLists.txt) with clang into BINARY_DIR:
#   cmake -DSOURCE_DIR=<test/fuzz> -DBINARY_DIR=<dir> -P build.cmake
find_program(CLANGXX clang++)
if(NOT CLANGXX)
  message(FATAL_ERROR "fuzz targets: clang++ not found (Debian packages clang and libclang-rt-14-dev; scripts/setup.sh installs them for the tests)")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -DCMAKE_CXX_COMPILER=${CLANGXX}
                        -DCMAKE_BUILD_TYPE=RelWithDebInfo RESULT_VARIABLE configured)
if(NOT configured EQUAL 0)
  message(FATAL_ERROR "fuzz targets: configuring with ${CLANGXX} failed")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} -j2 RESULT_VARIABLE built)
if(NOT built EQUAL 0)
  message(FATAL_ERROR "fuzz targets: the build failed")
endif()
