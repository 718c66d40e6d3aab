#!/usr/bin/env bash
# The MPI ensemble runner under a real mpirun (CTest runs each mode as its own test):
#   bitwise  - the output of -np 2 and -np 3 equals the one-process (--local) run, byte for byte;
#   resume   - a campaign killed in the middle (mpirun gets SIGTERM), rerun with another rank
#              count, gives the same file and computes only what was missing; then the same
#              with one rank's process killed (SIGKILL) instead of the job;
#   failures - throwing members are recorded (exit status = their number, the failures file lists
#              them) and the others finish;
#   program  - `geomint --only pendulum-table1,noise --precision mp50` (short) under -np 3 writes
#              the same files, byte for byte, as the one-process run.
# Usage: mpi_tests.sh MODE DRIVER MPIEXEC WORKDIR   (DRIVER: example_ensemble_mpi; for program: geomint)
set -euo pipefail
mode=$1 driver=$2 mpiexec=$3 work=$4
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work" && mkdir -p "$work" && cd "$work"
mpi=(bash "$here/mpirun.sh" "$mpiexec")
fail() { echo "FAIL: $*" >&2; exit 1; }
# run EXPECTED_STATUS command...: the command's exit status must be EXPECTED_STATUS
run() {
  local want=$1; shift
  set +e; "$@" > out.txt 2>&1; local got=$?; set -e
  cat out.txt
  [ "$got" -eq "$want" ] || fail "'$*' exited with $got, expected $want"
}

case "$mode" in
bitwise)
  run 0 "$driver" --local --threads 2 --output ref.csv --members 48
  for np in 2 3; do
    run 0 "${mpi[@]}" -np $np "$driver" --output np$np.csv --members 48
    cmp ref.csv np$np.csv || fail "-np $np output differs from the one-process run"
    [ ! -e np$np.csv.journal ] || fail "the journal of -np $np was not removed"
  done
  [ "$(wc -l < ref.csv)" -eq 49 ] || fail "ref.csv has $(wc -l < ref.csv) lines, expected 49"
  echo "bitwise: -np 2 and -np 3 equal the one-process output ($(wc -c < ref.csv) bytes)"
  ;;
resume)
  run 0 "$driver" --local --output ref.csv --members 40
  # start 40 members of 150 ms on 2 ranks (about 3 s); once `after` are journaled, send `signal`
  # to `target` (job: mpirun; rank: one rank's process); the run must leave a journal, no output
  interrupt() {
    local out=$1 target=$2 signal=$3 after=$4
    "${mpi[@]}" -np 2 "$driver" --output "$out" --members 40 --member-ms 150 > first.txt 2>&1 &
    local pid=$!
    for _ in $(seq 600); do
      [ -e "$out.journal" ] && [ "$(grep -c '^ok,' "$out.journal" || true)" -ge "$after" ] && break
      sleep 0.05
    done
    if [ "$target" = job ]; then
      kill -"$signal" $pid
    else
      local rank
      rank=$(pgrep -f -- "--output $out --members 40 --member-ms 150" | grep -v "^$pid$" | tail -1)
      [ -n "$rank" ] || fail "no rank process found"
      kill -"$signal" "$rank"
    fi
    wait $pid || true
    [ ! -e "$out" ] || fail "the interrupted campaign ($target, SIG$signal) wrote its output"
  }
  for target in job rank; do
    signal=TERM; [ $target = rank ] && signal=KILL
    interrupt cut_$target.csv $target $signal 10
    done_before=$(grep -c '^ok,' cut_$target.csv.journal || true)
    [ "$done_before" -ge 10 ] && [ "$done_before" -lt 40 ] || fail "$done_before members journaled before the kill"
    run 0 "${mpi[@]}" -np 3 "$driver" --output cut_$target.csv --members 40
    grep -q "$done_before from the checkpoint, $((40 - done_before)) computed" out.txt ||
      fail "the rerun did not resume from the $done_before journaled members"
    cmp ref.csv cut_$target.csv || fail "the resumed output differs from the uninterrupted one"
    echo "resume: $target killed (SIG$signal) after $done_before of 40 members; the rerun at -np 3 computed the rest; output identical"
  done
  ;;
failures)
  run 5 "$driver" --local --output ref.csv --members 40 --fail-every 7
  run 5 "${mpi[@]}" -np 3 "$driver" --output np3.csv --members 40 --fail-every 7
  cmp ref.csv np3.csv || fail "outputs differ"
  cmp ref.csv.failures.csv np3.csv.failures.csv || fail "failure lists differ"
  [ "$(cut -d, -f1 np3.csv.failures.csv | tr '\n' ' ')" = "member 6 13 20 27 34 " ] ||
    fail "failures file: $(cat np3.csv.failures.csv)"
  grep -q '^34,"member 34 fails, as --fail-every asks"$' np3.csv.failures.csv || fail "message not recorded"
  [ "$(wc -l < np3.csv)" -eq 36 ] || fail "np3.csv should hold the 35 members that did not fail"
  echo "failures: 5 throwing members recorded at -np 3, exit status 5, the 35 others written"
  ;;
program)
  args=(--only pendulum-table1,noise --precision mp50 --table1-periods 20 --noise-members 2 --no-plots)
  run 0 "$driver" "${args[@]}" --out one
  run 0 "${mpi[@]}" -np 3 "$driver" "${args[@]}" --out np3
  n=0
  for f in one/*; do
    cmp "$f" "np3/$(basename "$f")" || fail "$(basename "$f") differs between 1 and 3 ranks"
    n=$((n + 1))
  done
  [ "$n" -eq 6 ] || fail "expected 6 output files, found $n"
  grep -q '^leapfrog:' np3/pendulum_table1.txt || fail "Table 1 text incomplete"
  echo "program: Table 1 (J = 20) and the noise study at mp50 on 3 ranks: $n files identical to the one-process run"
  ;;
*) fail "unknown mode $mode" ;;
esac
