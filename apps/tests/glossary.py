#!/usr/bin/env python3
"""The club's words (issue 26): one 繁體中文 glossary per game, used everywhere.

games/<game>/data/glossary.json holds every game term: its English name, its 繁中 name as the seed
rulebook prints it (with the seed's line), the decision where the seed has no term or a typo, and
`forbidden`: regular expressions for the other names our strings used. This script

  docs [--check]        writes docs/glossary/<game>.md from the glossaries (--check: fails when a
                        page is not what the glossary gives)
  check [--villainy V] [--seeds DIR]
                        scans every 繁中 string a player of each game can see — the game's and the
                        core message catalogues, the card data, the web client's strings, the
                        terminal's strings, the golden zh-TW transcripts of whole games (kept equal
                        to what `villainy play` prints by the golden tests) and, with --villainy,
                        `rules GAME --text --lang zh-TW` — and fails when a concept appears under
                        a name other than its glossary name, when a catalogue message says 回合
                        for a turn or 輪 for a round, or when an English word is left. With
                        --seeds, every seed quote must be a verbatim part of the seed rulebook.
  wrap VILLAINY [W…]    `rules GAME --text --lang zh-TW --width W` (W = 60, 80, 100 by default)
                        for every game is wrapped once and cleanly: no line wider than W display
                        columns (East Asian Width), every line of a paragraph but its last is full
                        (the next line's first word or character would not have fitted), and the
                        text is the same at every width
  selftest              the check catches what it guards (on made-up strings)

Card names are proper names: they are left out of the term scan (房地產帝國 is an Empire's name),
except for the glossary's own `card` terms, which name cards.
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GAMES = {"supporting-cast": "supporting_cast", "cheaty-mages": "cheaty_mages",
         "mwahahaha": "mwahahaha"}
PREFIX = {"supporting-cast": "sc.", "cheaty-mages": "cm.", "mwahahaha": "mw."}
CJK = re.compile(r"[\u3400-\u9fff]")
# Latin words a 繁中 screen may show: the terminal's commands, y/n, Enter, dice (D6), the other
# language's name in a language menu.
# The bots' agent names (heuristic, …) are what one types after --seats, like a nickname.
ALLOWED_LATIN = {"help", "card", "log", "view", "quit", "Enter", "y", "n", "N", "D6",
                 "villainy", "play", "resume", "record", "English", "lang", "HP",
                 "human", "heuristic", "random", "ismcts"}
ESCAPE = re.compile(r"(\x1b|\^\[)\[[0-9;]*[A-Za-z]")
LATIN = re.compile(r"[A-Za-z][A-Za-z'-]*")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def glossary(game):
    return load(os.path.join(ROOT, "games", GAMES[game], "data", "glossary.json"))


# --- the documents ---------------------------------------------------------------------------

def page(g):
    out = [f"# {g['title']['en']} — {g['title']['zh']}: the glossary", "",
           f"Generated from `games/{GAMES[g['game']]}/data/glossary.json` by "
           "`apps/tests/glossary.py docs`; edit the JSON, not this page. The 繁中 name is the one the "
           f"seed rulebook (`../shared/seeds/{g['seed']}`) prints, quoted; the decision says why where "
           "the seed has none, two, or a typo. `transcript_glossary` (ctest) fails when a 繁中 "
           "string uses a forbidden name. Rules: [docs/rules/"
           f"{g['game']}.md](../rules/{g['game']}.md); all glossaries: [README](README.md).", "",
           "| kind | English | 繁中 | the seed prints | decision | not |", "|---|---|---|---|---|---|"]
    for t in g["terms"]:
        seed = f"「{t['seed'].strip()}」" if t.get("seed") else "—"
        nots = "、".join(f"`{x}`" for x in t.get("forbidden", [])) or ""
        cell = lambda s: s.replace("|", "\\|")
        out.append(f"| {t['kind']} | {t['en']} | **{t['zh']}** | {cell(seed)} | "
                   f"{cell(t.get('decision', ''))} | {cell(nots)} |")
    out += ["", "## The cards' names", "",
            "The cards' 繁中 names are proper names, from the card data (`games/"
            f"{GAMES[g['game']]}/data/`); the seed prints none of them but those in the table above.",
            "", "| English | 繁中 |", "|---|---|"]
    for en, zh in card_pairs(g["game"]):
        out.append(f"| {en} | {zh} |")
    out.append("")
    return "\n".join(out)


def card_pairs(game):
    """(English, 繁中) of every named card (and scientist's power) in the game's card data."""
    pairs = []
    d = os.path.join(ROOT, "games", GAMES[game], "data")

    def walk(o):
        if isinstance(o, dict):
            for en_key, zh_key in (("name", "name_zh"), ("name", "zh"), ("power_name", "power_zh")):
                if isinstance(o.get(en_key), str) and isinstance(o.get(zh_key), str):
                    pairs.append((o[en_key], o[zh_key]))
            for v in o.values():
                if isinstance(v, (dict, list)):
                    walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    for f in sorted(os.listdir(d)):
        if f.endswith(".json") and f not in ("glossary.json", "messages.json"):
            walk(load(os.path.join(d, f)))
    return pairs


def docs(check):
    bad = 0
    for game in GAMES:
        path = os.path.join(ROOT, "docs", "glossary", f"{game}.md")
        want = page(glossary(game))
        have = open(path, encoding="utf-8").read() if os.path.exists(path) else None
        if have == want:
            continue
        if check:
            print(f"{path}: not what glossary.json gives (run apps/tests/glossary.py docs)")
            bad += 1
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(want)
    return bad


# --- what a player sees ----------------------------------------------------------------------

def zh_fields(o, path=""):
    """(path, text) of every 繁中 string field of card data."""
    if isinstance(o, dict):
        for k, v in o.items():
            if k in ("_comment", "note", "notes"):
                continue
            yield from zh_fields(v, f"{path}.{k}")
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from zh_fields(v, f"{path}[{i}]")
    elif isinstance(o, str) and CJK.search(o):
        yield path, o


def card_names(game):
    """The 繁中 proper names of the game's cards (names, not terms: resources and levels are
    terms; so are Mwahahaha!'s Raw Material cards, named by resource)."""
    names = set()
    d = os.path.join(ROOT, "games", GAMES[game], "data")
    for f in sorted(os.listdir(d)):
        if not f.endswith(".json") or f in ("glossary.json", "messages.json"):
            continue
        for path, text in zh_fields(load(os.path.join(d, f))):
            leaf = path.rsplit(".", 1)[-1]
            if leaf in ("name_zh", "power_zh") or (
                    leaf == "zh" and re.match(r"\.(scientists|devices|empires|minions|dirty_tricks)", path)):
                names.add(text)
    return names


def sources(game, villainy=None):
    """(where, 繁中 text, English text or None) of everything a player of the game reads."""
    gdir = os.path.join(ROOT, "games", GAMES[game], "data")
    for cat in (os.path.join(gdir, "messages.json"), os.path.join(ROOT, "core", "data", "messages.json")):
        m = load(cat)["messages"]
        for k, v in m["zh-TW"].items():
            yield f"{os.path.relpath(cat, ROOT)}:{k}", v, m["en"].get(k)
    for f in sorted(os.listdir(gdir)):
        if f.endswith(".json") and f not in ("glossary.json", "messages.json"):
            for path, text in zh_fields(load(os.path.join(gdir, f))):
                yield f"games/{GAMES[game]}/data/{f}:{path}", text, None
    web = os.path.join(ROOT, "web", "src", "i18n", "zh-TW.json")
    if os.path.exists(web):
        en = load(os.path.join(ROOT, "web", "src", "i18n", "en.json"))
        prefixes = tuple(PREFIX.values()) + ("opt.", "optn.", "optv.")
        for k, v in load(web).items():
            of = lambda o: k.startswith(PREFIX[o]) or f".{o}." in k or k.startswith(f"opt.{o}")
            if of(game) or not (k.startswith(prefixes) or any(of(o) for o in GAMES)):
                yield f"web/src/i18n/zh-TW.json:{k}", v, en.get(k)
    gweb = os.path.join(ROOT, "web", "src", "games", GAMES[game], "i18n.zh-TW.json")
    if os.path.exists(gweb):
        en = load(gweb.replace("zh-TW", "en"))
        for k, v in load(gweb).items():
            yield f"{os.path.relpath(gweb, ROOT)}:{k}", v, en.get(k)
    for cpp in ("ui_text.cpp",):
        src = open(os.path.join(ROOT, "apps", "villainy", cpp), encoding="utf-8").read()
        for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', src):
            if CJK.search(m.group(1)):
                yield f"apps/villainy/{cpp}:{src.count(chr(10), 0, m.start()) + 1}", m.group(1), None
    golden = os.path.join(ROOT, "apps", "tests", "golden", f"{game}.zh-TW.txt")
    if os.path.exists(golden):
        lines = open(golden, encoding="utf-8").read().split("\n")
        for n, line in enumerate(lines):
            if CJK.search(line):
                # A term may be wrapped across two lines: the line is scanned with the next one
                # after it, and a match counts for the line it starts in.
                pre = lines[n - 1][-6:] if n and lines[n - 1].strip() else ""
                body = line.lstrip(" ") if pre else line
                nxt = lines[n + 1].lstrip(" ") if n + 1 < len(lines) else ""
                yield (f"apps/tests/golden/{game}.zh-TW.txt:{n + 1}", pre + body + nxt, None,
                       (len(pre), len(pre) + len(body)))
    if villainy:
        text = subprocess.run([villainy, "rules", game, "--text", "--lang", "zh-TW", "--width",
                               "1000"], check=True, capture_output=True, text=True).stdout
        for n, line in enumerate(text.split("\n"), 1):
            yield f"`rules {game} --text --lang zh-TW`:{n}", line, None


def strip_names(text, names):
    for n in sorted(names, key=len, reverse=True):
        text = text.replace(n, "□")
    return text


def problems(game, items, g=None, names=None):
    """Every (where, problem) of the items against the game's glossary."""
    g = g or glossary(game)
    names = card_names(game) if names is None else names
    rules = []
    for t in g["terms"]:
        for pat in t.get("forbidden", []):
            rules.append((re.compile(pat), t))
    out = []
    for item in items:
        where, zh, en = item[:3]
        own = item[3] if len(item) > 3 else None  # (start, end) of the item's own part of zh
        if not isinstance(zh, str) or not zh:
            continue
        if own is not None:  # mark the item's own part (card names do not span a mark)
            zh = zh[:own[0]] + "\u2062" + zh[own[0]:own[1]] + "\u2063" + zh[own[1]:]
        raw = PLACEHOLDER.sub(" ", ESCAPE.sub("", zh))
        plain = strip_names(raw, names)
        for rx, t in rules:
            text = raw if t["kind"] == "card" else plain
            start, end = text.find("\u2062"), text.find("\u2063") - 1
            for m in rx.finditer(text.replace("\u2062", "").replace("\u2063", "")):
                if start < 0 or start <= m.start() < end:
                    out.append((where, f"「{m.group(0)}」 for {t['en']}: the glossary says 「{t['zh']}」",
                                re.sub("[\u2062\u2063]", "", zh)))
                    break
        if own is not None:
            raw = raw[raw.find("\u2062") + 1:raw.find("\u2063")]
            zh = re.sub("[\u2062\u2063]", "", zh)
        if CJK.search(zh):
            # A short message says one thing: its English tells whether it means a turn or a round.
            if en is not None and "\n" not in en and not (
                    re.search(r"\bturns?\b", en, re.I) and re.search(r"\brounds?\b", en, re.I)):
                if re.search(r"\bturns?\b", en, re.I) and "回合" in zh:
                    out.append((where, "回合 for a turn (English: “%s”): a turn is 輪" % en, zh))
                if re.search(r"\brounds?\b", en, re.I) and re.search(r"輪(?!到|流)", zh):
                    out.append((where, "輪 for a round (English: “%s”): a round is 回合" % en, zh))
            for w in LATIN.findall(strip_names(raw, names)):
                if w not in ALLOWED_LATIN and not w.startswith("--"):
                    out.append((where, f"English left: “{w}”", zh))
    return out


def seed_problems(g, seeds):
    path = os.path.join(seeds, g["seed"])
    if not os.path.exists(path):
        return [(path, "no seed rulebook", "")]
    # Verbatim but for runs of white space (the seed's lines carry no-break and ideographic spaces).
    norm = lambda s: re.sub(r"\s+", " ", s).strip()
    text = norm(open(path, encoding="utf-8").read())
    return [(f"glossary {g['game']}:{t['id']}", "seed quote not in the seed rulebook", t["seed"])
            for t in g["terms"] if t.get("seed") and norm(t["seed"]) not in text]


def check(villainy=None, seeds=None):
    bad = 0
    for game in GAMES:
        g = glossary(game)
        found = problems(game, sources(game, villainy), g)
        if seeds:
            found += seed_problems(g, seeds)
        for where, what, text in found:
            print(f"{game}: {where}: {what}\n    {text[:160]}")
        bad += len(found)
    bad += docs(check=True)
    print(f"{bad} problem(s)" if bad else "the glossaries hold: every 繁中 string uses the club's words")
    return 1 if bad else 0


# --- wrapping --------------------------------------------------------------------------------

NO_LINE_START = set("，。、；：？！）」』】…—·‧")
NO_LINE_END = set("（「『【")


def width(s):
    import unicodedata
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1
               for c in s)


