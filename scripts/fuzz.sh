#!/usr/bin/env bash
# Builds the libFuzzer targets (preset "fuzz": clang-14, ASan + UBSan) and runs each for a while
# on a copy of its seed corpus (fuzz/corpus/<target>/; the repository's corpus is not changed).
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]
# ./test runs it with 20 s per target; for a long run by hand, e.g. 10 minutes each:
#   nice scripts/fuzz.sh 600
# A crash, hang (-timeout) or sanitizer report stops the target and fails the script; the input
# is kept in build/fuzz/artifacts/ (reproduce: build/fuzz/fuzz/TARGET FILE).
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-20}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(fuzz_record fuzz_options fuzz_cards fuzz_sc_games fuzz_cm_games fuzz_mw_games)
fi
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "${targets[@]}"
out=build/fuzz/artifacts
mkdir -p "$out"
status=0
passed=0
failed=0
for t in "${targets[@]}"; do
  name="${t#fuzz_}"
  work="build/fuzz/corpus-work/$name"
  mkdir -p "$work"
  echo "=== fuzz: $t for ${secs}s"
  # New inputs go to the work folder (first); the seed corpus is read only.
  if ! ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=0" \
      UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
      "build/fuzz/fuzz/$t" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
      -max_len=200000 -print_final_stats=1 -artifact_prefix="$out/$t-" \
      "$work" "fuzz/corpus/$name" >"build/fuzz/$t.log" 2>&1; then
    echo "fuzz: $t FAILED (log: build/fuzz/$t.log)"
    tail -n 40 "build/fuzz/$t.log"
    status=1
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build/fuzz/$t.log" | sed "s/^/  $t /" || true
done
# The plain closing line: one per fuzz target run (no crash, hang or sanitizer report = passed).
echo "fuzz: ${passed} passed, ${failed} failed"
exit $status
