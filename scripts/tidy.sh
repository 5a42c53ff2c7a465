#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy) over C++ sources, using the release build's
# compile_commands.json; fails on any finding.
#   scripts/tidy.sh                 # the product: core, games, agents, apps, python/src, without
#                                   # the tests and test tools (what ./test runs)
#   scripts/tidy.sh --all           # the same directories with their tests and test tools
#   scripts/tidy.sh games/mwahahaha # any directories, all their sources
# Sources are checked in parallel (TIDY_JOBS, default 2); generated and third-party files are not.
# Headers are checked through the sources that include them (HeaderFilterRegex).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${TIDY_BUILD:-build/release}
if [ ! -f "$build/compile_commands.json" ]; then
  cmake --preset release >/dev/null
fi
product=1
if [ "${1:-}" = --all ]; then
  product=0
  shift
fi
dirs=("$@")
if [ ${#dirs[@]} -eq 0 ]; then dirs=(core games agents apps python/src); else product=0; fi
files=$(git ls-files -- "${dirs[@]/%//*.cpp}" | sort)
if [ "$product" = 1 ]; then
  # Tests and test tools: a test's length is its scenario, and they are not shipped.
  files=$(echo "$files" | grep -v -E '(/tests/|/alloc/|^apps/netclient/tools/|_test\.cpp$)' || true)
fi
if [ -z "$files" ]; then
  echo "tidy: no sources under ${dirs[*]}"
  exit 0
fi
# Only files the build compiles (a tool or test not in this configuration has no compile command).
listed=$(/usr/bin/python3 - "$build/compile_commands.json" $files <<'PY'
import json, os, sys
db = {os.path.realpath(e["file"]) for e in json.load(open(sys.argv[1]))}
print("\n".join(f for f in sys.argv[2:] if os.path.realpath(f) in db))
PY
)
n=$(echo "$listed" | grep -c . || true)
start=$(date +%s)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! echo "$listed" | xargs -P "${TIDY_JOBS:-2}" -n 4 clang-tidy -p "$build" --quiet --extra-arg=-Wno-unknown-warning-option \
    >"$log" 2>&1; then
  grep -E "(warning|error):" "$log" | sort -u
  echo "tidy: findings in ${dirs[*]} (full log above; fix them or justify a NOLINT)"
  exit 1
fi
echo "tidy: $n files clean in ${dirs[*]} ($(( $(date +%s) - start )) s)"
