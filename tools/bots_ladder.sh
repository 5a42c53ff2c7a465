#!/bin/bash
# The skill ladder and observer=multi screens of docs/bots.md ("Skill ladder"): ISMCTS at four
# budgets against the heuristic in every other seat, seats rotated, seed 1, one thread each.
#   tools/bots_ladder.sh [villainy binary] [output directory]
set -euo pipefail
V=${1:-build/release/apps/villainy}
OUT=${2:-ladder}
mkdir -p "$OUT"
run() {  # name game games agents
  nice -n 10 "$V" tournament "$2" --agents "$4" --games "$3" --seed 1 --threads 1 --timing \
    > "$OUT/$1.txt"
  echo "$1 done"
}
for it in 25 50 100 200; do
  run cm_ladder_$it cheaty-mages 200 ismcts:iterations=$it,heuristic,heuristic,heuristic
done
for it in 125 250 500 1000; do
  run sc_ladder_$it supporting-cast 200 ismcts:iterations=$it,heuristic,heuristic,heuristic
done
run cm_multi cheaty-mages 200 ismcts:observer=multi,heuristic,heuristic,heuristic
for it in 30 60 120 240; do
  run mw_ladder_$it mwahahaha 60 ismcts:iterations=$it,heuristic,heuristic
done
run mw_multi mwahahaha 60 ismcts:observer=multi,heuristic,heuristic
# Defaults with and without resampling in the rollouts (docs/bots.md, "New default against the
# old default"); the Mwahahaha! run takes about an hour on one loaded core.
run cm_resample cheaty-mages 2000 ismcts:resample=off,ismcts,heuristic,heuristic
run mw_resample mwahahaha 999 ismcts:resample=off,ismcts,heuristic
