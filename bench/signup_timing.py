"""Whether sign-up tells who has an account by its answer or its time: starts `orchard serve` on a
free loopback port with a fresh data directory, signs one account up in Dangdai's realm (confirmed
from the mailed link), then times 100 + 100 `POST /dangdai/api/v1/auth/signup`: with that
account's email, and with a new address each time, interleaved (each pair in a random order), one
at a time over one keep-alive connection. Prints both medians, a two-sided Mann-Whitney p-value,
and whether both kinds were answered alike (status and members), as JSON.

    signup_timing.py [ORCHARD_BINARY] [--pairs N]

Every sign-up hashes its password with the production Argon2id parameters, as a real one does. The
per-address limit is scaled out of the way (ORCHARD_RATE_LIMIT_SCALE=1000); the one-mail-a-minute
rule per address is not, so the taken address gets one mail and the new ones one each. A short
pause after each request lets the mail job run before the next one is timed.
"""
import argparse
import http.client
import json
import os
import random
import statistics
import sys
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link in the data directory)
from recover_timing import call, mann_whitney, serving  # noqa: E402

AUTH = "/dangdai/api/v1/auth"
PASSWORD = "a meadow of quiet tulips"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", nargs="?", default=".build/debug/orchard")
    parser.add_argument("--pairs", type=int, default=100)
    parser.add_argument("--pause", type=float, default=0.03, help="seconds after each request")
    parser.add_argument("--seed", type=int, default=37)
    args = parser.parse_args()
    if not 1 <= args.pairs <= 10_000:
        raise SystemExit("--pairs from 1 to 10000")

    with serving(args.binary, "signup") as (port, data):
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        run = uuid.uuid4().hex[:8]
        taken = f"reader-{run}@example.com"
        harness.sign_up(f"http://127.0.0.1:{port}", "dangdai", taken, PASSWORD,
                        harness.Mailbox(os.path.join(data, "mail")))
        fresh = (f"new-{run}-{n}@example.com" for n in range(10**9))
        # Warm-up, untimed: both kinds a few times.
        for email in [taken, next(fresh)] * 5:
            call(conn, AUTH + "/signup", {"email": email, "password": PASSWORD})
            time.sleep(args.pause)

        rng = random.Random(args.seed)
        times = {"taken": [], "new": []}
        answers = {"taken": set(), "new": set()}
        for _ in range(args.pairs):
            pair = ["taken", "new"]
            rng.shuffle(pair)
            for kind in pair:
                email = taken if kind == "taken" else next(fresh)
                started = time.perf_counter()
                status, payload = call(conn, AUTH + "/signup", {"email": email, "password": PASSWORD})
                times[kind].append((time.perf_counter() - started) * 1000)
                body = json.loads(payload)
                # What could tell the two apart: the status, the members, and every value but the address.
                answers[kind].add((status, tuple(sorted(body)), body.get("email") == email))
                time.sleep(args.pause)
        existing, new = statistics.median(times["taken"]), statistics.median(times["new"])
        print(
            json.dumps(
                {
                    "pairs": args.pairs,
                    "taken_median_ms": round(existing, 3),
                    "new_median_ms": round(new, 3),
                    "difference_ms": round(existing - new, 3),
                    "mann_whitney_p": round(mann_whitney(times["taken"], times["new"]), 4),
                    "same_answers": answers["taken"] == answers["new"] and len(answers["taken"]) == 1,
                    "answers": sorted(map(str, answers["taken"] | answers["new"])),
                },
                indent=1,
            )
        )


if __name__ == "__main__":
    main()
