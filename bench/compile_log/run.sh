#!/usr/bin/env bash
# The test build's compile work, per translation unit (issue 71): configures the source tree
# given (default: this checkout) as scripts/test.sh does, in a new build folder, with every
# compile timed by launcher.sh and no ccache, builds it, and prints the CPU seconds summed by
# kind (tests, program, examples, proofs, other) and the twenty heaviest compiles.
# Usage: bash bench/compile_log/run.sh [SOURCE_DIR [BUILD_DIR]]
#   With GEOMINT_COMPILE_LOG_SCOPE=test only the targets under test/ are built (with what they
#   depend on, e.g. the program the CLI tests drive): the tests' compile work alone.
#   The compiler is CMake's default (g++) unless CXX names another: scripts/test.sh's is
#   CXX=clang++-16.
#   The log is BUILD_DIR/compile_log.txt ("user sys wall maxrss object", one compile a line);
#   `bash bench/compile_log/run.sh --summary LOG` prints the summary of a log again.
# Compare two commits back to back on one machine: absolute times do not compare across machines.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
summary() {
    awk '{ cpu = $1 + $2; o = $5; kind = "other";
           if (o ~ /^test\//) kind = "tests"; else if (o ~ /^src\//) kind = "program";
           else if (o ~ /^examples\//) kind = "examples"; else if (o ~ /^proofs\//) kind = "proofs";
           sum[kind] += cpu; n[kind]++; total += cpu; count++ }
         END { for (k in sum) printf "%-9s %4d compiles %9.1f CPU-s (%5.1f CPU-min)\n", k, n[k], sum[k], sum[k] / 60;
               printf "%-9s %4d compiles %9.1f CPU-s (%5.1f CPU-min)\n", "all", count, total, total / 60 }' "$1"
    echo "heaviest compiles (CPU-s, object):"
    awk '{ printf "%8.1f %s\n", $1 + $2, $5 }' "$1" | sort -rn | head -20
}
if [ "${1:-}" = --summary ]; then summary "$2"; exit 0; fi
src=$(cd "${1:-$here/../..}" && pwd)
build=${2:-$src/build-compile-log}
[ -e "$build" ] && { echo "run.sh: $build exists (give a new build folder)" >&2; exit 2; }
log=$build/compile_log.txt
mkdir -p "$build"
: > "$log"
export GEOMINT_COMPILE_LOG=$log CCACHE_DISABLE=1
cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER="$here/launcher.sh" \
      -DGEOMINT_BUILD_TESTS=ON -DGEOMINT_BUILD_BENCH=OFF -DGEOMINT_SANITIZE=ON -DGEOMINT_COMPILE_FAST=ON >/dev/null
start=$(date +%s)
if [ "${GEOMINT_COMPILE_LOG_SCOPE:-all}" = test ]; then
    make -k -C "$build/test" -j"${GEOMINT_COMPILE_LOG_JOBS:-$(nproc)}" >"$build/build_output.txt" 2>&1 || echo "run.sh: some compiles failed (see $build/build_output.txt)" >&2
else
    cmake --build "$build" -j"${GEOMINT_COMPILE_LOG_JOBS:-$(nproc)}" >"$build/build_output.txt" 2>&1
fi
echo "build wall time: $(( $(date +%s) - start )) s"
# objects relative to the build folder, without CMake's CMakeFiles/<target>.dir/ part
sed -i -E "s# $build/# #; s#CMakeFiles/[^/ ]+\.dir/##" "$log"
summary "$log"
