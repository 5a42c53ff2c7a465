#!/usr/bin/env bash
# Runs clang-tidy (.clang-tidy) over C++ sources and fails on any finding.
#   scripts/tidy.sh                 # the product: core, games, agents, apps, python/src, without
#                                   # the tests and test tools (what ./test runs)
#   scripts/tidy.sh --all           # the same directories with their tests and test tools
#   scripts/tidy.sh games/mwahahaha # any directories, all their sources
#   scripts/tidy.sh --no-cache ...  # every source checked again (scripts/long-tests.sh)
# A source whose inputs (itself, every header it includes, its flags, .clang-tidy, the clang-tidy
# version) are byte for byte those of an earlier clean check is not checked again: the keys of
# clean sources are kept in scripts/tidy-clean.txt, which is committed (scripts/tidy.py says how
# the key is made). Commit the file after a clean run so that CI checks only what changed.
# Sources are checked in parallel (TIDY_JOBS, default 2), each with its own compile command from
# build/tidy (the release configuration without unity builds; configured here, never built).
# Headers are checked through the sources that include them (HeaderFilterRegex).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --preset tidy >/dev/null  # configure only (a few seconds): the compile database
exec /usr/bin/python3 scripts/tidy.py "$@"
