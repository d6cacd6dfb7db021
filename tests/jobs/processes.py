#!/usr/bin/env python3
"""The job queue across real processes (orchard-job-probe), as scripts/test runs it.

    processes.py PROBE WORKDIR [POSTGRES_URL]

1. kill -9 during a job, on SQLite: a worker starts a long run and is killed mid-run; a new worker
   takes the job up once its lease has passed, and the job's effect happens exactly once.
2. Two processes on one PostgreSQL (when a URL is given): 200 jobs shared by two workers at once,
   each job run by exactly one of them.
Prints one line per check and exits 1 if any fails.
"""
import json
import os
import signal
import subprocess
import sys
import time
import uuid

probe, workdir = sys.argv[1], sys.argv[2]
postgres = sys.argv[3] if len(sys.argv) > 3 else None
failures = 0


def run(*args):
    return subprocess.run([probe, *args], check=True, capture_output=True, text=True).stdout


def report(database):
    return json.loads(run("report", "--database", database))


def check(ok, line):
    global failures
    print(("  ✓ " if ok else "  ✗ ") + line)
    failures += 0 if ok else 1


def wait_for_line(process, prefix, timeout=30):
    """Reads the worker's output until a line starts with `prefix` (a run has started)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if line.startswith(prefix):
            return line
        if not line and process.poll() is not None:
            return None
    return None


# 1. kill -9 mid-run.
database = os.path.join(workdir, f"crash-{uuid.uuid4().hex[:8]}.sqlite")
run("enqueue", "--database", database, "--count", "1")
doomed = subprocess.Popen(
    [probe, "work", "--database", database, "--name", "doomed", "--run-seconds", "60", "--timeout", "2"],
    stdout=subprocess.PIPE, text=True)
started = wait_for_line(doomed, "started ")
os.kill(doomed.pid, signal.SIGKILL)
doomed.wait()
before = report(database)
check(started is not None and before["states"] == {"running": 1} and before["effects"] == 0,
      f"kill -9 during a run leaves the job running with no effect ({before['states']}, {before['effects']} effects)")
began = time.monotonic()
subprocess.run([probe, "work", "--database", database, "--name", "restarted"], check=True, capture_output=True,
               timeout=60)
after = report(database)
check(after["states"] == {"done": 1} and after["effects"] == 1 and after["runs"] == 2
      and after["workers"] == ["doomed", "restarted"],
      f"after a restart the job completes exactly once: {after['effects']} effect, {after['runs']} runs "
      f"({', '.join(after['workers'])}), taken up {time.monotonic() - began:.1f} s after the restart")

# 2. Two processes sharing one PostgreSQL.
if postgres:
    run("enqueue", "--database", postgres, "--count", "200")
    workers = [subprocess.Popen([probe, "work", "--database", postgres, "--name", name, "--run-seconds", "0.01"],
                                stdout=subprocess.DEVNULL) for name in ("left", "right")]
    codes = [w.wait(timeout=120) for w in workers]
    shared = report(postgres)
    check(codes == [0, 0] and shared["states"] == {"done": 200} and shared["jobs_run"] == 200
          and shared["runs"] == 200 and shared["most_runs_of_one_job"] == 1 and shared["effects"] == 200
          and shared["workers"] == ["left", "right"],
          f"two processes on one PostgreSQL ran 200 jobs, each exactly once "
          f"({shared['runs']} runs, at most {shared['most_runs_of_one_job']} of one job, by {shared['workers']})")

sys.exit(1 if failures else 0)
