#!/usr/bin/env bash
# ThreadSanitizer over the multi-threaded tests: the parallel loop and simulate (core_tests),
# tournaments (agents_tests) and the server (server_tests). The tsan preset builds only these.
# Bounded: the tests run at reduced size (VILLAINY_TEST_SCALE) and each has a timeout.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
cmake --preset tsan >/dev/null
cmake --build --preset tsan
# The multi-threaded tests by name (ctest -R): core's parallel loop and simulate, the
# tournament, and every server test (its HTTP/WebSocket threads and the bots' pacing).
VILLAINY_TEST_SCALE=${VILLAINY_TEST_SCALE:-0.2} \
  ctest --preset tsan --timeout 300 -R '^(ParallelFor|ParallelReduce|Simulate|Tournament|ServerTest|Kill9|BotScheduler)\.'
echo "tsan: done in $(( $(date +%s) - start )) s"
