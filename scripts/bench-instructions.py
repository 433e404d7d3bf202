#!/usr/bin/env python3
"""`make bench` (issue 34): tracker's own cost per command, counted in instructions and CPU time,
beside the real psql running the same statements.

usage: scripts/bench-instructions.py TRACKER_BINARY [--size 10000] [--runs 15] [--results FILE]
                                     [--top N] [--database NAME]
Uses the private cluster and the seeded `bench_SIZE` database scripts/bench.py leaves in
$TRACKER_BENCH_DIR (default /tmp/tracker-bench). For each command (list, show, create, status):
- callgrind's instruction count of one whole process, tracker's and psql's, each run on a stripped
  copy (Debian 12's valgrind cannot read the Swift binary's debug information); the instructions
  spent in Swift's protocol-conformance scans (`swift_conformsToProtocolMaybeInstantiate-
  Superclasses`, found by `nm` on the unstripped binary) are shown beside them;
- the process's own CPU time (user + sys from wait4), median of --runs.
--top N also prints the N costliest functions of each tracker run, inclusive, named with `nm`.
With --results, adds issue 34's rows (target 8) for scripts/bench-targets.py.
"""
import argparse
import bisect
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import bench_sql
from bench_env import PSQL, admin, record, scratch_copy, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=10000)
parser.add_argument("--runs", type=int, default=15)
parser.add_argument("--results")
parser.add_argument("--top", type=int, default=0)
parser.add_argument("--database", help="another database of the cluster (default bench_SIZE)")
args = parser.parse_args()
if shutil.which("valgrind") is None:
    sys.exit("bench-instructions: valgrind is missing: run `scripts/install-deps.sh --bench`")
tracker = os.path.abspath(args.tracker)
cluster = os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench")
env = tracker_env(cluster, "user1")
seeded = args.database or f"bench_{args.size}"
# A copy, so `create` leaves the seeded data as it was for the next run, and `list` reads the same rows.
database = f"{seeded}_instructions"
server = f"host={os.path.join(cluster, 'socket')} user=tracker"
direct = f"{server} dbname={database}"
env["DATABASE_URL"] = direct


scratch_copy(server, env, seeded, database)
scratch = tempfile.mkdtemp(prefix="tracker-bench-instructions-")
stripped = {name: os.path.join(scratch, name) for name in ("tracker", "psql")}
subprocess.run(["strip", "-o", stripped["tracker"], tracker], check=True)
subprocess.run(["strip", "-o", stripped["psql"], PSQL], check=True)


def symbols(binary):
    """The unstripped binary's functions, by address, for naming callgrind's bare addresses."""
    table = []
    listed = subprocess.run(["nm", "-n", binary], capture_output=True, text=True, check=True).stdout
    for line in listed.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tTwW":
            table.append((int(fields[0], 16), fields[2]))
    return [address for address, _ in table], [name for _, name in table]


addresses, names = symbols(tracker)
scan = next(name for name in names if "swift_conformsToProtocolMaybeInstantiateSuperclasses" in name
            and "$" not in name and "ConformanceCandidate" not in name)
scan_address = addresses[names.index(scan)]


def named(address):
    return names[bisect.bisect_right(addresses, address) - 1]


def callgrind(program, arguments):
    """Instructions of one run of `program` (a stripped copy), and the inclusive listing."""
    output = os.path.join(scratch, "callgrind.out")
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={output}", program] + arguments,
                   env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    listing = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", output],
                             capture_output=True, text=True, check=True).stdout
    total = int(re.search(r"([\d,]+) \(100.0%\)\s+PROGRAM TOTALS", listing).group(1).replace(",", ""))
    return total, listing


def inclusive(listing, address):
    """Instructions spent in the function at `address` and what it called (its outermost entry)."""
    match = re.search(r"([\d,]+) \(\s*[\d.]+%\)\s+\?\?\?:0x0*" + f"{address:x}" + r" \[", listing)
    return int(match.group(1).replace(",", "")) if match else 0


def top(listing, count):
    lines = []
    for line in listing.splitlines():
        match = re.match(r"\s*([\d,]+) \(\s*([\d.]+)%\)\s+(.*)", line)
        if not match or "PROGRAM TOTALS" in line:
            continue
        what = match.group(3)
        bare = re.match(r"\?\?\?:0x([0-9a-f]+)'?\d* \[.*tracker\]", what)
        if bare:
            what = named(int(bare.group(1), 16))
        lines.append(f"{match.group(1):>12} {match.group(2):>5}%  {what}")
        if len(lines) == count:
            break
    demangled = subprocess.run(["swift", "demangle", "--compact"], input="\n".join(lines), capture_output=True,
                               text=True).stdout if shutil.which("swift") else "\n".join(lines)
    return [line[:200] for line in demangled.splitlines()]


def cpu_ms(program, arguments):
    """Median user + sys time of the process, from wait4."""
    times = []
    for _ in range(args.runs):
        child = subprocess.Popen([program] + arguments, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            sys.exit(f"bench-instructions: {' '.join([program] + arguments)} failed")
        times.append((usage.ru_utime + usage.ru_stime) * 1000)
    return statistics.median(times)


def psql(sql):
    return ["-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", direct, "-c", sql]


middle = args.size // 2
cases = [
    ("list", ["list"], bench_sql.LIST),
    ("show N", ["show", str(middle)], bench_sql.show(middle)),
    ("status (as user7)", ["status"], bench_sql.status("user7")),
    ("create", ["create", "--title", "Bench instructions"], bench_sql.create("Bench instructions")),
]
print(f"### Own cost per command, {args.size:,} issues (instructions: callgrind, one run on a stripped copy; "
      f"CPU: user + sys, median of {args.runs})\n")
print("| command | tracker instructions | psql instructions | ratio | of tracker's: conformance scans | "
      "tracker CPU | psql CPU | difference |")
print("| --- | --- | --- | --- | --- | --- | --- | --- |")
breakdowns = []
for name, arguments, sql in cases:
    extra = {"TRACKER_USER": "user7"} if name.startswith("status") else {}
    env.update(extra)
    mine, listing = callgrind(stripped["tracker"], arguments)
    theirs, _ = callgrind(stripped["psql"], psql(sql))
    scans = inclusive(listing, scan_address)
    my_cpu, their_cpu = cpu_ms(tracker, arguments), cpu_ms(PSQL, psql(sql))
    env.update({"TRACKER_USER": "user1"})
    ratio = mine / theirs
    print(f"| {name} | {mine / 1e6:.1f} M | {theirs / 1e6:.1f} M | {ratio:.2f} | {scans / 1e6:.1f} M "
          f"({scans / mine:.0%}) | {my_cpu:.1f} ms | {their_cpu:.1f} ms | {my_cpu - their_cpu:+.1f} ms |")
    if name in ("list", "show N"):
        record(args.results, 8, f"`{name}` instructions ÷ psql's, {args.size:,} issues", f"{ratio:.2f}", "≤ 1.5",
               ratio <= 1.5)
    record(args.results, 8, f"`{name}` own CPU − psql's, {args.size:,} issues",
           f"{my_cpu - their_cpu:+.2f} ms ({my_cpu:.2f} · {their_cpu:.2f})", "≤ +3 ms", my_cpu - their_cpu <= 3)
    if args.top:
        breakdowns.append((name, top(listing, args.top)))
for name, lines in breakdowns:
    print(f"\n#### tracker {name}: the {args.top} costliest functions, inclusive\n")
    print("```\n" + "\n".join(lines) + "\n```")
shutil.rmtree(scratch, ignore_errors=True)
admin(server, env, f"DROP DATABASE {database}")
