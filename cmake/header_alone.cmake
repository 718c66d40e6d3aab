# Compiles one public header alone (-fsyntax-only): the header includes everything it uses.
# An umbrella header (nothing but `#pragma once`, comments and #include "geomint/...") is only
# preprocessed: every header it names is checked alone by its own test, and the headers it names
# compile together where they are used (a family's all in geomint.hpp, in every unit test through
# test/pch.hpp; conformance.hpp and the ensemble umbrellas in their tests and examples), so what
# remains to check is that each include resolves (a parse would repeat that work: 5-8 s each).
# Run by CTest (test/CMakeLists.txt): cmake -DCXX=... -DFLAGS=... -DHEADER=geomint/x.hpp -DINCLUDE=... -P header_alone.cmake
separate_arguments(flag_list UNIX_COMMAND "${FLAGS}")
file(STRINGS ${INCLUDE}/${HEADER} lines ENCODING UTF-8)  # a line with ";" splits: then parsed (safe)
set(mode -fsyntax-only)
set(includes 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^[ \t]*#include \"geomint/[a-z0-9_/]+\\.hpp\"[ \t]*(//.*)?$")
    math(EXPR includes "${includes} + 1")
  elseif(NOT line MATCHES "^[ \t]*(//.*|#pragma once[ \t]*)?$")
    set(includes -1)  # anything else: a parse
    break()
  endif()
endforeach()
if(includes GREATER 0)
  set(mode -E -o /dev/null)
  message(STATUS "${HEADER}: an umbrella of ${includes} headers (each checked alone): preprocessed")
endif()
# -ftrack-macro-expansion=0: no macro-expansion notes in a diagnostic, and a parse 15-20 % faster
# (Boost's preprocessor metaprogramming; galerkin_vi_stepper.hpp 2.71 s -> 2.16 s)
execute_process(
  COMMAND ${CXX} ${flag_list} -std=gnu++20 ${mode} -ftrack-macro-expansion=0 -x c++ -I${INCLUDE} -include ${HEADER} /dev/null
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${HEADER} does not compile alone:\n${err}")
endif()
