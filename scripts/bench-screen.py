#!/usr/bin/env python3
"""`make bench` (and `make bench-screen`): the full-screen front's latency, from a key press to
the screen drawn again, at a seeded size (issue 32).

tracker runs full screen in tmux (a server on a socket of its own, 120x40) on the bench
cluster's `bench_SIZE` database (seeded by scripts/seed.sql when missing), showing every issue
(`f state:all`). One tmux control-mode client sends each key (`send-keys`) and reads the pane's
output as tmux receives it: the time is from writing the key's command to the end of the frame
tracker writes in answer (its `CSI ? 2026 l`, the close of each synchronized update). Keys are
sent one at a time, each after the last frame. Prints median, p99 and max for:
- ↓ 200 times: the highlight moves; at a page's last row the next page is fetched by keyset;
- PgDn 200 times: a screenful at a time, a page fetched every other key;
- / and a word typed, then Escape, 20 times: the list searched as it is typed;
- the floor: the same ↓ 200 times to a shell loop that answers each key with a frame's end at
  once (what tmux and this measuring cost by themselves).

usage: scripts/bench-screen.py TRACKER_BINARY [--size 100000] [--keys 200]
Uses the private cluster in $TRACKER_BENCH_DIR (default /tmp/tracker-bench), as bench.py does.
"""
import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

from bench_env import cluster_server, seeded_database, tracker_env

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--size", type=int, default=100000)
parser.add_argument("--keys", type=int, default=200)
args = parser.parse_args()
tracker = os.path.abspath(args.tracker)
env = tracker_env(os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench"), "user1")
server = cluster_server(tracker, env)
database = seeded_database(tracker, env, server, args.size, log=lambda line: print(line, file=sys.stderr))

FRAME_END = "\\033[?2026l"  # as control mode writes ESC [ ? 2026 l
scratch = tempfile.mkdtemp(prefix="tracker-bench-screen-")
socket = os.path.join(scratch, "tmux")
pane_env = {**env, "DATABASE_URL": database, "LC_ALL": "C.UTF-8", "TERM": "xterm-256color"}
command = f"exec '{tracker}'"
echo = "stty raw -echo; while IFS= read -r -n1 key; do printf '\\033[?2026l'; done"
subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-s", "bench", "-x", "120", "-y", "40",
                command, ";", "new-window", "-d", "-t", "bench:9", f"bash -c \"{echo}\""], env=pane_env, check=True)
control = subprocess.Popen(["tmux", "-S", socket, "-f", "/dev/null", "-C", "attach-session", "-t", "bench"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=pane_env)
pending = b""


def lines(timeout):
    """Lines control mode writes, until `timeout` seconds pass with none."""
    global pending
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode("utf-8", "replace")
        ready, _, _ = select.select([control.stdout], [], [], timeout)
        if not ready:
            return
        chunk = os.read(control.stdout.fileno(), 65536)
        if not chunk:
            return
        pending += chunk


def send(keys, target="bench:0"):
    control.stdin.write((f"send-keys -t {target} " + keys + "\n").encode())
    control.stdin.flush()


def frame_after(keys, timeout=10.0, target="bench:0"):
    """Sends `keys`; seconds until a frame ends (tmux may cut the pane's output anywhere, the
    frame's end too, so the output is read as one text)."""
    start = time.perf_counter()
    send(keys, target)
    output = ""
    for line in lines(timeout):
        if line.startswith("%output "):
            output = output[-len(FRAME_END):] + line.split(" ", 2)[2]
            if FRAME_END in output:
                return time.perf_counter() - start
    raise SystemExit(f"no frame within {timeout} s after {keys}")


def settle(quiet=0.3):
    """Reads until the pane has been quiet for `quiet` seconds."""
    for _ in lines(quiet):
        pass


def wait_for(text, timeout=60.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        shown = subprocess.run(["tmux", "-S", socket, "capture-pane", "-p", "-t", "bench:0"], capture_output=True,
                               text=True).stdout
        if text in shown:
            return shown
        settle(0.2)
    raise SystemExit(f"the screen never showed {text!r}")


try:
    wait_for("[1 Issues]")
    send("f C-u 'state:all' Enter")
    wait_for("state:all")
    settle()
    results = []
    for name, keys, count in [("↓", "Down", args.keys), ("PgDn", "PageDown", args.keys)]:
        times = []
        for _ in range(count):
            times.append(frame_after(keys))
            settle(0.02)
        results.append((f"{name} × {count}", times))
        send("Home")
        settle()
    searches = []
    for round_number in range(20):
        send("/")
        settle(0.1)
        for letter in "kabara":
            searches.append(frame_after(f"-l '{letter}'"))
            settle(0.02)
        send("Escape")
        settle(0.2)
    results.append(("a search letter (/ then 6 letters, 20 times)", searches))
    floor = []
    for _ in range(args.keys):
        floor.append(frame_after("Down", target="bench:9"))
        settle(0.02)
    results.append((f"the floor: ↓ × {args.keys} to a shell loop answering at once", floor))
    shown = subprocess.run(["tmux", "-S", socket, "capture-pane", "-p", "-t", "bench:0"], capture_output=True,
                           text=True).stdout
    if "[1 Issues]" not in shown:
        raise SystemExit("the full screen is not showing:\n" + shown)
finally:
    send("q")
    time.sleep(0.3)
    subprocess.run(["tmux", "-S", socket, "kill-server"], capture_output=True)
    control.wait(timeout=5)

print(f"### Full screen: a key press to the screen drawn again, {args.size:,} issues (tmux 120x40)\n")
print("| keys | median | p99 | max |\n| --- | --- | --- | --- |")
for name, times in results:
    ms = sorted(t * 1000 for t in times)
    p99 = statistics.quantiles(ms, n=100)[98] if len(ms) >= 100 else ms[-1]
    print(f"| {name} | {statistics.median(ms):.1f} ms | {p99:.1f} ms | {ms[-1]:.1f} ms |")
