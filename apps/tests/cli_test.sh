#!/usr/bin/env bash
# End-to-end tests of the `villainy` command: listing, rules, simulate (determinism across thread
# counts, records), replay (good and bad records), and terminal play fed from a pipe.
set -uo pipefail
V="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
pass=0
check() {  # name, condition-command...
  local name="$1"; shift
  if "$@"; then pass=$((pass + 1)); else echo "FAIL: $name"; fails=$((fails + 1)); fi
}
contains() { grep -q -- "$2" "$1"; }
# N answers 1, 2, ..., 40, 1, 2, ...: within a decision taken in steps, used numbers are not offered
# again (issue 11), so a script that always answers 1 would stall.
cycle() { /usr/bin/python3 -c "import sys; sys.stdout.write(''.join(f'{i % 40 + 1}\\n' for i in range(int(sys.argv[1]))))" "$1"; }

"$V" games >"$tmp/games" 2>&1
check "games lists supporting-cast" contains "$tmp/games" "supporting-cast"
"$V" rules supporting-cast >"$tmp/rules" 2>&1
check "rules shows options" contains "$tmp/rules" "rest-of-round"
check "rules shows that cast may name a file" contains "$tmp/rules" "default|FILE"
"$V" rules cheaty-mages >"$tmp/rules-cm" 2>&1
check "rules shows a game's search defaults" contains "$tmp/rules-cm" "this game's defaults: iterations=200:"
"$V" rules mwahahaha --tensor >"$tmp/tensor" 2>&1
check "rules --tensor names the fields" contains "$tmp/tensor" "own_tricks"
check "rules --tensor gives the size" contains "$tmp/tensor" "values in all"
"$V" rules no-such-game >"$tmp/err" 2>&1; rc=$?
check "unknown game exits non-zero" test "$rc" -ne 0
check "unknown game lists games" contains "$tmp/err" "the games are"
"$V" simulate supporting-cast --games 10 --option chain=middle >"$tmp/err" 2>&1; rc=$?
check "bad option value exits non-zero" test "$rc" -ne 0
check "bad option lists allowed values" contains "$tmp/err" "top, ends"
"$V" simulate supporting-cast --games 10 --option colour=red >"$tmp/err" 2>&1; rc=$?
check "unknown option exits non-zero" test "$rc" -ne 0
"$V" simulate supporting-cast --games 10 --seats heuristic,nobody,random,random >"$tmp/err" 2>&1; rc=$?
check "unknown agent exits non-zero" test "$rc" -ne 0
check "unknown agent lists agents" contains "$tmp/err" "the agents are"

# Same seed, same output, whatever the number of threads.
"$V" simulate supporting-cast --games 300 --players 5 --seed 7 --threads 1 --json >"$tmp/a.json"
"$V" simulate supporting-cast --games 300 --players 5 --seed 7 --threads 2 --json >"$tmp/b.json"
"$V" simulate supporting-cast --games 300 --players 5 --seed 8 --threads 2 --json >"$tmp/c.json"
check "simulate is deterministic across threads" cmp -s "$tmp/a.json" "$tmp/b.json"
check "another seed gives another report" bash -c "! cmp -s '$tmp/a.json' '$tmp/c.json'"
"$V" simulate supporting-cast --games 200 --players 6 --seats heuristic,random >"$tmp/err" 2>&1; rc=$?
check "seat count must match players" test "$rc" -ne 0

# Records: written by simulate, replayed exactly.
"$V" simulate supporting-cast --games 3 --players 4 --seats heuristic,random,random,heuristic --records "$tmp/rec" >/dev/null
check "records written" test -f "$tmp/rec/game-0000002.json"
"$V" replay "$tmp/rec/game-0000001.json" >"$tmp/replay" 2>&1; rc=$?
check "replay of a record succeeds" test "$rc" -eq 0
check "replay prints the result" contains "$tmp/replay" "Winners"
"$V" replay "$tmp/rec/game-0000001.json" --view 2 >"$tmp/view" 2>&1
check "replay --view prints that seat's view" contains "$tmp/view" "You ("
check "replay --view logs the seat's own cards" contains "$tmp/view" "You are dealt"
check "replay --view hides other seats' cards" bash -c "! grep -qE '^Seat [013] is dealt [^a]' '$tmp/view'"

