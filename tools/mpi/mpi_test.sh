#!/usr/bin/env bash
# villainy-mpi with 4 ranks (on a 2-core machine) gives the single-process report byte for byte:
# text, JSON and HTML of simulate, and compare's text. Usage: mpi_test.sh MPIEXEC VILLAINY_MPI VILLAINY
set -uo pipefail
MPIEXEC="$1" VM="$2" V="$3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {
  local name="$1"
  shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}
run="supporting-cast --games 90 --players 5 --seed 11"
timeout 120 "$MPIEXEC" -n 4 "$VM" simulate $run --html "$tmp/mpi.html" >"$tmp/mpi.txt"
"$V" simulate $run --html "$tmp/one.html" >"$tmp/one.txt"
check "mpiexec -n 4 simulate equals one process (text)" cmp -s "$tmp/mpi.txt" "$tmp/one.txt"
check "mpiexec -n 4 simulate equals one process (HTML)" cmp -s "$tmp/mpi.html" "$tmp/one.html"
timeout 120 "$MPIEXEC" -n 4 "$VM" simulate cheaty-mages --games 30 --json >"$tmp/mpi.json"
"$V" simulate cheaty-mages --games 30 --json >"$tmp/one.json"
check "mpiexec -n 4 simulate equals one process (JSON, cheaty-mages)" cmp -s "$tmp/mpi.json" "$tmp/one.json"
cmp_run="supporting-cast --games 40 --variant skip=rest-of-round"
timeout 120 "$MPIEXEC" -n 4 "$VM" compare $cmp_run >"$tmp/mpi-cmp.txt"
"$V" compare $cmp_run >"$tmp/one-cmp.txt"
check "mpiexec -n 4 compare equals one process" cmp -s "$tmp/mpi-cmp.txt" "$tmp/one-cmp.txt"
check "the report is not empty" grep -q "Is the table stuck?" "$tmp/mpi.txt"
timeout 60 "$MPIEXEC" -n 2 "$VM" simulate supporting-cast --games 10 --seats nobody >"$tmp/err" 2>&1
check "a rank's error is reported by rank 0" grep -q "rank 0: .*nobody" "$tmp/err"
exit $fail