def first_unit(s):
    """The first unbreakable piece of s: a Latin word, or a wide character with the punctuation
    that may not start a line after it."""
    if not s:
        return ""
    if s[0] in NO_LINE_END:  # an opening bracket stays with what follows it
        return s[0] + first_unit(s[1:])
    if width(s[0]) == 1:
        return s.split(" ", 1)[0]
    i = 1
    while i < len(s) and s[i] in NO_LINE_START:
        i += 1
    return s[:i]


def wrap_problems(logical, out, w):
    """Problems of `out` (the text wrapped to w) against its logical lines."""
    found = []
    lines = out.split("\n")
    k = 0
    for n, src in enumerate(logical):
        group = [lines[k]] if k < len(lines) else [""]
        k += 1
        content = src.strip()
        joined = lambda g: "".join(x.strip() if i else x.strip() for i, x in enumerate(g))
        # Continuation lines carry the hanging indent; gather them until the logical line is whole.
        while re.sub(r"\s", "", joined(group)) != re.sub(r"\s", "", content) and k < len(lines):
            group.append(lines[k])
            k += 1
        if re.sub(r"\s", "", joined(group)) != re.sub(r"\s", "", content):
            found.append(f"width {w}: logical line {n + 1} not found whole: {src[:40]!r}")
            return found
        for i, line in enumerate(group):
            if width(line) > w:
                found.append(f"width {w}: {width(line)} columns: {line!r}")
            if i + 1 < len(group):
                nxt = group[i + 1].lstrip(" ")
                unit = first_unit(nxt)
                gap = 1 if width(unit[:1]) == 1 and width(line[-1:]) == 1 else 0
                if width(line) + gap + width(unit) <= w:
                    found.append(f"width {w}: line broken early (「{unit}」 fits): {line!r}")
    return found