# Bad records: clear errors, non-zero exit, no crash.
echo '{"format": "villainy-record", "version": 1, "game": "supporting-cast", "players": 4,' >"$tmp/trunc.json"
"$V" replay "$tmp/trunc.json" >"$tmp/err" 2>&1; rc=$?
check "truncated record exits 2" test "$rc" -eq 2
check "truncated record: not valid JSON" contains "$tmp/err" "not valid JSON"
python3 - "$tmp/rec/game-0000001.json" "$tmp" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); d = sys.argv[2]
bad = dict(r); bad["actions"] = list(r["actions"]); bad["actions"][12] = "play:nothing"
json.dump(bad, open(d + "/unknown.json", "w"))
bad = dict(r); bad["actions"] = list(r["actions"]); bad["actions"].insert(3, bad["actions"][2])
json.dump(bad, open(d + "/illegal.json", "w"))
bad = dict(r); bad["players"] = "four"
json.dump(bad, open(d + "/field.json", "w"))
bad = dict(r); bad["options"] = dict(r["options"]); bad["options"]["chain"] = "sideways"
json.dump(bad, open(d + "/option.json", "w"))
bad = dict(r); bad["result"] = {"returns": [1, 1, 1, 1], "winners": [0, 1, 2, 3]}
json.dump(bad, open(d + "/result.json", "w"))
PY
"$V" replay "$tmp/unknown.json" >"$tmp/err" 2>&1; rc=$?
check "unknown action exits 2" test "$rc" -eq 2
check "unknown action names the step" contains "$tmp/err" "step 13: unknown action 'play:nothing'"
"$V" replay "$tmp/illegal.json" >"$tmp/err" 2>&1; rc=$?
check "illegal action exits 2" test "$rc" -eq 2
check "illegal action names the step" contains "$tmp/err" "step 4"
"$V" replay "$tmp/field.json" >"$tmp/err" 2>&1; rc=$?
check "malformed field exits 2" test "$rc" -eq 2
check "malformed field is named" contains "$tmp/err" "players"
"$V" replay "$tmp/option.json" >"$tmp/err" 2>&1; rc=$?
check "bad option in record exits 2" test "$rc" -eq 2
"$V" replay "$tmp/result.json" >"$tmp/err" 2>&1; rc=$?
check "wrong result exits 2" test "$rc" -eq 2
"$V" replay "$tmp/none.json" >"$tmp/err" 2>&1; rc=$?
check "missing file exits 2" test "$rc" -eq 2

