# Builds the `docs` target (Doxygen: API reference + user guide) and checks it as a reader would
# need it: no Doxygen warning (the target already fails on one: WARN_AS_ERROR), the start page is
# the guide's, every guide page and the main family headers have a page, and formulas are set
# for MathJax from a local copy. Arguments: BINARY_DIR, DOCS_DIR.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --target docs RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(EXISTS ${DOCS_DIR}/warnings.log)
  file(READ ${DOCS_DIR}/warnings.log warnings)
endif()
if(rc OR NOT warnings STREQUAL "")
  message(FATAL_ERROR "the docs target failed (${rc}); Doxygen's warnings:\n${warnings}\n${out}\n${err}")
endif()
set(html ${DOCS_DIR}/html)
file(READ ${html}/index.html index)
foreach(expected "geomint user guide" "md_docs_getting_started.html" "md_docs_choosing_a_scheme.html" "md_docs_linear.html"
         "md_docs_reproductions.html")
  string(FIND "${index}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the start page ${html}/index.html lacks '${expected}'")
  endif()
endforeach()
foreach(page md_docs_getting_started md_docs_choosing_a_scheme md_docs_precision md_docs_steppers md_docs_linear
        md_docs_forced_damped md_docs_newton_equation md_docs_galerkin md_docs_splitting md_docs_truss
        md_docs_constrained md_docs_observe md_docs_ensembles md_docs_conformance md_docs_program
        md_docs_reproductions md_docs_proofs md_docs_building md_docs_benchmarks md_docs_architecture md_CHANGELOG
        linear__variational__stepper_8hpp version_8hpp)
  if(NOT EXISTS ${html}/${page}.html)
    message(FATAL_ERROR "no page ${page}.html in ${html}")
  endif()
endforeach()
# a formula page: local MathJax, a display formula, and AMSmath (\tfrac would not render without it)
file(READ ${html}/simpson_8hpp.html simpson)
foreach(expected "/mathjax/MathJax.js" "\\[" "TeX/AMSmath")
  string(FIND "${simpson}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "simpson_8hpp.html lacks '${expected}' (local MathJax, a display formula, the AMSmath extension)")
  endif()
endforeach()
# every local link of the start page and the guide's pages reaches a file
file(GLOB guide_pages ${html}/index.html ${html}/md_*.html)
set(links 0)
foreach(page ${guide_pages})
  file(READ ${page} text)
  string(REGEX MATCHALL "href=\"[^\"#]+" hrefs "${text}")
  foreach(h ${hrefs})
    string(SUBSTRING "${h}" 6 -1 target)
    if(target MATCHES "^[a-z]+:")
      continue()  # http(s), mailto, javascript
    endif()
    math(EXPR links "${links} + 1")
    if(NOT EXISTS ${html}/${target})
      message(FATAL_ERROR "${page} links to ${target}, which does not exist")
    endif()
  endforeach()
endforeach()
message(STATUS "docs: ${html}/index.html, zero warnings, ${links} local links of the guide resolved")
