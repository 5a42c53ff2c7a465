#!/usr/bin/env python3
"""clang-tidy (.clang-tidy) over C++ sources, with a cache of the sources it found clean.

Run through scripts/tidy.sh (its header lists the forms). Each source is checked with its compile
command from a compile database (COMPILE_DB, by default build/tidy: the release configuration
without unity builds, so that every source has its own command).

The cache (scripts/tidy-clean.txt, committed) holds one line per source found clean: a key and
the source's path. The key is a SHA-256 over everything clang-tidy's verdict depends on: the
clang-tidy version, .clang-tidy, the compile command (paths of this checkout replaced by
placeholders) and the path and content of the source and of every file it includes (the
compiler's own list, `-M`, system headers included). A source whose key is in the cache is not
checked again: its inputs are byte for byte those of a clean run. Anything else — a changed
source, header, flag, check list or tool version — is checked. `--no-cache` checks every source
(scripts/long-tests.sh does); a run with findings fails and adds nothing to the cache.
"""
import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import shlex
import subprocess
import sys
import time

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
CACHE = os.path.join(ROOT, "scripts", "tidy-clean.txt")
# Tests and test tools: a test's length is its scenario, and they are not shipped.
NOT_PRODUCT = ("/tests/", "/alloc/", "apps/netclient/tools/")


def sources(dirs, product):
    out = subprocess.run(["git", "ls-files", "--"] + [f"{d.rstrip('/')}/*.cpp" for d in dirs],
                         cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    if product:
        out = [f for f in out if not any(p in f for p in NOT_PRODUCT) and not f.endswith("_test.cpp")]
    return sorted(out)


def normalise(text, build):
    return text.replace(build, "@BUILD@").replace(ROOT, "@SRC@")


def dependencies(entry):
    """The files the source includes (the compiler's -M list), from the source's own command."""
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    cmd, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
            continue
        if a in ("-c", "-MD", "-MMD"):
            continue
        cmd.append(a)
    res = subprocess.run(cmd + ["-M", "-MF", "/dev/stdout"], cwd=entry["directory"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        return None
    deps = res.stdout.replace("\\\n", " ").split(":", 1)[1].split()
    return sorted({os.path.realpath(os.path.join(entry["directory"], d)) for d in deps})


def key_of(entry, base, build, digests):
    deps = dependencies(entry)
    if deps is None:
        return None
    h = hashlib.sha256(base)
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    h.update(normalise(" ".join(a for a in args if not a.startswith("-o")), build).encode())
    for d in deps:
        if d not in digests:
            with open(d, "rb") as f:
                digests[d] = hashlib.sha256(f.read()).hexdigest()
        h.update(f"\n{normalise(d, build)} {digests[d]}".encode())
    return h.hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--all", action="store_true", help="the tests and test tools too")
    ap.add_argument("--no-cache", action="store_true", help="check every source")
    ap.add_argument("dirs", nargs="*")
    o = ap.parse_args()
    build = os.path.realpath(os.environ.get("COMPILE_DB", os.path.join(ROOT, "build", "tidy")))
    product = not o.all and not o.dirs
    dirs = o.dirs or ["core", "games", "agents", "apps", "python/src"]
    with open(os.path.join(build, "compile_commands.json")) as f:
        db = {os.path.realpath(e["file"]): e for e in json.load(f)}
    files = [f for f in sources(dirs, product) if os.path.join(ROOT, f) in db]
    if not files:
        print(f"tidy: no sources under {' '.join(dirs)}")
        return 0
    start = time.time()
    version = subprocess.run(["clang-tidy", "--version"], capture_output=True, text=True).stdout
    with open(os.path.join(ROOT, ".clang-tidy"), "rb") as f:
        base = version.encode() + f.read()
    cache = {}
    if os.path.exists(CACHE):
        with open(CACHE) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    k, path = line.split()
                    cache[path] = k
    digests = {}
    jobs = int(os.environ.get("TIDY_JOBS", "2"))
    with cf.ThreadPoolExecutor(jobs) as ex:
        keys = dict(zip(files, ex.map(lambda f: key_of(db[os.path.join(ROOT, f)], base, build,
                                                        digests), files)))
    todo = [f for f in files if o.no_cache or keys[f] is None or cache.get(f) != keys[f]]

    def tidy(f):
        r = subprocess.run(["clang-tidy", "-p", build, "--quiet",
                            "--extra-arg=-Wno-unknown-warning-option", f],
                           cwd=ROOT, capture_output=True, text=True)
        findings = [ln for ln in (r.stdout + r.stderr).splitlines()
                    if " warning: " in ln or " error: " in ln]
        return f, r.returncode == 0 and not findings, r.stdout + r.stderr

    failed = []
    with cf.ThreadPoolExecutor(jobs) as ex:
        for f, ok, log in ex.map(tidy, todo):
            if ok and keys[f]:
                cache[f] = keys[f]
            else:
                failed.append(f)
                print(log)
    secs = int(time.time() - start)
    if failed:
        print(f"tidy: findings in {len(failed)} of {len(files)} files: {' '.join(failed)} "
              "(fix them or justify a NOLINT)")
        return 1
    # Clean sources enter the cache; entries of sources outside this run stay as they were.
    with open(CACHE, "w") as f:
        f.write("# scripts/tidy.py: sources clang-tidy found clean, by the key of their inputs.\n")
        for path in sorted(cache):
            f.write(f"{cache[path]} {path}\n")
    print(f"tidy: {len(files)} files clean in {' '.join(dirs)} ({len(todo)} checked, "
          f"{len(files) - len(todo)} unchanged since a clean check; {secs} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
