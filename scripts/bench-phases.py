#!/usr/bin/env python3
"""`make bench` (issue 34): where a one-shot command's time goes, phase by phase, beside psql
replaying the statements it sent (as bench-replay.py does), so what is left of tracker's own cost
is named by phase rather than guessed.

usage: scripts/bench-phases.py TRACKER_BINARY [--size 10000] [--runs 21]
Each process runs with scripts/phase-shim.c preloaded (built here with the C compiler beside
swiftc), which reads the monotonic clock when the process's libraries are loaded, when it opens
libpq (tracker loads it on its first call), when it connects and at each reply it receives; the
bench adds when the process was started and when it was reaped. Medians of --runs runs in turns.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench_env import PSQL, admin, scratch_copy
from bench_log import replay_setting, statements_sent

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=10000)
parser.add_argument("--runs", type=int, default=21)
args = parser.parse_args()
tracker, env, psql_env, server, database, direct, log_file = replay_setting(args.tracker, args.size, "phases")

swiftc = shutil.which("swiftc")
compiler = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "clang") if swiftc else None
if not compiler or not os.path.exists(compiler):
    compiler = shutil.which("cc")
if not compiler:
    sys.exit("bench-phases: no C compiler (the clang beside swiftc, or cc) to build scripts/phase-shim.c")
scratch = tempfile.mkdtemp(prefix="tracker-bench-phases-")
shim = os.path.join(scratch, "phase-shim.so")
subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", shim,
                os.path.join(os.path.dirname(os.path.abspath(__file__)), "phase-shim.c"), "-ldl"], check=True)


def phases(command, command_env):
    """One run: {phase: ms since the start}, the first time each was reached (replies: the last)."""
    spawn = time.clock_gettime(time.CLOCK_MONOTONIC) * 1000
    child = subprocess.run(command, env={**command_env, "LD_PRELOAD": shim, "PHASE_SPAWN_MS": f"{spawn:.3f}"},
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    reaped = time.clock_gettime(time.CLOCK_MONOTONIC) * 1000 - spawn
    if child.returncode != 0:
        sys.exit(f"bench-phases: {' '.join(command)} failed")
    reached = {}
    for line in child.stderr.splitlines():
        match = re.match(r"phase (\S+) ([\d.]+)$", line)
        if match:
            name, at = match.group(1), float(match.group(2))
            if name == "reply" or name not in reached:
                reached[name] = at
            if name == "dlopen-done" and "connect" not in reached:
                reached["libpq-loaded"] = at
    reached["reaped"] = reaped
    return reached


def segments(reached, loads_libpq_itself):
    """The run cut into the phases both programs go through, in ms."""
    libpq = reached["libpq-loaded"] if loads_libpq_itself else reached["libraries-loaded"]
    own_start = (reached["dlopen-begin"] if loads_libpq_itself else reached["libraries-loaded"])
    return {
        "start, to the program's own code (exec, loader, runtime)": reached["libraries-loaded"],
        "its initializers and own code before loading libpq": own_start - reached["libraries-loaded"],
        "loading libpq and its libraries": libpq - own_start if loads_libpq_itself else 0.0,
        "libpq loaded, to connecting": reached["connect"] - libpq,
        "connected, to the last reply (server, protocol)": reached["reply"] - reached["connect"],
        "the last reply, to output written and exited": reached["reaped"] - reached["reply"],
        "whole run": reached["reaped"],
    }


scratch_copy(server, env, f"bench_{args.size}", database)
middle = args.size // 2
cases = [("list", ["list"]), ("show N", ["show", str(middle)]), ("create", ["create", "--title", "Bench phases"])]
print(f"### Where the time goes, {args.size:,} issues: tracker · psql replaying its statements · difference "
      f"(ms, medians of {args.runs} runs in turns; `scripts/bench-phases.py`)\n")
print("| phase | " + " | ".join(name for name, _ in cases) + " |")
print("| --- |" + " --- |" * len(cases))
table = {}
for name, arguments in cases:
    script = ";\n".join(statements_sent(tracker, arguments, env, server, database, log_file))
    mine, theirs = [], []
    for _ in range(args.runs):
        mine.append(segments(phases([tracker] + arguments, env), True))
        theirs.append(segments(phases([PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", direct, "-c", script],
                                      psql_env), False))
    for phase in mine[0]:
        ours, psqls = statistics.median(run[phase] for run in mine), statistics.median(run[phase] for run in theirs)
        table.setdefault(phase, []).append(f"{ours:.2f} · {psqls:.2f} · {ours - psqls:+.2f}")
for phase, cells in table.items():
    print(f"| {phase} | " + " | ".join(cells) + " |")
shutil.rmtree(scratch, ignore_errors=True)
admin(server, env, f"DROP DATABASE {database}")