def wrap_check(villainy, widths):
    bad = 0
    for game in GAMES:
        run = lambda *a: subprocess.run([villainy, "rules", game, "--text", "--lang", "zh-TW", *a],
                                        check=True, capture_output=True, text=True).stdout
        logical = run("--width", "1000").rstrip("\n").split("\n")
        for w in widths:
            for p in wrap_problems(logical, run("--width", str(w)).rstrip("\n"), w):
                print(f"{game}: {p}")
                bad += 1
    print(f"{bad} wrapping problem(s)" if bad else f"rules --text wraps cleanly at {widths}")
    return 1 if bad else 0


def selftest():
    g = {"game": "x", "terms": [
        {"id": "minion", "kind": "card kind", "en": "Minion", "zh": "邪惡爪牙", "forbidden": ["(?<!邪惡)爪牙", "手下"]},
        {"id": "conf", "kind": "card", "en": "Confusion", "zh": "混亂", "forbidden": ["迷惑"]}]}
    names = {"爪牙營造", "迷惑"}
    fails = 0
    cases = [
        ("{seat:seat}派出邪惡爪牙", None, 0),
        ("{seat:seat}派出爪牙", None, 1),  # a variant
        ("手下都走了", None, 1),
        ("你抽到爪牙營造", None, 0),  # a card's proper name
        ("你打出迷惑", None, 1),  # ... unless the glossary names that card
        ("結束你的回合", "End your turn", 1),
        ("第 {n} 輪開始", "Round {n} begins", 1),
        ("輪到{seat:seat}", "{seat:seat}'s turn", 0),
        ("所有人都 pass 後", None, 1),  # English left over
        ("輸入 help", None, 0),
    ]
    # A transcript line is read with its neighbours: a term wrapped across lines is one term.
    wrapped = [("t:1", "末" + "日裝置也棄掉" + "", None, (1, 7)),  # 末 | 日裝置… : 末日裝置
               ("t:2", "" + "把裝置棄掉" + "", None, (0, 5)),
               ("t:3", "派出爪牙" + "營造" + "", None, (4, 6))]  # …爪牙 | 營造: the name 爪牙營造
    g["terms"].append({"id": "device", "kind": "card kind", "en": "Device", "zh": "末日裝置",
                       "forbidden": ["(?<!末日)裝置"]})
    got = [w for w, _, _ in problems("x", wrapped, g, names)]
    if got != ["t:2"]:
        print(f"selftest: wrapped lines: problems at {got}, expected ['t:2']")
        fails += 1
    g["terms"].pop()
    for zh, en, want in cases:
        got = len(problems("x", [("t", zh, en)], g, names))
        if got != want:
            print(f"selftest: {zh!r}: {got} problem(s), expected {want}")
            fails += 1
    # Wrapping: a clean wrap passes; a re-wrapped line (one character alone) and a line too wide fail.
    logical = ["甲乙丙丁戊己庚辛壬癸子丑寅卯"]
    for out, want in (("甲乙丙丁戊己庚辛\n  壬癸子丑寅卯", 0), ("甲乙丙丁戊己庚\n  辛\n  壬癸子丑寅卯", 2),
                      ("甲乙丙丁戊己庚辛壬\n  癸子丑寅卯", 1)):
        got = len(wrap_problems(logical, out, 16))
        if got != want:
            print(f"selftest: wrap {out!r}: {got} problem(s), expected {want}")
            fails += 1
    print("selftest:", "ok" if not fails else f"{fails} failure(s)")
    return 1 if fails else 0


def main(argv):
    if len(argv) >= 2 and argv[1] == "docs":
        return 1 if docs("--check" in argv) else 0
    if len(argv) >= 2 and argv[1] == "check":
        opt = lambda name: argv[argv.index(name) + 1] if name in argv else None
        return check(opt("--villainy"), opt("--seeds"))
    if len(argv) >= 3 and argv[1] == "wrap":
        return wrap_check(argv[2], [int(x) for x in argv[3:]] or [60, 80, 100])
    if len(argv) >= 2 and argv[1] == "selftest":
        return selftest()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
