#!/usr/bin/env bash
# End-to-end tests of the designer studio (issue 14), through the `villainy` command:
# - the HTML report is well-formed XML, self-contained (no script, no external URL), names the
#   sample and agents in every figure, and is deterministic (same seed and any thread count: the
#   same bytes); headless Chromium renders it to a screenshot;
# - shards 1/3 + 2/3 + 3/3 merged give byte-identical text, JSON and HTML to one run (simulate
#   and compare), and broken merges are refused with a named reason;
# - compare finds that skip=rest-of-round (SC-9 option) raises stuck rounds (SC-21) and finds no
#   significant difference between the defaults and a variant equal to them;
# - the random-play note appears exactly when every seat is random;
# - print sheets carry English and Traditional Chinese names.
# Usage: studio_test.sh VILLAINY [SCREENSHOT_DIR]
set -uo pipefail
V="$1"
shots="${2:-$(mktemp -d)}"
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$shots"
fail=0
check() {  # check NAME COMMAND...
  local name="$1"
  shift
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; fail=1; fi
}
err_case() {  # err_case NAME EXPECTED_TEXT COMMAND... : must fail and say EXPECTED_TEXT
  local name="$1" want="$2"
  shift 2
  if "$@" >"$tmp/err.out" 2>&1; then
    echo "FAIL $name (succeeded)"; fail=1
  elif grep -qF -- "$want" "$tmp/err.out"; then
    echo "ok   $name"
  else
    echo "FAIL $name: expected '$want' in:"; cat "$tmp/err.out"; fail=1
  fi
}

# --- the HTML report -------------------------------------------------------------------------
run="supporting-cast --games 120 --players 5 --seed 3"
"$V" simulate $run --threads 1 --html "$tmp/a.html" >"$tmp/a.txt"
"$V" simulate $run --threads 2 --html "$tmp/b.html" >/dev/null
check "HTML is deterministic across runs and threads" cmp -s "$tmp/a.html" "$tmp/b.html"
"$V" simulate supporting-cast --games 120 --players 5 --seed 4 --html "$tmp/c.html" >/dev/null
check "another seed gives another HTML report" bash -c "! cmp -s '$tmp/a.html' '$tmp/c.html'"

# well-formed, self-contained, every figure names its sample and the agents
cat >"$tmp/html_ok.py" <<'EOF'
import re, sys, xml.etree.ElementTree as ET
text = open(sys.argv[1], encoding="utf-8").read()
root = ET.fromstring(text.replace("<!DOCTYPE html>", "", 1))  # raises when not well-formed
bad = [m for m in ("<script", "<link", "<img", "<iframe", "@import", "url(") if m in text]
bad += re.findall(r"(?:https?:|ftp:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}", text)
bad += [h for h in re.findall(r'(?:href|src)="([^"]*)"', text) if not h.startswith("#")]
figures = root.findall(".//section[@class='figure']")
captions = [s.find("p[@class='caption']") for s in figures]
unnamed = [s.get("id") for s, c in zip(figures, captions)
           if c is None or "n = " not in c.text or "Agents:" not in c.text]
svgs = root.findall(".//svg")
# A row label must fit the 300-px label column (about 47 characters at 11 px): a longer one is
# cut, with the whole label as its <title> tooltip.
def shown(t):
    title = t.find("title")
    return (title.tail if title is not None else t.text) or ""
long_labels = [shown(t) for t in root.iter("text") if t.get("class") == "label"
               and len(shown(t)) > 47]
ok = not bad and not unnamed and not long_labels and len(figures) >= 10 and len(svgs) >= 10
if not ok:
    print("external or scripted:", bad[:5], "figures without sample/agents:", unnamed[:5],
          "labels too long for the column:", long_labels[:3],
          "figures:", len(figures), "svgs:", len(svgs))
sys.exit(0 if ok else 1)
EOF
html_ok() { "$PY" "$tmp/html_ok.py" "$1"; }
check "HTML is well-formed and self-contained; figures name sample and agents" html_ok "$tmp/a.html"
check "the HTML holds the designer questions and card figures" \
  bash -c "grep -q 'Will the whole table get stuck' '$tmp/a.html' && grep -q 'Cards: win rate of seats that played it' '$tmp/a.html' && grep -q 'Win rate by character (villain)' '$tmp/a.html' && grep -q 'Balance and first-player advantage' '$tmp/a.html'"
