#!/usr/bin/env bash
# The main job: set up, build, and reproduce the Simpson paper's Section 6 (Table 2, Figures 2-8)
# plus the rounding-drift report into ./out. Extra arguments go to the geomint program, e.g.
#   scripts/run-main.sh --precision quad
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DGEOMINT_BUILD_TESTS=OFF -DGEOMINT_BUILD_BENCH=OFF
build/src/geomint --out out "$@"
