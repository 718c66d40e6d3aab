#!/usr/bin/env bash
# Instructions a step of the high-precision cases (bench/step_instructions.cpp), counted by
# callgrind: (I(N2) − I(N1)) / (N2 − N1), so that start-up and the first (cold) steps cancel.
# Usage: bash bench/step_instructions.sh [BINARY]   (default build/bench/bench_step_instructions;
# needs valgrind; about eight minutes). Prints one row per case and the final state of the longer run,
# then the operations of a fixed-point sweep (`sweep_ops`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${1:-$root/build/bench/bench_step_instructions}
[ -x "$binary" ] || { echo "step_instructions.sh: no executable $binary (configure with -DGEOMINT_BUILD_BENCH=ON and build bench_step_instructions)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "step_instructions.sh: valgrind is not installed (Debian package valgrind)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() {  # instructions of one run: case, steps
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$binary" "$1" "$2" > "$work/state" 2> "$work/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}
printf '| case | steps N1, N2 | instructions a step | final state (N2) |\n|---|---|---|---|\n'
for spec in "pendulum_d2 50 150" "pendulum_d4 50 150" \
            "kepler_d2 700 2100" "kepler_d4 700 2100" "kepler_twice_d2 700 2100" "kepler_twice_d4 700 2100" \
            "kepler_double_d2 700 2100" "kepler_double_d4 700 2100" \
            "forced_d2 50 150" "forced_d4 50 150" "forced_double_d2 50 150" "forced_double_d4 50 150" \
            "sphere_d2 50 150" "sphere_d4 50 150" "rigid 100 300" \
            "op_force 1000 3000" "op_add 1000 3000" "op_mul_add 1000 3000"; do
    read -r name n1 n2 <<< "$spec"
    i1=$(count "$name" "$n1")
    i2=$(count "$name" "$n2")
    awk -v c="$name" -v a="$n1" -v b="$n2" -v x="$i1" -v y="$i2" -v s="$(cat "$work/state")" \
        'BEGIN { printf "| %s | %d, %d | %.0f | %s |\n", c, a, b, (y - x) / (b - a), s }'
done
echo
echo "The fixed point's sweep per state component (op_* rows above: the instructions of one operation):"
"$binary" sweep_ops 1