# Terminal play from a pipe: a person choosing option 1 every time, then a record.
yes 1 | head -n 20000 | "$V" play supporting-cast --seats human,heuristic,random,heuristic --seed 11 --record "$tmp/played.json" >"$tmp/play" 2>&1; rc=${PIPESTATUS[2]}
check "play exits 0" test "$rc" -eq 0
check "play shows the hand" contains "$tmp/play" "Your hand"
check "play ends with winners" contains "$tmp/play" "Winners:"
"$V" replay "$tmp/played.json" >/dev/null 2>&1; rc=$?
check "the played game's record replays" test "$rc" -eq 0
# Bad input at the prompt is explained, then the game goes on; EOF asks to confirm, a second EOF
# quits (issue 11).
printf 'help\nfoo\n99\n1\n' | "$V" play supporting-cast --seed 3 >"$tmp/play2" 2>&1; rc=$?
check "play with bad input exits 0" test "$rc" -eq 0
check "bad choice is explained" contains "$tmp/play2" "is not a choice"
check "help shows the rules (a page for players, no rule ids: issue 11)" contains "$tmp/play2" "how to play"
check "EOF asks for confirmation" contains "$tmp/play2" "Quit this game? (y/n)"
check "EOF twice abandons" contains "$tmp/play2" "Game abandoned (not saved"
# q asks for confirmation: 'n' goes on playing, 'y' quits; the record is saved and resumes.
printf '1\nq\nn\n1\nquit\ny\n' | "$V" play supporting-cast --seed 3 --record "$tmp/q.json" >"$tmp/q" 2>&1; rc=$?
check "quit exits 0" test "$rc" -eq 0
check "q asks for confirmation" test "$(grep -c 'Quit this game?' "$tmp/q")" -eq 2
check "quit says how to resume" contains "$tmp/q" "Continue it with: villainy play --resume"
check "the saved record is unfinished" contains "$tmp/q.json" '"actions"'
check "no temporary file is left" test ! -e "$tmp/q.json.tmp"
n_saved=$(/usr/bin/python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['actions']))" "$tmp/q.json")
yes 1 | head -n 20000 | "$V" play --resume "$tmp/q.json" >"$tmp/resumed" 2>&1; rc=${PIPESTATUS[2]}
check "resume exits 0" test "$rc" -eq 0
check "resume says where it continues" contains "$tmp/resumed" "after $n_saved actions"
check "the resumed game ends" contains "$tmp/resumed" "Winners:"
"$V" replay "$tmp/q.json" >"$tmp/qreplay" 2>&1; rc=$?
check "the resumed game's record replays to the end" contains "$tmp/qreplay" "Winners"
# Resuming gives the same game as not stopping (chance and bots are seeded per step).
printf '1\n1\n' | "$V" play supporting-cast --seed 3 --record "$tmp/stop.json" >/dev/null 2>&1
yes 1 | head -n 20000 | "$V" play --resume "$tmp/stop.json" >/dev/null 2>&1
yes 1 | head -n 20000 | "$V" play supporting-cast --seed 3 --record "$tmp/whole.json" >/dev/null 2>&1
check "a resumed game is the uninterrupted game" /usr/bin/python3 -c "
import json,sys; a,b=(json.load(open(f))['actions'] for f in sys.argv[1:]); sys.exit(a!=b)" \
  "$tmp/stop.json" "$tmp/whole.json"
"$V" play --resume "$tmp/whole.json" >"$tmp/err" 2>&1; rc=$?
check "resuming a finished game is refused" test "$rc" -eq 2
check "resuming a finished game says why" contains "$tmp/err" "that game is over"
"$V" play supporting-cast --resume "$tmp/stop.json" >"$tmp/err" 2>&1; rc=$?
check "resume with a game name is refused" test "$rc" -eq 2
# Hot-seat: two people; the screen and its scrollback are cleared between them.
yes 1 | head -n 3000 | "$V" play supporting-cast --seats human,human,random,random --seed 5 >"$tmp/hot" 2>&1
check "hot-seat asks to pass the keyboard" contains "$tmp/hot" "Pass the keyboard to Seat 2, press Enter. > "
check "hot-seat clears the scrollback" contains "$tmp/hot" $'\033\[2J\033\[3J\033\[H'
check "no colour when not a terminal" bash -c "! grep -q $'\033\\[9' '$tmp/hot'"

# Mwahahaha! from the screens (issue 11). Seed 5: Seat 1 is “Doctor Tentacles”, keeps Freeze Ray
# and is offered "1. Convert Energy 2…", "2. Convert Eureka 2…" first.
printf 'help Doctor Tentacles\n1\n1\n\nquit\ny\n' | "$V" play mwahahaha --seats human,heuristic,heuristic --seed 5 --lang en >"$tmp/mw" 2>&1
check "help NAME finds a card shown in quotation marks" contains "$tmp/mw" "“Doctor Tentacles” — Lair"
check "a conversion gives its tokens in the choice" contains "$tmp/mw" "^   1. Convert Energy 2 into 2 Energy"
# The conversion opens a window for the others' Dirty Tricks; the menu that comes back keeps
# its numbers, so "2" still means what it meant.
check "the menu keeps its numbers after a conversion" \
  bash -c "[ \$(grep -c '^   2. Convert Eureka 2 into 2 Eureka' '$tmp/mw') -ge 2 ] && ! grep -q '^   1. Convert Eureka 2' '$tmp/mw'"
