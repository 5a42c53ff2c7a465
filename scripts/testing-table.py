#!/usr/bin/env python3
"""Prints the tables of docs/testing.md from the last ./test run (or scripts/long-tests.sh run):
the wall time of every stage (build/stage-times.tsv, written by scripts/stages.sh) and, for each
build that ran ctest, every test over a threshold (ctest's own record of its last run,
build/<preset>/Testing/Temporary/CTestCostData.txt).

  ./test && scripts/testing-table.py            # then paste into docs/testing.md
  scripts/testing-table.py --over 5             # tests over 5 s
"""
import argparse
import os
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))


def stages():
    path = os.path.join(ROOT, "build", "stage-times.tsv")
    if not os.path.exists(path):
        sys.exit(f"villainy: error: {path} is missing: run ./test first")
    print("| stage | wall (s) | status |")
    print("|---|---:|---|")
    with open(path) as f:
        for line in f:
            name, secs, status = (line.rstrip("\n").split("\t") + [""])[:3]
            if name == "total":
                print(f"| **total** | **{secs}** ({int(secs) // 60} min {int(secs) % 60:02d} s) | |")
            else:
                print(f"| {name} | {secs} | {status} |")


def tests(over):
    for preset in ("release", "debug", "tsan"):
        path = os.path.join(ROOT, "build", preset, "Testing", "Temporary", "CTestCostData.txt")
        if not os.path.exists(path):
            continue
        rows = []
        with open(path) as f:
            for line in f:
                if line.startswith("---"):
                    break
                parts = line.split()
                if len(parts) >= 3:
                    rows.append((float(parts[-1]), " ".join(parts[:-2])))
        rows.sort(reverse=True)
        total = sum(t for t, _ in rows)
        print(f"\n**{preset}**: {len(rows)} tests, {total:.0f} s of test time in all "
              f"(ctest runs two at a time); those over {over:g} s:\n")
        print("| test | s |")
        print("|---|---:|")
        for t, name in rows:
            if t > over:
                print(f"| `{name}` | {t:.1f} |")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--over", type=float, default=10.0)
    o = ap.parse_args()
    stages()
    tests(o.over)
    return 0


if __name__ == "__main__":
    sys.exit(main())
