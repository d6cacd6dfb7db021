"""Wearbloom's Try On through the API with the local preview, for scripts/bench.

usage: wearbloom_tryon.py BASE RUNS

Renders requested one at a time as people would (each account standing as a stock figure, with
its three free credits, trying on the stock garments in turn), each followed until it completes.
Each is timed twice: by the server, from its request to its completion (the render's `createdAt`
and `finishedAt`, to the millisecond), and by the client, from sending `POST renders` to reading
it completed (asking every 10 ms, as an app polls). Prints JSON.
"""

import json
import os
import statistics
import sys
import time
import uuid
from datetime import datetime

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "wearbloom"))
import harness  # noqa: E402  (signs up and confirms from the mailed link: the server's /dev/mail page)
from harness import call  # noqa: E402  (the process tests' JSON call, shared)

GARMENTS = ["navy-t-shirt", "striped-sweater", "dark-wash-jeans", "black-flared-skirt", "little-black-dress",
            "embroidered-green-dress", "green-quilted-jacket", "plaid-turtleneck"]


def moment(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main():
    base, runs = sys.argv[1], int(sys.argv[2])
    server, client, failed = [], [], 0
    token = None
    for index in range(runs + 3):  # the first three warm the stock pictures and are not counted
        if index % 3 == 0:
            token = harness.sign_up(base, "wearbloom", f"tryon-{uuid.uuid4().hex[:10]}@bench.example",
                                    "a meadow of quiet tulips", harness.Mailbox(base=base))["access_token"]
            call(base, "PUT", "/wearbloom/api/v1/body-photo", token, {"stockId": "figure-balanced"})
        started = time.perf_counter()
        status, render = call(base, "POST", "/wearbloom/api/v1/renders", token,
                              {"garmentId": GARMENTS[index % len(GARMENTS)]})
        assert status == 202, (status, render)
        while render["status"] not in ("completed", "failed"):
            time.sleep(0.01)
            status, render = call(base, "GET", f"/wearbloom/api/v1/renders/{render['id']}", token)
        seen = (time.perf_counter() - started) * 1000
        if index < 3:
            continue
        if render["status"] != "completed":
            failed += 1
            continue
        server.append((moment(render["finishedAt"]) - moment(render["createdAt"])) * 1000)
        client.append(seen)
    print(json.dumps({
        "runs": runs, "failed": failed, "provider": "local-preview",
        "server_p50_ms": statistics.median(server), "server_p95_ms": percentile(server, 0.95),
        "client_p50_ms": statistics.median(client), "client_p95_ms": percentile(client, 0.95),
    }, indent=2))


if __name__ == "__main__":
    main()
