#!/usr/bin/env bash
# A CMAKE_CXX_COMPILER_LAUNCHER that logs every compile's CPU time: one line per compile,
# "user_s sys_s wall_s max_rss_kB object" (the object's absolute path) appended to $GEOMINT_COMPILE_LOG (bench/compile_log/run.sh
# sets it). The compiler's own exit status is returned; a compile without an -o is logged as "-".
set -u
out=-
prev=
for a in "$@"; do
    [ "$prev" = -o ] && out=$a
    case "$out" in -|/*) ;; *) out=$PWD/$out ;; esac
    prev=$a
done
exec /usr/bin/time -a -o "${GEOMINT_COMPILE_LOG:?GEOMINT_COMPILE_LOG must name the log file}" \
    -f "%U %S %e %M $out" "$@"
