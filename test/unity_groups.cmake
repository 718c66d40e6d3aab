# Test executables by build configuration (issue 71): the unit-test files that are compiled
# alike (sanitized or not, optimization level, scalar of a typed file) are linked into one
# executable per configuration and compiled a few files per translation unit, so that what they
# instantiate alike (Eigen and Boost.Multiprecision at one scalar, GoogleTest, the sanitizers'
# instrumentation of shared inline code) is compiled once per unit rather than once per file.
# CTest still runs each file as its own test, under its own name: the group's executable with a
# --gtest_filter of the file's test suites. `<group>.suites` (label `unit`) checks that the
# filters cover every test of the executable exactly once.
#
# A unit's source is generated: the #include lines of its files (and of the .inc files they
# include) first, then each file inside a namespace of its own (test files keep their helpers
# in an anonymous namespace, and two files may use the same helper names). The library's and
# the tests' headers are include-guarded, so a file's own #include lines add nothing there.

# geomint_group_test(group name source labels): records `name` (source `source`, CTest labels
# `labels`) in `group`; geomint_finish_test_groups() makes the executables.
function(geomint_group_test group name source labels)
  set_property(GLOBAL APPEND PROPERTY GEOMINT_TEST_GROUPS ${group})
  set_property(GLOBAL APPEND PROPERTY GEOMINT_GROUP_${group}_NAMES ${name})
  set_property(GLOBAL PROPERTY GEOMINT_GROUP_${group}_SOURCE_${name} ${source})
  set_property(GLOBAL PROPERTY GEOMINT_GROUP_${group}_LABELS_${name} "${labels}")
endfunction()

# The #include lines of `file`, quoted ones made absolute where they resolve next to it, and of
# the .inc files it includes (recursively) into `out_includes`; the test suites it defines
# (TEST, TEST_F, TEST_P, RC_GTEST_PROP, also in its .inc files) into `out_suites`.
function(geomint_scan_test_file file out_includes out_suites)
  # what is read here (a group's includes and suites) is configuration: editing the file re-runs it
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
  get_filename_component(dir ${file} DIRECTORY)
  file(STRINGS ${file} lines REGEX "^[ \t]*(#[ \t]*include|(TEST|TEST_F|TEST_P|RC_GTEST_PROP)[ \t]*\\()")
  set(includes "")
  set(suites "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^[ \t]*#[ \t]*include[ \t]*\"([^\"]+)\"")
      set(target ${CMAKE_MATCH_1})
      set(resolved "")
      foreach(base ${dir} ${CMAKE_CURRENT_SOURCE_DIR})
        if(NOT resolved AND EXISTS ${base}/${target})
          get_filename_component(resolved ${base}/${target} ABSOLUTE)
        endif()
      endforeach()
      if(target MATCHES "\\.inc$")
        if(NOT resolved)
          message(FATAL_ERROR "geomint: ${file} includes ${target}, which is neither beside it nor in test/")
        endif()
        geomint_scan_test_file(${resolved} inner_includes inner_suites)
        list(APPEND includes ${inner_includes})
        list(APPEND suites ${inner_suites})
      elseif(resolved)
        list(APPEND includes "\"${resolved}\"")
      else()
        list(APPEND includes "\"${target}\"")
      endif()
    elseif(line MATCHES "^[ \t]*#[ \t]*include[ \t]*(<[^>]+>)")
      list(APPEND includes "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^[ \t]*(TEST|TEST_F|TEST_P|RC_GTEST_PROP)[ \t]*\\([ \t]*([A-Za-z0-9_]+)")
      list(APPEND suites ${CMAKE_MATCH_2})
    endif()
  endforeach()
  list(REMOVE_DUPLICATES suites)
  set(${out_includes} "${includes}" PARENT_SCOPE)
  set(${out_suites} "${suites}" PARENT_SCOPE)
endfunction()

# GEOMINT_UNITY_FILES: files a translation unit (fewer: less memory and a shorter longest compile;
# more: less repeated work). Files named in GEOMINT_UNITY_OWN_UNIT (set by the caller) are
# compiled alone: a unit of heavy multiprecision files can cost more than its files apart
# (measured: galerkin_mp50 with three other mp50 files 1.13× their separate compiles,
# galerkin_forces with three others 1.22×; four small sanitized files 0.58×).
set(GEOMINT_UNITY_FILES 4 CACHE STRING "test files compiled together in one translation unit")