cycle 3000 | "$V" play mwahahaha --seats human,heuristic,heuristic --seed 5 --option round-limit=2 >"$tmp/mw2" 2>&1
check "a person's forced Dirty Trick pass is not told" bash -c "! grep -q 'You play no Dirty Trick' '$tmp/mw2'"
check "the others' passes are told plainly" contains "$tmp/mw2" "plays no Dirty Trick"
check "a forced choice is marked" contains "$tmp/mw2" "(the only choice)"
check "the round-limit winners are explained" contains "$tmp/mw2" "highest level conquered"

# Languages (issue 11): play, replay and rules --text take --lang; a bad one is named.
printf '1\n' | "$V" play supporting-cast --seed 3 --lang zh-TW >"$tmp/zh" 2>&1
check "play --lang zh-TW speaks Chinese" contains "$tmp/zh" "請選擇"
LANG=zh_TW.UTF-8 LC_ALL= LC_MESSAGES= "$V" replay "$tmp/rec/game-0000001.json" --view 1 >"$tmp/zhrep" 2>&1
check "replay takes the language from the locale" contains "$tmp/zhrep" "紀錄無誤"
"$V" play supporting-cast --seed 3 --lang fr </dev/null >"$tmp/err" 2>&1; rc=$?
check "an unknown language is refused" test "$rc" -eq 2
check "an unknown language is named" contains "$tmp/err" "unknown language 'fr'"
"$V" rules cheaty-mages --text >"$tmp/rtext" 2>&1; rc=$?
check "rules --text exits 0" test "$rc" -eq 0
check "rules --text is not the option list" bash -c "! grep -q 'Options (--option' '$tmp/rtext'"
check "rules without --text lists the options" contains "$tmp/rules" "Options (--option"

# CLI polish (issue 11).
"$V" frobnicate >"$tmp/err" 2>&1; rc=$?
check "unknown command exits non-zero" test "$rc" -ne 0
check "unknown command is named" contains "$tmp/err" "unknown command 'frobnicate'"
check "unknown command lists the commands" contains "$tmp/err" "play, simulate"
"$V" simulate supporting-cast --games 0 >"$tmp/err" 2>&1; rc=$?
check "--games 0 exits non-zero" test "$rc" -ne 0
check "--games 0 gets a plain message" contains "$tmp/err" "0 games is nothing to do"
"$V" play --help >"$tmp/usage" 2>&1
check "usage names villainy, not the build path" contains "$tmp/usage" "Usage: villainy play"
check "usage has no path" bash -c "! grep -q 'Usage: /' '$tmp/usage'"
"$V" tournament supporting-cast --agents random --games 8 --players 4 >"$tmp/tour" 2>"$tmp/tourerr"
check "tournament output has no progress when not a terminal" test ! -s "$tmp/tourerr"
"$V" tournament supporting-cast --agents random --games 8 --players 4 --progress >/dev/null 2>"$tmp/tourerr"
check "tournament --progress shows progress" contains "$tmp/tourerr" "8 / 8 games"

# Every registered game can be played to the end from the terminal and replayed.
for game in $("$V" games | awk '{print $1}'); do
  cycle 400000 | "$V" play "$game" --seed 5 --record "$tmp/$game.json" >"$tmp/play-$game" 2>&1; rc=${PIPESTATUS[1]}
  check "$game: play exits 0" test "$rc" -eq 0
  check "$game: play ends with winners" contains "$tmp/play-$game" "Winners:"
  "$V" replay "$tmp/$game.json" >/dev/null 2>&1; rc=$?
  check "$game: the played game replays" test "$rc" -eq 0
