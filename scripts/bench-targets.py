#!/usr/bin/env python3
"""`make bench` (last part): every speed target of issues 13 and 34 beside what this run measured.

usage: scripts/bench-targets.py RESULTS
RESULTS is the JSON-lines file bench.py, bench-latency.py, bench-instructions.py and bench-replay.py wrote with
--results. Prints a
Markdown table in the issue's order; target 2 (round trips) is asserted by make test instead.
"""
import json
import sys

targets = {
    1: "start-up",
    2: "one round trip per command",
    3: "latency at 20 ms RTT",
    4: "one-shot commands against psql",
    5: "JSON streaming and memory",
    6: "import into an empty tracker",
    7: "adding one item against taskwarrior",
    8: "tracker's own cost against psql's (issue 34)",
    31: "one project of many, beside psql on the same project (issue 31)",
}
with open(sys.argv[1]) as results:
    rows = [json.loads(line) for line in results if line.strip()]
print("\n### Against the targets (this run)\n")
print("| # | target | measured | limit | |\n| --- | --- | --- | --- | --- |")
for number, name in targets.items():
    if number == 2:
        print(f"| 2 | {name} | every command 1, counted by `RoundTripBudgetTests` | 1 | asserted by `make test` |")
        continue
    measured = [row for row in rows if row["target"] == number]
    if not measured:
        print(f"| {number} | {name} | not measured in this run | | |")
    for row in measured:
        print(f"| {number} | {name}: {row['what']} | {row['value']} | {row['limit']} | "
              f"{'met' if row['met'] else '**missed**'} |")
