#!/usr/bin/env bash
# The whole test suite: set up, build (tests, examples, proofs; not the benchmarks, which are
# not tests: `bash scripts/setup.sh -DGEOMINT_BUILD_BENCH=ON` builds them), and run CTest
# (labels by family: linear, newton_equation, truss, galerkin, splitting, constrained, observe, ensemble, common; by kind: unit, mpi (under mpirun),
# example, cli, install (the .deb and a downstream build), docs (API reference, guide snippets), proof, odeint,
# headers (each public header compiled alone); `sanitized`
# marks the double-precision unit tests and the CLI tests, built with
# -fsanitize=address,undefined; GEOMINT_COMPILE_FAST lowers the optimization of what runs briefly
# and leaves out the program's precisions no test runs, to fit CI's compile budget).
# Extra arguments go to ctest, e.g. `scripts/test.sh -L galerkin`.
set -euo pipefail
cd "$(dirname "$0")/.."
# The tests compile with clang 16: about half of GCC's compile work for the same tests (measured
# in docs/building.md). GCC still compiles every public header alone and the compile-fail
# checks (tests `header.*`, `compile_fail.*`), and the install tests' downstream projects.
GEOMINT_CXX=clang++-16 GEOMINT_TEST_TOOLS=1 scripts/setup.sh -DGEOMINT_BUILD_TESTS=ON -DGEOMINT_BUILD_BENCH=OFF -DGEOMINT_SANITIZE=ON -DGEOMINT_COMPILE_FAST=ON
cd build
ctest --output-on-failure -j"$(nproc)" "$@"
