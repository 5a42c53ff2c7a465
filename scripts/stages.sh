# Stage timing for ./test and scripts/long-tests.sh (sourced, not run).
#   stage NAME COMMAND...   runs COMMAND as stage NAME, timing it; a failure ends the run
#   stage_start NAME CMD... starts COMMAND in the background as stage NAME (output to a log)
#   stage_wait NAME         waits for a background stage and shows its output
# At the end (and when a stage fails) the stages are printed with their wall times, and written
# to build/stage-times.tsv (name, seconds, status), which docs/testing.md's table is made from
# (scripts/testing-table.py).
_stage_names=()
_stage_secs=()
_stage_status=()
_stage_t0=$(date +%s)
declare -A _stage_pid _stage_begin _stage_log

_stage_record() {
  _stage_names+=("$1")
  _stage_secs+=("$2")
  _stage_status+=("$3")
}

stage_report() {
  local total=$(($(date +%s) - _stage_t0)) i
  mkdir -p build
  : >build/stage-times.tsv
  echo
  echo "=== stage times (wall clock)"
  for i in "${!_stage_names[@]}"; do
    printf '  %-28s %6s s  %s\n' "${_stage_names[$i]}" "${_stage_secs[$i]}" "${_stage_status[$i]}"
    printf '%s\t%s\t%s\n' "${_stage_names[$i]}" "${_stage_secs[$i]}" "${_stage_status[$i]}" \
      >>build/stage-times.tsv
  done
  printf '  %-28s %6s s  (%d min %02d s)\n' total "$total" $((total / 60)) $((total % 60))
  printf 'total\t%s\t\n' "$total" >>build/stage-times.tsv
}

_stage_fail() {
  echo "=== $1: FAILED"
  stage_report
  exit 1
}

stage() {
  local name=$1 begin rc=0
  shift
  echo "=== $name"
  begin=$(date +%s)
  "$@" || rc=$?
  if [ "$rc" -ne 0 ]; then
    _stage_record "$name" $(($(date +%s) - begin)) "FAILED (exit $rc)"
    _stage_fail "$name"
  fi
  _stage_record "$name" $(($(date +%s) - begin)) ok
}

stage_start() {
  local name=$1
  shift
  mkdir -p build
  _stage_log[$name]=build/stage-$name.log
  _stage_begin[$name]=$(date +%s)
  "$@" >"${_stage_log[$name]}" 2>&1 &
  _stage_pid[$name]=$!
  echo "=== $name (started in the background; log ${_stage_log[$name]})"
}

stage_wait() {
  local name=$1 rc=0
  wait "${_stage_pid[$name]}" || rc=$?
  echo "=== $name (background) output:"
  cat "${_stage_log[$name]}"
  if [ "$rc" -ne 0 ]; then
    _stage_record "$name" $(($(date +%s) - _stage_begin[$name])) "FAILED (exit $rc)"
    _stage_fail "$name"
  fi
  _stage_record "$name" $(($(date +%s) - _stage_begin[$name])) "ok (in the background)"
}
