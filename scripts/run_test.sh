#!/usr/bin/env bash
# Runs one unit test by its CTest name, as CTest runs it, with extra arguments for GoogleTest:
#   scripts/run_test.sh NAME [ARGS...]        e.g. scripts/run_test.sh galerkin_mp50 --gtest_filter='*Rounding*'
# Unit-test files compiled alike share an executable (test/unity_groups.cmake), which CTest runs
# with a --gtest_filter of the file's test suites; this finds that executable and filter. A
# --gtest_filter among ARGS replaces the file's (its patterns then match the tests of every file
# sharing the executable). The build folder is ./build, or GEOMINT_BUILD_DIR.
set -euo pipefail
build=${GEOMINT_BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)/build}
if [ $# -lt 1 ]; then
    echo "usage: scripts/run_test.sh NAME [ARGS...] (NAME: a unit test's CTest name, e.g. galerkin_mp50)" >&2
    exit 2
fi
name=$1
shift
if ! [[ $name =~ ^[A-Za-z0-9_]+$ ]]; then
    echo "run_test.sh: '$name' is not a unit test's name (letters, digits and _ only)" >&2
    exit 2
fi
[ -d "$build" ] || { echo "run_test.sh: no build folder $build (run scripts/test.sh first, or set GEOMINT_BUILD_DIR)" >&2; exit 2; }
line=$(ctest --test-dir "$build" -N -V -R "^${name}\$" | grep -m1 "Test command:" || true)
exe=$(sed -E 's/.*Test command: *([^ ]+).*/\1/' <<<"$line")
if [ -z "$line" ] || [ ! -x "$exe" ]; then
    echo "run_test.sh: no built unit test named '$name' in $build" >&2
    exit 2
fi
filter=$(grep -o -- '--gtest_filter=[^" ]*' <<<"$line" || true)
for a in "$@"; do
    case $a in --gtest_filter=*) filter= ;; esac
done
exec "$exe" ${filter:+"$filter"} "$@"
