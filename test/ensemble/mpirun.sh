#!/usr/bin/env bash
# mpirun as the tests run it: more ranks than cores allowed (CI has 2), as root where CI runs as
# root, leak checks off for the sanitized program (Open MPI's own allocations are not freed at exit).
# Usage: mpirun.sh MPIEXEC ARGS...   (e.g. mpirun.sh /usr/bin/mpiexec -np 3 ./program --flag)
mpiexec=$1; shift
extra=(--oversubscribe -x ASAN_OPTIONS=detect_leaks=0)
[ "$(id -u)" -eq 0 ] && extra+=(--allow-run-as-root)
exec "$mpiexec" "${extra[@]}" "$@"
