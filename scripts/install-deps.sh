#!/usr/bin/env bash
# Installs what building and testing tracker need and are missing: libpq's headers, pkg-config,
# the PostgreSQL server programs (initdb, pg_ctl) for the private cluster and the tests, and tmux
# (the terminal the line-editing tests type into), pgbouncer (the pooler the transaction-mode tests
# run the commands through), jq (what `--jq` runs) and binutils (readelf: scripts/release-flags.sh
# and ReleaseFlagsTests read the release flags' effect). With --bench (`make bench`), also valgrind:
# scripts/bench-instructions.py counts instructions with callgrind on a stripped copy.
set -euo pipefail

have_libpq() { pkg-config --exists libpq 2>/dev/null; }
have_server() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
have_tmux() { command -v tmux >/dev/null 2>&1; }
have_pgbouncer() { command -v pgbouncer >/dev/null 2>&1 || [ -x /usr/sbin/pgbouncer ]; }
have_jq() { command -v jq >/dev/null 2>&1; }
have_binutils() { command -v readelf >/dev/null 2>&1; }
have_bench_tools() { [ "${1:-}" != "--bench" ] || { command -v valgrind && command -v strip && command -v nm; } >/dev/null 2>&1; }

if have_libpq && have_server && have_tmux && have_pgbouncer && have_jq && have_binutils && have_bench_tools "${1:-}"; then
    exit 0
fi
bench_packages=""
if [ "${1:-}" = "--bench" ]; then bench_packages="valgrind"; fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "install-deps: please install libpq (headers + pkg-config file) and the PostgreSQL server yourself," >&2
    echo "install-deps: e.g. 'brew install libpq postgresql@16 pkg-config tmux pgbouncer jq' on macOS" >&2
    exit 1
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi

# tracker runs its own private clusters; keep Debian from creating and starting a system one.
if [ ! -e /etc/postgresql-common/createcluster.conf ]; then
    $sudo mkdir -p /etc/postgresql-common
    echo "create_main_cluster = false" | $sudo tee /etc/postgresql-common/createcluster.conf >/dev/null
fi

echo "install-deps: installing libpq-dev, pkg-config, postgresql, tmux, pgbouncer, jq, binutils $bench_packages with apt-get" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold \
    libpq-dev pkg-config postgresql tmux pgbouncer jq binutils $bench_packages >/dev/null
