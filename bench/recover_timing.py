"""Whether recover tells who has an account by its time: starts `orchard serve` on a free loopback
port with a fresh data directory, signs one account up in Dangdai's realm (confirmed from the
mailed link), then times 100 + 100 `POST /dangdai/api/v1/auth/recover` for that account's email
and for an unknown one, interleaved (each pair in a random order), one at a time over one
keep-alive connection. Prints both medians and a two-sided Mann-Whitney p-value as JSON.

    recover_timing.py [ORCHARD_BINARY] [--pairs N]

The per-address limit is scaled out of the way (ORCHARD_RATE_LIMIT_SCALE=1000); the mailed links
go into the data directory's `mail/`. A short pause after each request lets the job the request
queued run before the next one is timed.
"""
import argparse
import contextlib
import http.client
import json
import math
import os
import random
import shutil
import socket
import statistics
import subprocess
import tempfile
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link in the data directory)

AUTH = "/dangdai/api/v1/auth"
PASSWORD = "a meadow of quiet tulips"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(conn, path, body):
    conn.request("POST", path, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    return response.status, response.read()


def wait_ready(port, server, deadline=60.0):
    started = time.monotonic()
    while time.monotonic() - started < deadline:
        if server.poll() is not None:
            raise SystemExit(f"orchard serve exited with {server.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"orchard serve did not answer /healthz within {deadline:.0f} s")


def mann_whitney(a, b):
    """Two-sided p-value of the Mann-Whitney U test: normal approximation with tie and continuity
    corrections (what scipy's `mannwhitneyu(method="asymptotic")` computes)."""
    pooled = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks = [0.0] * len(pooled)
    ties = 0.0
    i = 0
    while i < len(pooled):
        j = i
        while j + 1 < len(pooled) and pooled[j + 1][0] == pooled[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[k] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t**3 - t
        i = j + 1
    n1, n2 = len(a), len(b)
    r1 = sum(r for r, (_, group) in zip(ranks, pooled) if group == 0)
    u1 = r1 - n1 * (n1 + 1) / 2
    mean = n1 * n2 / 2
    n = n1 + n2
    sd = math.sqrt(n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1))))
    if sd == 0:
        return 1.0
    z = (abs(u1 - mean) - 0.5) / sd
    return min(1.0, math.erfc(max(z, 0) / math.sqrt(2)))


@contextlib.contextmanager
def serving(binary, name):
    """`orchard serve` on a free loopback port with a fresh data directory (removed after), the
    per-address limit scaled out of the way: (port, data directory), once it answers /healthz."""
    data = tempfile.mkdtemp(prefix=f"orchard-{name}-")
    port = free_port()
    env = {**os.environ, "ORCHARD_RATE_LIMIT_SCALE": "1000"}
    log = open(os.path.join(data, "serve.log"), "w")
    server = subprocess.Popen([binary, "serve", "--port", str(port), "--data-dir", data], env=env, stdout=log, stderr=log)
    try:
        wait_ready(port, server)
        yield port, data
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        shutil.rmtree(data, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=".build/debug/orchard")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--pause", type=float, default=0.03, help="seconds after each request")
    parser.add_argument("--seed", type=int, default=31)
    args = parser.parse_args()
    if not 1 <= args.pairs <= 10_000:
        raise SystemExit("--pairs from 1 to 10000")

    with serving(args.binary, "recover") as (port, data):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        known = f"reader-{uuid.uuid4().hex[:8]}@example.com"
        unknown = f"nobody-{uuid.uuid4().hex[:8]}@example.com"
        harness.sign_up(f"http://127.0.0.1:{port}", "dangdai", known, PASSWORD,
                        harness.Mailbox(os.path.join(data, "mail")))
        # Warm-up, untimed: both paths once each.
        for email in (known, unknown) * 5:
            call(conn, AUTH + "/recover", {"email": email})
            time.sleep(args.pause)

        rng = random.Random(args.seed)
        times = {known: [], unknown: []}
        answers = {known: set(), unknown: set()}
        for _ in range(args.pairs):
            pair = [known, unknown]
            rng.shuffle(pair)
            for email in pair:
                started = time.perf_counter()
                status, payload = call(conn, AUTH + "/recover", {"email": email})
                times[email].append((time.perf_counter() - started) * 1000)
                answers[email].add((status, payload))
                time.sleep(args.pause)
        statuses = {e: sorted({s for s, _ in answers[e]}) for e in answers}
        if statuses[known] != [200] or statuses[unknown] != [200]:
            raise SystemExit(f"recover answered other than 200: {statuses}")
        mail = os.path.join(data, "mail")
        existing, stranger = statistics.median(times[known]), statistics.median(times[unknown])
        print(
            json.dumps(
                {
                    "pairs": args.pairs,
                    "existing_median_ms": round(existing, 3),
                    "unknown_median_ms": round(stranger, 3),
                    "difference_ms": round(existing - stranger, 3),
                    "mann_whitney_p": round(mann_whitney(times[known], times[unknown]), 4),
                    "same_answers": answers[known] == answers[unknown],
                    "mails": len(os.listdir(mail)) if os.path.isdir(mail) else 0,
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
