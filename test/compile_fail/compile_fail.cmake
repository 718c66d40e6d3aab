# A compile-fail test: SOURCE must not compile, and g++'s output must read well. Checks that the
# first `error:` line holds the text of SOURCE's `// expect:` comment (the static_assert that says
# what is wrong and what to do) and that the whole output has at most MAX_LINES lines (the
# instantiation context before it included). Run by CTest (test/CMakeLists.txt):
#   cmake -DCXX=... "-DFLAGS=..." -DINCLUDE=... -DSOURCE=... -DMAX_LINES=30 -P compile_fail.cmake
separate_arguments(flag_list UNIX_COMMAND "${FLAGS}")
file(STRINGS ${SOURCE} expect REGEX "^// expect: ")
if(NOT expect)
  message(FATAL_ERROR "${SOURCE} has no `// expect: <message>` line")
endif()
string(REGEX REPLACE "^// expect: " "" expect "${expect}")
execute_process(
  COMMAND ${CXX} ${flag_list} -std=gnu++20 -fsyntax-only -I${INCLUDE} ${SOURCE}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "${SOURCE} compiled; it must not (expected the error: ${expect})")
endif()
string(REGEX MATCHALL "[^\n]*\n" lines "${all}")
list(LENGTH lines count)
string(REGEX MATCH "[^\n]*error:[^\n]*" first_error "${all}")
string(FIND "${first_error}" "${expect}" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the first error line is not the expected message\n  expected: ${expect}\n  first error: ${first_error}\n\n${all}")
endif()
if(count GREATER MAX_LINES)
  message(FATAL_ERROR "${count} lines of compiler output (at most ${MAX_LINES}):\n${all}")
endif()
string(REGEX REPLACE ".*error: " "" shown "${first_error}")
message(STATUS "${count} lines; first error: ${shown}")
