#!/usr/bin/env python3
"""Runs `villainy simulate` over player counts and option sets and prints the designer's
tables (Markdown) for docs/supporting-cast.md.
Usage: scripts/designer_tables.py VILLAINY [GAMES [OPTION-SET]]
With OPTION-SET (e.g. skip=rest-of-round) only that option set's rows of the first two tables are
printed (to recompute part of the figures)."""
import json
import subprocess
import sys

villainy = sys.argv[1]
games = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
only = sys.argv[3] if len(sys.argv) > 3 else None
option_sets = [
    ("defaults", []),
    ("chain=ends", ["chain=ends"]),
    ("skip=rest-of-round", ["skip=rest-of-round"]),
    ("bad-luck-retry=yes", ["bad-luck-retry=yes"]),
]


def run(players, opts, seats):
    cmd = [villainy, "simulate", "supporting-cast", "--games", str(games), "--players", str(players),
           "--seats", seats, "--json", "--seed", "2026"]
    for o in opts:
        cmd += ["--option", o]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def pct(p):
    return f"{100 * p['rate']:.1f}% [{100 * p['ci95'][0]:.1f}–{100 * p['ci95'][1]:.1f}]"


for agent in ["random", "heuristic"]:
    print(f"\n### All seats {agent} ({games} games per row, seed 2026)\n")
    print("| options | players | completion | 3rd bad luck | own chain | all-in win | stalemate | "
          "turns/round (median) | rounds/game (mean, p90) | table stuck (rounds) | "
          "stuck before the last slot | player-round w/o play | "
          "player-game w/o play | 16 wins | zero-point wins |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name, opts in option_sets:
        if only and name != only:
            continue
        for players in range(4, 8):
            j = run(players, opts, agent)
            r = j["game_report"]
            ends = r["round_ends"]
            print(f"| {name} | {players} | {pct(ends['completion'])} | {pct(ends['third-bad-luck'])} | "
                  f"{pct(ends['own-chain-win'])} | {pct(ends['all-in-win'])} | {pct(ends['stalemate'])} | "
                  f"{r['turns_per_round']['median']} | {r['rounds_per_game']['mean']:.1f}, {r['rounds_per_game']['p90']} | "
                  f"{pct(r['rounds_with_table_stuck'])} | "
                  f"{pct(r['rounds_with_table_stuck_before_the_last_slot'])} | "
                  f"{pct(r['player_rounds_without_a_play'])} | "
                  f"{pct(r['player_games_without_a_play'])} | {pct(r['win_conditions']['sixteen'])} | "
                  f"{pct(r['win_conditions']['zero-points'])} |")
            sys.stdout.flush()

if only:
    sys.exit(0)

print(f"\n### Seat and villain balance, defaults, all seats heuristic ({games} games)\n")
print("| players | win rate by seat (0, 1, …) | villains: lowest – highest win rate |")
print("|---|---|---|")
for players in range(4, 8):
    j = run(players, [], "heuristic")
    seats = ", ".join(f"{100 * p['rate']:.1f}" for p in j["win_rate_by_seat"])
    vil = j["game_report"]["win_rate_by_villain"]
    lo = min(vil.items(), key=lambda kv: kv[1]["rate"])
    hi = max(vil.items(), key=lambda kv: kv[1]["rate"])
    print(f"| {players} | {seats} (n={j['games']} each) | {lo[0]} {pct(lo[1])} – {hi[0]} {pct(hi[1])} |")

print(f"\n### The heuristic against random seats (heuristic in seat 0, the first start player; {games} games)\n")
print("| players | heuristic win rate | random seats' win rate |")
print("|---|---|---|")
for players in range(4, 8):
    seats = ",".join(["heuristic"] + ["random"] * (players - 1))
    j = run(players, [], seats)
    a = j["win_rate_by_agent"]
    print(f"| {players} | {pct(a['heuristic'])} (n={a['heuristic']['n']}) | {pct(a['random'])} (n={a['random']['n']}) |")
