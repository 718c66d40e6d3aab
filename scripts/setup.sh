#!/usr/bin/env bash
# Installs the Debian 12 packages geomint needs (only those missing) and configures + builds
# the project in Release mode into ./build, through ccache (a rebuild after a small change
# recompiles only what changed; ~/.cache/ccache keeps the objects across clean builds).
# Usage: scripts/setup.sh [extra cmake args]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libboost1.81-dev libboost-program-options1.81-dev libeigen3-dev
          libgtest-dev libbenchmark-dev librapidcheck-dev libginac-dev pkg-config libmpfr-dev libgmp-dev libqd-dev gnuplot-nox
          libboost-mpi1.81-dev libopenmpi-dev openmpi-bin
          ccache doxygen libjs-mathjax dpkg-dev libspectra-dev)
# for the tests only (scripts/test.sh sets this): the FE programs users bring models from, and
# clang's libFuzzer for the readers' fuzz targets
if [ "${GEOMINT_TEST_TOOLS:-0}" = 1 ]; then packages+=(calculix-ccx gmsh clang libclang-rt-14-dev); fi
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

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@" >/dev/null
cmake --build build -j"$(nproc)"
