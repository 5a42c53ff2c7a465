#!/usr/bin/env bash
# The full-size runs that ./test makes smaller (docs/testing.md lists them with their times): the
# tests labelled "long" in the release and sanitizer builds (ctest -L long: the 300-game leak
# audit, the load-and-fault test and the protocol fuzzer at full size, the invariant suites at
# full size, the server's attack tests at full size), then clang-tidy over every source
# of the product without its cache. Run it before a release, after ./test (it reuses its
# builds, and builds what is missing):
#   scripts/long-tests.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/stages.sh
stage deps scripts/install-deps.sh
stage "release build" bash -c 'cmake --preset release >/dev/null && cmake --build --preset release'
stage "release long tests" ctest --preset release -L long
stage "debug build (ASan+UBSan)" bash -c 'cmake --preset debug >/dev/null && cmake --build --preset debug'
stage "debug long tests (ASan+UBSan)" ctest --preset debug -L long
stage "tidy, no cache" scripts/tidy.sh --no-cache
stage_report
