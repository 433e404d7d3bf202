"""The statements a tracker command sent, read back from the server's log with their parameters
put in (bench-replay.py and bench-phases.py replay them in psql)."""
import os
import re
import subprocess
import sys

from bench_env import admin, tracker_env


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


def statements_sent(tracker, arguments, env, server, database, log_file):
    """The statements the session of `tracker ARGUMENTS` (run against `database`, with `env`) sent,
    parameters in, in order."""
    offset = os.path.getsize(log_file)
    admin(server, env, f"ALTER DATABASE {database} SET log_statement = 'all'")
    try:
        subprocess.run([tracker] + arguments, env=env, check=True, stdout=subprocess.DEVNULL,
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


def replay_setting(tracker, size, bench):
    """What a bench replaying a command's statements in psql works with: the binary's path,
    tracker's environment (acting as user1) on `bench_SIZE_BENCH` (the copy the bench makes), psql's
    with tracker's session settings, the cluster's settings without a database, the copy's name and
    settings, and the server's log."""
    cluster = os.environ.get("TRACKER_BENCH_DIR", "/tmp/tracker-bench")
    server = f"host={os.path.join(cluster, 'socket')} user=tracker"
    database = f"bench_{size}_{bench}"
    direct = f"{server} dbname={database}"
    env = {**tracker_env(cluster, "user1"), "DATABASE_URL": direct}
    psql_env = {**env, "PGOPTIONS": "-c search_path=tracker,pg_catalog,pg_temp -c DateStyle=ISO -c TimeZone=UTC"}
    return os.path.abspath(tracker), env, psql_env, server, database, direct, os.path.join(cluster, "server.log")
