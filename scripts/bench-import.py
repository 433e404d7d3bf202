#!/usr/bin/env python3
"""Import throughput alone, repeated: `tracker export` of SIZE seeded issues imported into a new
empty database RUNS times, then into a database already holding them (every record skipped) and
into one holding other issues (every record new, renumbered). Prints the median wall time of each
beside psql `\\copy` of the issues' rows into an empty schema, as `make bench` does once.

usage: scripts/bench-import.py TRACKER_BINARY [--size 10000] [--runs 5]
Uses a private cluster in $TRACKER_BENCH_DIR (default /tmp/tracker-bench-import).
"""
import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time

from bench_env import PSQL, private_server, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=10000)
parser.add_argument("--runs", type=int, default=5)
args = parser.parse_args()
tracker = os.path.abspath(args.tracker)
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
env = tracker_env(os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench-import"), "user1")


def run(command, extra_env=None, stdout=subprocess.DEVNULL):
    subprocess.run(command, env={**env, **(extra_env or {})}, check=True, stdout=stdout, stderr=subprocess.PIPE)


run([tracker, "db", "start"])
status = subprocess.run([tracker, "db", "status"], env=env, capture_output=True, text=True, check=True).stdout
server = private_server(status).replace("dbname='tracker'", "")


def settings(database):
    return f"{server} dbname='{database}'"


def fresh(database):
    run([PSQL, "-X", "-q", settings("postgres"), "-c", f"DROP DATABASE IF EXISTS {database}"])
    run([PSQL, "-X", "-q", settings("postgres"), "-c", f"CREATE DATABASE {database}"])
    run([tracker, "migrate"], {"DATABASE_URL": settings(database)})


def timed(command, database):
    start = time.perf_counter()
    run(command, {"DATABASE_URL": settings(database)})
    return time.perf_counter() - start


fresh("bench_import_source")
run([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", settings("bench_import_source"), "-f",
     os.path.join(root, "scripts", "seed.sql")], {"PGOPTIONS": f"-c tracker.seed_size={args.size}"})
with tempfile.TemporaryDirectory() as scratch:
    exported = os.path.join(scratch, "issues.json")
    with open(exported, "w") as output:
        run([tracker, "export"], {"DATABASE_URL": settings("bench_import_source")}, stdout=output)
    with open(exported) as source:
        text = source.read()
    other = os.path.join(scratch, "other.json")
    with open(other, "w") as output:
        output.write(re.sub(r'"url":"[^"]*"', '"url":null', text).replace('"title":"', '"title":"Other '))
    empty, skipped, renumbered = [], [], []
    for _ in range(args.runs):
        fresh("bench_import_target")
        empty.append(timed([tracker, "import", exported], "bench_import_target"))
        skipped.append(timed([tracker, "import", exported], "bench_import_target"))
        renumbered.append(timed([tracker, "import", other], "bench_import_target"))
    run([PSQL, "-X", "-q", settings("postgres"), "-c", "DROP DATABASE bench_import_target"])
run([PSQL, "-X", "-q", settings("postgres"), "-c", "DROP DATABASE bench_import_source"])
for name, times in [("into an empty tracker", empty), ("the same file again", skipped),
                    ("other issues into a tracker holding them", renumbered)]:
    median = statistics.median(times)
    print(f"| import {args.size:,} {name} | {median * 1000:,.0f} ms | {args.size / median:,.0f} issues/s |")
