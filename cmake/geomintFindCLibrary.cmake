# geomint_find_c_library(<Name> <header> <library> <debian-package>): the body of the find
# modules FindMPFR.cmake and FindGMP.cmake (installed with them beside geomintConfig.cmake).
# Sets <Name>_INCLUDE_DIR, <Name>_LIBRARY, <Name>_FOUND and the imported target <Name>::<Name>;
# the failure reason names the Debian package that provides the library. A macro: the find
# module's variables are set in its caller's scope, as find_package expects.
macro(geomint_find_c_library name header library package)
  find_path(${name}_INCLUDE_DIR ${header})
  find_library(${name}_LIBRARY ${library})
  include(FindPackageHandleStandardArgs)
  find_package_handle_standard_args(${name} REQUIRED_VARS ${name}_LIBRARY ${name}_INCLUDE_DIR
    REASON_FAILURE_MESSAGE "${name} (${header} and lib${library}) was not found: on Debian or Ubuntu, apt-get install ${package}")
  if(${name}_FOUND AND NOT TARGET ${name}::${name})
    add_library(${name}::${name} UNKNOWN IMPORTED)
    set_target_properties(${name}::${name} PROPERTIES IMPORTED_LOCATION "${${name}_LIBRARY}"
                                                      INTERFACE_INCLUDE_DIRECTORIES "${${name}_INCLUDE_DIR}")
  endif()
  mark_as_advanced(${name}_INCLUDE_DIR ${name}_LIBRARY)
endmacro()
