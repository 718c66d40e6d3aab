#!/usr/bin/env bash
# Installs the Debian 12 packages geomint needs (only those missing) and configures + builds
# the project in Release mode into ./build, with GCC (GEOMINT_CXX names another compiler),
# through ccache (a rebuild after a small change recompiles only what changed; ~/.cache/ccache
# keeps the objects across clean builds).
# Usage: scripts/setup.sh [extra cmake args]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libboost1.81-dev libboost-program-options1.81-dev libeigen3-dev
          libgtest-dev libbenchmark-dev librapidcheck-dev libginac-dev pkg-config libmpfr-dev libgmp-dev libqd-dev gnuplot-nox
          libboost-mpi1.81-dev libopenmpi-dev openmpi-bin
          ccache doxygen libjs-mathjax dpkg-dev libspectra-dev)
# for the tests only (scripts/test.sh sets this): the FE programs users bring models from, and
# clang 16, which compiles the tests (about half of GCC's compile work: docs/building.md) and
# brings libFuzzer for the readers' fuzz targets
if [ "${GEOMINT_TEST_TOOLS:-0}" = 1 ]; then packages+=(calculix-ccx gmsh clang-16 libclang-rt-16-dev); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The compiler: GEOMINT_CXX, GCC's g++ by default (scripts/test.sh sets clang++-16). A build folder
# made by another compiler is removed first (CMake's own reset would keep that compiler's objects
# and drop the options given here); the new build runs through ccache, which keeps both
# compilers' objects.
cxx=${GEOMINT_CXX:-g++}
cxx_path=$(command -v "$cxx") || { echo "setup: no compiler '$cxx' on PATH (GEOMINT_CXX)" >&2; exit 2; }
cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' build/CMakeCache.txt 2>/dev/null || true)
if [ -n "$cached" ] && [ "$(readlink -f "$cached")" != "$(readlink -f "$cxx_path")" ]; then
  echo "setup: ./build was made with $cached; removing it to build with $cxx_path"
  rm -rf build
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx_path" \
      -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@" >/dev/null
cmake --build build -j"$(nproc)"
