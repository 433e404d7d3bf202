#!/usr/bin/env bash
# Stops throwaway test clusters and pgbouncers left running under a folder (after a crashed or
# killed test run).
set -u
root="${1:?usage: stop-test-clusters.sh FOLDER}"
for data in "$root"/tracker-*/data "$root"/tracker-*/cluster/data; do
    [ -f "$data/postmaster.pid" ] || continue
    pg_ctl=$(ls -d /usr/lib/postgresql/*/bin/pg_ctl 2>/dev/null | sort -V | tail -n 1)
    [ -n "$pg_ctl" ] || pg_ctl=$(command -v pg_ctl)
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$pg_ctl" -D "$data" stop -m immediate >/dev/null 2>&1 || true
    else
        "$pg_ctl" -D "$data" stop -m immediate >/dev/null 2>&1 || true
    fi
done
# A pgbouncer (PgBouncerProcess, or a private cluster's pooler) is killed only when its pid still
# runs that folder's ini: the pid may since have gone to another process.
for pidfile in "$root"/pgbouncer-*/pgbouncer.pid "$root"/tracker-*/cluster/pooler/pgbouncer.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    case "$(ps -p "$pid" -o args= 2>/dev/null)" in
        *pgbouncer*"$(dirname "$pidfile")/pgbouncer.ini"*) kill -KILL "$pid" 2>/dev/null || true ;;
    esac
done
exit 0
