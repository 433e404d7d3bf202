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
