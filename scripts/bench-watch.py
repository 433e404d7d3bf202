#!/usr/bin/env python3
"""`make bench` (and `make bench-watch`): how fast `tracker watch` prints a change, and what
watchers cost a writer.

- Latency from COMMIT to the line `tracker watch --json` prints: 20 concurrent writers make
  1,000 changes; the commit time is the server's own (track_commit_timestamp), the print time
  is when this script reads the line. p50, p99, max. Twice: writers that are `tracker comment`
  processes (as a team makes changes: each process start costs CPU the watcher then waits
  for), and writers that are 20 open psql sessions renaming an issue every 100 ms (the
  watcher's own latency, without process start-ups crowding two cores).
- The cost of watchers to a write: median wall time of `tracker create` with no watcher and
  with 10 `tracker watch` processes running, in alternating batches (the machine is noisy).

usage: scripts/bench-watch.py TRACKER_BINARY [--writers 20] [--changes 1000] [--watchers 10]
Uses a private cluster in $TRACKER_BENCH_WATCH_DIR (default /tmp/tracker-bench-watch).
"""
import argparse
import os
import statistics
import subprocess
import threading
import time

from bench_env import PSQL, private_server, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--writers", type=int, default=20)
parser.add_argument("--changes", type=int, default=1000)
parser.add_argument("--watchers", type=int, default=10)
parser.add_argument("--batches", type=int, default=4)
parser.add_argument("--runs", type=int, default=15, help="creates per batch")
args = parser.parse_args()
tracker = os.path.abspath(args.tracker)
env = tracker_env(os.environ.get("TRACKER_BENCH_WATCH_DIR", "/tmp/tracker-bench-watch"), "bench")


def run(command, capture=False):
    result = subprocess.run(
        command, env=env, check=True, stdout=subprocess.PIPE if capture else subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True)
    return result.stdout


def sql(statement):
    return run([PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", server, "-c", statement], capture=True)


run([tracker, "db", "start"])
server = private_server(run([tracker, "db", "status"], capture=True))
if sql("SHOW track_commit_timestamp").strip() != "on":
    sql("ALTER SYSTEM SET track_commit_timestamp = on")
    run([tracker, "db", "stop"])
    run([tracker, "db", "start"])
sql("INSERT INTO users (login) VALUES ('bench') ON CONFLICT DO NOTHING")
for writer in range(args.writers):
    run([tracker, "create", "--title", f"Issue of writer {writer + 1}"])
first_issue = int(sql("SELECT max(number) FROM issues")) - args.writers + 1


def start_watcher(arguments, stdout):
    return subprocess.Popen([tracker, "watch"] + arguments, env=env, stdout=stdout, stderr=subprocess.DEVNULL)


def listening(count):
    """Waits until `count` watchers have read the feed once (they wait for changes then)."""
    query = ("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'tracker live' "
             "AND query LIKE '%tracker live: changes%'")
    deadline = time.time() + 60
    while int(sql(query)) < count:
        if time.time() > deadline:
            raise SystemExit(f"bench-watch: {count} watchers did not start")
        time.sleep(0.05)


def latencies_ms(write):
    """Starts one watcher, runs `write(writer, count)` in 20 threads, and returns the latencies
    of the changes it printed, how many were committed and how long the writing took."""
    since = sql("SELECT max(id) FROM issue_events").strip()
    watcher = start_watcher(["--json", "--since", since], subprocess.PIPE)
    printed = {}

    def read_lines():
        for line in watcher.stdout:
            printed[int(line.split(b'"id":', 1)[1].split(b",", 1)[0])] = time.time()
            if len(printed) >= args.changes:
                return

    reader = threading.Thread(target=read_lines)
    reader.start()
    listening(1)
    per_writer = [args.changes // args.writers + (1 if w < args.changes % args.writers else 0)
                  for w in range(args.writers)]
    started = time.time()
    writers = [threading.Thread(target=write, args=(w, n)) for w, n in enumerate(per_writer)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join()
    written = time.time() - started
    reader.join(timeout=60)
    watcher.terminate()
    watcher.wait()
    committed = {}
    rows = sql(f"SELECT id, extract(epoch FROM pg_xact_commit_timestamp(xid(xact))) FROM issue_events WHERE id > {since}")
    for row in rows.split():
        event, at = row.split("|")
        committed[int(event)] = float(at)
    return sorted((printed[e] - at) * 1000 for e, at in committed.items() if e in printed), len(committed), written


def tracker_writer(writer, count):
    for index in range(count):
        run([tracker, "comment", str(first_issue + writer), "--body", f"change {index + 1}"])


def psql_writer(writer, count):
    session = subprocess.Popen([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", server], env=env,
                               stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    number = first_issue + writer
    for index in range(count):
        session.stdin.write(
            f"BEGIN; UPDATE issues SET title = 'w{writer} c{index}' WHERE number = {number};"
            f" INSERT INTO issue_events (issue_number, kind, actor_id, previous_title, current_title)"
            f" SELECT {number}, 'renamed', id, 'before', 'w{writer} c{index}' FROM users WHERE login = 'bench';"
            " COMMIT;\n")
        session.stdin.flush()
        time.sleep(0.1)
    session.stdin.close()
    session.wait()


def percentile(values, share):
    return values[min(len(values) - 1, int(round(share * (len(values) - 1))))]


latency_runs = [("`tracker comment` processes", latencies_ms(tracker_writer)),
                ("psql sessions, a change each 100 ms", latencies_ms(psql_writer))]


# Write cost: tracker create with and without watchers, alternating batches.
def create_ms():
    start = time.perf_counter()
    run([tracker, "create", "--title", "Write cost"])
    return (time.perf_counter() - start) * 1000


alone, watched = [], []
for batch in range(args.batches):
    alone += [create_ms() for _ in range(args.runs)]
    watchers = [start_watcher([], subprocess.DEVNULL) for _ in range(args.watchers)]
    listening(args.watchers)
    watched += [create_ms() for _ in range(args.runs)]
    for process in watchers:
        process.terminate()
    for process in watchers:
        process.wait()
    # The next batch must start with no watcher left.
    while int(sql("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'tracker live'")) > 0:
        time.sleep(0.05)

cost = statistics.median(watched) / statistics.median(alone)
print(f"### tracker watch ({os.cpu_count()} cores)")
print()
print("| measure | value | target |")
print("|---|---|---|")
for kind, (latencies, committed, written) in latency_runs:
    print(f"| {args.writers} writers ({kind}): changes | {committed} in {written:.1f} s | |")
    print(f"| … printed, each once | {len(latencies)} (missing {committed - len(latencies)}) | all |")
    print(f"| … COMMIT → line printed, p50 | {percentile(latencies, 0.5):.1f} ms | |")
    print(f"| … COMMIT → line printed, p99 | {percentile(latencies, 0.99):.1f} ms | ≤ 50 ms |")
    print(f"| … COMMIT → line printed, max | {latencies[-1]:.1f} ms | |")
print(f"| `tracker create`, no watcher (median of {len(alone)}) | {statistics.median(alone):.1f} ms | |")
print(f"| `tracker create`, {args.watchers} watchers running (median of {len(watched)}) | "
      f"{statistics.median(watched):.1f} ms | |")
print(f"| write cost of {args.watchers} watchers | {(cost - 1) * 100:+.1f}% | ≤ +5% |")
