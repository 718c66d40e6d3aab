# Compiles one public header alone (-fsyntax-only): the header includes everything it uses.
# Run by CTest (test/CMakeLists.txt): cmake -DCXX=... -DFLAGS=... -DHEADER=geomint/x.hpp -DINCLUDE=... -P header_alone.cmake
separate_arguments(flag_list UNIX_COMMAND "${FLAGS}")
execute_process(
  COMMAND ${CXX} ${flag_list} -std=gnu++20 -fsyntax-only -x c++ -I${INCLUDE} -include ${HEADER} /dev/null
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${HEADER} does not compile alone:\n${err}")
endif()
