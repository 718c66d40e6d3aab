#!/usr/bin/env bash
# The main job: set up, build, and reproduce the papers' experiments (Simpson: Table 2, Figures 2-8;
# pendulum: Tables 1-4, Figures 12-16; trusses: Algorithm MC demonstrations; rounding drift; Galerkin VIs on
# the nonlinear double pendulum; dense output and events: Hénon–Heiles sections, Kepler pericentres; the damped,
# driven double pendulum at resonance; the noisy-(M, K) study) into
# ./out. Extra arguments go to the geomint program, e.g.
#   scripts/run-main.sh --precision quad
#   scripts/run-main.sh --threads 2          (the sweeps' members on 2 threads)
# Over MPI ranks, after this has built the program once:
#   mpirun -np 4 build/src/geomint --only pendulum-tables --precision mp50 --out out
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh -DGEOMINT_BUILD_TESTS=OFF -DGEOMINT_BUILD_BENCH=OFF -DGEOMINT_SANITIZE=OFF -DGEOMINT_COMPILE_FAST=OFF
build/src/geomint --out out "$@"
