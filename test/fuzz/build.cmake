# Configure and build the fuzz targets (test/fuzz/CMakeLists.txt) with clang into BINARY_DIR:
#   cmake -DSOURCE_DIR=<test/fuzz> -DBINARY_DIR=<dir> -P build.cmake
# (clang 16, the compiler scripts/test.sh builds the tests with; any clang++ with libFuzzer else)
find_program(CLANGXX NAMES clang++-16 clang++)
if(NOT CLANGXX)
  message(FATAL_ERROR "fuzz targets: clang++ not found (Debian packages clang-16 and libclang-rt-16-dev; scripts/setup.sh installs them for the tests)")
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
