#pragma once
/// \file
/// geomint's version, semantic versioning (https://semver.org): MAJOR.MINOR.PATCH. Before 1.0.0
/// a MINOR release may change the API; CHANGELOG.md says what changed. Every geomint header
/// includes this one (through scalar.hpp). CMake's `project(VERSION)` and the package's version
/// are read from these three lines, so they cannot disagree.

#define GEOMINT_VERSION_MAJOR 0  ///< incompatible API changes (0: before the first stable API)
#define GEOMINT_VERSION_MINOR 9  ///< added functionality
#define GEOMINT_VERSION_PATCH 0  ///< fixes

/// Helper of GEOMINT_VERSION_STRING.
#define GEOMINT_VERSION_STR_(x) #x
/// Helper of GEOMINT_VERSION_STRING (expands its argument first).
#define GEOMINT_VERSION_STR(x) GEOMINT_VERSION_STR_(x)

/// The version as one integer, MAJOR·10000 + MINOR·100 + PATCH, for `#if GEOMINT_VERSION >= 900`.
#define GEOMINT_VERSION (GEOMINT_VERSION_MAJOR * 10000 + GEOMINT_VERSION_MINOR * 100 + GEOMINT_VERSION_PATCH)
/// The version as a string, "MAJOR.MINOR.PATCH".
#define GEOMINT_VERSION_STRING                                                                \
    GEOMINT_VERSION_STR(GEOMINT_VERSION_MAJOR) "." GEOMINT_VERSION_STR(GEOMINT_VERSION_MINOR) "." \
    GEOMINT_VERSION_STR(GEOMINT_VERSION_PATCH)
