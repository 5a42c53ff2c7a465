#!/usr/bin/env bash
# Fails when a C++ source is not formatted with the repository's .clang-format.
set -euo pipefail
cd "$(dirname "$0")/.."
files=$(git ls-files '*.cpp' '*.h' 2>/dev/null || find . -name '*.cpp' -o -name '*.h' | grep -v build/)
if [ -z "$files" ]; then exit 0; fi
if ! clang-format --dry-run --Werror $files 2>/tmp/villainy-format.log; then
  echo "These files need clang-format (run: clang-format -i FILE):"
  grep -oE '^[^:]+\.(cpp|h)' /tmp/villainy-format.log | sort -u
  exit 1
fi
