"""What every bench script shares: the real psql and an environment without the caller's
connection settings."""
import json
import os
import subprocess

# The real client: Debian's /usr/bin/psql is a Perl wrapper that adds ~30 ms to every run.
PSQL = os.path.join(
    subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True).stdout.strip(), "psql")


def tracker_env(cluster_dir, user):
    """tracker's environment for a bench: its own private cluster, acting as `user`, no colour,
    and none of the caller's PG* variables or DATABASE_URL. psql runs with it too, and finds the
    tables in the `tracker` schema by PGOPTIONS (tracker sets its own search path anyway)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG") and k != "DATABASE_URL"}
    env.update({"TRACKER_CLUSTER_DIR": cluster_dir, "TRACKER_USER": user, "NO_COLOR": "1",
                "PGOPTIONS": "-c search_path=tracker,public"})
    return env


def record(path, target, what, value, limit, met):
    """Adds one measured figure to the run's results (JSON lines) for scripts/bench-targets.py:
    `target` is the issue's number for it, `value` and `limit` are already worded."""
    if path:
        with open(path, "a") as results:
            results.write(json.dumps({"target": target, "what": what, "value": value, "limit": limit, "met": met}) + "\n")


def private_server(status):
    """The connection settings `tracker db status` prints after `Connect with: … psql`."""
    line = next(line for line in status.splitlines() if line.startswith("Connect with:"))
    return line.split(" psql ", 1)[1].strip().strip('"')


def cluster_server(tracker, env):
    """Starts the private cluster of `env` (TRACKER_CLUSTER_DIR) and returns its connection
    settings, without a database name."""
    subprocess.run([tracker, "db", "start"], env=env, check=True, stdout=subprocess.DEVNULL)
    status = subprocess.run([tracker, "db", "status"], env=env, check=True, capture_output=True, text=True).stdout
    return private_server(status).replace("dbname='tracker'", "")


def seeded_database(tracker, env, server, size, log):
    """The cluster's `bench_SIZE` database with `size` issues seeded by scripts/seed.sql, seeded
    now unless an earlier run left it; its connection settings."""
    def settings(name):
        return f"{server} dbname='{name}'"

    def psql(name, sql, extra=None, capture=False):
        return subprocess.run([PSQL, "-X", "-A", "-t", "-q", "-v", "ON_ERROR_STOP=1", settings(name), "-c", sql],
                              env={**env, **(extra or {})}, check=True, capture_output=True, text=True).stdout.strip()

    database = f"bench_{size}"
    if psql("postgres", f"SELECT count(*) FROM pg_database WHERE datname = '{database}'") == "1" \
            and int(psql(database, "SELECT count(*) FROM issues")) >= size:
        log(f"reusing the seeded {size} issues")
        # Seeded by an older tracker, perhaps: brought to this binary's schema (nothing when it is).
        subprocess.run([tracker, "migrate"], env={**env, "DATABASE_URL": settings(database)}, check=True,
                       stdout=subprocess.DEVNULL)
    else:
        log(f"seeding {size} issues…")
        psql("postgres", f"DROP DATABASE IF EXISTS {database}")
        psql("postgres", f"CREATE DATABASE {database}")
        subprocess.run([tracker, "migrate"], env={**env, "DATABASE_URL": settings(database)}, check=True,
                       stdout=subprocess.DEVNULL)
        seed = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seed.sql")
        subprocess.run([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", settings(database), "-f", seed],
                       env={**env, "PGOPTIONS": f"-c tracker.seed_size={size}"}, check=True)
        psql(database, "VACUUM ANALYZE")
    return settings(database)


def admin(server, env, sql):
    """Runs `sql` on the cluster's maintenance database (`server`: its settings without a database)."""
    subprocess.run([PSQL, "-X", "-q", "-v", "ON_ERROR_STOP=1", f"{server} dbname=postgres", "-c", sql], env=env,
                   check=True, stdout=subprocess.DEVNULL)


def scratch_copy(server, env, seeded, copy):
    """`copy`, made anew from the seeded database, so what a bench writes leaves `seeded` as it was."""
    admin(server, env, f"DROP DATABASE IF EXISTS {copy}")
    admin(server, env, f"CREATE DATABASE {copy} TEMPLATE {seeded}")
