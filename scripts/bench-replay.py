#!/usr/bin/env python3
"""`make bench` (issue 34): each one-shot command beside psql replaying the very statements that
command sent, read back from the server's log, so the ratio is tracker's own cost and nothing else.

usage: scripts/bench-replay.py TRACKER_BINARY [--size 10000] [--runs 21] [--results FILE]
Uses the private cluster and the seeded `bench_SIZE` database scripts/bench.py leaves in
$TRACKER_BENCH_DIR (default /tmp/tracker-bench), on a copy (create adds issues). For each command:
run it once with `log_statement = all` on the copy, take the statements its session sent from the
server's log (each extended-protocol execute with its logged parameters put in as the literals the
log prints), and time, in turns, tracker and `psql -c` with those statements joined: one simple-query
message, one round trip, as tracker's one pipelined flight. psql gets tracker's session settings
(search path, ISO dates, UTC) through PGOPTIONS. Medians of --runs pairs, and their ratio.
With --tcp, both connect over loopback TCP instead of the socket: the cluster is made to listen on
127.0.0.1 for the run (ALTER SYSTEM and a restart) and is put back after.
With --results, adds issue 34's target 4 rows for scripts/bench-targets.py.
"""
import argparse
import statistics
import subprocess
import time

from bench_env import PSQL, admin, record, scratch_copy
from bench_log import replay_setting, statements_sent

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=10000)
parser.add_argument("--runs", type=int, default=21)
parser.add_argument("--results")
parser.add_argument("--tcp", action="store_true")
args = parser.parse_args()
tracker, env, psql_env, server, database, direct, log_file = replay_setting(args.tracker, args.size, "replay")
transport = "loopback TCP" if args.tcp else "unix socket"


def listening_on_loopback(listening):
    """Restarts the cluster listening on 127.0.0.1 too (or, not `listening`, as it was)."""
    admin(server, env, "ALTER SYSTEM SET listen_addresses = '127.0.0.1'" if listening
          else "ALTER SYSTEM RESET listen_addresses")
    for step in ("stop", "start"):
        subprocess.run([tracker, "db", step], env=env, check=True, stdout=subprocess.DEVNULL)


def median_pair(first, second, first_env, second_env):
    """Medians (ms) of `first` and `second` run in turns."""
    times = ([], [])
    for _ in range(args.runs):
        for slot, (command, command_env) in enumerate(((first, first_env), (second, second_env))):
            start = time.perf_counter()
            subprocess.run(command, env=command_env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[slot].append((time.perf_counter() - start) * 1000)
    return statistics.median(times[0]), statistics.median(times[1])


scratch_copy(server, env, f"bench_{args.size}", database)
middle = args.size // 2
cases = [
    ("list", ["list"], {}),
    ("list --assignee user7", ["list", "--assignee", "user7"], {}),
    ("list --label label3", ["list", "--label", "label3"], {}),
    ("show N", ["show", str(middle)], {}),
    ("show N --comments", ["show", str(middle), "--comments"], {}),
    ("status (as user7)", ["status"], {"TRACKER_USER": "user7"}),
    ("create", ["create", "--title", "Bench replay"], {}),
    ("close N", ["close", str(middle + 1)], {}),
]
try:
    if args.tcp:
        listening_on_loopback(True)
        port = subprocess.run([PSQL, "-X", "-A", "-t", "-q", direct, "-c", "SHOW port"], env=env, check=True,
                              capture_output=True, text=True).stdout.strip()
        direct = f"host=127.0.0.1 port={port} user=tracker dbname={database}"
    print(f"### The same statements: tracker beside psql replaying what it sent, {args.size:,} issues, {transport} "
          f"(median of {args.runs} runs in turns)\n")
    print("| command | statements | tracker ms | psql ms | ratio |")
    print("| --- | --- | --- | --- | --- |")
    ratios = []
    for name, arguments, extra in cases:
        statements = statements_sent(tracker, arguments, {**env, **extra}, server, database, log_file)
        script = ";\n".join(statements)
        mine, theirs = median_pair([tracker] + arguments,
                                   [PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", direct, "-c", script],
                                   {**env, **extra, "DATABASE_URL": direct}, psql_env)
        ratio = mine / theirs
        ratios.append((ratio, name))
        print(f"| {name} | {len(statements)} | {mine:.1f} | {theirs:.1f} | {ratio:.2f} |")
    worst, worst_name = max(ratios)
    record(args.results, 4, f"worst command ÷ psql replaying its own statements ({transport}), {args.size:,} issues",
           f"{worst:.2f} ({worst_name})", "≤ 1.25", worst <= 1.25)
finally:
    if args.tcp:
        listening_on_loopback(False)
admin(server, env, f"DROP DATABASE {database}")