done

# Hostile input (issue 17): plain errors, no hang, no crash, no file opened that a local user did
# not name. Each command has a time limit: a hang is a failure.
T="timeout ${CLI_TEST_TIMEOUT:-60}"
err_case() {  # name, expected exit code, needle, command...
  local name="$1" want="$2" needle="$3"; shift 3
  $T "$@" </dev/null >"$tmp/hostile" 2>&1; local rc=$?
  check "$name: exit $want (got $rc)" test "$rc" -eq "$want"
  check "$name: says '$needle'" contains "$tmp/hostile" "$needle"
  check "$name: short message" test "$(wc -c <"$tmp/hostile")" -lt 2000
}
err_case "ms=nan refused" 2 "ms must be a number from 0 to 3600000" \
  "$V" simulate supporting-cast --games 1 --players 4 --seats ismcts:ms=nan
err_case "ms=inf refused" 2 "ms must be a number" \
  "$V" simulate supporting-cast --games 1 --players 4 --seats ismcts:ms=inf
err_case "ms=1e300 refused" 2 "ms must be a number" \
  "$V" simulate supporting-cast --games 1 --players 4 --seats ismcts:ms=1e300
err_case "--players 2147483647" 2 "from 0 to 64" "$V" simulate supporting-cast --players 2147483647
err_case "play --players 2147483647" 2 "from 0 to 64" "$V" play supporting-cast --players 2147483647
err_case "--players 64 checked before seats" 2 "is for 4–7 players, not 64" \
  "$V" simulate supporting-cast --players 64 --games 1
err_case "tournament --games 2147483647" 2 "from 1 to 1000000" \
  "$V" tournament supporting-cast --agents random --games 2147483647
err_case "--games 2^64" 2 "from 1 to 100000000" \
  "$V" simulate supporting-cast --games 18446744073709551616
err_case "--seed 2^64" 2 "an integer from 0 to 18446744073709551615" \
  "$V" simulate supporting-cast --games 1 --seed 18446744073709551616
err_case "--view 1x" 2 "--view" "$V" replay "$tmp/rec/game-0000001.json" --view 1x
/usr/bin/python3 - "$tmp/rec/game-0000001.json" "$tmp" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); d = sys.argv[2]
def bad(name, **kw):
    b = json.loads(json.dumps(r)); b.update(kw); json.dump(b, open(d + "/" + name + ".json", "w"))
bad("players-wrap", players=4294967300)
bad("winners-wrap", result={"returns": r["result"]["returns"], "winners": [2 + 2**32]})
text = json.dumps(r).replace('"version": 1', '"version": 1e400')
open(d + "/version.json", "w").write(text)
open(d + "/nul.json", "wb").write(json.dumps(r).encode() + b"\0garbage")
open(d + "/trailing.json", "w").write(json.dumps(r) + " {}")
b = json.loads(json.dumps(r)); b["actions"][5] = "x" * (50 << 20)
json.dump(b, open(d + "/long-action.json", "w"))
for target in ["/etc/shadow", "/etc/passwd", "/dev/stdin", "/dev/zero", d + "/fifo"]:
    b = json.loads(json.dumps(r)); b["options"]["cast"] = target
    json.dump(b, open(d + "/cast-" + target.replace("/", "_") + ".json", "w"))
PY
mkfifo "$tmp/fifo"
err_case "record players 4294967300" 2 "players: expected an integer in \[1, 64\]" "$V" replay "$tmp/players-wrap.json"
err_case "record winners 2+2^32" 2 "result.winners\[0\]: expected an integer" "$V" replay "$tmp/winners-wrap.json"
err_case "record version 1e400" 2 "version: number out of range" "$V" replay "$tmp/version.json"
err_case "record bytes after a NUL" 2 "NUL byte" "$V" replay "$tmp/nul.json"
err_case "record trailing bytes" 2 "expected end of input" "$V" replay "$tmp/trailing.json"
err_case "record 50 MB action name" 2 "actions\[5\]: expected a string of at most 256 bytes" \
  "$V" replay "$tmp/long-action.json"
