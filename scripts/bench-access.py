#!/usr/bin/env python3
"""What the database's enforcement of levels (issue 27: SECURITY DEFINER functions for every
change, the session's level checked in each) costs, beside the same commands before it, in one
run: two trackers, the one before and the one after, each on a database of its own schema seeded
alike, run in turn (before, after, before, …) as a non-superuser role that owns the database
(on the after side that role is admin through the level roles, as on a team's server).

usage: scripts/bench-access.py BEFORE_TRACKER AFTER_TRACKER [--before-commit 2525d4b]
                               [--size 100000] [--runs 15]
BEFORE_TRACKER is a tracker built at --before-commit, whose scripts/seed.sql seeds its schema.
Prints a Markdown table (median ms of each, after ÷ before as the median of the pairs' ratios)
and whether the list's plan is the same on both (no policy may turn an index scan into a scan
of every row). Uses AFTER_TRACKER's private cluster in $TRACKER_BENCH_DIR (default
/tmp/tracker-bench).
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

from bench_env import PSQL, private_server, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("before")
parser.add_argument("after")
parser.add_argument("--before-commit", default="2525d4b")
parser.add_argument("--size", type=int, default=100000)
parser.add_argument("--runs", type=int, default=15)
args = parser.parse_args()
trackers = {"before": os.path.abspath(args.before), "after": os.path.abspath(args.after)}
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROLE = "bencher"
env = tracker_env(os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench"), ROLE)


def run(command, extra_env=None, capture=False, stdin=None):
    result = subprocess.run(
        command, env={**env, **(extra_env or {})}, check=True, input=stdin,
        stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return result.stdout if capture else None


run([trackers["after"], "db", "start"])
status = run([trackers["after"], "db", "status"], capture=True)
server = private_server(status).replace("dbname='tracker'", "")


def settings(database, role=None):
    return f"{server} dbname='{database}'" + (f" user='{role}'" if role else "")


def psql(database, sql, role=None):
    return run([PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", settings(database, role), "-c", sql], capture=True)


psql("postgres", f"DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '{ROLE}') THEN "
                 f"CREATE ROLE {ROLE} LOGIN CREATEROLE; END IF; END $$")
with tempfile.TemporaryDirectory() as scratch:
    seeds = {"after": os.path.join(root, "scripts/seed.sql"), "before": os.path.join(scratch, "seed-before.sql")}
    with open(seeds["before"], "w") as seed:
        seed.write(subprocess.run(["git", "-C", root, "show", f"{args.before_commit}:scripts/seed.sql"],
                                  capture_output=True, text=True, check=True).stdout)
    urls = {}
    for side, tracker in trackers.items():
        database = f"access_{side}_{args.size}"
        psql("postgres", f"DROP DATABASE IF EXISTS {database}")
        psql("postgres", f"CREATE DATABASE {database} OWNER {ROLE}")
        urls[side] = {"DATABASE_URL": settings(database, ROLE)}
        print(f"seeding {args.size:,} issues for {side}…", flush=True)
        run([tracker, "migrate"], urls[side])
        run([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", settings(database), "-f", seeds[side]],
            {"PGOPTIONS": f"-c tracker.seed_size={args.size} -c search_path=tracker,public"})
        if side == "before":
            run([tracker, "users", "add", ROLE], urls[side])
        psql(database, "VACUUM ANALYZE")

    middle = args.size // 2
    imported = os.path.join(scratch, "import.json")
    with open(imported, "w") as records:
        json.dump([{"title": f"Imported {n}", "body": "From the bench", "author": {"login": "user7"},
                    "createdAt": "2026-01-01T00:00:00Z", "state": "OPEN"} for n in range(1000)], records)
    counters = {"before": 0, "after": 0}

    def assign_next(side):
        counters[side] += 1
        return ["assign", str(counters[side]), "user9"]

    cases = [
        ("list", lambda side: ["list"]),
        ("list --assignee user7", lambda side: ["list", "--assignee", "user7"]),
        ("show N", lambda side: ["show", str(middle), "--no-pager"]),
        ("create", lambda side: ["create", "--title", "Bench create"]),
        ("assign N user9", assign_next),
        ("comment N", lambda side: ["comment", str(middle), "--body", "Bench comment"]),
        ("import 1,000 issues", lambda side: ["import", imported]),
    ]
    print(f"| command at {args.size:,} issues | before (ms) | after (ms) | after ÷ before |")
    print("| --- | --- | --- | --- |")
    for name, arguments in cases:
        times = {"before": [], "after": []}
        for _ in range(args.runs):
            for side in ("before", "after"):
                start = time.perf_counter()
                run([trackers[side]] + arguments(side), urls[side])
                times[side].append(time.perf_counter() - start)
        ratio = statistics.median(a / b for a, b in zip(times["after"], times["before"]))
        print(f"| {name} | {statistics.median(times['before']) * 1000:.1f} | "
              f"{statistics.median(times['after']) * 1000:.1f} | {ratio:.2f} |", flush=True)

    plans = {}
    for side in trackers:
        database = f"access_{side}_{args.size}"
        plans[side] = psql(database, "SET search_path = tracker, public; EXPLAIN (COSTS OFF) SELECT i.number, i.title "
                                     "FROM issues i WHERE i.state = 'open' ORDER BY i.number DESC LIMIT 31", ROLE)
    same = plans["before"] == plans["after"]
    print(f"\nThe list's plan as {ROLE}: {'the same before and after' if same else 'DIFFERS'}")
    print(plans["after"])
    for side in trackers:
        psql("postgres", f"DROP DATABASE access_{side}_{args.size}")