# The files gathered in `batch` (if any) become one entry of `batches`, comma-separated.
macro(geomint_close_batch)
  if(batch)
    string(JOIN "," packed ${batch})
    list(APPEND batches ${packed})
    set(batch "")
  endif()
endmacro()

# Makes each group's executable `unit_<group>` (configured by `configure_command`, called with the
# target's name and the group's name), its translation units, and one CTest per file.
function(geomint_finish_test_groups configure_command)
  get_property(groups GLOBAL PROPERTY GEOMINT_TEST_GROUPS)
  list(REMOVE_DUPLICATES groups)
  foreach(group IN LISTS groups)
    get_property(names GLOBAL PROPERTY GEOMINT_GROUP_${group}_NAMES)
    set(exe unit_${group})
    set(units "")
    set(all_suites "")
    # the batches: GEOMINT_UNITY_FILES files each, in order; a file of GEOMINT_UNITY_OWN_UNIT alone
    set(batches "")
    set(batch "")
    foreach(name IN LISTS names)
      if(name IN_LIST GEOMINT_UNITY_OWN_UNIT)
        geomint_close_batch()
        list(APPEND batches ${name})
      else()
        list(APPEND batch ${name})
        list(LENGTH batch size)
        if(size EQUAL GEOMINT_UNITY_FILES)
          geomint_close_batch()
        endif()
      endif()
    endforeach()
    geomint_close_batch()
    set(k 0)
    foreach(packed IN LISTS batches)
      string(REPLACE "," ";" batch "${packed}")
      set(head "// Generated by test/unity_groups.cmake: the test files ${batch}, compiled as one unit.\n")
      set(body "")
      foreach(member IN LISTS batch)
        get_property(sources GLOBAL PROPERTY GEOMINT_GROUP_${group}_SOURCE_${member})
        set(member_suites "")
        set(j 0)
        foreach(source IN LISTS sources)
          get_filename_component(source ${source} ABSOLUTE)
          geomint_scan_test_file(${source} includes suites)
          if(NOT suites)
            message(FATAL_ERROR "geomint: no test suite found in ${source} (TEST, TEST_F, TEST_P, RC_GTEST_PROP)")
          endif()
          foreach(s IN LISTS suites)
            if(s IN_LIST all_suites)
              message(FATAL_ERROR "geomint: test suite ${s} of ${source} is defined by another file of ${exe}")
            endif()
          endforeach()
          list(APPEND all_suites ${suites})
          list(APPEND member_suites ${suites})
          foreach(inc IN LISTS includes)
            string(APPEND head "#include ${inc}\n")
          endforeach()
          string(APPEND body "namespace geomint_unit_${member}_${j} {\n#include \"${source}\"\n}\n")
          math(EXPR j "${j} + 1")
        endforeach()
        set_property(GLOBAL PROPERTY GEOMINT_GROUP_${group}_SUITES_${member} "${member_suites}")
      endforeach()
      set(unit ${CMAKE_CURRENT_BINARY_DIR}/unity/${exe}_${k}.cpp)
      file(CONFIGURE OUTPUT ${unit} CONTENT "${head}${body}" @ONLY)
      list(APPEND units ${unit})
      math(EXPR k "${k} + 1")
    endforeach()
    add_executable(${exe} ${units})
    cmake_language(CALL ${configure_command} ${exe} ${group})
    foreach(name IN LISTS names)
      get_property(suites GLOBAL PROPERTY GEOMINT_GROUP_${group}_SUITES_${name})
      get_property(labels GLOBAL PROPERTY GEOMINT_GROUP_${group}_LABELS_${name})
      set(filter "")
      foreach(s IN LISTS suites)
        string(APPEND filter "${s}.*:")
      endforeach()
      add_test(NAME ${name} COMMAND ${exe} --gtest_filter=${filter})
      set_tests_properties(${name} PROPERTIES LABELS "${labels}")
    endforeach()
    string(REPLACE ";" "," suite_list "${all_suites}")
    add_test(NAME ${exe}.suites
             COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:${exe}> -DSUITES=${suite_list}
                     -P ${CMAKE_CURRENT_SOURCE_DIR}/unity_suites.cmake)
    set_tests_properties(${exe}.suites PROPERTIES LABELS unit)
  endforeach()
endfunction()
