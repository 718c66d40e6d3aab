#!/usr/bin/env bash
# Compile time of a user's translation unit (bench/compile_time/kepler_step.cpp): one stepper
# header, one stepper instantiated at double or mp<50>, g++ -O2 -c, best of 3 runs, geomint's
# stepper against odeint's symplectic_rkn_sb3a_mclachlan. Flags as the CMake target
# geomint::geomint sets them (gnu++20, GEOMINT_HAS_MPFR when MPFR is installed).
# Usage: bash bench/compile_time.sh   (from the repository root; about a minute on an idle machine)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
src=$root/bench/compile_time/kepler_step.cpp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=gnu++20 -O2 -I "$root/include" -I /usr/include/eigen3)
[ -e /usr/include/mpfr.h ] && flags+=(-DGEOMINT_HAS_MPFR)

seconds() {  # best of 3 compiles of the case given by the -D flags in "$@"
    local best=""
    for _ in 1 2 3; do
        local t0 t1
        t0=$(date +%s.%N)
        g++ "${flags[@]}" "$@" -c "$src" -o "$work/a.o"
        t1=$(date +%s.%N)
        best=$(awk -v a="$t1" -v b="$t0" -v c="$best" 'BEGIN { d = a - b; if (c == "" || d < c) print d; else print c }')
    done
    echo "$best"
}

printf '| scalar | odeint sb3a_mclachlan | geomint stepper | geomint | ratio |\n|---|---|---|---|---|\n'
for scalar in double mp50; do
    extra=()
    [ "$scalar" = mp50 ] && extra=(-DMP50)
    ode=$(seconds "${extra[@]}")
    for stepper in sb3a yoshida8 galerkin; do
        geo=$(seconds "${extra[@]}" -DGEOMINT_CASE "-DSTEPPER_$stepper=1")
        name=$stepper
        [ "$stepper" = sb3a ] && name=mclachlan_sb3a_stepper
        [ "$stepper" = yoshida8 ] && name=yoshida8_stepper
        [ "$stepper" = galerkin ] && name="galerkin_vi_stepper<P, 2>"
        awk -v s="$scalar" -v o="$ode" -v n="$name" -v g="$geo" \
            'BEGIN { printf "| %s | %.2f s | `%s` | %.2f s | %.2f× |\n", s, o, n, g, g / o }'
    done
done