# The HTML must not be a broken page: a check that the checker catches a defect.
sed 's|</svg>|</svgx>|' "$tmp/a.html" >"$tmp/broken.html"
check "the well-formedness check catches a broken page" \
  bash -c "! '$PY' '$tmp/html_ok.py' '$tmp/broken.html' >/dev/null 2>&1"
sed 's|<body>|<body><img src="https://example.com/x.png"/>|' "$tmp/a.html" >"$tmp/external.html"
check "the self-containment check catches an external URL" \
  bash -c "! '$PY' '$tmp/html_ok.py' '$tmp/external.html' >/dev/null 2>&1"

for g in cheaty-mages mwahahaha; do
  "$V" simulate $g --games 20 --seats heuristic --decisiveness --html "$tmp/$g.html" >"$tmp/$g.txt"
  check "$g HTML report is well-formed and self-contained" html_ok "$tmp/$g.html"
  check "$g report has card figures and decisiveness" \
    bash -c "grep -q 'Cards: ' '$tmp/$g.html' && grep -q 'Lead changes per game' '$tmp/$g.html' && grep -q 'Lead changes and decisiveness' '$tmp/$g.txt'"
done

# Screenshot with headless Chromium (Debian's /usr/bin/chromium).
CHROMIUM="${VILLAINY_CHROMIUM:-/usr/bin/chromium}"
timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --user-data-dir="$tmp/chromium" --window-size=1100,2400 \
  --screenshot="$shots/designer-report.png" "file://$tmp/a.html" >"$tmp/chromium.log" 2>&1
check "Chromium takes a screenshot of the report" \
  bash -c "[ -s '$shots/designer-report.png' ] && head -c 8 '$shots/designer-report.png' | od -An -tx1 | grep -q '89 50 4e 47'"

# --- agents line and the random-play note ----------------------------------------------------
check "text report names the agents" grep -q "^Agents: random (seats 1–5)" "$tmp/a.txt"
check "all-random report says what random play answers" grep -q 'random play answers "what can happen"' "$tmp/a.txt"
"$V" simulate supporting-cast --games 10 --seats heuristic,random,random,random >"$tmp/h.txt"
check "a report with a heuristic seat has no random-play note" \
  bash -c "grep -q '^Agents: heuristic (seat 1), random (seats 2–4)' '$tmp/h.txt' && ! grep -q 'what can happen' '$tmp/h.txt'"

# --- shards ----------------------------------------------------------------------------------
for fmt in text json; do
  flag=""; [ "$fmt" = json ] && flag="--json"
  "$V" simulate $run $flag --html "$tmp/one.html" >"$tmp/one.$fmt"
  for i in 1 2 3; do "$V" simulate $run --shard $i/3 --partial "$tmp/p$i.json"; done
  "$V" merge "$tmp/p2.json" "$tmp/p3.json" "$tmp/p1.json" $flag --html "$tmp/merged.html" >"$tmp/merged.$fmt"
  check "shards 1/3+2/3+3/3 merged equal one run ($fmt)" cmp -s "$tmp/one.$fmt" "$tmp/merged.$fmt"
  check "shards merged equal one run (HTML)" cmp -s "$tmp/one.html" "$tmp/merged.html"
done
check "a shard plays only its games" "$PY" -c "
import json,sys
p=[json.load(open('$tmp/p%d.json'%i)) for i in (1,2,3)]
g=[x['generic']['games'] for x in p]
sys.exit(0 if g==[40,40,40] else 1)"
err_case "merge refuses a missing shard" "shard 2/3 is missing" "$V" merge "$tmp/p1.json" "$tmp/p3.json"
err_case "merge refuses a repeated shard" "shard 1/3 is also in" "$V" merge "$tmp/p1.json" "$tmp/p1.json" "$tmp/p2.json"
"$V" simulate supporting-cast --games 120 --players 5 --seed 9 --shard 2/3 --partial "$tmp/other.json"
err_case "merge refuses shards of another run" "not the same run" "$V" merge "$tmp/p1.json" "$tmp/other.json" "$tmp/p3.json"
"$PY" -c "
import json; p=json.load(open('$tmp/p1.json')); p['generic']['length']='x'; json.dump(p,open('$tmp/bad.json','w'))"
err_case "merge names a broken field" "field 'length'" "$V" merge "$tmp/bad.json" "$tmp/p2.json" "$tmp/p3.json"
err_case "--shard needs --partial" "--shard needs --partial" "$V" simulate $run --shard 1/3
err_case "--shard i must be within 1..k" "--shard i" "$V" simulate $run --shard 4/3 --partial "$tmp/x.json"