for f in "$tmp"/cast-*.json; do
  err_case "record names a file ($(basename "$f"))" 2 "only a local user's command line may name a file" \
    "$V" replay "$f"
done
check "record naming /etc/passwd shows none of it" bash -c "! grep -q 'root' '$tmp/hostile'"
err_case "record file is /dev/zero" 2 "not a regular file" "$V" replay /dev/zero
err_case "record file is a FIFO" 2 "not a regular file" "$V" replay "$tmp/fifo"
err_case "cast=/dev/zero" 2 "not a regular file" \
  "$V" simulate supporting-cast --games 1 --option cast=/dev/zero
err_case "cast=/dev/stdin" 2 "not a regular file" \
  "$V" simulate supporting-cast --games 1 --option cast=/dev/stdin
err_case "cast=/etc/passwd is not echoed" 2 "not valid JSON" \
  "$V" simulate supporting-cast --games 1 --option cast=/etc/passwd
check "cast=/etc/passwd shows none of it" bash -c "! grep -q 'root' '$tmp/hostile'"
# A local user's cast file: the record carries it, and replays after the file is gone.
cp "$(dirname "$0")/../../games/supporting_cast/data/fairy-tale-cast.json" "$tmp/my-cast.json"
"$V" simulate supporting-cast --games 1 --players 4 --option cast="$tmp/my-cast.json" --records "$tmp/castrec" >/dev/null 2>&1
rm "$tmp/my-cast.json"
$T "$V" replay "$tmp/castrec/game-0000000.json" >"$tmp/castreplay" 2>&1; rc=$?
check "a record with a local cast replays without the file" test "$rc" -eq 0

# Bad input, round 2 (issue 30).
# (7) Every command's bad input exits 2 with the "villainy: error:" prefix, CLI11's own errors
# (an unknown flag, a missing argument, a bad value) and tournament's included.
err_case "CLI11: unknown flag" 2 "villainy: error: The following argument was not expected: --bogus" \
  "$V" simulate supporting-cast --games 1 --bogus
err_case "CLI11: missing argument" 2 "villainy: error: record is required" "$V" replay
err_case "CLI11: no command" 2 "villainy: error: A subcommand is required" "$V"
err_case "CLI11: a bad value" 2 "villainy: error: --players: " "$V" simulate supporting-cast --players x
err_case "CLI11: excluded flags" 2 "villainy: error: --seed excludes --resume" \
  "$V" play --resume "$tmp/q.json" --seed 3
err_case "tournament: unknown game" 2 "villainy: error: unknown game 'no-such-game'" \
  "$V" tournament no-such-game --agents random --games 4
err_case "tournament: unknown agent" 2 "villainy: error: " \
  "$V" tournament supporting-cast --agents random,nobody --games 4 --players 4
err_case "unknown command" 2 "villainy: error: unknown command 'frobnicate'" "$V" frobnicate
# (8) Silent acceptances refused.
err_case "--variant with an option twice" 2 "option 'chain' is given twice (chain=ends and chain=top)" \
  "$V" compare supporting-cast --games 2 --variant chain=ends,chain=top
err_case "--option twice" 2 "option 'chain' is given twice" \
  "$V" simulate supporting-cast --games 1 --option chain=ends --option chain=top
err_case "--budgets with an empty item" 2 "--budgets: item 2 of '10,,100' is empty" \
  "$V" ladder cheaty-mages --budgets 10,,100 --games 3
err_case "--budgets 0" 2 "--budgets: a budget must be an integer from 1 to 1000000" \
  "$V" ladder cheaty-mages --budgets 0 --games 3
err_case "tournament --agents with an empty item" 2 "--agents: item 2 of 'random,,random,random' is empty" \
  "$V" tournament supporting-cast --agents random,,random,random --games 4
