#!/usr/bin/env python3
"""Issue 31: tracker in one project of many, beside the real psql running the same SQL on the
same project (its views, with `tracker.project` set as tracker sets it), at 1,000,000 issues
across 20 projects (50,000 each, seeded by scripts/seed.sql once per project).

usage: scripts/bench-projects.py TRACKER [--projects 20] [--per-project 50000] [--runs 15]
                                [--results FILE]
Prints a Markdown table: median ms of tracker and psql, and the ratio; `status` covers every
project (one statement per project), psql runs the same statements in one session.
"""
import argparse
import os
import statistics
import subprocess
import time

from bench_env import PSQL, cluster_server, record, tracker_env
from bench_sql import LIST, create, show, status

parser = argparse.ArgumentParser()
parser.add_argument("tracker")
parser.add_argument("--projects", type=int, default=20)
parser.add_argument("--per-project", type=int, default=50000)
parser.add_argument("--runs", type=int, default=15)
parser.add_argument("--results")
args = parser.parse_args()
tracker = os.path.abspath(args.tracker)
env = tracker_env(os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench"), "user7")
server = cluster_server(tracker, env)
total = args.projects * args.per_project
database = f"bench_projects_{args.projects}x{args.per_project}"
url = f"{server} dbname='{database}'"
keys = [f"p{n:02d}" for n in range(1, args.projects + 1)]
chosen = keys[len(keys) // 3]


def psql(sql, project=None, capture=True, name=database):
    options = env["PGOPTIONS"] + (f" -c tracker.project={project}" if project else "")
    return subprocess.run([PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", f"{server} dbname='{name}'", "-c", sql],
                          env={**env, "PGOPTIONS": options}, check=True, capture_output=capture, text=True).stdout


def log(text):
    print(f"bench-projects: {text}", flush=True)


def seeded():
    """Whether an earlier run left this database seeded with this schema."""
    if psql(f"SELECT count(*) FROM pg_database WHERE datname = '{database}'", name="postgres").strip() != "1":
        return False
    try:
        return psql("SELECT count(*) FROM all_issues").strip() == str(total)
    except subprocess.CalledProcessError:
        return False


if not seeded():
    log(f"seeding {total:,} issues in {args.projects} projects…")
    psql(f"DROP DATABASE IF EXISTS {database}", name="postgres")
    psql(f"CREATE DATABASE {database}", name="postgres")
    subprocess.run([tracker, "migrate"], env={**env, "DATABASE_URL": url}, check=True, stdout=subprocess.DEVNULL)
    seed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seed.sql")
    for key in keys:
        psql(f"SELECT tracker_create_project('{key}', 'Project {key}', NULL, NULL)")
        subprocess.run([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", url, "-f", seed],
                       env={**env, "PGOPTIONS": f"-c tracker.seed_size={args.per_project} -c tracker.project={key}"},
                       check=True)
    psql("VACUUM ANALYZE")
run_env = {**env, "DATABASE_URL": url}


def timed(command, extra_env=None, stdin=None):
    start = time.perf_counter()
    subprocess.run(command, env={**run_env, **(extra_env or {})}, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE, input=stdin, text=True)
    return (time.perf_counter() - start) * 1000


def psql_command(sql, project):
    return [PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql], \
        {"PGOPTIONS": env["PGOPTIONS"] + f" -c tracker.project={project}"}


middle = args.per_project // 2
every_status = "; ".join(f"SELECT set_config('tracker.project', '{key}', false); {status('user7')}" for key in keys)
rows = [
    ("list", [tracker, "-R", chosen, "list"], psql_command(LIST, chosen)),
    ("show N", [tracker, "-R", chosen, "show", str(middle)], psql_command(show(middle), chosen)),
    (f"status ({args.projects} projects)", [tracker, "status"], psql_command(every_status, chosen)),
    ("create", [tracker, "-R", chosen, "create", "-t", "Bench"], psql_command(create("Bench"), chosen)),
]
print(f"| {total:,} issues in {args.projects} projects, working in {chosen} | tracker ms | psql ms | ratio |")
print("| --- | --- | --- | --- |")
for name, command, (psql_words, psql_env) in rows:
    ours, theirs = [], []
    for _ in range(args.runs):
        ours.append(timed(command))
        theirs.append(timed(psql_words, psql_env))
    tracker_ms, psql_ms = statistics.median(ours), statistics.median(theirs)
    print(f"| {name} | {tracker_ms:.1f} | {psql_ms:.1f} | {tracker_ms / psql_ms:.2f}x |", flush=True)
    record(args.results, 31, f"{name} at {total:,} issues in {args.projects} projects",
           f"{tracker_ms:.1f} ms, {tracker_ms / psql_ms:.2f}x psql", "reported, no limit", True)
