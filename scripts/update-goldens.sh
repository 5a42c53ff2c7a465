#!/usr/bin/env bash
# Regenerates the golden transcripts of `villainy play` (apps/tests/golden/*.txt) with the given
# villainy binary (default: the release build), then shows what changed: review the diff before
# committing it. Usage: scripts/update-goldens.sh [path/to/villainy]
set -euo pipefail
cd "$(dirname "$0")/.."
V="${1:-build/release/apps/villainy}"
if [ ! -x "$V" ]; then
  echo "no villainy binary at $V (build it: cmake --build --preset release --target villainy)" >&2
  exit 2
fi
/usr/bin/python3 apps/tests/golden.py update "$V" apps/tests/golden
/usr/bin/python3 apps/tests/golden.py lint apps/tests/golden || true
git --no-pager diff --stat -- apps/tests/golden