err_case "--seats with an empty item" 2 "--seats: item 3 of 'human,random,,random' is empty" \
  "$V" play supporting-cast --seats human,random,,random
err_case "ladder --games not a multiple of the players" 2 "ladder: --games 5 must be a multiple of the 4 players" \
  "$V" ladder supporting-cast --players 4 --games 5 --budgets 2
err_case "--view ''" 2 "--view (a seat 0–3 or 'spectator') must be an integer from 0 to 3, not ''" \
  "$V" replay "$tmp/rec/game-0000001.json" --view ''
err_case "serve --host bogus.invalid" 2 "--host 'bogus.invalid' is not an IP address to listen on" \
  "$V" serve --host bogus.invalid --port 0 --data "$tmp/serve-data" --web "$tmp"
check "serve --host bogus.invalid creates nothing" test ! -e "$tmp/serve-data"
mkdir "$tmp/adir"
err_case "play --record naming a directory" 2 "--record $tmp/adir: is a directory" \
  "$V" play supporting-cast --seats random,random,random,random --seed 2 --record "$tmp/adir"
check "play --record naming a directory fails before the game" bash -c "! grep -q 'Winners' '$tmp/hostile'"
check "play --record naming a directory leaves no .tmp" test ! -e "$tmp/adir.tmp"
# (4) A record's agents run only within the local budget cap; --seats names who plays on.
printf '1\nquit\ny\n' | "$V" play supporting-cast --seed 4 --record "$tmp/unf.json" >/dev/null 2>&1
/usr/bin/python3 -c "
import json, sys
r = json.load(open(sys.argv[1])); r['seats'][1] = 'ismcts:iterations=100000000:ms=3600000'
json.dump(r, open(sys.argv[2], 'w'))" "$tmp/unf.json" "$tmp/greedy.json"
err_case "resume runs no record agent past the cap" 2 "seat 1's agent 'ismcts:iterations=100000000:ms=3600000' comes from the record" \
  "$V" play --resume "$tmp/greedy.json" --record "$tmp/greedy-out.json"
check "the refused resume writes no record" test ! -e "$tmp/greedy-out.json"
yes 1 | head -n 20000 | $T "$V" play --resume "$tmp/greedy.json" --seats human,heuristic,random,random >"$tmp/reseat" 2>&1; rc=${PIPESTATUS[2]}
check "resume --seats plays on with the local seats" test "$rc" -eq 0
check "resume --seats ends the game" contains "$tmp/reseat" "Winners:"
check "resume --seats saves the local seats" /usr/bin/python3 -c "
import json,sys; sys.exit(json.load(open(sys.argv[1]))['seats'][1] != 'heuristic')" "$tmp/greedy.json"
err_case "resume --seats of another count" 2 "--seats names 2 seats but the record's game has 4 players" \
  "$V" play --resume "$tmp/unf.json" --seats human,random
# (3) Terminal escape codes from card data: a card file refuses them, so a record carrying one
# (replay, play --resume) or a local file (simulate, play) prints no escape sequence.
CM_CARDS="$(dirname "$0")/../../games/cheaty_mages/data/cards.json"
/usr/bin/python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
for sp in d['spells']: sp['name'] = '\u001b[2J' + sp['name']
json.dump(d, open(sys.argv[2], 'w'))" "$CM_CARDS" "$tmp/esc-cards.json"
cp "$CM_CARDS" "$tmp/cm-cards.json"
printf '1\nquit\ny\n' | "$V" play cheaty-mages --seed 4 --option cards="$tmp/cm-cards.json" --record "$tmp/cmrec.json" >/dev/null 2>&1
/usr/bin/python3 -c "
import json, sys
r = json.load(open(sys.argv[1])); cards = json.loads(r['data']['cards'])
for sp in cards['spells']: sp['name'] = '\u001b[2J' + sp['name']
r['data']['cards'] = json.dumps(cards)
json.dump(r, open(sys.argv[2], 'w'))" "$tmp/cmrec.json" "$tmp/esc-rec.json"
no_escape() { ! grep -q $'\033\\[2J' "$1"; }
err_case "replay of a record with ESC in its card data" 2 "spells\[0\].name: must not hold control characters" \
  "$V" replay "$tmp/esc-rec.json" --view 0
