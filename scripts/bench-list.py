#!/usr/bin/env python3
"""Median whole-process wall time of `tracker list` beside `psql -X -A -t` running the same
kind of query against the same database, in one run. A seed for issue 5's `make bench`.

usage: scripts/bench-list.py TRACKER_BINARY [RUNS]   (uses DATABASE_URL, else the private cluster)
"""
import os
import statistics
import subprocess
import sys
import time

tracker = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 30
settings = os.environ.get("DATABASE_URL")
if not settings:
    status = subprocess.run([tracker, "db", "status"], capture_output=True, text=True, check=True).stdout
    settings = status.split("Connect with: psql ", 1)[1].strip().strip('"')

SQL = (
    "SELECT i.number, i.title, i.body, i.state, a.login, i.created_at "
    "FROM issues i JOIN users a ON a.id = i.author_id "
    "WHERE i.state = 'open' ORDER BY i.number DESC LIMIT 30"
)


def median_ms(command):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


psql = median_ms(["psql", "-X", "-A", "-t", settings, "-c", SQL])
print("| command | median ms | ratio to psql |")
print("| --- | --- | --- |")
print(f"| psql -X -A -t (same query) | {psql:.1f} | 1.00 |")
for arguments in (["list"], ["list", "--json"]):
    ms = median_ms([tracker] + arguments)
    print(f"| tracker {' '.join(arguments)} | {ms:.1f} | {ms / psql:.2f} |")