# --- compare ---------------------------------------------------------------------------------
cmp_run="supporting-cast --games 150 --seed 5 --variant skip=rest-of-round --variant skip=next-turn"
"$V" compare $cmp_run --json >"$tmp/cmp.json"
check "compare: skip=rest-of-round raises stuck rounds significantly" "$PY" -c "
import json,sys
c=json.load(open('$tmp/cmp.json'))
v=[x for x in c['comparisons'] if x['variant']=='skip=rest-of-round'][0]
r=[x for x in v['rows'] if x['figure']=='sc.stuck' and x['label']=='the table is stuck at least once'][0]
sys.exit(0 if r['significant'] and r['difference']>0 and r['ci95'][0]>0 else 1)"
check "compare: a variant equal to the defaults differs in nothing" "$PY" -c "
import json,sys
c=json.load(open('$tmp/cmp.json'))
v=[x for x in c['comparisons'] if x['variant']=='skip=next-turn'][0]
sys.exit(0 if v['rows'] and not any(r['significant'] or r['difference']!=0 for r in v['rows']) else 1)"
"$V" compare $cmp_run --html "$tmp/cmp.html" >"$tmp/cmp.txt"
check "compare HTML is well-formed and self-contained" "$PY" -c "
import sys,xml.etree.ElementTree as E
t=open('$tmp/cmp.html').read(); E.fromstring(t.replace('<!DOCTYPE html>','',1))
sys.exit(0 if 'http' not in t and '<script' not in t else 1)"
check "compare text marks the stuck difference" grep -q '\* the table is stuck at least once' "$tmp/cmp.txt"
for i in 1 2 3; do "$V" compare $cmp_run --shard $i/3 --partial "$tmp/c$i.json"; done
"$V" merge "$tmp/c1.json" "$tmp/c2.json" "$tmp/c3.json" >"$tmp/cmp-merged.txt"
check "compare shards merged equal one run" cmp -s "$tmp/cmp.txt" "$tmp/cmp-merged.txt"
"$V" compare supporting-cast --games 20 --vary players=4..5 --variant chain=ends --json >"$tmp/vary.json"
check "compare --vary players=4..5 runs both player counts" "$PY" -c "
import json,sys
c=json.load(open('$tmp/vary.json'))
sys.exit(0 if sorted({r['players'] for r in c['runs']})==[4,5] and len(c['comparisons'])==2 else 1)"
err_case "compare needs a variant" "at least one --variant" "$V" compare supporting-cast --games 5
err_case "compare names a bad variant option" "skip" "$V" compare supporting-cast --games 5 --variant skip=sometimes

# --- ladder ----------------------------------------------------------------------------------
"$V" ladder cheaty-mages --budgets 2,20 --games 6 --decisiveness --json >"$tmp/ladder.json"
check "ladder reports each budget with decisiveness" "$PY" -c "
import json,sys
l=json.load(open('$tmp/ladder.json'))
s=l['steps']
sys.exit(0 if [x['iterations'] for x in s]==[2,20] and all(x['ismcts_wins']['n']==6 and 'decisiveness' in x for x in s) else 1)"

# --- print sheets ----------------------------------------------------------------------------
# Card names and texts come from each game's catalogue (Game::catalogue()): every game prints
# them in both languages, and a designer's own card file (cards=PATH / cast=PATH) prints its cards.
print_ok() {  # print_ok FILE: well-formed, self-contained, every card in English and Chinese
  "$PY" -c "
import re,sys,xml.etree.ElementTree as E
t=open('$1',encoding='utf-8').read()
r=E.fromstring(t.replace('<!DOCTYPE html>','',1))
cards=r.findall(\".//div[@class='card']\")
zh=[c for c in cards if re.search('[\u4e00-\u9fff]', ''.join(c.itertext()))]
sys.exit(0 if cards and len(zh)==len(cards) and 'http' not in t and '<script' not in t else 1)"
}
for g in supporting-cast cheaty-mages mwahahaha; do
  "$V" print $g --out "$tmp/$g-cards.html" >"$tmp/print.out" 2>&1
  check "$g print sheet is well-formed, self-contained, in English and Chinese" print_ok "$tmp/$g-cards.html"
done
"$V" print cheaty-mages --out "$tmp/cards.pdf" >/dev/null 2>&1
check "print to PDF through headless Chromium" bash -c "head -c 4 '$tmp/cards.pdf' | grep -q '%PDF'"
err_case "print wants .html or .pdf" "must end in .html or .pdf" "$V" print supporting-cast --out "$tmp/cards.txt"

exit $fail
