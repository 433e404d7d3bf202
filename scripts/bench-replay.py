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
With --results, adds issue 34's target 4 rows for scripts/bench-targets.py.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

from bench_env import PSQL, admin, record, scratch_copy, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=10000)
parser.add_argument("--runs", type=int, default=21)
parser.add_argument("--results")
args = parser.parse_args()
tracker = os.path.abspath(args.tracker)
cluster = os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench")
log_file = os.path.join(cluster, "server.log")
env = tracker_env(cluster, "user1")
database = f"bench_{args.size}_replay"
server = f"host={os.path.join(cluster, 'socket')} user=tracker"
direct = f"{server} dbname={database}"
env["DATABASE_URL"] = direct
psql_env = {**env, "PGOPTIONS": "-c search_path=tracker,pg_catalog,pg_temp -c DateStyle=ISO -c TimeZone=UTC"}


def literal_parameters(detail):
    """`$1 = '5000', $2 = NULL` (the log's DETAIL) as {1: "'5000'", 2: "NULL"}."""
    values, index = {}, 0
    while True:
        match = re.compile(r"\$(\d+) = ").search(detail, index)
        if not match:
            return values
        index = match.end()
        if detail.startswith("NULL", index):
            values[int(match.group(1))] = "NULL"
            index += 4
            continue
        assert detail[index] == "'", detail[index:index + 40]
        end = index + 1
        while True:
            end = detail.index("'", end)
            if detail.startswith("''", end):
                end += 2
                continue
            break
        values[int(match.group(1))] = detail[index:end + 1]
        index = end + 1


def statements_sent(arguments, extra_env):
    """The statements the command's session sent, parameters in, in order."""
    offset = os.path.getsize(log_file)
    admin(server, env, f"ALTER DATABASE {database} SET log_statement = 'all'")
    try:
        subprocess.run([tracker] + arguments, env={**env, **extra_env}, check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    finally:
        admin(server, env, f"ALTER DATABASE {database} RESET log_statement")
    with open(log_file, encoding="utf-8", errors="replace") as log:
        log.seek(offset)
        text = log.read()
    entries = []  # (kind, text), a logged line with its continuation lines
    for line in text.splitlines():
        if line.startswith("\t") and entries:
            entries[-1][1].append(line[1:])
            continue
        match = re.match(r".*?\[\d+\] (LOG|DETAIL|ERROR|STATEMENT|CONTEXT):  (.*)", line)
        entries.append([match.group(1) if match else "", [match.group(2) if match else line]])
    statements = []
    for kind, lines in entries:
        body = "\n".join(lines)
        if kind == "LOG" and (body.startswith("execute ") or body.startswith("statement: ")):
            sql = body.split(": ", 1)[1]
            if "ALTER DATABASE" in sql:
                continue
            statements.append(sql)
        elif kind == "DETAIL" and body.startswith("parameters: ") and statements:
            values = literal_parameters(body[len("parameters: "):])
            for number in sorted(values, reverse=True):
                statements[-1] = re.sub(rf"\${number}(?!\d)", lambda _: values[number], statements[-1])
        elif kind == "ERROR":
            sys.exit(f"bench-replay: {' '.join(arguments)} failed on the server: {body}")
    return statements


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
print(f"### The same statements: tracker beside psql replaying what it sent, {args.size:,} issues "
      f"(median of {args.runs} runs in turns)\n")
print("| command | statements | tracker ms | psql ms | ratio |")
print("| --- | --- | --- | --- | --- |")
ratios = []
for name, arguments, extra in cases:
    statements = statements_sent(arguments, extra)
    script = ";\n".join(statements)
    mine, theirs = median_pair([tracker] + arguments,
                               [PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", direct, "-c", script],
                               {**env, **extra}, psql_env)
    ratio = mine / theirs
    ratios.append((ratio, name))
    print(f"| {name} | {len(statements)} | {mine:.1f} | {theirs:.1f} | {ratio:.2f} |")
worst, worst_name = max(ratios)
record(args.results, 4, f"worst command ÷ psql replaying its own statements (unix socket), {args.size:,} issues",
       f"{worst:.2f} ({worst_name})", "≤ 1.25", worst <= 1.25)
admin(server, env, f"DROP DATABASE {database}")