check "replay prints no escape from the record" no_escape "$tmp/hostile"
err_case "resume of a record with ESC in its card data" 2 "must not hold control characters" \
  "$V" play --resume "$tmp/esc-rec.json" --record "$tmp/esc-out.json"
check "resume prints no escape from the record" no_escape "$tmp/hostile"
err_case "simulate with ESC in a local card file" 2 "must not hold control characters" \
  "$V" simulate cheaty-mages --games 1 --option cards="$tmp/esc-cards.json"
check "simulate prints no escape from the file" no_escape "$tmp/hostile"
# (1) A duplicated key and (2) a cost of 0 (Mwahahaha!): refused by name, or played.
MW_CARDS="$(dirname "$0")/../../games/mwahahaha/data/standin-cards.json"
/usr/bin/python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
b = json.loads(json.dumps(d)); b['minions'][7]['key'] = b['minions'][6]['key']
json.dump(b, open(sys.argv[2] + '/mw-dup.json', 'w'))
b = json.loads(json.dumps(d)); b['rules']['empire_cost'] = 0; b['rules']['minion_cost'] = 0
json.dump(b, open(sys.argv[2] + '/mw-zero.json', 'w'))" "$MW_CARDS" "$tmp"
err_case "a duplicated Minion key" 2 "minions\[7\].key: '.*' is used twice (also at minions\[6\].key)" \
  "$V" simulate mwahahaha --games 1 --option cards="$tmp/mw-dup.json"
$T "$V" simulate mwahahaha --games 3 --seats random,random,random --option cards="$tmp/mw-zero.json" --records "$tmp/mwzero" >"$tmp/mwz" 2>&1; rc=$?
check "costs of 0 play (exit $rc)" test "$rc" -eq 0
"$V" replay "$tmp/mwzero/game-0000002.json" >/dev/null 2>&1; rc=$?
check "costs of 0: the records replay" test "$rc" -eq 0
# (5) merge refuses a doctored shard, naming it.
"$V" simulate supporting-cast --games 10 --players 4 --seed 3 --shard 1/2 --partial "$tmp/s1.json" >/dev/null 2>&1
"$V" simulate supporting-cast --games 10 --players 4 --seed 3 --shard 2/2 --partial "$tmp/s2.json" >/dev/null 2>&1
/usr/bin/python3 -c "
import json, sys
p = json.load(open(sys.argv[1])); d = sys.argv[2]
b = json.loads(json.dumps(p)); b['generic']['games'] = 100; json.dump(b, open(d + '/s2-games.json', 'w'))
b = json.loads(json.dumps(p)); b['generic']['length'][0][1] = 2**64 - 1; json.dump(b, open(d + '/s2-wrap.json', 'w'))
b = json.loads(json.dumps(p)); b['actions'] = 7; json.dump(b, open(d + '/s2-actions.json', 'w'))" "$tmp/s2.json" "$tmp"
"$V" merge "$tmp/s1.json" "$tmp/s2.json" >/dev/null 2>&1; rc=$?
check "the undoctored shards merge" test "$rc" -eq 0
err_case "merge: generic.games doctored" 2 "s2-games.json: generic.games is 100, but the shard plays 5 games" \
  "$V" merge "$tmp/s1.json" "$tmp/s2-games.json"
err_case "merge: a count of 2^64-1" 2 "s2-wrap.json: generic: field 'length'" \
  "$V" merge "$tmp/s1.json" "$tmp/s2-wrap.json"
err_case "merge: actions doctored" 2 "s2-actions.json: 'actions' is 7, but the games' lengths add up to" \
  "$V" merge "$tmp/s1.json" "$tmp/s2-actions.json"

echo "$pass passed, $fails failed"
test "$fails" -eq 0
