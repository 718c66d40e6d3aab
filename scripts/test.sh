#!/usr/bin/env bash
# The whole test suite: set up, build (tests, examples, benchmarks), and run CTest
# (labels: unit, example, cli, install, proof).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DGEOMINT_BUILD_TESTS=ON -DGEOMINT_BUILD_BENCH=ON
cd build
ctest --output-on-failure -j"$(nproc)" "$@"
